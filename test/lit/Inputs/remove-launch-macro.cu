// remove-launch-default-pipeline.cu: the pragma comes from a header's macro.
#include "remove-launch-macro.h"

__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

__global__ void parent(int *A, const int *Ns, int M) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < M) {
    REMOVE_IT
    child<<<(Ns[V] + 127) / 128, 128>>>(A + V * 1024, Ns[V]);
  }
}
