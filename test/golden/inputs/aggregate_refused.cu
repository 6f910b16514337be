// DPOPT-ARGS: --passes=aggregate
// Launches the aggregate pass must leave alone, each with its reason (see
// the lit test aggregate-remarks.test), and two it once left alone.
#include <cuda_runtime.h>

extern __device__ int elsewhere(int);

__global__ void plain(int *A, int N) {
  if (threadIdx.x < N)
    A[threadIdx.x] = N;
}
// Barriers, warp operations, run-time block size: aggregated (threads leave).
__global__ void usesBarrier(int *A) {
  A[threadIdx.x] = 1;
  __syncthreads();
}
__global__ void usesShuffle(int *A) { A[threadIdx.x] = __shfl_down_sync(~0u, A[0], 1); }
__global__ void usesUnknown(int *A) { A[threadIdx.x] = elsewhere(threadIdx.x); }
__global__ void usesAsm(int *A) { asm volatile("membar.gl;"); }
template <typename T> __global__ void generic(T *A) { A[threadIdx.x] = T(); }

__global__ void barrierParent(int *A, int N) { usesBarrier<<<1, N>>>(A); }
__global__ void shuffleParent(int *A, int N) { usesShuffle<<<1, N>>>(A); }
__global__ void unknownParent(int *A) { usesUnknown<<<1, 32>>>(A); }
__global__ void asmChildParent(int *A) { usesAsm<<<1, 32>>>(A); }
__global__ void templateParent(int *A) { generic<int><<<1, 32>>>(A); }

// In an ordered stream, more than once per thread, outside a kernel.
__device__ void helper(int *A) { plain<<<1, 32>>>(A, 4); }
__global__ void orderedLaunches(int *A, int N, cudaStream_t S) {
  for (int I = 0; I < N; ++I)
    plain<<<1, 32>>>(A, I);
  plain<<<1, 32, 0, S>>>(A, N);
  helper(A);
}

// A parent with inline assembly, and a site switched off.
__global__ void asmParent(int *A) {
  asm volatile("membar.gl;");
  plain<<<1, 32>>>(A, 1);
}
__global__ void offParent(int *A) {
#pragma dp off
  plain<<<1, 32>>>(A, 1);
}
__global__ void twoLaunches(int *A) {
  plain<<<1, 32>>>(A, 1);
  plain<<<1, 32>>>(A, 2);
}
