// A template kernel launched from device code inside a larger expression
// cannot be parsed by stock clang; dpopt says how to fix it.
// RUN: not %dpopt %s --report 2>&1 | FileCheck %s
template <class T> __global__ void kid(T *A) {}
__global__ void parent(float *A) {
  (void)(kid<float><<<1, 1>>>(A), 0);
  // CHECK: template-in-expression.cu:[[@LINE-1]]:10: error: dpopt cannot parse this device-side launch of 'kid<float>' because it is part of a larger expression; write the launch as a statement of its own
}
