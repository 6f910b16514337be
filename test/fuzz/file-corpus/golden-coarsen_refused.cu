// DPOPT-ARGS: --passes=coarsen
// Children coarsen must leave alone (see the lit test coarsen-remarks.cu).
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

extern __device__ int elsewhere(int);

__global__ void returnsThenSyncs(int *A, int N) {
  __shared__ int S[64];
  if (blockIdx.x * blockDim.x + threadIdx.x >= N)
    return;
  S[threadIdx.x] = 1;
  __syncthreads();
  A[threadIdx.x] = S[63 - threadIdx.x];
}
__global__ void returnsThenShuffles(int *A, int N) {
  if (threadIdx.x >= N)
    return;
  A[threadIdx.x] = __shfl_sync(~0u, A[0], 0);
}
__global__ void groups(int *A) { cg::this_thread_block().sync(); }
__global__ void unknown(int *A) { A[blockIdx.x] = elsewhere(blockIdx.x); }

__global__ void parent(int *A, int N) {
  returnsThenSyncs<<<(N + 63) / 64, 64>>>(A, N);
  returnsThenShuffles<<<1, 32>>>(A, N);
  groups<<<2, 32>>>(A);
  unknown<<<2, 32>>>(A);
}
