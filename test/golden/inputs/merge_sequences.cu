// DPOPT-ARGS: --passes=merge
// Merge shapes: three host launches (1D with early returns and a helper that
// reads the built-ins, 2D blocks with barriers, a 3D grid with dynamic
// shared memory) under '#pragma dp merge', and a device thread's
// fire-and-forget pair.
#include <cstdio>

__device__ int scaled(int V) { return V * (int)blockDim.x + (int)threadIdx.y; }

__global__ void fill(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  Out[I] = scaled(I) + (int)gridDim.x;
}

__global__ void blockSum(const int *In, int *Sums) {
  __shared__ int Buf[256];
  unsigned T = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned Threads = blockDim.x * blockDim.y;
  unsigned B = blockIdx.x + blockIdx.y * gridDim.x;
  Buf[T] = In[B * Threads + T];
  __syncthreads();
  for (unsigned S = Threads / 2; S > 0; S /= 2) {
    if (T < S)
      Buf[T] += Buf[T + S];
    __syncthreads();
  }
  if (T == 0)
    Sums[B] = Buf[0];
}

__global__ void dyn(int *Out) {
  extern __shared__ int Tmp[];
  Tmp[threadIdx.x] = threadIdx.x * 3 + blockIdx.z;
  Out[(blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x * blockDim.x +
      blockIdx.x * blockDim.x + threadIdx.x] = Tmp[threadIdx.x];
}

__global__ void parent(int *X, int *Y) {
  if (threadIdx.x == 0) {
#pragma dp merge
    fill<<<2, 32, 0, cudaStreamFireAndForget>>>(X, 64);
    dyn<<<2, 32, 128, cudaStreamFireAndForget>>>(Y);
  }
}

int main() {
  int *A, *In, *Sums, *D;
  cudaMalloc(&A, 1000 * sizeof(int));
  cudaMalloc(&In, 4 * 128 * sizeof(int));
  cudaMalloc(&Sums, 4 * sizeof(int));
  cudaMalloc(&D, 2 * 3 * 4 * 96 * sizeof(int));
  cudaMemset(In, 1, 4 * 128 * sizeof(int));
#pragma dp merge
  fill<<<(1000 + 63) / 64, 64>>>(A, 1000);
  blockSum<<<dim3(2, 2), dim3(32, 4)>>>(In, Sums);
  dyn<<<dim3(4, 3, 2), 96, 96 * sizeof(int)>>>(D);
  cudaDeviceSynchronize();
  int HA[1000], HS[4], HD[2 * 3 * 4 * 96];
  cudaMemcpy(HA, A, sizeof HA, cudaMemcpyDeviceToHost);
  cudaMemcpy(HS, Sums, sizeof HS, cudaMemcpyDeviceToHost);
  cudaMemcpy(HD, D, sizeof HD, cudaMemcpyDeviceToHost);
  long long H = 0;
  for (int V : HA) H = H * 31 + V;
  for (int V : HS) H = H * 31 + V;
  for (int V : HD) H = H * 31 + V;
  printf("%lld\n", H);
  return 0;
}
