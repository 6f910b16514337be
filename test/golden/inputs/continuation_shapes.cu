// DPOPT-ARGS: --passes=continuation
// Legacy CDP1 waits the continuation pass rewrites: a wait with nothing
// after it goes; any other ends a phase continued in a tail-launched grid.
#include <cuda_runtime.h>

__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

struct Pair {
  int First, Second;
};

__device__ int rowOf(int V) { return V + blockIdx.x * gridDim.x; }

// A one-thread driver loop with two waits and an early exit; locals of
// several declaration forms live across the waits.
__global__ void driver(int *A, int N, int *Out) {
  int Sum = 0, *Last = A + N - 1;
  dim3 Grid((N + 127) / 128), Block{128};
  Pair P = {1, 2};
  for (int It = 0, Step = 1; It < 10; It += Step) {
    child<<<Grid, Block>>>(A, N);
    cudaDeviceSynchronize();
    Sum += *Last + P.First;
    if (A[0] > 5)
      return;
    (void)cudaDeviceSynchronize();
    P.Second += rowOf(It);
  }
  Out[0] = Sum + P.Second;
}

// Thread 0 waits and publishes through shared memory; the block reads it
// after a barrier.
__global__ void __launch_bounds__(256) publish(int *A, int N, int *Out) {
  __shared__ int Seen[2];
  __shared__ float Scale;
  if (threadIdx.x == 0) {
    Scale = 2.0f;
    child<<<(N + 63) / 64, 64>>>(A + blockIdx.x * N, N);
    cudaDeviceSynchronize();
    Seen[0] = A[blockIdx.x * N];
  }
  __syncthreads();
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Seen[0] * static_cast<int>(Scale);
}

// Dynamic shared memory and a recursive child.
__global__ void tree(int *A, int Depth) {
  extern __shared__ int Buf[];
  Buf[threadIdx.x] = Depth;
  __syncthreads();
  if (threadIdx.x == 0 && Depth > 0) {
    tree<<<1, blockDim.x, blockDim.x * sizeof(int)>>>(A + 1, Depth - 1);
    cudaDeviceSynchronize();
    Buf[0] += A[1];
  }
  __syncthreads();
  A[0] = Buf[0] + Buf[blockDim.x - 1];
}

// The thread's last error crosses the wait.
__global__ void errors(int *A, int *Out) {
  child<<<1, 2048>>>(A, 1);
  cudaDeviceSynchronize();
  Out[0] = static_cast<int>(cudaGetLastError());
  Out[1] = static_cast<int>(cudaPeekAtLastError());
}

// The wait is the thread's last act: it goes.
__global__ void reduce(int *Data, int *Out, unsigned Size) {
  if (Size == 2 && threadIdx.x == 0) {
    Out[blockIdx.x] = Data[0] + Data[1];
    return;
  }
  if (threadIdx.x < Size / 2)
    Data[threadIdx.x] += Data[threadIdx.x + Size / 2];
  __syncthreads();
  if (threadIdx.x == 0) {
    reduce<<<1, Size / 4 > 0 ? Size / 4 : 1>>>(Data, Out, Size / 2);
    cudaDeviceSynchronize();
  }
  __syncthreads();
}

void run(int *A, int N, int *Out) {
  driver<<<1, 1>>>(A, N, Out);
  publish<<<4, 256>>>(A, N, Out);
  tree<<<1, 64, 64 * sizeof(int)>>>(A, 3);
  reduce<<<8, 128>>>(A, Out, 256);
}
