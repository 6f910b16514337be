// A child with barriers or warp-level operations, launched with a block
// size known only at run time, is aggregated and consolidated: in the clone,
// the threads past a smaller original block leave the kernel before its
// code, and a recursive clone counts out only the threads that stayed.
// A parent that returns early and keeps another device-runtime call is left
// alone (DP3025): its returned threads would wait at the kernel's end while
// warp-mates are inside that call. (Line numbers are absolute.)
// RUN: %dpopt %s --passes=aggregate --agg=grid --remarks --no-line-directives -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s --passes=consolidate --consldt=grid --no-line-directives -o %t.cons.cu 2>&1
// RUN: FileCheck --check-prefix=CONS %s < %t.cons.cu
// RUN: %nvcc-check %t.cu
// RUN: %nvcc-check %t.cons.cu
// CHECK-DAG: aggregate-varying-block.cu:52:7: remark: aggregating the launches of 'half' per grid into one launch of a clone; its blocks run whole: 'half' synchronizes its threads [-Rpass=aggregate]
// CHECK-DAG: aggregate-varying-block.cu:59:3: remark: aggregating the launches of 'half' per grid into one launch of a clone; its blocks run whole: 'half' synchronizes its threads [-Rpass=aggregate]
// CHECK-DAG: aggregate-varying-block.cu:67:3: remark: aggregating the launches of 'shuffled' per grid into one launch of a clone; its blocks run whole: 'shuffled' uses warp-level operations [-Rpass=aggregate]
// CHECK-DAG: aggregate-varying-block.cu:73:3: remark: not aggregating this launch of 'shuffled': 'leaving' returns early (aggregate-varying-block.cu:72) and also calls the device runtime (aggregate-varying-block.cu:74): a thread that returned waits for its warp-mates at the kernel's end, where it counts out of the launch group, while they may be inside that call, which hung warps on CUDA 13 (docs/cdp2-semantics.md) [-Rpass-missed=aggregate] [DP3025]
// CHECK-DAG: aggregate-varying-block.cu:81:3: remark: aggregating the launches of 'shuffled' per grid into one launch of a clone; its blocks run whole: 'shuffled' uses warp-level operations [-Rpass=aggregate]
//
// The recursive clone: the threads past the record's block leave after the
// prologue, and the epilogue counts the record's threads.
// OUT-LABEL: {{^}}static __global__ void __dpopt_agg_half{{[_0-9]*}}({{.*}}) {
// OUT: {{^ *}}dpopt::rt::aggConvergeWarp();
// OUT-NEXT: {{^ *}}// Threads past the original block leave
// OUT-NEXT: // operations then see
// OUT-NEXT: if ({{__dpopt_rank[0-9_]*}} >= dpopt::rt::aggParticipants({{__dpopt_mine[0-9_]*}}))
// OUT-NEXT: return;
// OUT: {{^ *}}if (dpopt::rt::AggTableSlot {{.*}} = dpopt::rt::aggArriveMultiBlock({{__dpopt_agg[0-9_]+}}, 0ull, dpopt::rt::aggParticipants({{__dpopt_mine[0-9_]*}}))
// OUT-LABEL: {{^}}static __global__ void __dpopt_agg_shuffled{{[_0-9]*}}({{.*}}) {
// OUT: {{^ *}}if ({{__dpopt_rank[0-9_]*}} >= dpopt::rt::aggParticipants({{__dpopt_mine[0-9_]*}}))
//
// consolidate: one original block per consolidated block, and the same exit.
// CONS: {{^ *}}const unsigned __dpopt_grid{{[_0-9]*}} = __dpopt_blocks{{[_0-9]*}}; // one block per original block
// CONS-LABEL: {{^}}static __global__ void __dpopt_cons_half{{[_0-9]*}}({{.*}}) {
// CONS: {{^ *}}unsigned [[N:__dpopt_threads[_0-9]*]] = dpopt::rt::aggBlockThreads();
// CONS: {{^ *}}[[N]] = dpopt::rt::aggParticipants({{__dpopt_mine[0-9_]*}});
// CONS-NEXT: {{^ *}}// Threads past the original block leave
// CONS-NEXT: // operations then see
// CONS-NEXT: if ({{__dpopt_rank[0-9_]*}} >= [[N]])
// CONS-NEXT: return;
// CONS: {{^ *}}if (dpopt::rt::AggTableSlot {{.*}} = dpopt::rt::aggArriveMultiBlock({{__dpopt_cons[0-9_]+}}, 0ull, [[N]])

__global__ void half(int *Seg, int Len, int *Sum) {
  int Half = (Len + 1) / 2;
  for (int I = threadIdx.x; I < Len - Half; I += blockDim.x)
    Seg[I] += Seg[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1)
      *Sum = Seg[0];
    else
      half<<<1, (Half + 1) / 2>>>(Seg, Half, Sum);
  }
}

__global__ void top(int *Data, int *Sums, const int *Len) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  int L = Len[T];
  half<<<1, (L + 1) / 2>>>(Data + T * 512, L, Sums + T);
}

__global__ void shuffled(int *Out) {
  Out[threadIdx.x] = __shfl_down_sync(__activemask(), threadIdx.x, 1);
}

__global__ void plainParent(int *Out, const int *Len) {
  shuffled<<<1, Len[threadIdx.x]>>>(Out + 64 * threadIdx.x);
}

__global__ void leaving(int *Out, const int *Len, int N) {
  if (threadIdx.x >= N)
    return;
  shuffled<<<1, Len[threadIdx.x]>>>(Out + 64 * threadIdx.x);
  if (cudaGetLastError() != cudaSuccess)
    Out[0] = -1;
}

__global__ void leavingOnly(int *Out, const int *Len, int N) {
  if (threadIdx.x >= N)
    return;
  shuffled<<<1, Len[threadIdx.x]>>>(Out + 64 * threadIdx.x);
}
