// A parameter the child changes may still be passed once: each thread of
// the consolidated clone runs several work items in turn, and each item's
// body starts from its own copy of it (BodyInLoop.h), so one item's change
// does not carry on to the next. The GPU case is 'shifted' in
// test/gpu/consolidate/pragmas.cu.
// RUN: %dpopt %s --passes=consolidate --remarks --no-line-directives -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// OUT-LABEL: static __global__ void __dpopt_cons_shifted{{[_0-9]*}}({{.*}}, int * Out, int Shift) {
// OUT: {{^}}  auto Shift = __dpopt_in_Shift{{[_0-9]*}}; // each thread's own copy
// OUT-NEXT: {{^}}  Shift += V % 4;
// CHECK: consolidate-changed-param.cu:[[@LINE+14]]:5: remark: consolidating the launches of 'shifted' per grid {{.*}}; buffered: V; passed once: Out, Shift [-Rpass=consolidate]
// CHECK: consolidate-changed-param.cu:[[@LINE+25]]:5: remark: consolidating the launches of 'kept' per grid {{.*}}; buffered: V; passed once: Out, Shift [-Rpass=consolidate]

#include <cuda_runtime.h>

__global__ void shifted(int *Out, int V, int Shift) {
  Shift += V % 4;
  atomicAdd(&Out[V], Shift);
}

__global__ void shiftedParent(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
#pragma dp consldt(grid) work(V)
    shifted<<<1, 1>>>(Out, V, 3);
  }
}

__global__ void kept(int *Out, int V, int Shift) {
  atomicAdd(&Out[V], Shift + V % 4);
}

__global__ void keptParent(int *Out, int N) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N) {
#pragma dp consldt(grid) work(V)
    kept<<<1, 1>>>(Out, V, 3);
  }
}
