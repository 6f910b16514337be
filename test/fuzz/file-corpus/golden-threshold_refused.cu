// DPOPT-ARGS: --passes=threshold
// Children threshold must leave alone, each with its reason (see the lit
// test threshold-remarks.test): children that synchronize, share memory,
// use warp operations or assembly, call what dpopt cannot see, or launch
// kernels themselves; launches in macros, under 'off', in __host__
// __device__ functions, in loops, in device functions, or after another
// launch of the same thread.
#include <cuda_runtime.h>

extern __device__ int elsewhere(int);

__global__ void usesBarrier(int *A) {
  A[threadIdx.x] = 1;
  __syncthreads();
}
__global__ void usesShared(int *A) {
  __shared__ int S[32];
  S[threadIdx.x] = A[threadIdx.x];
  A[threadIdx.x] = S[31 - threadIdx.x];
}
__global__ void usesShuffle(int *A) { A[threadIdx.x] = __shfl_down_sync(~0u, A[0], 1); }
__global__ void usesUnknown(int *A) { A[threadIdx.x] = elsewhere(threadIdx.x); }
__global__ void usesAsm(int *A) { asm volatile("membar.gl;"); }
__global__ void plain(int *A, int N) {
  if (threadIdx.x < N)
    A[threadIdx.x] = N;
}
__global__ void walk(int *A, int Depth) {
  atomicAdd(A, 1);
  if (Depth > 0 && threadIdx.x == 0)
    walk<<<(Depth + 31) / 32, 32>>>(A, Depth - 1);
}

#define LAUNCH_PLAIN(n) plain<<<1, 32>>>(A, n)

__host__ __device__ void both(int *A) { plain<<<1, 32>>>(A, 1); }
__device__ void helper(int *A, int N) { plain<<<(N + 31) / 32, 32>>>(A, N); }

__global__ void p1(int *A, int N) { usesBarrier<<<1, 32>>>(A); }
__global__ void p2(int *A, int N) { usesShared<<<1, 32>>>(A); }
__global__ void p3(int *A, int N) { usesShuffle<<<1, 32>>>(A); }
__global__ void p4(int *A, int N) { usesUnknown<<<1, 32>>>(A); }
__global__ void p5(int *A, int N) { usesAsm<<<1, 32>>>(A); }
__global__ void p6(int *A, int N) { LAUNCH_PLAIN(N); }
__global__ void p7(int *A, int N) {
#pragma dp off
  plain<<<(N + 31) / 32, 32>>>(A, N);
}
__global__ void p8(int *A, int N) { walk<<<(N + 31) / 32, 32>>>(A, 3); }
__global__ void p9(int *A, int N) { both(A); }
__global__ void p10(int *A, int N) { helper(A, N); }
__global__ void p11(int *A, int N) {
  for (int I = 0; I < N; ++I)
    plain<<<(I + 31) / 32, 32>>>(A, I);
}
__global__ void p12(int *A, int N) {
  plain<<<(N + 31) / 32, 32>>>(A, N);
  plain<<<(N + 63) / 64, 64>>>(A, N);
}
