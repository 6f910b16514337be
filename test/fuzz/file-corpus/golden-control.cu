// Launches in loops and conditionals: several launches per parent thread,
// launch conditions only some threads meet.
#include <cuda_runtime.h>

__global__ void child(int *A, int Base, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&A[Base], 1);
}

__global__ void parent(int *A, const int *Work, int Count) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  if (N > 32)
    child<<<(N + 31) / 32, 32>>>(A, V, N);
  else if (N > 0)
    child<<<1, N>>>(A, V, N);
  for (int R = 0; R < 2; ++R) {
    switch (R) {
    case 0:
      child<<<1, 32>>>(A, V, 1);
      break;
    default:
      while (N > 1000) {
        child<<<N / 1000, 1000>>>(A, V, N);
        N /= 2;
      }
    }
  }
  N > 7 ? (void)0 : (void)Count;
}
