// DPOPT-ARGS: --passes=consolidate
// CDP1 postwork (code after 'launch; cudaDeviceSynchronize();' that reads
// what the child wrote) moved into a tail-launched kernel at each
// granularity: inputs carried in the work items, the launching thread's
// built-ins carried when the postwork reads them, recursion.
#include <cuda_runtime.h>

__global__ void scale(float *Data, int Begin, int Count, float By) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Data[Begin + I] *= By;
}

// Block level; the postwork reads the launching thread's position.
__global__ void rows(const int *Off, float *Data, float *Sum, int N) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= N)
    return;
  int Begin = Off[Row], Count = Off[Row + 1] - Begin;
#pragma dp consldt(block) work(Begin, Count)
  scale<<<(Count + 63) / 64, 64>>>(Data, Begin, Count, 2.0f);
  cudaDeviceSynchronize();
  float S = 0;
  for (int I = 0; I < Count; ++I)
    S += Data[Begin + I];
  Sum[Row] = S + threadIdx.x * 0.0f;
}

__global__ void fill(int *Out, int Begin, int Count) {
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    Out[Begin + I] = I;
}

// Warp level, the launch and its postwork in one branch of an 'if' that
// ends the kernel; a trailing 'return;' is fine.
__global__ void branchy(const int *Off, int *Out, int *Last, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
    int Begin = Off[V], Count = Off[V + 1] - Begin;
    if (Count > 32) {
#pragma dp consldt(warp) work(Begin, Count)
      fill<<<1, 128>>>(Out, Begin, Count);
      (void)cudaDeviceSynchronize();
      Last[V] = Out[Begin + Count - 1];
    } else {
      Last[V] = Count - 1;
    }
  }
  return;
}

// Grid level, recursive: a node's total is its value plus its children's.
__global__ void total(const int *First, const int *Kids, const int *Value,
                      int *Sum, int Parent) {
  int V = Kids[First[Parent] + threadIdx.x];
  int Begin = First[V], Count = First[V + 1] - Begin;
  if (Count > 0) {
#pragma dp consldt(grid) work(V, Count)
    total<<<1, Count>>>(First, Kids, Value, Sum, V);
    cudaDeviceSynchronize();
    int S = Value[V];
    for (int I = 0; I < Count; ++I)
      S += Sum[Kids[Begin + I]];
    Sum[V] = S;
  } else {
    Sum[V] = Value[V];
  }
}

// Host code that launches the recursion: dpopt raises the device runtime's
// pending-launch limit first (the file does not set it).
void runTotals(const int *First, const int *Kids, const int *Value, int *Sum,
               int Root) {
  total<<<1, 1>>>(First, Kids, Value, Sum, Root);
}
