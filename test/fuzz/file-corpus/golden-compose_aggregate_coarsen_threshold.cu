// DPOPT-ARGS: --passes=aggregate,coarsen,threshold
// The reverse of the default order: aggregate first (its clone calls the
// runtime, so coarsen and threshold then leave the aggregated launch alone,
// with remarks), then the direct launch a full pool falls back to is
// coarsened and thresholded like any other.
#include <cuda_runtime.h>

__global__ void child(const int *Col, int Begin, int Degree, int *Level, int Next) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree && Level[Col[Begin + I]] < 0)
    Level[Col[Begin + I]] = Next;
}

__global__ void parent(const int *RowPtr, const int *Col, int *Level, int N, int Cur) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N || Level[V] != Cur)
    return;
  int Begin = RowPtr[V], Degree = RowPtr[V + 1] - Begin;
  if (Degree > 0)
    child<<<(Degree + 127) / 128, 128>>>(Col, Begin, Degree, Level, Cur + 1);
}
