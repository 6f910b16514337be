// Every '#pragma dp' form attached to the launch that follows it.
#include <cuda_runtime.h>

#define TH 64

__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = I;
}

__global__ void other(int *A, int N) {}

__global__ void parent(int *A, const int *Work, int Count) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int Item = Work[V];
#pragma dp threshold(TH) coarsen(8)
  child<<<(Item + 127) / 128, 128>>>(A, Item);
#pragma dp aggregate(multiblock:4) agg_threshold(32)
  child<<<(Item + 127) / 128, 128>>>(A, Item);
#pragma dp remove_launch(T3)
  child<<<(Item + 127) / 128, 128>>>(A, Item);
  if (Item > 0) {
#pragma dp threshold(TH) coarsen(4)
    child<<<(Item + 127) / 128, 128>>>(A, Item);
  }
  _Pragma("dp off")
  child<<<1, 32>>>(A, Item);
#pragma dp threshold(16)
  // A comment between the pragma and its launch is fine.
#pragma dp coarsen(2)
  child<<<(Item + 63) / 64, 64>>>(A, Item);
}

void run(int *A, const int *Work, int Count) {
#pragma dp off
  parent<<<(Count + 127) / 128, 128>>>(A, Work, Count);
  other<<<1, 1>>>(A, Count);
}
