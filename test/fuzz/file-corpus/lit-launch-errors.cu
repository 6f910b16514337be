// An error inside a device-side launch of a template kernel is reported at
// the user's line and column.
// RUN: not %dpopt %s --report 2>&1 | FileCheck %s

template <class T> __global__ void kid(T *A, int N) {}

__global__ void parent(float *A, int N) {
  int Pad = 0; kid<float><<<1, 32>>>(A, N, N);
  // CHECK: launch-errors.cu:[[@LINE-1]]:16: error: no matching function for call to 'kid'
}
