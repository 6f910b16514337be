#include "dpopt/aggregate.cuh" // dpopt's device runtime
#line 1 "aggregate_patterns.cu"
// DPOPT-ARGS: --passes=aggregate
// What the aggregate pass rewrites (GPU-verified in test/gpu/aggregate): the
// default block granularity after early returns and under a condition, a
// '#pragma dp aggregate(warp) agg_threshold(4)' loop of independent
// launches, multi-block groups with a 2-D child that uses shared memory and
// barriers (constant block), a grid group with a 3-D child, a child with
// dynamic shared memory, and a kernel that launches itself.
#include <cuda_runtime.h>

#line 13 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'addChild' waiting in its group
struct __dpopt_rec_addChild : dpopt::rt::AggConfig {
  struct {
    int Base;
    int Len;
    int Value;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_addChild __dpopt_make_rec_addChild(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Base, int Len, int Value) {
  __dpopt_rec_addChild __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Base = Base;
  __dpopt_r.__args.Len = Len;
  __dpopt_r.__args.Value = Value;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_addChild(dpopt::rt::AggGroup &, unsigned, int * Out);
// dpopt: declared here for 'addChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_addChild(const __dpopt_rec_addChild *__dpopt_records, unsigned __dpopt_count, int * Out);
#line 10 "aggregate_patterns.cu"
__global__ void addChild(int *Out, int Base, int Len, int Value) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Len)
    return;
  atomicAdd(&Out[Base + I], Value);
}

#line 44 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_addChild(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_addChild *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_addChild>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      addChild<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_records[__dpopt_index].__args.Base, __dpopt_records[__dpopt_index].__args.Len, __dpopt_records[__dpopt_index].__args.Value);
    dpopt::rt::aggGiveBack();
    return;
  }
  if (__dpopt_blocks == 0) { // no record has a thread that does anything
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_addChild<<<dpopt::rt::aggPackedBlocks(__dpopt_blocks, __dpopt_group), dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, Out);
}

// dpopt: 'addChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_addChild(const __dpopt_rec_addChild *__dpopt_records, unsigned __dpopt_count, int * Out) {
  // Packed: find this thread's original launch (the first record whose threads
  // end past it) and thread, and let the chunk go once every block has.
  const unsigned __dpopt_thread = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned __dpopt_threads = __dpopt_records[__dpopt_count - 1].__end;
  const unsigned __dpopt_index = __dpopt_thread < __dpopt_threads ? dpopt::rt::aggFind(__dpopt_records, __dpopt_count, __dpopt_thread) : 0u;
  const __dpopt_rec_addChild __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_local_thread = __dpopt_thread - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_thread < __dpopt_threads) {
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_thread / (__dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z), __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_local_thread % (__dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z), __dpopt_mine.__block);
    int Base = __dpopt_mine.__args.Base;
    int Len = __dpopt_mine.__args.Len;
    int Value = __dpopt_mine.__args.Value;
    {
#line 11 "aggregate_patterns.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Len)
#line 88 "@DPOPT_OUTPUT@"
    goto __dpopt_done;
#line 14 "aggregate_patterns.cu"
  atomicAdd(&Out[Base + I], Value);
}
#line 93 "@DPOPT_OUTPUT@"
    __dpopt_done:;
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 15 "aggregate_patterns.cu"
}

__global__ void condParent(int *Out, int N) {
#line 102 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg1; // launch group of the launch of 'addChild'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg1, sizeof(__dpopt_rec_addChild), 1u, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_addChild)), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 18 "aggregate_patterns.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
#line 111 "@DPOPT_OUTPUT@"
    goto __dpopt_exit;
#line 21 "aggregate_patterns.cu"
  int Len = T % 7 + 1;
#line 115 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (T % 2 == 0)
    { // dpopt aggregate (grid, as far as its records fit): one launch per group
      dim3 __dpopt_grid = (Len + 31) / 32;
      dim3 __dpopt_block = T % 4 == 1 ? 64 : 32;
      __dpopt_rec_addChild __dpopt_r = __dpopt_make_rec_addChild(__dpopt_grid, __dpopt_block, 0u, T * 8, Len, T % 5 + 1);
      if (!dpopt::rt::aggRecord(__dpopt_agg1.__slot->__group, __dpopt_r, 1024u, dpopt::rt::aggUsefulThreads(__dpopt_r, static_cast<int>(__dpopt_r.__args.Len), false)))
        addChild<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_r.__args.Base, __dpopt_r.__args.Len, __dpopt_r.__args.Value);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
__dpopt_exit:;
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg1, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_addChild)))) {
    __dpopt_launch_agg_addChild(__dpopt_last->__group, 0u, Out);
    dpopt::rt::aggLeave(__dpopt_last);
  }
#line 24 "aggregate_patterns.cu"
}

__global__ void loopParent(int *Out, int N) {
#line 135 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_agg2[32]; // launch group of the launch of 'addChild'
  dpopt::rt::aggBeginWarp(__dpopt_agg2, sizeof(__dpopt_rec_addChild), DPOPT_AGG_LOOP_SLOTS);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 27 "aggregate_patterns.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
#line 143 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ for (int K = 0; K < T % 6 && T < N; ++K) {
// #pragma dp aggregate(warp) agg_threshold(4) -- dpopt rewrote the launch it was on
    { // dpopt aggregate (warp): one launch per group
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 32;
      __dpopt_rec_addChild __dpopt_r = __dpopt_make_rec_addChild(__dpopt_grid, __dpopt_block, 0u, T + K * 17, K + 1, 1);
      if (!dpopt::rt::aggRecord(dpopt::rt::aggWarpGroup(__dpopt_agg2), __dpopt_r, 1024u, dpopt::rt::aggUsefulThreads(__dpopt_r, static_cast<int>(__dpopt_r.__args.Len), false)))
        addChild<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_r.__args.Base, __dpopt_r.__args.Len, __dpopt_r.__args.Value);
    }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(dpopt::rt::aggWarpGroup(__dpopt_agg2), dpopt::rt::aggWarpMembers()))
    __dpopt_launch_agg_addChild(dpopt::rt::aggWarpGroup(__dpopt_agg2), 4u, Out);
#line 32 "aggregate_patterns.cu"
}

#line 161 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'tileChild' waiting in its group
struct __dpopt_rec_tileChild : dpopt::rt::AggConfig {
  struct {
    int W;
    int H;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_tileChild __dpopt_make_rec_tileChild(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int W, int H) {
  __dpopt_rec_tileChild __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.W = W;
  __dpopt_r.__args.H = H;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_tileChild(dpopt::rt::AggGroup &, unsigned, const int * In, int * Out);
// dpopt: declared here for 'tileChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_tileChild(const __dpopt_rec_tileChild *__dpopt_records, unsigned __dpopt_count, const int * In, int * Out);
#line 34 "aggregate_patterns.cu"
__global__ void tileChild(const int *In, int *Out, int W, int H) {
  __shared__ int Tile[8][8];
  int X = blockIdx.x * 8 + threadIdx.x, Y = blockIdx.y * 8 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0;
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0)
    atomicAdd(&Out[blockIdx.y * gridDim.x + blockIdx.x], Tile[0][0] + Tile[7][7]);
}

#line 192 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_tileChild(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, const int * In, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_tileChild *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_tileChild>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      tileChild<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(In, Out, __dpopt_records[__dpopt_index].__args.W, __dpopt_records[__dpopt_index].__args.H);
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_tileChild<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, In, Out);
}

// dpopt: 'tileChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_tileChild(const __dpopt_rec_tileChild *__dpopt_records, unsigned __dpopt_count, const int * In, int * Out) {
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_tileChild __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_local_block = blockIdx.x - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const dim3 gridDim = __dpopt_mine.__grid;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int W = __dpopt_mine.__args.W;
    int H = __dpopt_mine.__args.H;
    {
#line 35 "aggregate_patterns.cu"
  __shared__ int Tile[8][8];
  int X = blockIdx.x * 8 + threadIdx.x, Y = blockIdx.y * 8 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0;
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0)
    atomicAdd(&Out[blockIdx.y * gridDim.x + blockIdx.x], Tile[0][0] + Tile[7][7]);
}
#line 235 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 41 "aggregate_patterns.cu"
}

__global__ void tileParent(const int *In, int *Out, int N) {
#line 243 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg3; // launch group of the launch of 'tileChild'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg3, sizeof(__dpopt_rec_tileChild), 3u, 4ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 44 "aggregate_patterns.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
#line 251 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (T < N) {
#line 46 "aggregate_patterns.cu"
    int W = 8 + T % 23, H = 5 + T % 11;
#line 255 "@DPOPT_OUTPUT@"
// #pragma dp aggregate(multiblock:4) -- dpopt rewrote the launch it was on
    { // dpopt aggregate (multiblock:4): one launch per group
      dim3 __dpopt_grid = dim3((W + 7) / 8, (H + 7) / 8);
      dim3 __dpopt_block = dim3(8, 8);
      __dpopt_rec_tileChild __dpopt_r = __dpopt_make_rec_tileChild(__dpopt_grid, __dpopt_block, 0u, W, H);
      if (!dpopt::rt::aggRecord(__dpopt_agg3.__slot->__group, __dpopt_r))
        tileChild<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(In, Out, __dpopt_r.__args.W, __dpopt_r.__args.H);
    }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg3, 4ull)) {
    __dpopt_launch_agg_tileChild(__dpopt_last->__group, 0u, In, Out);
    dpopt::rt::aggLeave(__dpopt_last);
#line 49 "aggregate_patterns.cu"
  }
}

#line 274 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'cubeChild' waiting in its group
struct __dpopt_rec_cubeChild : dpopt::rt::AggConfig {
  struct {
    int Base;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_cubeChild __dpopt_make_rec_cubeChild(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Base) {
  __dpopt_rec_cubeChild __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Base = Base;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_cubeChild(dpopt::rt::AggGroup &, unsigned, int * Out);
// dpopt: declared here for 'cubeChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_cubeChild(const __dpopt_rec_cubeChild *__dpopt_records, unsigned __dpopt_count, int * Out);
#line 52 "aggregate_patterns.cu"
__global__ void cubeChild(int *Out, int Base) {
  unsigned B = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  atomicAdd(&Out[Base + B * blockDim.x * blockDim.y * blockDim.z + threadIdx.z], 1);
}

#line 299 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_cubeChild(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_cubeChild *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_cubeChild>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      cubeChild<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_records[__dpopt_index].__args.Base);
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_cubeChild<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, Out);
}

// dpopt: 'cubeChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_cubeChild(const __dpopt_rec_cubeChild *__dpopt_records, unsigned __dpopt_count, int * Out) {
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_cubeChild __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_local_block = blockIdx.x - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const dim3 gridDim = __dpopt_mine.__grid;
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Base = __dpopt_mine.__args.Base;
    {
#line 53 "aggregate_patterns.cu"
  unsigned B = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  atomicAdd(&Out[Base + B * blockDim.x * blockDim.y * blockDim.z + threadIdx.z], 1);
}
#line 338 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 55 "aggregate_patterns.cu"
}

__global__ void cubeParent(int *Out, int N) {
#line 346 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg4; // launch group of the launch of 'cubeChild'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg4, sizeof(__dpopt_rec_cubeChild), 4u, 0ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 58 "aggregate_patterns.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
#line 354 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (T < N) {
// #pragma dp aggregate(grid) -- dpopt rewrote the launch it was on
    { // dpopt aggregate (grid): one launch per group
      dim3 __dpopt_grid = dim3(1 + T % 2, 2, 1 + T % 3);
      dim3 __dpopt_block = dim3(2, 1 + T % 2, 3);
      __dpopt_rec_cubeChild __dpopt_r = __dpopt_make_rec_cubeChild(__dpopt_grid, __dpopt_block, 0u, T * 3);
      if (!dpopt::rt::aggRecord(__dpopt_agg4.__slot->__group, __dpopt_r))
        cubeChild<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_r.__args.Base);
    }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg4, 0ull)) {
    __dpopt_launch_agg_cubeChild(__dpopt_last->__group, 0u, Out);
    dpopt::rt::aggLeave(__dpopt_last);
#line 62 "aggregate_patterns.cu"
  }
}

#line 374 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'dynChild' waiting in its group
struct __dpopt_rec_dynChild : dpopt::rt::AggConfig {
  struct {
    int Value;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_dynChild __dpopt_make_rec_dynChild(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Value) {
  __dpopt_rec_dynChild __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Value = Value;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_dynChild(dpopt::rt::AggGroup &, unsigned, int * Out);
// dpopt: declared here for 'dynChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_dynChild(const __dpopt_rec_dynChild *__dpopt_records, unsigned __dpopt_count, int * Out);
#line 65 "aggregate_patterns.cu"
__global__ void dynChild(int *Out, int Value) {
  extern __shared__ int Buf[];
  Buf[threadIdx.x] = Value + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(&Out[blockIdx.x], Buf[63]);
}

#line 402 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_dynChild(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_dynChild *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_dynChild>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      dynChild<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_records[__dpopt_index].__args.Value);
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_dynChild<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, Out);
}

// dpopt: 'dynChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_dynChild(const __dpopt_rec_dynChild *__dpopt_records, unsigned __dpopt_count, int * Out) {
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_dynChild __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_local_block = blockIdx.x - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Value = __dpopt_mine.__args.Value;
    {
#line 66 "aggregate_patterns.cu"
  extern __shared__ int Buf[];
  Buf[threadIdx.x] = Value + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(&Out[blockIdx.x], Buf[63]);
}
#line 442 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 71 "aggregate_patterns.cu"
}

__global__ void dynParent(int *Out, int N) {
#line 450 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg5; // launch group of the launch of 'dynChild'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg5, sizeof(__dpopt_rec_dynChild), 5u, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_dynChild)), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 74 "aggregate_patterns.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
#line 458 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (T < N && T % 4 != 0)
    { // dpopt aggregate (grid, as far as its records fit): one launch per group
      dim3 __dpopt_grid = 1 + T % 3;
      dim3 __dpopt_block = 64;
      __dpopt_rec_dynChild __dpopt_r = __dpopt_make_rec_dynChild(__dpopt_grid, __dpopt_block, ((64 + T % 9) * sizeof(int)), T % 13);
      if (!dpopt::rt::aggRecord(__dpopt_agg5.__slot->__group, __dpopt_r))
        dynChild<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_r.__args.Value);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg5, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_dynChild)))) {
    __dpopt_launch_agg_dynChild(__dpopt_last->__group, 0u, Out);
    dpopt::rt::aggLeave(__dpopt_last);
  }
#line 77 "aggregate_patterns.cu"
}

#line 476 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'treeVisit' waiting in its group
struct __dpopt_rec_treeVisit : dpopt::rt::AggConfig {
  struct {
    char __none;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_treeVisit __dpopt_make_rec_treeVisit(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem) {
  __dpopt_rec_treeVisit __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_treeVisit(dpopt::rt::AggGroup &, unsigned, int * Out, int Depth);
// dpopt: declared here for 'treeVisit' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_treeVisit(const __dpopt_rec_treeVisit *__dpopt_records, unsigned __dpopt_count, int * Out, int Depth);
#line 79 "aggregate_patterns.cu"
__global__ void treeVisit(int *Out, int Depth) {
#line 496 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg6; // launch group of the launch of 'treeVisit'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg6, sizeof(__dpopt_rec_treeVisit), 6u, 32ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 80 "aggregate_patterns.cu"
  atomicAdd(&Out[Depth], 1);
#line 504 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Depth > 0 && threadIdx.x % 16 == 0)
    { // dpopt aggregate (multiblock:32): one launch per group
      dim3 __dpopt_grid = 2;
      dim3 __dpopt_block = 32;
      __dpopt_rec_treeVisit __dpopt_r = __dpopt_make_rec_treeVisit(__dpopt_grid, __dpopt_block, 0u);
      if (!dpopt::rt::aggRecord(__dpopt_agg6.__slot->__group, __dpopt_r))
        treeVisit<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, Depth - 1);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg6, 32ull)) {
    __dpopt_launch_agg_treeVisit(__dpopt_last->__group, 0u, Out, Depth - 1);
    dpopt::rt::aggLeave(__dpopt_last);
  }
}

// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_treeVisit(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, int * Out, int Depth) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_treeVisit *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_treeVisit>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
    return;
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      treeVisit<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(Out, Depth);
    dpopt::rt::aggGiveBack();
    return;
  }
  __dpopt_agg_treeVisit<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, Out, Depth);
}

// dpopt: 'treeVisit' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_treeVisit(const __dpopt_rec_treeVisit *__dpopt_records, unsigned __dpopt_count, int * Out, int Depth) {
  __shared__ dpopt::rt::AggBlockLink __dpopt_agg6; // launch group of the launch of 'treeVisit'
  dpopt::rt::aggBeginMultiBlock(__dpopt_agg6, sizeof(__dpopt_rec_treeVisit), 6u, 32ull, 1u);
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_treeVisit __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    {
#line 80 "aggregate_patterns.cu"
  atomicAdd(&Out[Depth], 1);
#line 554 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Depth > 0 && threadIdx.x % 16 == 0)
    { // dpopt aggregate (multiblock:32): one launch per group
      dim3 __dpopt_grid = 2;
      dim3 __dpopt_block = 32;
      __dpopt_rec_treeVisit __dpopt_r = __dpopt_make_rec_treeVisit(__dpopt_grid, __dpopt_block, 0u);
      if (!dpopt::rt::aggRecord(__dpopt_agg6.__slot->__group, __dpopt_r))
        treeVisit<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, Depth - 1);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_agg6, 32ull)) {
    __dpopt_launch_agg_treeVisit(__dpopt_last->__group, 0u, Out, Depth - 1);
    dpopt::rt::aggLeave(__dpopt_last);
  }
#line 83 "aggregate_patterns.cu"
}
