// DPOPT-ARGS: --passes=remove-launch
// remove-launch T3: a child without parameters that calls a device function
// reading threadIdx (cloned), a struct argument passed through shared memory,
// and a block size from a constant variable.
#include <cuda_runtime.h>
__device__ int G[256];
__device__ int lane() { return threadIdx.x % 32; }
struct Pair { int a; float b; };
__global__ void none() { __shared__ int s[64]; s[threadIdx.x] = lane(); __syncthreads(); G[threadIdx.x] = s[63 - threadIdx.x]; }
__global__ void withStruct(Pair p, int n) {
  __shared__ Pair s[32]; s[threadIdx.x] = p; __syncthreads(); if (threadIdx.x < n) G[threadIdx.x] = s[31 - threadIdx.x].a; }
__global__ void parent(int n) {
  const int B = 64;
  none<<<2, B>>>();
  Pair P{n, 1.0f};
  if (n > 3) {
    withStruct<<<1, 32>>>(P, n);
  }
}
