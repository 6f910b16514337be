// Launches from __device__ helper functions, one of them reached from two
// kernels, and a helper that reads threadIdx.y on behalf of a child.
#include <cuda_runtime.h>

__device__ int column() { return blockIdx.y * blockDim.y + threadIdx.y; }

__global__ void child2d(float *M, int Rows, int Cols) {
  int R = blockIdx.x * blockDim.x + threadIdx.x;
  int C = column();
  if (R < Rows && C < Cols)
    M[R * Cols + C] += 1.0f;
}

__device__ void launchTile(float *M, int Rows, int Cols) {
  dim3 Block(16, 16);
  dim3 Grid((Rows + 15) / 16, (Cols + 15) / 16);
  child2d<<<Grid, Block>>>(M, Rows, Cols);
}

__global__ void parentA(float *M, int Rows, int Cols) {
  if (threadIdx.x == 0)
    launchTile(M, Rows, Cols);
}

__global__ void parentB(float *M, int Rows, int Cols) {
  launchTile(M + blockIdx.x * Rows * Cols, Rows, Cols);
}
