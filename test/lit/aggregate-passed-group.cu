// A clone's grid-wide groups are set up by the thread that launches the
// clone (rt::aggNewGridGroup) and passed to it, so that its blocks do not
// look them up in the group table: one slot per grid-wide site, sized as the
// clone's blocks would size it (blocks, the clone's block, the records per
// thread, the guarded axes). The clone's prologue has what it needs to look
// the group up itself when the launcher found no free slot (the site, the
// records per thread and the guarded axes, as aggBeginMultiBlock takes them). A kernel launched from the host still looks its
// group up, and multi-block groups are looked up everywhere. Consolidate's
// clones get theirs the same way, sized for the items each of their threads
// runs in turn.
// (Line numbers are absolute.)
// RUN: %dpopt %s --passes=aggregate --agg=grid --no-line-directives -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %dpopt %s --passes=aggregate --agg=multiblock:8 --no-line-directives -o %t-mb.cu
// RUN: FileCheck --check-prefix=MB %s < %t-mb.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: %if nvcc %{ %nvcc-check %t-mb.cu %}
// RUN: %dpopt %s --passes=consolidate --consldt=grid --no-line-directives -o %t-cons.cu
// RUN: FileCheck --check-prefix=CONS %s < %t-cons.cu
// RUN: %if nvcc %{ %nvcc-check %t-cons.cu %}
//
// The walk launched from the host looks its group up; its packed clone gets
// the slot its launcher took for the clone's packed blocks.
// CHECK-LABEL: {{^ *}}__global__ void walk(const int *Ptr, int *Out, int Node, int N) {
// CHECK: {{^ *}}dpopt::rt::aggBeginMultiBlock(__dpopt_agg1{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), 1u, 0ull, 1u);
// CHECK-LABEL: {{^ *}}static __device__ void __dpopt_launch_agg_walk{{[_0-9]*}}(
// CHECK: {{^ *}}dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}} = dpopt::rt::aggNewGridGroup(sizeof({{[_a-zA-Z0-9]+}}), dpopt::rt::aggPackedBlocks(__dpopt_blocks{{[_0-9]*}}, __dpopt_group{{[_0-9]*}}), dim3(dpopt::rt::aggMaxThreads(__dpopt_group{{[_0-9]*}})), 1u, 0u, __dpopt_records{{[_0-9]*}});
// CHECK-NEXT: {{^ *}}__dpopt_agg_walk{{[_0-9]*}}<<<dpopt::rt::aggPackedBlocks(__dpopt_blocks{{[_0-9]*}}, __dpopt_group{{[_0-9]*}}), dpopt::rt::aggMaxThreads(__dpopt_group{{[_0-9]*}}), dpopt::rt::aggMaxShmem(__dpopt_group{{[_0-9]*}}), cudaStreamFireAndForget>>>(__dpopt_records{{[_0-9]*}}, __dpopt_count{{[_0-9]*}}, __dpopt_slot{{[_0-9]*}}, Ptr, Out);
// CHECK: {{^ *}}static __global__ void __dpopt_agg_walk{{[_0-9]*}}(const __dpopt_rec_walk{{[_0-9]*}} *__dpopt_records{{[_0-9]*}}, unsigned __dpopt_count{{[_0-9]*}}, dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}}, const int * Ptr, int * Out) {
// CHECK-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink __dpopt_agg1{{[_0-9]*}};
// CHECK-NEXT: {{^ *}}dpopt::rt::aggBeginPassedGroup(__dpopt_agg1{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), __dpopt_slot{{[_0-9]*}}, 1u, 1u);
// CHECK: {{^ *}}if (dpopt::rt::AggTableSlot *__dpopt_last{{[_0-9]*}} = dpopt::rt::aggArriveMultiBlock(__dpopt_agg1{{[_0-9]*}}, 0ull)) {
// CHECK-NEXT: {{^ *}}__dpopt_launch_agg_walk{{[_0-9]*}}(__dpopt_last{{[_0-9]*}}->__group, 0u, Ptr, Out);
// CHECK-NEXT: {{^ *}}dpopt::rt::aggLeave(__dpopt_last{{[_0-9]*}});
//
// tiled's clone (whole blocks: it synchronizes its threads) has two
// grid-wide sites, one in a loop, both launched by thread 0 or 1 only.
// CHECK-LABEL: {{^ *}}__global__ void tiled(int *A, int N) {
// CHECK: {{^ *}}dpopt::rt::aggBeginMultiBlock(__dpopt_agg2{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), 2u, 0ull, DPOPT_AGG_LOOP_SLOTS, 1u);
// CHECK: {{^ *}}dpopt::rt::aggBeginMultiBlock(__dpopt_agg3{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), 3u, 0ull, DPOPT_AGG_LOOP_SLOTS, 1u);
// CHECK-LABEL: {{^ *}}static __device__ void __dpopt_launch_agg_tiled{{[_0-9]*}}(
// CHECK: {{^ *}}dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}} = dpopt::rt::aggNewGridGroup(sizeof({{[_a-zA-Z0-9]+}}), __dpopt_blocks{{[_0-9]*}}, dim3(dpopt::rt::aggMaxThreads(__dpopt_group{{[_0-9]*}})), DPOPT_AGG_LOOP_SLOTS, 1u, __dpopt_records{{[_0-9]*}});
// CHECK-NEXT: {{^ *}}dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}} = dpopt::rt::aggNewGridGroup(sizeof({{[_a-zA-Z0-9]+}}), __dpopt_blocks{{[_0-9]*}}, dim3(dpopt::rt::aggMaxThreads(__dpopt_group{{[_0-9]*}})), DPOPT_AGG_LOOP_SLOTS, 1u, __dpopt_records{{[_0-9]*}});
// CHECK-NEXT: {{^ *}}__dpopt_agg_tiled{{[_0-9]*}}<<<__dpopt_blocks{{[_0-9]*}}, {{.*}}>>>(__dpopt_records{{[_0-9]*}}, __dpopt_count{{[_0-9]*}}, __dpopt_slot{{[_0-9]*}}, __dpopt_slot{{[_0-9]*}}, A, N);
// CHECK: {{^ *}}static __global__ void __dpopt_agg_tiled{{[_0-9]*}}(const __dpopt_rec_tiled{{[_0-9]*}} *__dpopt_records{{[_0-9]*}}, unsigned __dpopt_count{{[_0-9]*}}, dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}}, dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}}, int * A, int N) {
// CHECK-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink __dpopt_agg2{{[_0-9]*}};
// CHECK-NEXT: {{^ *}}dpopt::rt::aggBeginPassedGroup(__dpopt_agg2{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), __dpopt_slot{{[_0-9]*}}, 2u, DPOPT_AGG_LOOP_SLOTS, 1u);
// CHECK-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink __dpopt_agg3{{[_0-9]*}};
// CHECK-NEXT: {{^ *}}dpopt::rt::aggBeginPassedGroup(__dpopt_agg3{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), __dpopt_slot{{[_0-9]*}}, 3u, DPOPT_AGG_LOOP_SLOTS, 1u);
//
// Multi-block groups: every kernel looks them up, and no slot is passed.
// MB-NOT: {{^[^/]*}}aggNewGridGroup
// MB-NOT: {{^[^/]*}}aggBeginPassedGroup
// MB-LABEL: {{^ *}}static __global__ void __dpopt_agg_walk{{[_0-9]*}}(const __dpopt_rec_walk{{[_0-9]*}} *__dpopt_records{{[_0-9]*}}, unsigned __dpopt_count{{[_0-9]*}}, const int * Ptr, int * Out) {
// MB-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink __dpopt_agg1{{[_0-9]*}};
// MB-NEXT: {{^ *}}dpopt::rt::aggBeginMultiBlock(__dpopt_agg1{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), 1u, 8ull, 1u);
// MB-NOT: {{^[^/]*}}aggNewGridGroup
// MB-NOT: {{^[^/]*}}aggBeginPassedGroup
//
// Consolidate: the walk's clone runs its items in rounds of its grid.
// CONS-LABEL: {{^ *}}__global__ void walk(const int *Ptr, int *Out, int Node, int N) {
// CONS: {{^ *}}dpopt::rt::aggBeginMultiBlock(__dpopt_cons1{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), 1u, 0ull, 1u);
// CONS-LABEL: {{^ *}}static __device__ void __dpopt_launch_cons_walk{{[_0-9]*}}(
// CONS: {{^ *}}dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}} = dpopt::rt::aggNewGridGroup(sizeof({{[_a-zA-Z0-9]+}}), __dpopt_grid{{[_0-9]*}}, dim3(__dpopt_threads{{[_0-9]*}}), (1u) * ((__dpopt_blocks{{[_0-9]*}} + __dpopt_grid{{[_0-9]*}} - 1u) / __dpopt_grid{{[_0-9]*}}), 0u, __dpopt_records{{[_0-9]*}});
// CONS-NEXT: {{^ *}}__dpopt_cons_walk{{[_0-9]*}}<<<__dpopt_grid{{[_0-9]*}}, __dpopt_threads{{[_0-9]*}}, __dpopt_shmem{{[_0-9]*}}, cudaStreamFireAndForget>>>(__dpopt_records{{[_0-9]*}}, __dpopt_count{{[_0-9]*}}, __dpopt_blocks{{[_0-9]*}}, __dpopt_slot{{[_0-9]*}}, Ptr, Out);
// CONS: {{^ *}}static __global__ void __dpopt_cons_walk{{[_0-9]*}}(const __dpopt_cons_rec_walk{{[_0-9]*}} *__dpopt_records{{[_0-9]*}}, unsigned __dpopt_count{{[_0-9]*}}, unsigned __dpopt_blocks{{[_0-9]*}}, dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}}, const int * Ptr, int * Out) {
// CONS-NEXT: {{^ *}}__shared__ dpopt::rt::AggBlockLink __dpopt_cons1{{[_0-9]*}};
// CONS-NEXT: {{^ *}}dpopt::rt::aggBeginPassedGroup(__dpopt_cons1{{[_0-9]*}}, sizeof({{[_a-zA-Z0-9]+}}), __dpopt_slot{{[_0-9]*}}, 1u, (1u) * ((__dpopt_blocks{{[_0-9]*}} + gridDim.x - 1u) / gridDim.x));
// CONS-LABEL: {{^ *}}static __device__ void __dpopt_launch_cons_tiled{{[_0-9]*}}(
// CONS: {{^ *}}dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}} = dpopt::rt::aggNewGridGroup(sizeof({{[_a-zA-Z0-9]+}}), __dpopt_grid{{[_0-9]*}}, dim3(__dpopt_threads{{[_0-9]*}}), (DPOPT_AGG_LOOP_SLOTS) * ((__dpopt_blocks{{[_0-9]*}} + __dpopt_grid{{[_0-9]*}} - 1u) / __dpopt_grid{{[_0-9]*}}), 1u, __dpopt_records{{[_0-9]*}});
// CONS-NEXT: {{^ *}}dpopt::rt::AggTableSlot *__dpopt_slot{{[_0-9]*}} = dpopt::rt::aggNewGridGroup(

#include <cuda_runtime.h>

__global__ void walk(const int *Ptr, int *Out, int Node, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    int V = Ptr[Node] + I;
    Out[V] += 1;
    int Kids = Ptr[V + 1] - Ptr[V];
    if (Kids > 0)
      walk<<<(Kids + 127) / 128, 128>>>(Ptr, Out, V, Kids);
  }
}

__global__ void tiled(int *A, int N) {
  __shared__ int Tile[64];
  Tile[threadIdx.x] = A[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  A[blockIdx.x * 64 + threadIdx.x] = Tile[63 - threadIdx.x];
  if (threadIdx.x == 0 && N > 64)
    tiled<<<N / 128, 64, 0, cudaStreamFireAndForget>>>(A, N / 2);
  for (int K = 0; K < 2; ++K)
    if (threadIdx.x == 1 && N > 64)
      walk<<<1, 32, 0, cudaStreamFireAndForget>>>(A, A, K, N / 64);
}

int main() {
  int *A;
  cudaMalloc(&A, 1 << 20);
  walk<<<1, 1>>>(A, A, 0, 1);
  tiled<<<4, 64>>>(A, 512);
  cudaDeviceSynchronize();
}
