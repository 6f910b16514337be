// A whole CDP program: several kernels, host code with a level loop.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

constexpr int ChildBlock = 128;

__global__ void expand(const int *Col, int Begin, int Degree, int *Level,
                       int Next, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int U = Col[Begin + I];
    if (Level[U] < 0) {
      Level[U] = Next;
      *Changed = 1;
    }
  }
}

__global__ void frontier(const int *Row, const int *Col, int *Level, int N,
                         int Cur, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N && Level[V] == Cur) {
    int Degree = Row[V + 1] - Row[V];
    if (Degree > 0)
      expand<<<(Degree + ChildBlock - 1) / ChildBlock, ChildBlock>>>(
          Col, Row[V], Degree, Level, Cur + 1, Changed);
  }
}

__global__ void init(int *Level, int N, int Source) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N)
    Level[V] = V == Source ? 0 : -1;
}

int bfs(const int *Row, const int *Col, int *Level, int N, int *Changed) {
  init<<<(N + 255) / 256, 256>>>(Level, N, 0);
  int Cur = 0;
  for (;; ++Cur) {
    int Host = 0;
    cudaMemcpy(Changed, &Host, sizeof(int), cudaMemcpyHostToDevice);
    frontier<<<(N + 255) / 256, 256>>>(Row, Col, Level, N, Cur, Changed);
    cudaMemcpy(&Host, Changed, sizeof(int), cudaMemcpyDeviceToHost);
    if (!Host)
      break;
  }
  return Cur;
}
