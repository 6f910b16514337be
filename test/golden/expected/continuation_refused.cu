// DPOPT-ARGS: --passes=continuation
// DPOPT-NVCC: skip the cudaDeviceSynchronize() calls dpopt must leave are a compile error on CUDA 12+/sm_90
// CDP1 waits the continuation pass leaves alone, each with the remark
// saying why.
#include <cuda_runtime.h>

__global__ void child(int *A, int V) { A[V] += 1; }

// The wait's result is used.
__global__ void resultUsed(int *A) {
  child<<<1, 1>>>(A, 0);
  if (cudaDeviceSynchronize() != cudaSuccess)
    A[1] = -1;
  A[2] = A[0];
}

// The wait is in a device function.
__device__ void waitHere(int *A) {
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  A[1] = A[0];
}
__global__ void callsWaiter(int *A) { waitHere(A); }

// Warp-level operations: a warp's lanes may suspend at different points.
__global__ void warpOps(int *A) {
  int V = __shfl_sync(0xffffffffu, threadIdx.x, 0);
  if (threadIdx.x == 0) {
    child<<<1, 1>>>(A, V);
    cudaDeviceSynchronize();
  }
  A[threadIdx.x + 1] = A[0] + V;
}

// A called function reads the thread's last error: it would not see an
// error of an earlier phase (the kernel's own reads carry it).
__device__ int failed() { return cudaGetLastError() != cudaSuccess; }
__global__ void lastError(int *A) {
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  A[1] = failed() ? -1 : A[0];
}

// A tail launch would run before the code after the wait.
__global__ void tails(int *A) {
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(A, 3);
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  A[1] = A[0];
}

// A pointer to a local that lives across the wait.
__global__ void addressTaken(int *A) {
  int Local = A[5];
  int *P = &Local;
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  A[1] = *P + A[0];
}

// A reference local live across the wait.
__global__ void referenceLocal(int *A) {
  int &R = A[7];
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  R += A[0];
}

// A loop that may wait for another thread.
__global__ void spins(int *A, volatile int *Flag) {
  if (threadIdx.x == 1)
    while (*Flag == 0)
      ;
  if (threadIdx.x == 0) {
    child<<<1, 1>>>(A, 0);
    cudaDeviceSynchronize();
    *Flag = A[0];
  }
}

// A device-created stream lives across the wait: it belongs to its grid.
__global__ void streams(int *A) {
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  child<<<1, 1, 0, S>>>(A, 0);
  cudaDeviceSynchronize();
  child<<<1, 1, 0, S>>>(A, 1);
  cudaStreamDestroy(S);
}

// A template kernel.
template <int V> __global__ void templated(int *A) {
  child<<<1, 1>>>(A, V);
  cudaDeviceSynchronize();
  A[1] = A[V];
}
template __global__ void templated<2>(int *);

// A label of the user's.
__global__ void labels(int *A) {
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  if (A[0] > 3)
    goto done;
  A[1] = A[0];
done:
  A[2] = 1;
}

// A condition variable live across the wait.
__global__ void conditionVariable(int *A) {
  if (int V = A[9]) {
    child<<<1, 1>>>(A, 0);
    cudaDeviceSynchronize();
    A[1] = V + A[0];
  }
}

// A local live across the wait is captured by a lambda.
__global__ void captured(int *A) {
  int V = A[3];
  child<<<1, 1>>>(A, 0);
  cudaDeviceSynchronize();
  A[1] = [&](int X) { return V + X; }(A[0]);
}
