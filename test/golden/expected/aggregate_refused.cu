#include "dpopt/aggregate.cuh" // dpopt's device runtime
#line 1 "aggregate_refused.cu"
// DPOPT-ARGS: --passes=aggregate
// Launches the aggregate pass must leave alone, each with its reason (see
// the lit test aggregate-remarks.test), and two it once left alone.
#include <cuda_runtime.h>

extern __device__ int elsewhere(int);

__global__ void plain(int *A, int N) {
  if (threadIdx.x < N)
    A[threadIdx.x] = N;
}
// Barriers, warp operations, run-time block size: aggregated (threads leave).
#line 16 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'usesBarrier' waiting in its group
struct __dpopt_rec_usesBarrier : dpopt::rt::AggConfig {
  struct {
    char __none;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_usesBarrier __dpopt_make_rec_usesBarrier(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem) {
  __dpopt_rec_usesBarrier __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_usesBarrier(dpopt::rt::AggGroup &, unsigned, int * A);
// dpopt: declared here for 'usesBarrier' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_usesBarrier(const __dpopt_rec_usesBarrier *__dpopt_records, unsigned __dpopt_count, int * A);
#line 13 "aggregate_refused.cu"
__global__ void usesBarrier(int *A) {
  A[threadIdx.x] = 1;
  __syncthreads();
}

#line 40 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_usesBarrier(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, int * A) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_usesBarrier *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_usesBarrier>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      usesBarrier<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(A);
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_usesBarrier<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, A);
}

// dpopt: 'usesBarrier' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_usesBarrier(const __dpopt_rec_usesBarrier *__dpopt_records, unsigned __dpopt_count, int * A) {
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_usesBarrier __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Threads past the original block leave: its barriers and warp
  // operations then see only its own threads, as in its own grid.
  if (__dpopt_rank >= dpopt::rt::aggParticipants(__dpopt_mine))
    return;
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    {
#line 14 "aggregate_refused.cu"
  A[threadIdx.x] = 1;
  __syncthreads();
}
#line 78 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
}
// dpopt aggregate: a launch of 'usesShuffle' waiting in its group
struct __dpopt_rec_usesShuffle : dpopt::rt::AggConfig {
  struct {
    char __none;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_usesShuffle __dpopt_make_rec_usesShuffle(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem) {
  __dpopt_rec_usesShuffle __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_usesShuffle(dpopt::rt::AggGroup &, unsigned, int * A);
// dpopt: declared here for 'usesShuffle' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_usesShuffle(const __dpopt_rec_usesShuffle *__dpopt_records, unsigned __dpopt_count, int * A);
#line 17 "aggregate_refused.cu"
__global__ void usesShuffle(int *A) { A[threadIdx.x] = __shfl_down_sync(~0u, A[0], 1); }

#line 103 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_usesShuffle(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, int * A) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_usesShuffle *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_usesShuffle>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      usesShuffle<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(A);
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_usesShuffle<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, A);
}

// dpopt: 'usesShuffle' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_usesShuffle(const __dpopt_rec_usesShuffle *__dpopt_records, unsigned __dpopt_count, int * A) {
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_usesShuffle __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Threads past the original block leave: its barriers and warp
  // operations then see only its own threads, as in its own grid.
  if (__dpopt_rank >= dpopt::rt::aggParticipants(__dpopt_mine))
    return;
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    { A[threadIdx.x] = __shfl_down_sync(~0u, A[0], 1); }
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
}
#line 18 "aggregate_refused.cu"
__global__ void usesUnknown(int *A) { A[threadIdx.x] = elsewhere(threadIdx.x); }
__global__ void usesAsm(int *A) { asm volatile("membar.gl;"); }
template <typename T> __global__ void generic(T *A) { A[threadIdx.x] = T(); }

#line 146 "@DPOPT_OUTPUT@"
__global__ void barrierParent(int *A, int N) {
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg1; // launch group of the launch of 'usesBarrier'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, sizeof(__dpopt_rec_usesBarrier), 1u, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_usesBarrier)), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  { { // dpopt aggregate (grid, as far as its records fit): one launch per group
  dim3 __dpopt_grid = 1;
  dim3 __dpopt_block = N;
  __dpopt_rec_usesBarrier __dpopt_r = __dpopt_make_rec_usesBarrier(__dpopt_grid, __dpopt_block, 0u);
  if (!dpopt::rt::aggRecord(__dpopt_agg1.__slot->__group, __dpopt_r))
    usesBarrier<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(A);
} }
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg1, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_usesBarrier)))) {
    __dpopt_launch_agg_usesBarrier(__dpopt_last->__group, 0u, A);
    dpopt::rt::aggLeave(__dpopt_last);
  }
}
__global__ void shuffleParent(int *A, int N) {
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg2; // launch group of the launch of 'usesShuffle'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg2, sizeof(__dpopt_rec_usesShuffle), 2u, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_usesShuffle)), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  { { // dpopt aggregate (grid, as far as its records fit): one launch per group
  dim3 __dpopt_grid = 1;
  dim3 __dpopt_block = N;
  __dpopt_rec_usesShuffle __dpopt_r = __dpopt_make_rec_usesShuffle(__dpopt_grid, __dpopt_block, 0u);
  if (!dpopt::rt::aggRecord(__dpopt_agg2.__slot->__group, __dpopt_r))
    usesShuffle<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(A);
} }
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg2, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_usesShuffle)))) {
    __dpopt_launch_agg_usesShuffle(__dpopt_last->__group, 0u, A);
    dpopt::rt::aggLeave(__dpopt_last);
  }
}
#line 24 "aggregate_refused.cu"
__global__ void unknownParent(int *A) { usesUnknown<<<1, 32>>>(A); }
__global__ void asmChildParent(int *A) { usesAsm<<<1, 32>>>(A); }
__global__ void templateParent(int *A) { generic<int><<<1, 32>>>(A); }

// In an ordered stream, more than once per thread, outside a kernel.
__device__ void helper(int *A) { plain<<<1, 32>>>(A, 4); }
__global__ void orderedLaunches(int *A, int N, cudaStream_t S) {
  for (int I = 0; I < N; ++I)
    plain<<<1, 32>>>(A, I);
  plain<<<1, 32, 0, S>>>(A, N);
  helper(A);
}

// A parent with inline assembly, and a site switched off.
__global__ void asmParent(int *A) {
  asm volatile("membar.gl;");
  plain<<<1, 32>>>(A, 1);
}
__global__ void offParent(int *A) {
#pragma dp off
  plain<<<1, 32>>>(A, 1);
}
__global__ void twoLaunches(int *A) {
  plain<<<1, 32>>>(A, 1);
  plain<<<1, 32>>>(A, 2);
}
