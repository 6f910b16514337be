// DPOPT-NVCC: skip legacy CDP1 code: device-side cudaDeviceSynchronize() is a
// compile error on CUDA 12+/sm_90 until dpopt's remove-launch pass rewrites it.
#include <cuda_runtime.h>

__global__ void child(int *Labels, int Row, int Width) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X + 1 < Width && Labels[Row * Width + X + 1] > Labels[Row * Width + X])
    Labels[Row * Width + X + 1] = Labels[Row * Width + X];
}

__global__ void parent(int *Labels, int Height, int Width, int *Sum) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= Height)
    return;
  child<<<(Width + 127) / 128, 128>>>(Labels, Row, Width);
  cudaDeviceSynchronize();
  atomicAdd(Sum, Labels[Row * Width + Width - 1]);
}
