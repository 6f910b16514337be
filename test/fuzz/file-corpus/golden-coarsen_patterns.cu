// DPOPT-ARGS: --passes=coarsen
// 1-D, 2-D and 3-D children; a child with shared memory and barriers (a
// barrier ends each coarsened iteration); a helper that reads blockIdx
// (cloned); a template child; a recursive child (left alone: it launches
// kernels itself); a per-site factor; a launch with shared memory and a
// stream; a child also launched from the host (it keeps its name and
// signature).
#include <cuda_runtime.h>

__device__ unsigned blockBase() { return blockIdx.x * blockDim.x; }

__global__ void add1(int *A, int N) {
  unsigned I = blockBase() + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

__global__ void add2d(int *A, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    A[Y * W + X] += gridDim.y;
}

__global__ void add3d(int *A, dim3 Extent) {
  unsigned X = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned Z = blockIdx.z * blockDim.z + threadIdx.z;
  if (X < Extent.x && Y < Extent.y && Z < Extent.z)
    atomicAdd(&A[(Z * Extent.y + Y) * Extent.x + X], 1);
}

__global__ void blockSum(const int *In, int *Out, int N) {
  extern __shared__ int Partial[];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Partial[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (unsigned S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Partial[threadIdx.x] += Partial[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Partial[0];
}

template <class T> __global__ void fill(T *A, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = V;
}

__global__ void spread(int *A, int N, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&A[I], 1);
  if (Depth > 0 && I == 0)
    spread<<<(N + 63) / 64, 64>>>(A, N, Depth - 1);
}

__global__ void parent(int *A, const int *In, int *Out, int N, float *F, cudaStream_t S) {
  add1<<<(N + 127) / 128, 128>>>(A, N);
  add2d<<<dim3((N + 15) / 16, (N + 15) / 16), dim3(16, 16)>>>(A, N, N);
  dim3 Extent(N, 4, 2);
  add3d<<<dim3((N + 7) / 8, 1, 2), dim3(8, 4, 1)>>>(A, Extent);
  blockSum<<<(N + 255) / 256, 256, 256 * sizeof(int), S>>>(In, Out, N);
#pragma dp coarsen(32)
  fill<float><<<(N + 255) / 256, 256>>>(F, 1.0f, N);
  spread<<<(N + 63) / 64, 64>>>(A, N, 2);
}

void run(int *A, const int *In, int *Out, int N, float *F) {
  parent<<<1, 1>>>(A, In, Out, N, F, 0);
  add1<<<(N + 127) / 128, 128>>>(A, N);
}
