// '#pragma dp merge' with nothing to merge is an error at the pragma, and
// no output is written; so is a merge pragma under a pipeline without the
// merge pass.
// RUN: %python %S/Inputs/exit-code.py %t.stdout %dpopt %s -o %t.cu 2>&1 | FileCheck --check-prefixes=RC,CHECK %s
// RUN: not ls %t.cu
// RUN: %python %S/Inputs/exit-code.py %t.stdout %dpopt %s --passes=threshold -o %t2.cu 2>&1 | FileCheck --check-prefixes=RC,NOPASS %s
// RC: exit 1
// CHECK: merge-errors.cu:19:1: error: '#pragma dp merge' needs another launch statement right after the launch of 'a' in the same { } block: launches with other statements (host code, an event, a declaration) between them are not merged
// CHECK: merge-errors.cu:25:1: error: '#pragma dp merge' needs another launch statement right after the launch of 'b'
// CHECK: merge-errors.cu:29:1: error: '#pragma dp merge' needs another launch statement right after the launch of 'a'
// CHECK-NOT: error:
// NOPASS: error: '#pragma dp merge' asks for the merge pass, which --passes does not run

__global__ void a(int *X) { X[threadIdx.x] = 1; }
__global__ void b(int *X) { X[threadIdx.x] = 2; }

void host(int *P, int *Q, cudaEvent_t E) {
  // An event between the launches.
#pragma dp merge
  a<<<1, 32>>>(P);
  cudaEventRecord(E);
  b<<<1, 32>>>(Q);
  // The last statement of its block.
  if (P) {
#pragma dp merge
    b<<<1, 32>>>(Q);
  }
  // A declaration between them.
#pragma dp merge
  a<<<1, 32>>>(P);
  int N = 3;
  b<<<1, N>>>(Q);
}
