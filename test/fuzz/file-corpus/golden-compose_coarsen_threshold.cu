// DPOPT-ARGS: --passes=coarsen,threshold
// Every ceiling-division form of Olabi et al. §III-D, inline, through local
// variables and a macro; multi-dimensional children; returns inside loops
// and switches; a parameter the child modifies; a device helper that reads
// the thread position (cloned); template children; a per-site threshold.
// Each parent launches once per thread (threshold's condition).
#include <cuda_runtime.h>

#define BS 64
#define CEIL(n, b) (((n) + (b) - 1) / (b))

__device__ int lane() { return threadIdx.x % 32; }
__device__ int flat() { return blockIdx.x * blockDim.x + threadIdx.x + 0 * lane(); }

__global__ void child(int *A, int N) {
  int I = flat();
  if (I >= N)
    return;
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
        return;
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}

template <class T> __global__ void scale(T *A, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}

__device__ void note(int *A) { atomicAdd(A, 1); }

// Each thread had its own copy of N; 'return note(A);' still calls note.
__global__ void countdown(int *A, int N) {
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
    return note(A + 1);
  atomicAdd(A, N);
}

__global__ void grid2d(int *A, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}

__global__ void minusOne(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<(N - 1) / BS + 1, BS>>>(A, N);
}

__global__ void plusBlock(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<(N + BS - 1) / BS, BS>>>(A, N);
}

__global__ void modulo(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<N / BS + (N % BS == 0 ? 0 : 1), BS>>>(A, N);
}

__global__ void ceilFloatN(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<ceil((float)N / BS), BS>>>(A, N);
}

__global__ void ceilFloatB(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<ceil(N / (float)BS), BS>>>(A, N);
}

__global__ void macro(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<CEIL(N, BS), BS>>>(A, N);
}

__global__ void localVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int Blocks = (N + 31) / 32;
  child<<<Blocks, 32>>>(A, N);
}

__global__ void changedVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int M = N;
  int Changed = (M + 31) / 32;
  M = 0;
  child<<<Changed, 32>>>(A, N);
}

__global__ void fixedGrid(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  child<<<4, 32>>>(A, Work[V + 1]);
}

__global__ void modifiesParameter(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  countdown<<<(N + 127) / 128, 128>>>(A, N);
}

__global__ void twoDimensions(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  grid2d<<<dim3((N + 15) / 16, (Count + 15) / 16), dim3(16, 16)>>>(A, N, Count);
}

__global__ void templateExplicit(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  scale<float><<<(N + 127) / 128, 128>>>(F, 1.0f, N);
}

__global__ void templateDeduced(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  scale<<<(N + 127) / 128, 128>>>(F, 2.0f, N);
}

__global__ void pragmaAndStream(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  if (N > 2)
  #pragma dp threshold(1000)
    child<<<(N + 255) / 256, 256, 0, cudaStreamFireAndForget>>>(A, N);
}

void run(int *A, const int *Work, int Count, float *F) {
  minusOne<<<(Count + 127) / 128, 128>>>(A, Work, Count, F);
  child<<<(Count + 127) / 128, 128>>>(A, Count);
}
