// DPOPT-ARGS: --passes=remove-launch --remove-launch=T1
// remove-launch T1/T2 refused, each with its remark; the launches stay.
#include <cuda_runtime.h>

__global__ void child(int *Out, int Owner) {
  atomicAdd(&Out[Owner], (int)threadIdx.x);
}

// Two launches per thread: their order would be lost.
__global__ void twoSites(int *Out, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
    child<<<1, 32>>>(Out, T);
  if (T + 1 < N)
    child<<<1, 32>>>(Out, T + 1);
}

// A launch in a loop: more than one launch per thread and round.
__global__ void inLoop(int *Out, int N) {
  for (int I = 0; I < 3; ++I)
    child<<<1, 32>>>(Out, I);
}

// Barriers and an early return.
__global__ void barrierReturn(int *Out, int N) {
  __shared__ int S[64];
  int T = threadIdx.x;
  if (blockIdx.x * blockDim.x + T >= N)
    return;
  S[T] = T;
  __syncthreads();
  child<<<1, 32>>>(Out, S[63 - T]);
}

// Launched only by device code.
__global__ void onlyFromDevice(int *Out) { child<<<1, 32>>>(Out, 2); }
__global__ void launcher(int *Out) { onlyFromDevice<<<1, 1>>>(Out); }

#define LAUNCH(K, ...) K<<<1, 32>>>(__VA_ARGS__)
// Launched by host code only through a macro.
__global__ void viaMacro(int *Out) { child<<<1, 32>>>(Out, 3); }

void run(int *Out) {
  twoSites<<<4, 32>>>(Out, 128);
  inLoop<<<4, 32>>>(Out, 128);
  barrierReturn<<<4, 64>>>(Out, 200);
  launcher<<<1, 1>>>(Out);
  LAUNCH(viaMacro, Out);
}
