// DPOPT-ARGS: --passes=threshold
// Children threshold must leave alone, each with its reason (see the lit
// test threshold-remarks.cu), and a recursive child it handles.
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

#define LAUNCH_PLAIN(n) plain<<<1, 32>>>(A, n)

__global__ void walk(int *A, int Depth) {
  atomicAdd(A, 1);
  if (Depth > 0 && threadIdx.x == 0)
    walk<<<(Depth + 31) / 32, 32>>>(A, Depth - 1);
}

__host__ __device__ void both(int *A) { plain<<<1, 32>>>(A, 1); }

__global__ void parent(int *A, int N) {
  usesBarrier<<<1, 32>>>(A);
  usesShared<<<1, 32>>>(A);
  usesShuffle<<<1, 32>>>(A);
  usesUnknown<<<1, 32>>>(A);
  usesAsm<<<1, 32>>>(A);
  LAUNCH_PLAIN(N);
#pragma dp off
  plain<<<(N + 31) / 32, 32>>>(A, N);
  walk<<<(N + 31) / 32, 32>>>(A, 3);
  both(A);
}
