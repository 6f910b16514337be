// Errors in the user's code come out as clang diagnostics with the user's
// line and column (not those of dpopt's internal wrapping), exit 1, and no
// output file.
// RUN: rm -f %t.cu
// RUN: not %dpopt %s -o %t.cu 2>&1 | FileCheck %s --strict-whitespace
// RUN: not ls %t.cu

template <class T> __global__ void kid(T *A, int N) {}

__global__ void parent(float *A, int N) {
  kid<float><<<1, 32>>>(A, undeclaredThing);
  // CHECK: errors.cu:[[@LINE-1]]:28: error: use of undeclared identifier 'undeclaredThing'
  // CHECK-NEXT: {{^}}  kid<float><<<1, 32>>>(A, undeclaredThing);
  // CHECK-NEXT: {{^}}                           ^
  int X = "text";
  // CHECK: errors.cu:[[@LINE-1]]:7: error: cannot initialize a variable of type 'int'
}
