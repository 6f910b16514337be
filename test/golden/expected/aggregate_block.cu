#include "dpopt/aggregate.cuh" // dpopt's device runtime
#line 1 "aggregate_block.cu"
// DPOPT-ARGS: --passes=aggregate --agg=block
// Block groups (--agg=block): a 2-D child with shared memory and barriers
// (constant block), a launch in a loop into cudaStreamFireAndForget (several
// records per thread), and a recursive kernel whose clone aggregates its own
// launches.
#include <cuda_runtime.h>

#line 11 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'tileChild' waiting in its group
struct __dpopt_rec_tileChild : dpopt::rt::AggConfig {
  struct {
    const float * In;
    float * Out;
    int W;
    int H;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_tileChild __dpopt_make_rec_tileChild(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, const float * In, float * Out, int W, int H) {
  __dpopt_rec_tileChild __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.In = In;
  __dpopt_r.__args.Out = Out;
  __dpopt_r.__args.W = W;
  __dpopt_r.__args.H = H;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_tileChild(dpopt::rt::AggGroup &, unsigned);
// dpopt: declared here for 'tileChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_tileChild(const __dpopt_rec_tileChild *__dpopt_records, unsigned __dpopt_count);
#line 8 "aggregate_block.cu"
__global__ void tileChild(const float *In, float *Out, int W, int H) {
  __shared__ float Tile[16][16];
  int X = blockIdx.x * 16 + threadIdx.x, Y = blockIdx.y * 16 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0.0f;
  __syncthreads();
  if (X < W && Y < H)
    Out[Y * W + X] = Tile[threadIdx.x][threadIdx.y];
}

#line 46 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_tileChild(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_tileChild *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_tileChild>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 21 "aggregate_block.cu"
    return;
#line 54 "@DPOPT_OUTPUT@"
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      tileChild<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(__dpopt_records[__dpopt_index].__args.In, __dpopt_records[__dpopt_index].__args.Out, __dpopt_records[__dpopt_index].__args.W, __dpopt_records[__dpopt_index].__args.H);
    dpopt::rt::aggGiveBack();
#line 21 "aggregate_block.cu"
    return;
#line 61 "@DPOPT_OUTPUT@"
  }
  __dpopt_agg_tileChild<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count);
}

// dpopt: 'tileChild' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_tileChild(const __dpopt_rec_tileChild *__dpopt_records, unsigned __dpopt_count) {
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
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    const float * In = __dpopt_mine.__args.In;
    float * Out = __dpopt_mine.__args.Out;
    int W = __dpopt_mine.__args.W;
    int H = __dpopt_mine.__args.H;
    {
#line 9 "aggregate_block.cu"
  __shared__ float Tile[16][16];
  int X = blockIdx.x * 16 + threadIdx.x, Y = blockIdx.y * 16 + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = X < W && Y < H ? In[Y * W + X] : 0.0f;
  __syncthreads();
  if (X < W && Y < H)
    Out[Y * W + X] = Tile[threadIdx.x][threadIdx.y];
}
#line 94 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
}

#ifndef DPOPT_AGG_THRESHOLD
#define DPOPT_AGG_THRESHOLD 1u
#endif
#line 17 "aggregate_block.cu"
__global__ void tiles(const float *const *In, float *const *Out, const int *W, const int *H,
                      int N) {
#line 106 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_agg1; // launch group of the launch of 'tileChild'
  dpopt::rt::aggBeginBlock(__dpopt_agg1, sizeof(__dpopt_rec_tileChild), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 19 "aggregate_block.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
#line 115 "@DPOPT_OUTPUT@"
    goto __dpopt_exit;
#line 22 "aggregate_block.cu"
  dim3 Grid((W[T] + 15) / 16, (H[T] + 15) / 16);
#line 119 "@DPOPT_OUTPUT@"
  { // dpopt aggregate (block): one launch per group
    dim3 __dpopt_grid = Grid;
    dim3 __dpopt_block = dim3(16, 16);
    __dpopt_rec_tileChild __dpopt_r = __dpopt_make_rec_tileChild(__dpopt_grid, __dpopt_block, 0u, In[T], Out[T], W[T], H[T]);
    if (!dpopt::rt::aggRecord(__dpopt_agg1, __dpopt_r))
      tileChild<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(__dpopt_r.__args.In, __dpopt_r.__args.Out, __dpopt_r.__args.W, __dpopt_r.__args.H);
  }
}
__dpopt_exit:;
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(__dpopt_agg1, dpopt::rt::aggBlockThreads()))
    __dpopt_launch_agg_tileChild(__dpopt_agg1, DPOPT_AGG_THRESHOLD);
#line 24 "aggregate_block.cu"
}

#line 135 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'fill' waiting in its group
struct __dpopt_rec_fill : dpopt::rt::AggConfig {
  struct {
    int * A;
    int N;
    int V;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_fill __dpopt_make_rec_fill(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int * A, int N, int V) {
  __dpopt_rec_fill __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.A = A;
  __dpopt_r.__args.N = N;
  __dpopt_r.__args.V = V;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_fill(dpopt::rt::AggGroup &, unsigned);
// dpopt: declared here for 'fill' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_fill(const __dpopt_rec_fill *__dpopt_records, unsigned __dpopt_count);
#line 26 "aggregate_block.cu"
__global__ void fill(int *A, int N, int V) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    A[I] = V;
}

#line 164 "@DPOPT_OUTPUT@"
// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_fill(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_fill *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_fill>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 21 "aggregate_block.cu"
    return;
#line 172 "@DPOPT_OUTPUT@"
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      fill<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(__dpopt_records[__dpopt_index].__args.A, __dpopt_records[__dpopt_index].__args.N, __dpopt_records[__dpopt_index].__args.V);
    dpopt::rt::aggGiveBack();
#line 21 "aggregate_block.cu"
    return;
#line 179 "@DPOPT_OUTPUT@"
  }
  __dpopt_agg_fill<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count);
}

// dpopt: 'fill' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_fill(const __dpopt_rec_fill *__dpopt_records, unsigned __dpopt_count) {
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_fill __dpopt_mine = __dpopt_records[__dpopt_index];
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
    int * A = __dpopt_mine.__args.A;
    int N = __dpopt_mine.__args.N;
    int V = __dpopt_mine.__args.V;
    {
#line 27 "aggregate_block.cu"
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    A[I] = V;
}
#line 209 "@DPOPT_OUTPUT@"
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 29 "aggregate_block.cu"
}

__global__ void fills(int **Rows, const int *Len, int N) {
#line 217 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_agg2; // launch group of the launch of 'fill'
  dpopt::rt::aggBeginBlock(__dpopt_agg2, sizeof(__dpopt_rec_fill), DPOPT_AGG_LOOP_SLOTS);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 32 "aggregate_block.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
#line 225 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ for (int K = 0; T < N && K < 3; ++K)
    { // dpopt aggregate (block): one launch per group
      dim3 __dpopt_grid = 1 + Len[T] / 256;
      dim3 __dpopt_block = 256;
      __dpopt_rec_fill __dpopt_r = __dpopt_make_rec_fill(__dpopt_grid, __dpopt_block, (0), Rows[T] + K * Len[T], Len[T], K);
      if (!dpopt::rt::aggRecord(__dpopt_agg2, __dpopt_r))
        fill<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(__dpopt_r.__args.A, __dpopt_r.__args.N, __dpopt_r.__args.V);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(__dpopt_agg2, dpopt::rt::aggBlockThreads()))
    __dpopt_launch_agg_fill(__dpopt_agg2, DPOPT_AGG_THRESHOLD);
#line 35 "aggregate_block.cu"
}

#line 241 "@DPOPT_OUTPUT@"
// dpopt aggregate: a launch of 'walk' waiting in its group
struct __dpopt_rec_walk : dpopt::rt::AggConfig {
  struct {
    int Node;
  } __args;
};
static __device__ __forceinline__ __dpopt_rec_walk __dpopt_make_rec_walk(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Node) {
  __dpopt_rec_walk __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Node = Node;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_agg_walk(dpopt::rt::AggGroup &, unsigned, const int * Next, int * Seen);
// dpopt: declared here for 'walk' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_walk(const __dpopt_rec_walk *__dpopt_records, unsigned __dpopt_count, const int * Next, int * Seen);
#line 37 "aggregate_block.cu"
__global__ void walk(const int *Next, int *Seen, int Node) {
#line 262 "@DPOPT_OUTPUT@"
  // dpopt aggregate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_agg3; // launch group of the launch of 'walk'
  dpopt::rt::aggBeginBlock(__dpopt_agg3, sizeof(__dpopt_rec_walk), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 38 "aggregate_block.cu"
  int Child = Next[Node * 4 + threadIdx.x];
#line 270 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Child >= 0 && atomicExch(&Seen[Child], 1) == 0)
    { // dpopt aggregate (block): one launch per group
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 4;
      __dpopt_rec_walk __dpopt_r = __dpopt_make_rec_walk(__dpopt_grid, __dpopt_block, 0u, Child);
      if (!dpopt::rt::aggRecord(__dpopt_agg3, __dpopt_r))
        walk<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Next, Seen, __dpopt_r.__args.Node);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(__dpopt_agg3, dpopt::rt::aggBlockThreads()))
    __dpopt_launch_agg_walk(__dpopt_agg3, DPOPT_AGG_THRESHOLD, Next, Seen);
}

// dpopt aggregate: the last thread of a group launches its records
static __device__ void __dpopt_launch_agg_walk(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_threshold, const int * Next, int * Seen) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_rec_walk *__dpopt_records = dpopt::rt::aggTake<__dpopt_rec_walk>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 21 "aggregate_block.cu"
    return;
#line 292 "@DPOPT_OUTPUT@"
  if (__dpopt_count < __dpopt_threshold) { // too few to be worth aggregating
    for (unsigned __dpopt_index = 0; __dpopt_index < __dpopt_count; ++__dpopt_index)
      walk<<<__dpopt_records[__dpopt_index].__grid, __dpopt_records[__dpopt_index].__block, __dpopt_records[__dpopt_index].__shmem, cudaStreamFireAndForget>>>(Next, Seen, __dpopt_records[__dpopt_index].__args.Node);
    dpopt::rt::aggGiveBack();
#line 21 "aggregate_block.cu"
    return;
#line 299 "@DPOPT_OUTPUT@"
  }
  __dpopt_agg_walk<<<__dpopt_blocks, dpopt::rt::aggMaxThreads(__dpopt_group), dpopt::rt::aggMaxShmem(__dpopt_group), cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, Next, Seen);
}

// dpopt: 'walk' aggregated: each block finds and runs one original launch's block (aggregate)
static __global__ void __dpopt_agg_walk(const __dpopt_rec_walk *__dpopt_records, unsigned __dpopt_count, const int * Next, int * Seen) {
  __shared__ dpopt::rt::AggGroup __dpopt_agg3; // launch group of the launch of 'walk'
  dpopt::rt::aggBeginBlock(__dpopt_agg3, sizeof(__dpopt_rec_walk), 1u);
  // Find this block's original launch (the first record whose blocks end
  // past it), copy it, and let the chunk go once every block has.
  const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, blockIdx.x);
  const __dpopt_rec_walk __dpopt_mine = __dpopt_records[__dpopt_index];
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggChildRelease(__dpopt_records);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Node = __dpopt_mine.__args.Node;
    {
#line 38 "aggregate_block.cu"
  int Child = Next[Node * 4 + threadIdx.x];
#line 323 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Child >= 0 && atomicExch(&Seen[Child], 1) == 0)
    { // dpopt aggregate (block): one launch per group
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 4;
      __dpopt_rec_walk __dpopt_r = __dpopt_make_rec_walk(__dpopt_grid, __dpopt_block, 0u, Child);
      if (!dpopt::rt::aggRecord(__dpopt_agg3, __dpopt_r))
        walk<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Next, Seen, __dpopt_r.__args.Node);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  }
  dpopt::rt::syncLanes(__dpopt_warp);
  }
  // dpopt aggregate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(__dpopt_agg3, dpopt::rt::aggBlockThreads()))
    __dpopt_launch_agg_walk(__dpopt_agg3, DPOPT_AGG_THRESHOLD, Next, Seen);
#line 41 "aggregate_block.cu"
}
