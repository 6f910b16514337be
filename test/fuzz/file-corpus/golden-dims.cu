// 1-D, 2-D and 3-D configurations, written inline, in intermediate
// variables, through macros, and one whose dimensionality cannot be known.
#include <cuda_runtime.h>

#define BLOCK 128
#define GRID_FOR(n) (((n) + BLOCK - 1) / BLOCK)

__global__ void k1(int *A, int N) { A[blockIdx.x * blockDim.x + threadIdx.x] = N; }
__global__ void k2(int *A, int N) { A[blockIdx.y * gridDim.x + blockIdx.x] = threadIdx.y; }
__global__ void k3(int *A, int N) { A[blockIdx.z] = threadIdx.z + threadIdx.y + threadIdx.x; }

__global__ void parent(int *A, int N, dim3 Given) {
  k1<<<GRID_FOR(N), BLOCK>>>(A, N);
  k1<<<dim3(GRID_FOR(N)), dim3(BLOCK, 1, 1)>>>(A, N);
  dim3 G2(N, 4);
  dim3 B2 = dim3(8, 8);
  k2<<<G2, B2>>>(A, N);
  int Blocks = (N - 1) / BLOCK + 1;
  dim3 G3(Blocks, 2, 2);
  dim3 B3(4, 4, 4);
  k3<<<G3, B3>>>(A, N);
  dim3 Later(N);
  Later.z = 3;
  k3<<<Later, 64>>>(A, N);
  k1<<<Given, 32>>>(A, N);
}
