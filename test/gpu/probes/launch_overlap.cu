//===- launch_overlap.cu - Device launches while warp-mates run elsewhere -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A probe, not a test. launch_starvation.cu hangs CUDA 13's device runtime
// with lanes of one warp that reach a launch at different times. This one
// asks which warp states around a launch hang and what prevents it:
//
//   launch_overlap SCENARIO MITIGATION BUSY
//
// SCENARIO
//   0  lanes 0..7 run BUSY * (lane % 3) atomic adds, then every lane
//      launches (launch_starvation's hang)
//   1  lane 0 runs BUSY atomicCAS steps (like aggregation's record step),
//      then lanes 0..2 launch
//   2  as 1, but lane 0 also launches at the end of its steps
//   3  lane 0 launches inside the branch while lanes 1..31 go on to run
//      BUSY atomic adds, then lanes 0..2 launch
// MITIGATION
//   0  none
//   1  the lanes converged before the divergent part wait for each other
//      after it: m = __activemask() ... __syncwarp(m)
//   2  a per-warp lock around every launch: one lane of a warp in the
//      device runtime at a time (waiters sleep)
//   3  the busy lanes __nanosleep() in their loop
//
// Prints 'done'; a hang is the caller's time-out.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void leaf(unsigned *Count) { atomicAdd(Count, 1u); }

__device__ int Mitigation;

__device__ void launchLeaf(unsigned *Count, unsigned *Lock) {
  if (Mitigation == 2) {
    unsigned *Mine = Lock + threadIdx.x / 32;
    while (atomicCAS(Mine, 0u, 1u) != 0u)
      __nanosleep(64);
    __threadfence_block();
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(Count);
    __threadfence_block();
    atomicExch(Mine, 0u);
    return;
  }
  leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(Count);
}

__device__ void busyAdds(unsigned *Count, int N) {
  for (int I = 0; I < N; ++I) {
    atomicAdd(Count + 1 + (threadIdx.x + I) % 64, 1u);
    if (Mitigation == 3)
      __nanosleep(32);
  }
}

__device__ void casSteps(unsigned *Count, int N) {
  for (int I = 0; I < N; ++I) {
    unsigned Old = *static_cast<volatile unsigned *>(Count + 70);
    while (atomicCAS(Count + 70, Old, Old + 1) != Old)
      Old = *static_cast<volatile unsigned *>(Count + 70);
    if (Mitigation == 3)
      __nanosleep(32);
  }
}

__global__ void parent(unsigned *Count, int Scenario, int Busy) {
  __shared__ unsigned Lock[32];
  if (threadIdx.x < 32)
    Lock[threadIdx.x] = 0;
  __syncthreads();
  unsigned Lane = threadIdx.x % 32;
  unsigned M = __activemask();
  switch (Scenario) {
  case 0:
    if (Lane < 8)
      busyAdds(Count, Busy * (int)(Lane % 3));
    if (Mitigation == 1)
      __syncwarp(M);
    launchLeaf(Count, Lock);
    break;
  case 1:
  case 2:
    if (Lane == 0) {
      casSteps(Count, Busy);
      if (Scenario == 2)
        launchLeaf(Count, Lock);
    }
    if (Mitigation == 1)
      __syncwarp(M);
    if (Lane < 3)
      launchLeaf(Count, Lock);
    break;
  case 3:
    if (Lane == 0)
      launchLeaf(Count, Lock);
    else
      busyAdds(Count, Busy);
    if (Mitigation == 1)
      __syncwarp(M);
    if (Lane < 3)
      launchLeaf(Count, Lock);
    break;
  }
}

int main(int Argc, char **Argv) {
  if (Argc < 4)
    return 2;
  int Scenario = atoi(Argv[1]), Mit = atoi(Argv[2]), Busy = atoi(Argv[3]);
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 65536);
  cudaMemcpyToSymbol(Mitigation, &Mit, sizeof(int));
  unsigned *Count;
  cudaMalloc(&Count, 128 * sizeof(unsigned));
  cudaMemset(Count, 0, 128 * sizeof(unsigned));
  for (int R = 0; R < 10; ++R) {
    parent<<<8, 64>>>(Count, Scenario, Busy);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("error %s\n", cudaGetErrorName(E));
      return 1;
    }
  }
  printf("done\n");
  return 0;
}
