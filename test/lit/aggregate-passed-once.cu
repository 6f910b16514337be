// Arguments that every grouped launch of a child passes alike (built from
// the parent's unchanged parameters and global constants) are passed once,
// to the group's launcher and the clone, not stored in every record: the
// recursive tree walk's records shrink from six arguments to two. In the
// child's own (recursive) launches only what is itself passed once counts.
// (Line numbers are absolute.)
// RUN: %dpopt %s --passes=aggregate --remarks --no-line-directives -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// CHECK-DAG: aggregate-passed-once.cu:60:7: remark: aggregating the launches of 'walk' per grid {{.*}}; passed once, not in each record: ChildPtr, Child, Lines, Depth [-Rpass=aggregate]
// CHECK-DAG: aggregate-passed-once.cu:82:3: remark: aggregating the launches of 'changes' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; {{.*}}; passed once, not in each record: A, N [-Rpass=aggregate]
// CHECK-DAG: aggregate-passed-once.cu:85:5: remark: aggregating the launches of 'leaf' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; {{.*}}; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-passed-once.cu:86:5: remark: aggregating the launches of 'leaf' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone, in one group with the launch at aggregate-passed-once.cu:85; {{.*}}; passed once, not in each record: A [-Rpass=aggregate]
// CHECK-DAG: aggregate-passed-once.cu:91:3: remark: aggregating the launches of 'bounded' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; threads packed: {{.*}}; passed once, not in each record: A, N [-Rpass=aggregate]
// CHECK-DAG: aggregate-passed-once.cu:101:7: remark: aggregating the launches of 'shrink' per grid {{.*}}; passed once, not in each record: A [-Rpass=aggregate]
//
// The walk: the record keeps Nodes and Count; the launcher and the clone
// take the rest, and the group's last thread passes the parent's values.
// OUT-LABEL: struct __dpopt_rec_walk{{[_0-9]*}} : dpopt::rt::AggConfig {
// OUT-NEXT: {{^}}  struct {
// OUT-NEXT: {{^}}    const int * Nodes;
// OUT-NEXT: {{^}}    int Count;
// OUT-NEXT: {{^}}  } __args;
// OUT: static __global__ void __dpopt_agg_walk{{[_0-9]*}}(const __dpopt_rec_walk{{[_0-9]*}} *__dpopt_records{{[_0-9]*}}, unsigned __dpopt_count{{[_0-9]*}}, dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}}, const int * ChildPtr, const int * Child, int * Lines, int Depth);
// OUT: __dpopt_make_rec_walk{{[_0-9]*}}(__dpopt_grid{{[_0-9]*}}, __dpopt_block{{[_0-9]*}}, 0u, Child + Begin, NumChildren);
// OUT: __dpopt_launch_agg_walk{{[_0-9]*}}(__dpopt_last{{[_0-9]*}}->__group, 0u, ChildPtr, Child, Lines, Depth + 1);
// 'changes' assigns its N, passed once: the clone's thread changes a copy.
// OUT-LABEL: static __global__ void __dpopt_agg_changes{{[_0-9]*}}(const {{.*}}, int * A, int N) {
// OUT: {{^}}  auto N = __dpopt_in_N{{[_0-9]*}}; // each thread's own copy
// OUT-NEXT: {{^}}  N += threadIdx.x;
// Two sites of one group pass different constants for I: it stays in the
// record; A is passed once.
// OUT-LABEL: struct __dpopt_rec_leaf{{[_0-9]*}} : dpopt::rt::AggConfig {
// OUT-NEXT: {{^}}  struct {
// OUT-NEXT: {{^}}    int I;
// OUT-NEXT: {{^}}  } __args;
// The packed child's bound N is passed once: the record counts its useful
// threads from the site's expression.
// OUT: dpopt::rt::aggUsefulThreads(__dpopt_r{{[_0-9]*}}, static_cast<int>((N * Scale)), false)
// A local constant is out of scope where the launcher is called: Len
// stays in the record.
// OUT-LABEL: struct __dpopt_rec_shrink{{[_0-9]*}} : dpopt::rt::AggConfig {
// OUT-NEXT: {{^}}  struct {
// OUT-NEXT: {{^}}    int Len;
// OUT-NEXT: {{^}}  } __args;

#include <cuda_runtime.h>

constexpr int BlockSize = 128;

__global__ void walk(const int *ChildPtr, const int *Child, int *Lines,
                     const int *Nodes, int Count, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    Lines[V] = Depth;
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0)
      walk<<<(NumChildren + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr, Child, Lines, Child + Begin, NumChildren, Depth + 1);
  }
}

__global__ void changes(int *A, int N) {
  N += threadIdx.x;
  A[N] = 1;
}

__global__ void leaf(int *A, int I) {
  if (threadIdx.x < 32)
    A[I + threadIdx.x] += 1;
}

__global__ void bounded(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 2;
}

__global__ void parent(int *A, int N) {
  changes<<<1, 32>>>(A, N);
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, 1);
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, 2);
  }
}

__global__ void scaled(int *A, int N, int Scale) {
  bounded<<<(N * Scale + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(A,
                                                                      N * Scale);
}

__global__ void shrink(int *A, int Len) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Len) {
    A[I] += 1;
    constexpr int Step = 2;
    if (I == 0 && Len > Step)
      shrink<<<1, Len / Step>>>(A, Len / Step);
  }
}
