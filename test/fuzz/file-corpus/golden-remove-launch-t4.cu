// DPOPT-ARGS: --passes=remove-launch
// remove-launch T4: the launching thread runs the child's whole grid.
#include <cuda_runtime.h>

__device__ int scaled(int V) { return V * (int)blockDim.x + (int)threadIdx.x; }

__global__ void fill(int *Out, int Base, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  Out[Base + I] = scaled(I);
}

__global__ void grid2d(float *M, int Rows, int Cols) {
  int R = blockIdx.y * blockDim.y + threadIdx.y;
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (R < Rows && C < Cols)
    M[R * Cols + C] += 1.0f;
}

template <typename T> __global__ void axpy(T *Y, const T *X, T A, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    Y[I] += A * X[I];
}

__global__ void countdown(int *Out, int N) {
  // Each child thread gets its own copy of N.
  while (N > 0) {
    atomicAdd(&Out[threadIdx.x], 1);
    --N;
  }
}

// A child that launches: removed only because its own launch is removed too.
__global__ void leaf(int *Out, int Row) { atomicAdd(&Out[Row], (int)threadIdx.x); }
__global__ void mid(int *Out, int Rows) {
  int R = blockIdx.x * blockDim.x + threadIdx.x;
  if (R < Rows)
    leaf<<<1, 32>>>(Out, R);
}

// Stays: a grid of any size, in the implicit stream, from a function a thread
// may call after other launches.
__device__ void helper(int *Out, int N) { fill<<<(N + 63) / 64, 64>>>(Out, 0, N); }

__global__ void parent(int *Out, const int *Len, int N, float *M, float *Y, const float *X) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  // Several launches per thread, in a loop: fire-and-forget children, so a
  // grid too large to run here may stay a launch without reordering them.
  for (int K = 0; K < 3; ++K)
    fill<<<(Len[T] + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(Out, K * N, Len[T]);
  // A launch condition only some threads meet.
  if (Len[T] % 2 == 0)
    grid2d<<<dim3(2, 2), dim3(8, 4)>>>(M, 16, 16);
  axpy<float><<<1, 64>>>(Y, X, 2.0f, N);
  countdown<<<1, 32, 0, cudaStreamFireAndForget>>>(Out, Len[T]);
  mid<<<1, 4>>>(Out, 4);
  helper(Out, N);
}

int main() {
  parent<<<1, 32>>>(nullptr, nullptr, 0, nullptr, nullptr, nullptr);
  return 0;
}
