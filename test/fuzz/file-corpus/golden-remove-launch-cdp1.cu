// DPOPT-ARGS: --passes=remove-launch
// Legacy CDP1 code: device-side cudaDeviceSynchronize() after launches is a
// compile error on CUDA 12+/sm_90. remove-launch runs the children in their
// parents, after which nothing is left to wait for; the output compiles.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(X)                                                               \
  do {                                                                         \
    if ((X) != cudaSuccess)                                                    \
      printf("error\n");                                                       \
  } while (0)

__global__ void rowSum(const int *In, int *Out, int Row, int Width) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width)
    atomicAdd(&Out[Row], In[Row * Width + X]);
}

__global__ void rows(const int *In, int *Out, int Height, int Width, int *Total) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= Height)
    return;
  rowSum<<<(Width + 31) / 32, 32>>>(In, Out, Row, Width);
  cudaDeviceSynchronize(); // the parent reads what its child wrote
  atomicAdd(Total, Out[Row]);
}

__global__ void checked(const int *In, int *Out, int Width) {
  rowSum<<<(Width + 31) / 32, 32>>>(In, Out, 0, Width);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return;
  CHECK(cudaDeviceSynchronize());
  cudaError_t E = cudaDeviceSynchronize();
  (void)E;
}

// A one-thread driver iterates on the device (as benchmarks/ccl/cdp1.cu):
// it launches a parent grid whose threads launch children, and waits for
// all of them before it reads the flag.
__global__ void relax(int *Dist, int Width, int Row, int *Changed) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X + 1 < Width && Dist[Row * Width + X] + 1 < Dist[Row * Width + X + 1]) {
    Dist[Row * Width + X + 1] = Dist[Row * Width + X] + 1;
    *Changed = 1;
  }
}

__global__ void relaxRows(int *Dist, int Width, int Height, int *Changed) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height)
    relax<<<(Width + 63) / 64, 64>>>(Dist, Width, Row, Changed);
}

__global__ void driver(int *Dist, int Width, int Height, int *Changed) {
  for (int Pass = 0; Pass < Width; ++Pass) {
    *Changed = 0;
    relaxRows<<<(Height + 127) / 128, 128>>>(Dist, Width, Height, Changed);
    cudaDeviceSynchronize();
    if (*(volatile int *)Changed == 0)
      return;
  }
}

// Nothing launched: nothing to wait for.
__global__ void lonely(int *Flag) {
  cudaDeviceSynchronize();
  *Flag = 1;
}

int main() {
  driver<<<1, 1>>>(nullptr, 0, 0, nullptr);
  return 0;
}
