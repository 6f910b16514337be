// DPOPT-ARGS: --passes=remove-launch
// remove-launch T3: the parent block runs the child grids its threads launch,
// and the sites T3 must leave (a barrier every thread of the block cannot be
// shown to reach, a child it cannot run as a team).
#include <cuda_runtime.h>

// A block-wide reduction: shared memory and barriers, so T4 cannot run it.
__global__ void blockSum(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

// Shared memory without barriers: each thread uses its own slot.
__global__ void ownSlot(int *A, int N) {
  __shared__ int Tmp[512];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Tmp[threadIdx.x] = A[I];
    A[I] = Tmp[threadIdx.x] * 2;
  }
}

__global__ void earlyExit(int *A) {
  if (threadIdx.x > 40)
    return;
  __syncthreads();
  A[threadIdx.x] = 1;
}

__global__ void dynShared(int *A) {
  extern __shared__ int Dyn[];
  Dyn[threadIdx.x] = A[threadIdx.x];
  __syncthreads();
  A[threadIdx.x] = Dyn[blockDim.x - 1 - threadIdx.x];
}

// Legacy CDP1: each thread waits for its row's sum, then reads it.
__global__ void rows(const int *In, int *Sums, int Height, int Width) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < Height)
    blockSum<<<(Width + 127) / 128, 128>>>(In + Row * Width, Sums + Row, Width);
  cudaDeviceSynchronize();
  if (Row < Height)
    Sums[Row] *= 2;
}

__global__ void nested(int *A, int N, int Mode) {
  int T = threadIdx.x;
  if (Mode > 0)
    if (T % 3 == 0) {
      ownSlot<<<2, 512>>>(A + T * 1024, N);
    }
  blockSum<<<1, dim3(128)>>>(A, A + N, N);
}

__global__ void refusals(int *A, int N) {
  int T = threadIdx.x;
  for (int K = 0; K < T; ++K)
    blockSum<<<1, 128>>>(A, A + K, N);
  if (T == 0)
    blockSum<<<1, 128>>>(A, A, N);
  else
    blockSum<<<1, 128>>>(A, A + 1, N);
  if (T < 2) {
    A[T] = 0;
    blockSum<<<1, 128>>>(A, A, N);
  }
  blockSum<<<1, 100>>>(A, A, N);
  blockSum<<<1, N>>>(A, A, N);
  earlyExit<<<1, 64>>>(A);
  dynShared<<<1, 64, 64 * sizeof(int)>>>(A);
  if (T > N)
    return;
  blockSum<<<1, 128>>>(A, A, N);
}

__device__ void helper(int *A, int N) { blockSum<<<1, 128>>>(A, A, N); }
__global__ void viaHelper(int *A, int N) { helper(A, N); }

__global__ void requested(int *A, int N) {
#pragma dp remove_launch(T3)
  ownSlot<<<1, 64>>>(A, N);
#pragma dp remove_launch(T4)
  blockSum<<<1, 128>>>(A, A, N);
}

// The launch ends its path through if/else branches and blocks: the block
// runs the record after the whole top-level statement. Where a statement
// follows the launch, it would run before the child: the launch stays.
__global__ void branches(int *A, int N) {
  int T = threadIdx.x;
  if (T < N) {
    A[T] = T;
    if (T % 4 == 0)
      blockSum<<<1, 128>>>(A, A + N + T, N);
    else
      A[T] += 1;
  } else
    A[0] = 0;
  if (T == 1) {
    blockSum<<<1, 128>>>(A, A + N, N);
    A[T] = 0;
  }
}
