// Template and overloaded kernels launched from device code: stock clang 19
// rejects these unless dpopt wraps the launch (BRIEF.md, fact 3).
#include <cuda_runtime.h>

template <typename T> __global__ void scale(T *Data, T Factor, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] *= Factor;
}

__global__ void fill(int *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = I;
}

__global__ void fill(float *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = 0.5f * I;
}

template <typename T> __global__ void parent(T *Data, int N) {
  if (threadIdx.x == 0) {
    fill<<<(N + 127) / 128, 128>>>(Data, N);
    scale<T><<<(N + 127) / 128, 128>>>(Data, T(2), N);
  }
}

__global__ void parentFloat(float *Data, int N) {
  scale<float><<<(N + 255) / 256, 256>>>(Data, 3.0f, N);
  scale<<<(N + 255) / 256, 256>>>(Data, 1.5f, N);
}

void run(int *I, float *F, int N) {
  parent<int><<<1, 32>>>(I, N);
  parent<float><<<1, 32>>>(F, N);
  parentFloat<<<1, 1>>>(F, N);
}
