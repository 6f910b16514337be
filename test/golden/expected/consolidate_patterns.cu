#include "dpopt/consolidate.cuh" // dpopt's device runtime
#line 1 "consolidate_patterns.cu"
// DPOPT-ARGS: --passes=consolidate
// Consolidation shapes: multi-block (block level), thread-mapped with a
// custom buffer and threads(N) (warp level), solo block with shared memory
// (grid level), a recursive kernel (grid level).
#include <cuda_runtime.h>

#line 10 "@DPOPT_OUTPUT@"
// dpopt consolidate: a work item of 'edges'
struct __dpopt_cons_rec_edges : dpopt::rt::AggConfig {
  struct {
    int Begin;
    int Degree;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_edges __dpopt_make_cons_rec_edges(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Begin, int Degree) {
  __dpopt_cons_rec_edges __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Begin = Begin;
  __dpopt_r.__args.Degree = Degree;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_edges(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, const int *, int *);
// dpopt: declared here for 'edges' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_edges(const __dpopt_cons_rec_edges *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, const int * Col, int * Out);
#line 7 "consolidate_patterns.cu"
__global__ void edges(const int *Col, int *Out, int Begin, int Degree) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree)
    atomicAdd(&Out[Col[Begin + I]], 1);
}

#line 38 "@DPOPT_OUTPUT@"
// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_edges(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, const int * Col, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_edges *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_edges>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 25 "consolidate_patterns.cu"
    return;
#line 46 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = dpopt::rt::aggMaxThreads(__dpopt_group); // one original block per block
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_edges), __dpopt_threads, __dpopt_shmem, __dpopt_kc, __dpopt_blocks, __dpopt_want_blocks);
  __dpopt_cons_edges<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, Col, Out);
}

// dpopt: 'edges' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_edges(const __dpopt_cons_rec_edges *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, const int * Col, int * Out) {
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Each block runs one original block at a time until the work is done.
  for (unsigned __dpopt_item = blockIdx.x; __dpopt_item < __dpopt_blocks; __dpopt_item += gridDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_edges __dpopt_mine = __dpopt_records[__dpopt_index];
    const unsigned __dpopt_local_block = static_cast<unsigned>(__dpopt_item) - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
    {
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Begin = __dpopt_mine.__args.Begin;
    int Degree = __dpopt_mine.__args.Degree;
    {
#line 8 "consolidate_patterns.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree)
    atomicAdd(&Out[Col[Begin + I]], 1);
}
#line 76 "@DPOPT_OUTPUT@"
    }
    dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
  dpopt::rt::aggChildRelease(__dpopt_records);
}

// dpopt consolidate: a work item of 'single'
struct __dpopt_cons_rec_single : dpopt::rt::AggConfig {
  struct {
    int V;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_single __dpopt_make_cons_rec_single(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int V) {
  __dpopt_cons_rec_single __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.V = V;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_single(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, int *);
// dpopt: declared here for 'single' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_single(const __dpopt_cons_rec_single *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, int * Out);
#line 13 "consolidate_patterns.cu"
__global__ void single(int *Out, int V) { Out[V] += 1; }

#line 105 "@DPOPT_OUTPUT@"
// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_single(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_single *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_single>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 25 "consolidate_patterns.cu"
    return;
#line 113 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = __dpopt_want_threads; // one original thread per thread
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_single), __dpopt_threads, __dpopt_shmem, __dpopt_kc, dpopt::rt::consThreadBlocks(__dpopt_blocks, __dpopt_threads), __dpopt_want_blocks);
  __dpopt_cons_single<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, Out);
}

// dpopt: 'single' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_single(const __dpopt_cons_rec_single *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, int * Out) {
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  // Each thread runs one original thread (a one-thread block) at a time
  // until the work is done.
  for (unsigned long long __dpopt_item = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + __dpopt_rank; __dpopt_item < __dpopt_blocks; __dpopt_item += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_single __dpopt_mine = __dpopt_records[__dpopt_index];
    {
    int V = __dpopt_mine.__args.V;
    { Out[V] += 1; }
    }
  }
  dpopt::rt::aggChildRelease(__dpopt_records);
}

// dpopt consolidate: a work item of 'tile'
struct __dpopt_cons_rec_tile : dpopt::rt::AggConfig {
  struct {
    int Row;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_tile __dpopt_make_cons_rec_tile(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Row) {
  __dpopt_cons_rec_tile __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Row = Row;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_tile(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, float *);
// dpopt: declared here for 'tile' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_tile(const __dpopt_cons_rec_tile *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, float * Data);
#line 15 "consolidate_patterns.cu"
__global__ void tile(float *Data, int Row) {
  __shared__ float Tmp[64];
  Tmp[threadIdx.x] = Data[Row * 64 + threadIdx.x];
  __syncthreads();
  Data[Row * 64 + threadIdx.x] = Tmp[63 - threadIdx.x];
}

#line 162 "@DPOPT_OUTPUT@"
// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_tile(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, float * Data) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_tile *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_tile>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 25 "consolidate_patterns.cu"
    return;
#line 170 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = dpopt::rt::aggMaxThreads(__dpopt_group); // one original block per block
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_tile), __dpopt_threads, __dpopt_shmem, __dpopt_kc, __dpopt_blocks, __dpopt_want_blocks);
  __dpopt_cons_tile<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, Data);
}

// dpopt: 'tile' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_tile(const __dpopt_cons_rec_tile *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, float * Data) {
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Each block runs one original block at a time until the work is done.
  for (unsigned __dpopt_item = blockIdx.x; __dpopt_item < __dpopt_blocks; __dpopt_item += gridDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_tile __dpopt_mine = __dpopt_records[__dpopt_index];
    {
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Row = __dpopt_mine.__args.Row;
    {
#line 16 "consolidate_patterns.cu"
  __shared__ float Tmp[64];
  Tmp[threadIdx.x] = Data[Row * 64 + threadIdx.x];
  __syncthreads();
  Data[Row * 64 + threadIdx.x] = Tmp[63 - threadIdx.x];
}
#line 197 "@DPOPT_OUTPUT@"
    }
    dpopt::rt::syncLanes(__dpopt_warp);
    }
    __syncthreads(); // the next original block reuses shared memory
  }
  dpopt::rt::aggChildRelease(__dpopt_records);
#line 20 "consolidate_patterns.cu"
}

__global__ void parent(const int *RowPtr, const int *Col, int *Out, float *Data, int N) {
#line 208 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_cons1; // launch group of the launch of 'edges'
  dpopt::rt::aggBeginBlock(__dpopt_cons1, sizeof(__dpopt_cons_rec_edges), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 23 "consolidate_patterns.cu"
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= N)
#line 217 "@DPOPT_OUTPUT@"
    goto __dpopt_exit;
#line 26 "consolidate_patterns.cu"
  int Begin = RowPtr[V];
  int Degree = RowPtr[V + 1] - Begin;
#line 222 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Degree > 0) {
// #pragma dp consldt(block) work(Begin, Degree) -- dpopt rewrote the launch it was on
    { // dpopt consolidate (block): the launch becomes a work item
      dim3 __dpopt_grid = (Degree + 127) / 128;
      dim3 __dpopt_block = 128;
      __dpopt_cons_rec_edges __dpopt_r = __dpopt_make_cons_rec_edges(__dpopt_grid, __dpopt_block, 0u, Begin, Degree);
      if (!dpopt::rt::aggRecord(__dpopt_cons1, __dpopt_r))
        edges<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Col, Out, __dpopt_r.__args.Begin, __dpopt_r.__args.Degree);
    }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
__dpopt_exit:;
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(__dpopt_cons1, dpopt::rt::aggBlockThreads()))
    __dpopt_launch_cons_edges(__dpopt_cons1, 16u, 0u, 128u, Col, Out);
#line 32 "consolidate_patterns.cu"
}

__global__ void parent2(int *Out, int N) {
#line 242 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_cons2[32]; // launch group of the launch of 'single'
  dpopt::rt::aggBeginWarp(__dpopt_cons2, sizeof(__dpopt_cons_rec_single), 1u, 64u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 35 "consolidate_patterns.cu"
  int V = blockIdx.x * blockDim.x + threadIdx.x;
#line 250 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (V < N) {
// #pragma dp consldt(warp) buffer(custom, 64) work(V) threads(256) -- dpopt rewrote the launch it was on
    { // dpopt consolidate (warp): the launch becomes a work item
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 1;
      __dpopt_cons_rec_single __dpopt_r = __dpopt_make_cons_rec_single(__dpopt_grid, __dpopt_block, 0u, V);
      if (!dpopt::rt::aggRecord(dpopt::rt::aggWarpGroup(__dpopt_cons2), __dpopt_r))
        single<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Out, __dpopt_r.__args.V);
    }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(dpopt::rt::aggWarpGroup(__dpopt_cons2), dpopt::rt::aggWarpMembers()))
    __dpopt_launch_cons_single(dpopt::rt::aggWarpGroup(__dpopt_cons2), 32u, 0u, 256u, Out);
#line 40 "consolidate_patterns.cu"
}

__global__ void parent3(float *Data, int N) {
#line 269 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_cons3; // launch group of the launch of 'tile'
  dpopt::rt::aggBeginMultiBlock(__dpopt_cons3, sizeof(__dpopt_cons_rec_tile), 3u, 0ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 43 "consolidate_patterns.cu"
  int V = blockIdx.x * blockDim.x + threadIdx.x;
#line 277 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (V < N) {
// #pragma dp consldt(grid) work(V) -- dpopt rewrote the launch it was on
    { // dpopt consolidate (grid): the launch becomes a work item
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 64;
      __dpopt_cons_rec_tile __dpopt_r = __dpopt_make_cons_rec_tile(__dpopt_grid, __dpopt_block, 0u, V);
      if (!dpopt::rt::aggRecord(__dpopt_cons3.__slot->__group, __dpopt_r))
        tile<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(Data, __dpopt_r.__args.Row);
    }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_cons3, 0ull)) {
    __dpopt_launch_cons_tile(__dpopt_last->__group, 1u, 0u, 128u, Data);
    dpopt::rt::aggLeave(__dpopt_last);
#line 47 "consolidate_patterns.cu"
  }
}

#line 297 "@DPOPT_OUTPUT@"
// dpopt consolidate: a work item of 'walk'
struct __dpopt_cons_rec_walk : dpopt::rt::AggConfig {
  struct {
    const int * Nodes;
    int Count;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_walk __dpopt_make_cons_rec_walk(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, const int * Nodes, int Count) {
  __dpopt_cons_rec_walk __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Nodes = Nodes;
  __dpopt_r.__args.Count = Count;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_walk(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, const int *, const int *, int *, int);
// dpopt: declared here for 'walk' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_walk(const __dpopt_cons_rec_walk *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, dpopt::rt::AggTableSlot *__dpopt_slot, const int * ChildPtr, const int * Child, int * Depth, int Level);
#line 50 "consolidate_patterns.cu"
__global__ void walk(const int *ChildPtr, const int *Child, int *Depth, const int *Nodes, int Count, int Level) {
#line 320 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_cons4; // launch group of the launch of 'walk'
  dpopt::rt::aggBeginMultiBlock(__dpopt_cons4, sizeof(__dpopt_cons_rec_walk), 4u, 0ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 51 "consolidate_patterns.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
#line 328 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (I < Count) {
#line 53 "consolidate_patterns.cu"
    int V = Nodes[I];
    Depth[V] = Level;
    int Begin = ChildPtr[V];
    int N = ChildPtr[V + 1] - Begin;
#line 335 "@DPOPT_OUTPUT@"
    { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (N > 0) {
// #pragma dp consldt(grid) work(Begin, N) -- dpopt rewrote the launch it was on
      { // dpopt consolidate (grid): the launch becomes a work item
        dim3 __dpopt_grid = (N + 127) / 128;
        dim3 __dpopt_block = 128;
        __dpopt_cons_rec_walk __dpopt_r = __dpopt_make_cons_rec_walk(__dpopt_grid, __dpopt_block, 0u, Child + Begin, N);
        if (!dpopt::rt::aggRecord(__dpopt_cons4.__slot->__group, __dpopt_r))
          walk<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(ChildPtr, Child, Depth, __dpopt_r.__args.Nodes, __dpopt_r.__args.Count, Level + 1);
      }
    } dpopt::rt::syncLanes(__dpopt_warp); }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_cons4, 0ull)) {
    __dpopt_launch_cons_walk(__dpopt_last->__group, 1u, 0u, 128u, ChildPtr, Child, Depth, Level + 1);
    dpopt::rt::aggLeave(__dpopt_last);
  }
}

// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_walk(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, const int * ChildPtr, const int * Child, int * Depth, int Level) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_walk *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_walk>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 25 "consolidate_patterns.cu"
    return;
#line 362 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = dpopt::rt::aggMaxThreads(__dpopt_group); // one original block per block
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_walk), __dpopt_threads, __dpopt_shmem, __dpopt_kc, __dpopt_blocks, __dpopt_want_blocks);
  // The clone's grid-wide groups, set up here: its blocks need not look them up.
  dpopt::rt::AggTableSlot *__dpopt_slot = dpopt::rt::aggNewGridGroup(sizeof(__dpopt_cons_rec_walk), __dpopt_grid, dim3(__dpopt_threads), (1u) * ((__dpopt_blocks + __dpopt_grid - 1u) / __dpopt_grid), 0u, __dpopt_records);
  __dpopt_cons_walk<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, __dpopt_slot, ChildPtr, Child, Depth, Level);
}

// dpopt: 'walk' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_walk(const __dpopt_cons_rec_walk *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, dpopt::rt::AggTableSlot *__dpopt_slot, const int * ChildPtr, const int * Child, int * Depth, int Level) {
  __shared__ dpopt::rt::AggBlockLink __dpopt_cons4; // launch group of the launch of 'walk'
  dpopt::rt::aggBeginPassedGroup(__dpopt_cons4, sizeof(__dpopt_cons_rec_walk), __dpopt_slot, 4u, (1u) * ((__dpopt_blocks + gridDim.x - 1u) / gridDim.x));
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Each block runs one original block at a time until the work is done.
  for (unsigned __dpopt_item = blockIdx.x; __dpopt_item < __dpopt_blocks; __dpopt_item += gridDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_walk __dpopt_mine = __dpopt_records[__dpopt_index];
    const unsigned __dpopt_local_block = static_cast<unsigned>(__dpopt_item) - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
    {
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    const int * Nodes = __dpopt_mine.__args.Nodes;
    int Count = __dpopt_mine.__args.Count;
    {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (I < Count) {
#line 53 "consolidate_patterns.cu"
    int V = Nodes[I];
    Depth[V] = Level;
    int Begin = ChildPtr[V];
    int N = ChildPtr[V + 1] - Begin;
#line 398 "@DPOPT_OUTPUT@"
    { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (N > 0) {
// #pragma dp consldt(grid) work(Begin, N) -- dpopt rewrote the launch it was on
      { // dpopt consolidate (grid): the launch becomes a work item
        dim3 __dpopt_grid = (N + 127) / 128;
        dim3 __dpopt_block = 128;
        __dpopt_cons_rec_walk __dpopt_r = __dpopt_make_cons_rec_walk(__dpopt_grid, __dpopt_block, 0u, Child + Begin, N);
        if (!dpopt::rt::aggRecord(__dpopt_cons4.__slot->__group, __dpopt_r))
          walk<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem, cudaStreamFireAndForget>>>(ChildPtr, Child, Depth, __dpopt_r.__args.Nodes, __dpopt_r.__args.Count, Level + 1);
      }
    } dpopt::rt::syncLanes(__dpopt_warp); }
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
#line 60 "consolidate_patterns.cu"
    }
#line 413 "@DPOPT_OUTPUT@"
    dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
  dpopt::rt::aggChildRelease(__dpopt_records);
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_cons4, 0ull)) {
    __dpopt_launch_cons_walk(__dpopt_last->__group, 1u, 0u, 128u, ChildPtr, Child, Depth, Level + 1);
    dpopt::rt::aggLeave(__dpopt_last);
#line 61 "consolidate_patterns.cu"
  }
}
