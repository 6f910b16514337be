#include <cuda_runtime.h>

template <class T> __global__ void kid(T *A, int N) { A[threadIdx.x] = N; }

#define LAUNCH_NO_SEMI(n) kid<float><<<1, (n)>>>(A, n);
#define LAUNCH(n) kid<float><<<1, (n)>>>(A, n)

__global__ void parent(float *A, int N) {
  if (N > 1) kid<float><<<1, 32>>>(A, N); else kid<float><<<1, 1>>>(A, 1);
  LAUNCH_NO_SEMI(N)
  LAUNCH(N);
  for (int I = 0; I < N; ++I) kid<float><<<1, 32>>>(A, I);
}
