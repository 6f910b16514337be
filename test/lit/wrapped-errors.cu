// An error inside a launch that dpopt wraps is found on the second parse and
// still reported at the user's line and column.
// RUN: not %dpopt %s --report 2>&1 | FileCheck %s

template <class T> __global__ void kid(T *A, int N) {}

__global__ void parent(float *A, int N) {
  int Pad = 0; kid<float><<<1, 32>>>(A, N, N);
  // CHECK: wrapped-errors.cu:[[@LINE-1]]:16: error: no matching function for call to 'kid'
}
