// Kernels and a device function in a header, for header-code.cu.
#pragma once
#define SCALE 3
__device__ inline int gid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__global__ void headerChild(int *Out, int N) {
  int I = gid();
  if (I >= N)
    return;
  atomicAdd(&Out[I % 16], I * SCALE);
}
__global__ void headerReduce(int *Out, int N) {
  __shared__ int S[64];
  S[threadIdx.x] = gid() < N ? gid() : 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    int T = 0;
    for (int K = 0; K < 64; ++K) T += S[K];
    atomicAdd(&Out[16], T);
  }
}
