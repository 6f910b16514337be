#include "dpopt/runtime.cuh" // dpopt's device runtime
#include "dpopt/aggregate.cuh" // dpopt's device runtime
#line 1 "compose_aggregate_coarsen_threshold.cu"
// DPOPT-ARGS: --passes=aggregate,coarsen,threshold
// The reverse of the default order: aggregate first (its clone calls the
// runtime, so coarsen and threshold then leave the aggregated launch alone,
// with remarks), then the direct launch a full pool falls back to is
// coarsened and thresholded like any other.
#include <cuda_runtime.h>

#line 12 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'child' waiting in its group
struct __dpopt_rec_child : dpopt::rt::AggConfig {
  struct {
    int Begin;
    int Degree;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_child __dpopt_make_rec_child(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Begin, int Degree) {
  __dpopt_rec_child __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Begin = Begin;
  __dpopt_r.__args.Degree = Degree;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_child(dpopt::rt::AggGroup &, unsigned, const int * Col, int * Level, int Next);
// dpopt: declared here for 'child' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_child(const __dpopt_rec_child *__dpopt_records, unsigned __dpopt_count, const int * Col, int * Level, int Next);
// dpopt: declared here for 'child' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_child(dim3 __dpopt_gridDim, const int *Col, int Begin, int Degree, int *Level, int Next);
#line 8 "compose_aggregate_coarsen_threshold.cu"
__global__ void child(const int *Col, int Begin, int Degree, int *Level, int Next) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree && Level[Col[Begin + I]] < 0)
    Level[Col[Begin + I]] = Next;
}

#line 42 "@DPOPT_OUTPUT@"
// dpopt: 'child' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_child(dim3 __dpopt_gridDim, const int *Col, int Begin, int Degree, int *Level, int Next) {
  for (unsigned __dpopt_bz = blockIdx.z; __dpopt_bz < __dpopt_gridDim.z; __dpopt_bz += gridDim.z)
  for (unsigned __dpopt_by = blockIdx.y; __dpopt_by < __dpopt_gridDim.y; __dpopt_by += gridDim.y)
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, __dpopt_bz);
    {
#line 9 "compose_aggregate_coarsen_threshold.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree && Level[Col[Begin + I]] < 0)
    Level[Col[Begin + I]] = Next;
}
#line 56 "@DPOPT_OUTPUT@"
  }
}

// dpopt aggregate: the last thread of a group launches its records
#ifndef DPOPT_COARSEN_FACTOR
#define DPOPT_COARSEN_FACTOR 8
#endif
static __device__ void __dpopt_launch_agg_child(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, const int * Col, int * Level, int Next) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_child *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_child>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 17 "compose_aggregate_coarsen_threshold.cu"
    return;
#line 70 "@DPOPT_OUTPUT@"
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_records[__dpopt_index].__grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(__dpopt_grid_2, Col, __dpopt_records[__dpopt_index].__args.Begin, __dpopt_records[__dpopt_index].__args.Degree, Level, Next);
      }
    dpopt::rt::aggGiveBack();
#line 17 "compose_aggregate_coarsen_threshold.cu"
    return;
#line 80 "@DPOPT_OUTPUT@"
  }
  if (__dpopt_blocks == 0) { // no record has a thread that does anything
    dpopt::rt::aggGiveBack();
#line 17 "compose_aggregate_coarsen_threshold.cu"
    return;
#line 86 "@DPOPT_OUTPUT@"
  }
  __dpopt_agg_child<<<dpopt::rt::aggPackedBlocks(__dpopt_blocks, __dpopt_group), dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, Col, Level, Next);
}

// dpopt: 'child' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_child(const __dpopt_rec_child *__dpopt_records, unsigned __dpopt_count, const int * Col, int * Level, int Next) {
  // Packed: find this thread's original launch (the first record whose threads
  // end past it) and thread, and let the chunk go once every block has.
  const unsigned __dpopt_thread = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned __dpopt_threads = __dpopt_records[__dpopt_count - 1].__end;
  const unsigned __dpopt_index = __dpopt_thread < __dpopt_threads ? dpopt::rt::aggFind(__dpopt_records, __dpopt_count, __dpopt_thread) : 0u;
  const __dpopt_rec_child __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_local_thread = __dpopt_thread - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_thread < __dpopt_threads) {
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_thread / (__dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z), __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_local_thread % (__dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z), __dpopt_mine.__block);
    int Begin = __dpopt_mine.__args.Begin;
    int Degree = __dpopt_mine.__args.Degree;
    {
#line 9 "compose_aggregate_coarsen_threshold.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree && Level[Col[Begin + I]] < 0)
    Level[Col[Begin + I]] = Next;
}
#line 116 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 12 "compose_aggregate_coarsen_threshold.cu"
}

__global__ void parent(const int *RowPtr, const int *Col, int *Level, int N, int Cur) {
#line 124 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg1; // launch group of the launch of 'child'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, sizeof(__dpopt_rec_child), 1u, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_child)), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 15 "compose_aggregate_coarsen_threshold.cu"
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N || Level[V] != Cur)
#line 133 "@DPOPT_OUTPUT@"
    goto __dpopt_exit;
#line 18 "compose_aggregate_coarsen_threshold.cu"
  int Begin = RowPtr[V], Degree = RowPtr[V + 1] - Begin;
#line 137 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Degree > 0)
    { // dpopt aggregate (grid, as far as its records fit): one launch per group
      dim3 __dpopt_grid = (Degree + 127) / 128;
      dim3 __dpopt_block = 128;
      __dpopt_rec_child __dpopt_r = __dpopt_make_rec_child(__dpopt_grid, __dpopt_block, 0u, Begin, Degree);
      if (!dpopt::rt::aggRecord(__dpopt_agg1.__slot->__group, __dpopt_r, 1024u, dpopt::rt::aggUsefulThreads(__dpopt_r, static_cast<int>(__dpopt_r.__args.Degree), false)))
        { // dpopt coarsen: fewer, fuller child blocks
          dim3 __dpopt_grid_2 = __dpopt_r.__grid;
          __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(__dpopt_grid_2, Col, __dpopt_r.__args.Begin, __dpopt_r.__args.Degree, Level, Cur + 1);
        }
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
__dpopt_exit:;
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg1, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_child)))) {
    __dpopt_launch_agg_child(__dpopt_last->__group, 0u, Col, Level, Cur + 1);
    dpopt::rt::aggLeave(__dpopt_last);
  }
#line 21 "compose_aggregate_coarsen_threshold.cu"
}
