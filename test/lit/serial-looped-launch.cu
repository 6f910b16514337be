// A thread must not run a child serially (remove-launch T4; threshold's
// serial path, which refuses these sites for their order already) where
// warp-mates may still be launching in a loop they leave at different
// iterations, or where the site is in such a loop and the kernel launches
// elsewhere (DP3027): the differential tester's seed 6307 program 7 hung
// that way under T4 (2026-11-29). A loop every thread runs equally often,
// and a driver kernel launched with one thread, do not count.
// RUN: %dpopt %s -o %t.cu --passes=remove-launch --remarks 2> %t.err
// RUN: FileCheck %s --check-prefix=RL < %t.err
// RUN: %if nvcc %{ %nvcc-check %t.cu %}

#include <cuda_runtime.h>

__global__ void child(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Out[I % 64], 1);
}

__device__ void launchOne(int *Out, int N) {
  // RL: serial-looped-launch.cu:[[@LINE+1]]:3: remark: not removing this launch of 'child': {{.*}}T4 cannot be used (the loop at serial-looped-launch.cu:[[@LINE+11]] in 'varying' launches (serial-looped-launch.cu:[[@LINE+13]]): its threads can leave it at different iterations{{.*}}
  child<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(Out, N);
}

// Each thread launches (Work[I] & 3) + 1 times, then once more through
// launchOne: neither site is run serially.
__global__ void varying(int *Out, const int *Work, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  int W = Work[I];
  for (int K = 0; K < (W & 3) + 1; ++K)
    // RL: serial-looped-launch.cu:[[@LINE+1]]:5: remark: not removing this launch of 'child': {{.*}}T4 cannot be used (the launch is in a loop whose threads can leave it at different iterations (serial-looped-launch.cu:[[@LINE-1]]), and 'varying' also launches (serial-looped-launch.cu:[[@LINE+2]]){{.*}}
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(Out, W + K);
  launchOne(Out, W);
}

// Three launches in every thread, then the site: T4 applies.
__global__ void fixed(int *Out, const int *Work, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  for (int K = 0; K < 3; ++K)
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(Out, K);
  // RL: serial-looped-launch.cu:[[@LINE+1]]:3: remark: removed this launch of 'child' (T4)
  child<<<1, 64>>>(Out, Work[I]);
}

// A driver with one thread: no warp-mates, T4 applies after its loop.
__global__ void driver(int *Out, const int *Work, int Rounds) {
  for (int R = 0; R < Work[R]; ++R)
    child<<<4, 32>>>(Out, R);
  // RL: serial-looped-launch.cu:[[@LINE+1]]:3: remark: removed this launch of 'child' (T4)
  child<<<2, 32>>>(Out, Rounds);
}

int main() {
  varying<<<4, 64>>>(nullptr, nullptr, 0);
  fixed<<<4, 64>>>(nullptr, nullptr, 0);
  driver<<<1, 1>>>(nullptr, nullptr, 0);
  return 0;
}
