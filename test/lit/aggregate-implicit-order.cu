// A thread's launches into the implicit stream run in order, so aggregate
// refuses an implicit-stream launch whose kernel also launches into a stream
// that may be ordered with it, and names that launch. Fire-and-forget
// launches and launches into a stream the thread created for them alone
// carry no order with it: such a sibling does not stop the grouping. A tail
// launch starts after the whole grid (grouped launches included), so the
// refusal there is the tail-launch rule's own. (Line numbers are absolute.)
// RUN: %dpopt %s --passes=aggregate --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// CHECK-DAG: aggregate-implicit-order.cu:31:3: remark: aggregating the launches of 'leaf' per {{.*}} [-Rpass=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:32:3: remark: aggregating the launches of 'leaf' per {{.*}} in one group with the launch at aggregate-implicit-order.cu:31; {{.*}} [-Rpass=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:37:3: remark: aggregating the launches of 'leaf' per {{.*}} [-Rpass=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:39:3: remark: aggregating the launches of 'leaf' per {{.*}} in one group with the launch at aggregate-implicit-order.cu:37; {{.*}} [-Rpass=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:44:3: remark: not aggregating this launch of 'leaf': 'twoImplicit' also launches at aggregate-implicit-order.cu:45, and a thread's launches into the implicit stream run in order: write '#pragma dp aggregate(...)' or launch into cudaStreamFireAndForget if the children are independent [-Rpass-missed=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:45:3: remark: not aggregating this launch of 'leaf': 'twoImplicit' also launches at aggregate-implicit-order.cu:44, {{.*}} [-Rpass-missed=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:49:3: remark: not aggregating this launch of 'leaf': 'implicitAndTail' tail-launches at aggregate-implicit-order.cu:50: the aggregated launch would come after that tail launch [-Rpass-missed=aggregate]
// CHECK-DAG: aggregate-implicit-order.cu:54:3: remark: not aggregating this launch of 'leaf': 'implicitAndStream' also launches at aggregate-implicit-order.cu:55, {{.*}} [-Rpass-missed=aggregate]
// OUT: {{^}}__global__ void implicitAndFaf(int *A) {
// OUT: {{^}}  // dpopt aggregate: set up the launch groups
// OUT: {{^}}__global__ void twoImplicit(int *A) {
// OUT-NEXT: {{^}}  leaf<<<1, 32>>>(A, 5);
// OUT-NEXT: {{^}}  leaf<<<1, 32>>>(A, 6);

#include <cuda_runtime.h>

__global__ void leaf(int *A, int I) { A[I + threadIdx.x] += 1; }

// Both launches are grouped: the second carries no order with the first.
__global__ void implicitAndFaf(int *A) {
  leaf<<<1, 32>>>(A, 1);
  leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, 2);
}

__global__ void implicitAndOwnStream(int *A) {
  cudaStream_t S;
  leaf<<<1, 32>>>(A, 3);
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  leaf<<<1, 32, 0, S>>>(A, 4);
  cudaStreamDestroy(S);
}

__global__ void twoImplicit(int *A) {
  leaf<<<1, 32>>>(A, 5);
  leaf<<<1, 32>>>(A, 6);
}

__global__ void implicitAndTail(int *A) {
  leaf<<<1, 32>>>(A, 7);
  leaf<<<1, 32, 0, cudaStreamTailLaunch>>>(A, 8);
}

__global__ void implicitAndStream(int *A, cudaStream_t S) {
  leaf<<<1, 32>>>(A, 9);
  leaf<<<1, 32, 0, S>>>(A, 10);
}
