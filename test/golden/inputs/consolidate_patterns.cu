// DPOPT-ARGS: --passes=consolidate
// Consolidation shapes: multi-block (block level), thread-mapped with a
// custom buffer and threads(N) (warp level), solo block with shared memory
// (grid level), a recursive kernel (grid level).
#include <cuda_runtime.h>

__global__ void edges(const int *Col, int *Out, int Begin, int Degree) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree)
    atomicAdd(&Out[Col[Begin + I]], 1);
}

__global__ void single(int *Out, int V) { Out[V] += 1; }

__global__ void tile(float *Data, int Row) {
  __shared__ float Tmp[64];
  Tmp[threadIdx.x] = Data[Row * 64 + threadIdx.x];
  __syncthreads();
  Data[Row * 64 + threadIdx.x] = Tmp[63 - threadIdx.x];
}

__global__ void parent(const int *RowPtr, const int *Col, int *Out, float *Data, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N)
    return;
  int Begin = RowPtr[V];
  int Degree = RowPtr[V + 1] - Begin;
  if (Degree > 0) {
#pragma dp consldt(block) work(Begin, Degree)
    edges<<<(Degree + 127) / 128, 128>>>(Col, Out, Begin, Degree);
  }
}

__global__ void parent2(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
#pragma dp consldt(warp) buffer(custom, 64) work(V) threads(256)
    single<<<1, 1>>>(Out, V);
  }
}

__global__ void parent3(float *Data, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
#pragma dp consldt(grid) work(V)
    tile<<<1, 64>>>(Data, V);
  }
}

__global__ void walk(const int *ChildPtr, const int *Child, int *Depth, const int *Nodes, int Count, int Level) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    Depth[V] = Level;
    int Begin = ChildPtr[V];
    int N = ChildPtr[V + 1] - Begin;
    if (N > 0) {
#pragma dp consldt(grid) work(Begin, N)
      walk<<<(N + 127) / 128, 128>>>(ChildPtr, Child, Depth, Child + Begin, N, Level + 1);
    }
  }
}
