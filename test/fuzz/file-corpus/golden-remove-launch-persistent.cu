// DPOPT-ARGS: --passes=remove-launch
// remove-launch T1/T2: parents launched by host code in this file get a
// persistent version that runs the recorded child grids after each round;
// auto picks T1 or T2 per round on the device (Fig. 7(b)) and, where the
// child's size is constant, lets the host launch the parent itself when its
// grid fills the GPU (Fig. 7(a)).
#include <cuda_runtime.h>

#define CHILD_THREADS 64

__global__ void addRange(int *Out, int Owner, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(&Out[Owner], I);
}

// Irregular child sizes: always the persistent version.
__global__ void spread(int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && Counts[T] > 0)
    addRange<<<(Counts[T] + CHILD_THREADS - 1) / CHILD_THREADS, CHILD_THREADS>>>(Out, T, Counts[T]);
}

__global__ void fill(int *Out, int Base, int Value) {
  Out[Base + blockIdx.x * blockDim.x + threadIdx.x] += Value;
}

__device__ int parentBlock() { return blockIdx.x + gridDim.x * blockIdx.y; }

// Constant child size: the launcher may run 'fewBig' itself (with T4).
__global__ void fewBig(int *Out) {
  if (threadIdx.x == 0)
    fill<<<500, 128>>>(Out, parentBlock() * 64000, 1);
}

__global__ void blockReduce(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * 128 + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = 64; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

// A child that needs its block, a parent with its own shared memory and
// barriers, dynamic shared memory, a stream.
__global__ void reduceRows(const int *In, int *Sums, int Rows, int Width) {
  extern __shared__ int Scratch[];
  __shared__ int Mine[256];
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  Mine[threadIdx.x] = Row;
  Scratch[threadIdx.x] = Row;
  __syncthreads();
  if (Row < Rows && Mine[threadIdx.x] == Scratch[threadIdx.x])
    blockReduce<<<(Width + 127) / 128, 128>>>(In + Row * Width, Sums + Row, Width);
}

void run(int *Out, const int *Counts, const int *In, int *Sums, cudaStream_t S) {
  spread<<<3000, 128>>>(Out, Counts, 3000 * 128);
  fewBig<<<dim3(3, 2), 32>>>(Out);
  reduceRows<<<12, 256, 256 * sizeof(int), S>>>(In, Sums, 3000, 700);
}

// Named techniques.
__global__ void t1Parent(int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
#pragma dp remove_launch(T1)
    addRange<<<Counts[T], 64>>>(Out, T, Counts[T] * 64);
}

__global__ void t2Parent(int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
#pragma dp remove_launch(T2)
    addRange<<<Counts[T], 64>>>(Out, T, Counts[T] * 64);
}

void runNamed(int *Out, const int *Counts) {
  t1Parent<<<100, 256>>>(Out, Counts, 25600);
  t2Parent<<<100, 256>>>(Out, Counts, 25600);
}
