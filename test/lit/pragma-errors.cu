// Malformed pragmas are errors at the exact token.
// RUN: not %dpopt %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not ls %t.cu

__global__ void child(int *A) {}
__global__ void other(int *A) {}

__global__ void parent(int *A) {
#pragma dp threshold(64) bogus(1)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:26: error: unknown clause 'bogus' in '#pragma dp'
  child<<<1, 1>>>(A);
#pragma dp threshold(64
  // CHECK: pragma-errors.cu:[[@LINE-1]]:24: error: expected ')' in 'threshold' clause, found end of pragma
  child<<<1, 1>>>(A);
#pragma dp coarsen(many)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:20: error: expected an integer in 'coarsen' clause, found 'many'
  child<<<1, 1>>>(A);
#pragma dp aggregate(block) aggregate(grid)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:29: error: duplicate 'aggregate' clause
  child<<<1, 1>>>(A);
#pragma dp threshold(8)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:1: error: '#pragma dp' must be followed by a kernel launch statement
  int X = 0;
#pragma dp threshold(8)
#pragma dp threshold(16)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:12: error: duplicate 'threshold' clause for this launch
  child<<<1, 1>>>(A);
#pragma dp off
#pragma dp coarsen(2)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:1: error: 'off' cannot be combined with other clauses
  other<<<1, 1>>>(A);
#pragma dp remove_launch(T9)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:26: error: invalid assignment 'T9' in 'remove_launch'
  child<<<1, 1>>>(A);
#pragma dp consldt(block) buffer(halloc) work(A)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:34: error: buffer type 'halloc' is not supported (dpopt ships no Halloc allocator); use 'default' or 'custom'
  child<<<1, 1>>>(A);
}

void host(int *A) {
#pragma dp threshold(4)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:1: error: '#pragma dp threshold(4)' applies to kernels launched from device code, but this launch is made by host code
  parent<<<1, 1>>>(A);
#pragma dp merge threshold(2)
  // CHECK: pragma-errors.cu:[[@LINE-1]]:12: error: 'merge' cannot be combined with other clauses
  parent<<<1, 1>>>(A);
  other<<<1, 1>>>(A);
}
