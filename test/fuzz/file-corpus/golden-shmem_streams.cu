// Children that use shared memory (static and dynamic) and barriers, and
// launches with a shared-memory size and named streams.
#include <cuda_runtime.h>

__global__ void blockSum(const float *In, float *Out, int N) {
  extern __shared__ float Partial[];
  __shared__ float Total;
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Partial[threadIdx.x] = I < N ? In[I] : 0.0f;
  if (threadIdx.x == 0)
    Total = 0.0f;
  __syncthreads();
  atomicAdd(&Total, Partial[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Total;
}

__global__ void warpMax(const int *In, int *Out) {
  int V = In[threadIdx.x];
  for (int O = 16; O > 0; O /= 2)
    V = max(V, __shfl_xor_sync(0xffffffffu, V, O));
  if (threadIdx.x == 0)
    *Out = V;
}

__global__ void parent(const float *In, float *Out, const int *I, int *O, int N) {
  cudaStream_t Mine;
  cudaStreamCreateWithFlags(&Mine, cudaStreamNonBlocking);
  blockSum<<<(N + 255) / 256, 256, 256 * sizeof(float), Mine>>>(In, Out, N);
  warpMax<<<1, 32, 0, cudaStreamFireAndForget>>>(I, O);
  warpMax<<<1, 32, 0, cudaStreamTailLaunch>>>(I, O + 1);
  cudaStreamDestroy(Mine);
}

void run(const float *In, float *Out, const int *I, int *O, int N, cudaStream_t S) {
  parent<<<1, 1, 0, S>>>(In, Out, I, O, N);
}
