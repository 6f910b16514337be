// The default granularity (no pragma, tuning entry or --agg): a launch that
// is not recursive is aggregated per grid as far as its records fit (the
// group size is chosen at run time: aggFittingGroupBlocks); a recursive
// launch of a child whose threads each do their own work is aggregated per
// grid, one launch per level of the recursion, unless whether it launches
// depends on an atomic's result (then, and for every other recursive
// launch, multiblock:32). Pragmas and --agg choose for themselves. The
// remark says why dpopt chose. (Line numbers are absolute.)
// RUN: %dpopt %s --passes=aggregate --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: %dpopt %s --passes=aggregate --agg=multiblock:8 --remarks -o /dev/null 2>&1 | FileCheck --check-prefix=OPT %s
// CHECK-DAG: aggregate-recursive-level.cu:49:7: remark: aggregating the launches of 'walk' per grid (chosen for a recursive launch of a child whose threads each do their own work: one launch per level of the recursion) into one launch of a clone; threads packed: {{.*}} [-Rpass=aggregate] [DP4304]
// CHECK-DAG: aggregate-recursive-level.cu:61:7: remark: aggregating the launches of 'search' per multiblock:32 (not a grid per level of the recursion: whether it launches depends on what 'atomicMin' returns at aggregate-recursive-level.cu:59, so what the recursion launches depends on the order its grids run in) into one launch of a clone; {{.*}} [-Rpass=aggregate] [DP4303]
// CHECK-DAG: aggregate-recursive-level.cu:72:5: remark: aggregating the launches of 'halve' per multiblock:32 into one launch of a clone; its blocks run whole: 'halve' synchronizes its threads; passed once, not in each record: A, N [-Rpass=aggregate] [DP4303]
// CHECK-DAG: aggregate-recursive-level.cu:79:5: remark: aggregating the launches of 'leaf' per grid, as far as its records fit (the default for a launch that is not recursive) into one launch of a clone; {{.*}} [-Rpass=aggregate] [DP4303]
// CHECK-DAG: aggregate-recursive-level.cu:89:7: remark: aggregating the launches of 'pinned' per block into one launch of a clone; {{.*}} [-Rpass=aggregate] [DP4302]
// OPT-DAG: aggregate-recursive-level.cu:49:7: remark: aggregating the launches of 'walk' per multiblock:8 into one launch of a clone; {{.*}} [DP4303]
// OPT-DAG: aggregate-recursive-level.cu:61:7: remark: aggregating the launches of 'search' per multiblock:8 into one launch of a clone; {{.*}} [DP4303]
// OPT-DAG: aggregate-recursive-level.cu:79:5: remark: aggregating the launches of 'leaf' per multiblock:8 into one launch of a clone; {{.*}} [DP4303]
// OUT: {{^}}__global__ void walk(
// OUT: dpopt::rt::aggBeginMultiBlock({{.*}}, 0ull, 1u);
// OUT: {{^}}__global__ void search(
// OUT: dpopt::rt::aggBeginMultiBlock({{.*}}, 32ull, 1u);
// OUT: {{^}}__global__ void halve(
// OUT: dpopt::rt::aggBeginMultiBlock({{.*}}, 32ull, 1u, 1u);
// OUT: {{^}}__global__ void parent(
// OUT: dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_leaf{{[_0-9]*}})), 1u);
// OUT: dpopt::rt::aggArriveMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_leaf{{[_0-9]*}})))
// OUT: {{^}}__global__ void pinned(

#include <cuda_runtime.h>

__global__ void leaf(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

// A tree walk: every thread of a level launches its node's children.
__global__ void walk(const int *Ptr, const int *Kids, int *Seen, const int *Nodes,
                     int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    atomicAdd(&Seen[V], 1);
    int Begin = Ptr[V], N = Ptr[V + 1] - Begin;
    if (N > 0)
      walk<<<(N + 127) / 128, 128>>>(Ptr, Kids, Seen, Kids + Begin, N);
  }
}

// A recursive search that launches for a vertex only when it claimed it.
__global__ void search(const int *Ptr, const int *Col, int *Depth, int Begin,
                       int Degree, int D) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int V = Col[Begin + I];
    if (atomicMin(&Depth[V], D) > D)
      if (Ptr[V + 1] > Ptr[V])
      search<<<(Ptr[V + 1] - Ptr[V] + 31) / 32, 32>>>(Ptr, Col, Depth, Ptr[V],
                                                     Ptr[V + 1] - Ptr[V], D + 1);
  }
}

// A recursive child whose threads work together (a barrier).
__global__ void halve(int *A, int N) {
  if (threadIdx.x < N / 2)
    A[threadIdx.x] += A[threadIdx.x + N / 2];
  __syncthreads();
  if (threadIdx.x == 0 && N > 2)
    halve<<<1, N / 4 + 1>>>(A, N / 2);
}

// Not recursive.
__global__ void parent(int *A, const int *Sizes) {
  int N = Sizes[blockIdx.x * blockDim.x + threadIdx.x];
  if (N > 0)
    leaf<<<(N + 63) / 64, 64>>>(A, N);
}

// A pragma chooses for itself.
__global__ void pinned(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    A[I] += 1;
    if (I == 0 && N > 1) {
#pragma dp aggregate(block)
      pinned<<<1, N / 2>>>(A, N / 2);
    }
  }
}
