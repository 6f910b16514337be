#include "dpopt/consolidate.cuh" // dpopt's device runtime
#line 1 "consolidate_postwork.cu"
// DPOPT-ARGS: --passes=consolidate
// CDP1 postwork (code after 'launch; cudaDeviceSynchronize();' that reads
// what the child wrote) moved into a tail-launched kernel at each
// granularity: inputs carried in the work items, the launching thread's
// built-ins carried when the postwork reads them, recursion.
#include <cuda_runtime.h>

#line 11 "@DPOPT_OUTPUT@"
// dpopt consolidate: a work item of 'scale'
struct __dpopt_cons_rec_scale : dpopt::rt::AggConfig {
  struct {
    int Begin;
    int Count;
    uint3 __dpopt_post_threadIdx;
    float * __dpopt_post_Data;
    float * __dpopt_post_Sum;
    int __dpopt_post_Row;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_scale __dpopt_make_cons_rec_scale(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Begin, int Count, uint3 __dpopt_post_threadIdx, float * __dpopt_post_Data, float * __dpopt_post_Sum, int __dpopt_post_Row) {
  __dpopt_cons_rec_scale __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Begin = Begin;
  __dpopt_r.__args.Count = Count;
  __dpopt_r.__args.__dpopt_post_threadIdx = __dpopt_post_threadIdx;
  __dpopt_r.__args.__dpopt_post_Data = __dpopt_post_Data;
  __dpopt_r.__args.__dpopt_post_Sum = __dpopt_post_Sum;
  __dpopt_r.__args.__dpopt_post_Row = __dpopt_post_Row;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_scale(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, float *, float);
static __global__ void __dpopt_cons_postwork_scale(const __dpopt_cons_rec_scale *, unsigned);
static __global__ void __dpopt_alone_scale(const __dpopt_cons_rec_scale, float *, float);
// dpopt: declared here for 'scale' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_scale(const __dpopt_cons_rec_scale *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, float * Data, float By);
#line 8 "consolidate_postwork.cu"
__global__ void scale(float *Data, int Begin, int Count, float By) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Data[Begin + I] *= By;
}

#line 49 "@DPOPT_OUTPUT@"
// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_scale(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, float * Data, float By) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_scale *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_scale>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 18 "consolidate_postwork.cu"
    return;
#line 57 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = dpopt::rt::aggMaxThreads(__dpopt_group); // one original block per block
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_scale), __dpopt_threads, __dpopt_shmem, __dpopt_kc, __dpopt_blocks, __dpopt_want_blocks);
  __dpopt_cons_scale<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, Data, By);
  // the postwork of every item, after the grid and its children
  __dpopt_cons_postwork_scale<<<(__dpopt_count + 127u) / 128u, 128u, 0u, cudaStreamTailLaunch>>>(__dpopt_records, __dpopt_count);
}

// dpopt: 'scale' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_scale(const __dpopt_cons_rec_scale *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, float * Data, float By) {
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Each block runs one original block at a time until the work is done.
  for (unsigned __dpopt_item = blockIdx.x; __dpopt_item < __dpopt_blocks; __dpopt_item += gridDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_scale __dpopt_mine = __dpopt_records[__dpopt_index];
    const unsigned __dpopt_local_block = static_cast<unsigned>(__dpopt_item) - (__dpopt_index ? __dpopt_records[__dpopt_index - 1].__end : 0u);
    {
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 blockIdx = dpopt::rt::aggDelinearize(__dpopt_local_block, __dpopt_mine.__grid);
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Begin = __dpopt_mine.__args.Begin;
    int Count = __dpopt_mine.__args.Count;
    {
#line 9 "consolidate_postwork.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Data[Begin + I] *= By;
}
#line 89 "@DPOPT_OUTPUT@"
    }
    dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
  // the records are released by the postwork's tail kernel
#line 12 "consolidate_postwork.cu"
}

// Block level; the postwork reads the launching thread's position.
__global__ void rows(const int *Off, float *Data, float *Sum, int N) {
#line 100 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_cons1; // launch group of the launch of 'scale'
  dpopt::rt::aggBeginBlock(__dpopt_cons1, sizeof(__dpopt_cons_rec_scale), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 16 "consolidate_postwork.cu"
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= N)
#line 109 "@DPOPT_OUTPUT@"
    goto __dpopt_exit;
#line 19 "consolidate_postwork.cu"
  int Begin = Off[Row], Count = Off[Row + 1] - Begin;
#line 113 "@DPOPT_OUTPUT@"
// #pragma dp consldt(block) work(Begin, Count) -- dpopt rewrote the launch it was on
  { // dpopt consolidate (block): the launch becomes a work item, with its postwork's inputs
    dim3 __dpopt_grid = (Count + 63) / 64;
    dim3 __dpopt_block = 64;
    __dpopt_cons_rec_scale __dpopt_r = __dpopt_make_cons_rec_scale(__dpopt_grid, __dpopt_block, 0u, Begin, Count, threadIdx, Data, Sum, Row);
    if (!dpopt::rt::aggRecord(__dpopt_cons1, __dpopt_r))
      __dpopt_alone_scale<<<1, 1, 0, cudaStreamFireAndForget>>>(__dpopt_r, Data, 2.0f);
  }
  // dpopt consolidate: cudaDeviceSynchronize() and the postwork after it run in __dpopt_cons_postwork_scale, tail-launched
}
__dpopt_exit:;
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(__dpopt_cons1, dpopt::rt::aggBlockThreads()))
    __dpopt_launch_cons_scale(__dpopt_cons1, 16u, 0u, 128u, Data, 2.0f);
}

// dpopt consolidate: the postwork that followed cudaDeviceSynchronize(),
// run for one work item after its child grid finished, with the launching
// thread's values
static __device__ void __dpopt_postwork_scale(const __dpopt_cons_rec_scale &__dpopt_mine) {
  const uint3 threadIdx = __dpopt_mine.__args.__dpopt_post_threadIdx;
  int Count = __dpopt_mine.__args.Count;
  float * Data = __dpopt_mine.__args.__dpopt_post_Data;
  int Begin = __dpopt_mine.__args.Begin;
  float * Sum = __dpopt_mine.__args.__dpopt_post_Sum;
  int Row = __dpopt_mine.__args.__dpopt_post_Row;
  {
#line 23 "consolidate_postwork.cu"
  float S = 0;
  for (int I = 0; I < Count; ++I)
    S += Data[Begin + I];
  Sum[Row] = S + threadIdx.x * 0.0f;
#line 146 "@DPOPT_OUTPUT@"
  }
#line 27 "consolidate_postwork.cu"
}
#line 150 "@DPOPT_OUTPUT@"
static __global__ void __dpopt_cons_postwork_scale(const __dpopt_cons_rec_scale *__dpopt_records, unsigned __dpopt_count) {
  for (unsigned long long __dpopt_item = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; __dpopt_item < __dpopt_count; __dpopt_item += static_cast<unsigned long long>(gridDim.x) * blockDim.x)
    __dpopt_postwork_scale(__dpopt_records[__dpopt_item]);
  dpopt::rt::aggChildRelease(__dpopt_records);
}
static __global__ void __dpopt_postwork_one_scale(const __dpopt_cons_rec_scale __dpopt_mine) { __dpopt_postwork_scale(__dpopt_mine); }
// dpopt consolidate: a work item that found no room runs here: its child,
// then its postwork
static __global__ void __dpopt_alone_scale(const __dpopt_cons_rec_scale __dpopt_r, float * Data, float By) {
  scale<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem>>>(Data, __dpopt_r.__args.Begin, __dpopt_r.__args.Count, By);
  __dpopt_postwork_one_scale<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_r);
#line 27 "consolidate_postwork.cu"
}


#line 166 "@DPOPT_OUTPUT@"
// dpopt consolidate: a work item of 'fill'
struct __dpopt_cons_rec_fill : dpopt::rt::AggConfig {
  struct {
    int Begin;
    int Count;
    int * __dpopt_post_Last;
    int __dpopt_post_V;
    int * __dpopt_post_Out;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_fill __dpopt_make_cons_rec_fill(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Begin, int Count, int * __dpopt_post_Last, int __dpopt_post_V, int * __dpopt_post_Out) {
  __dpopt_cons_rec_fill __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Begin = Begin;
  __dpopt_r.__args.Count = Count;
  __dpopt_r.__args.__dpopt_post_Last = __dpopt_post_Last;
  __dpopt_r.__args.__dpopt_post_V = __dpopt_post_V;
  __dpopt_r.__args.__dpopt_post_Out = __dpopt_post_Out;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_fill(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, int *);
static __global__ void __dpopt_cons_postwork_fill(const __dpopt_cons_rec_fill *, unsigned);
static __global__ void __dpopt_alone_fill(const __dpopt_cons_rec_fill, int *);
// dpopt: declared here for 'fill' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_fill(const __dpopt_cons_rec_fill *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, int * Out);
#line 29 "consolidate_postwork.cu"
__global__ void fill(int *Out, int Begin, int Count) {
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    Out[Begin + I] = I;
}

#line 201 "@DPOPT_OUTPUT@"
// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_fill(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, int * Out) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_fill *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_fill>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 18 "consolidate_postwork.cu"
    return;
#line 209 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = dpopt::rt::aggMaxThreads(__dpopt_group); // one original block per block
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_fill), __dpopt_threads, __dpopt_shmem, __dpopt_kc, __dpopt_blocks, __dpopt_want_blocks);
  __dpopt_cons_fill<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, Out);
  // the postwork of every item, after the grid and its children
  __dpopt_cons_postwork_fill<<<(__dpopt_count + 127u) / 128u, 128u, 0u, cudaStreamTailLaunch>>>(__dpopt_records, __dpopt_count);
}

// dpopt: 'fill' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_fill(const __dpopt_cons_rec_fill *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, int * Out) {
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Each block runs one original block at a time until the work is done.
  for (unsigned __dpopt_item = blockIdx.x; __dpopt_item < __dpopt_blocks; __dpopt_item += gridDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_fill __dpopt_mine = __dpopt_records[__dpopt_index];
    {
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const dim3 blockDim = __dpopt_mine.__block;
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Begin = __dpopt_mine.__args.Begin;
    int Count = __dpopt_mine.__args.Count;
    {
#line 30 "consolidate_postwork.cu"
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    Out[Begin + I] = I;
}
#line 238 "@DPOPT_OUTPUT@"
    }
    dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
  // the records are released by the postwork's tail kernel
#line 32 "consolidate_postwork.cu"
}

// Warp level, the launch and its postwork in one branch of an 'if' that
// ends the kernel; a trailing 'return;' is fine.
__global__ void branchy(const int *Off, int *Out, int *Last, int N) {
#line 250 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggGroup __dpopt_cons2[32]; // launch group of the launch of 'fill'
  dpopt::rt::aggBeginWarp(__dpopt_cons2, sizeof(__dpopt_cons_rec_fill), 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 37 "consolidate_postwork.cu"
  int V = blockIdx.x * blockDim.x + threadIdx.x;
#line 258 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (V < N) {
#line 39 "consolidate_postwork.cu"
    int Begin = Off[V], Count = Off[V + 1] - Begin;
#line 262 "@DPOPT_OUTPUT@"
    { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Count > 32) {
// #pragma dp consldt(warp) work(Begin, Count) -- dpopt rewrote the launch it was on
      { // dpopt consolidate (warp): the launch becomes a work item, with its postwork's inputs
        dim3 __dpopt_grid = 1;
        dim3 __dpopt_block = 128;
        __dpopt_cons_rec_fill __dpopt_r = __dpopt_make_cons_rec_fill(__dpopt_grid, __dpopt_block, 0u, Begin, Count, Last, V, Out);
        if (!dpopt::rt::aggRecord(dpopt::rt::aggWarpGroup(__dpopt_cons2), __dpopt_r))
          __dpopt_alone_fill<<<1, 1, 0, cudaStreamFireAndForget>>>(__dpopt_r, Out);
      }
      // dpopt consolidate: cudaDeviceSynchronize() and the postwork after it run in __dpopt_cons_postwork_fill, tail-launched
#line 45 "consolidate_postwork.cu"
    } else {
      Last[V] = Count - 1;
#line 276 "@DPOPT_OUTPUT@"
    } dpopt::rt::syncLanes(__dpopt_warp); }
  } dpopt::rt::syncLanes(__dpopt_warp); }
  goto __dpopt_exit;
}
__dpopt_exit:;
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::aggArrive(dpopt::rt::aggWarpGroup(__dpopt_cons2), dpopt::rt::aggWarpMembers()))
    __dpopt_launch_cons_fill(dpopt::rt::aggWarpGroup(__dpopt_cons2), 32u, 0u, 128u, Out);
}

// dpopt consolidate: the postwork that followed cudaDeviceSynchronize(),
// run for one work item after its child grid finished, with the launching
// thread's values
static __device__ void __dpopt_postwork_fill(const __dpopt_cons_rec_fill &__dpopt_mine) {
  int * Last = __dpopt_mine.__args.__dpopt_post_Last;
  int V = __dpopt_mine.__args.__dpopt_post_V;
  int * Out = __dpopt_mine.__args.__dpopt_post_Out;
  int Begin = __dpopt_mine.__args.Begin;
  int Count = __dpopt_mine.__args.Count;
  {
  Last[V] = Out[Begin + Count - 1];
#line 48 "consolidate_postwork.cu"
  }
#line 50
}
#line 302 "@DPOPT_OUTPUT@"
static __global__ void __dpopt_cons_postwork_fill(const __dpopt_cons_rec_fill *__dpopt_records, unsigned __dpopt_count) {
  for (unsigned long long __dpopt_item = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; __dpopt_item < __dpopt_count; __dpopt_item += static_cast<unsigned long long>(gridDim.x) * blockDim.x)
    __dpopt_postwork_fill(__dpopt_records[__dpopt_item]);
  dpopt::rt::aggChildRelease(__dpopt_records);
}
static __global__ void __dpopt_postwork_one_fill(const __dpopt_cons_rec_fill __dpopt_mine) { __dpopt_postwork_fill(__dpopt_mine); }
// dpopt consolidate: a work item that found no room runs here: its child,
// then its postwork
static __global__ void __dpopt_alone_fill(const __dpopt_cons_rec_fill __dpopt_r, int * Out) {
  fill<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem>>>(Out, __dpopt_r.__args.Begin, __dpopt_r.__args.Count);
  __dpopt_postwork_one_fill<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_r);
}


#line 52 "consolidate_postwork.cu"
// Grid level, recursive: a node's total is its value plus its children's.
#line 319 "@DPOPT_OUTPUT@"
// dpopt consolidate: a work item of 'total'
struct __dpopt_cons_rec_total : dpopt::rt::AggConfig {
  struct {
    int Parent;
    const int * __dpopt_post_Value;
    int __dpopt_post_Count;
    int * __dpopt_post_Sum_2;
    const int * __dpopt_post_Kids;
    int __dpopt_post_Begin;
  } __args;
};
static __device__ __forceinline__ __dpopt_cons_rec_total __dpopt_make_cons_rec_total(dim3 __dpopt_grid, dim3 __dpopt_block, unsigned __dpopt_shmem, int Parent, const int * __dpopt_post_Value, int __dpopt_post_Count, int * __dpopt_post_Sum_2, const int * __dpopt_post_Kids, int __dpopt_post_Begin) {
  __dpopt_cons_rec_total __dpopt_r;
  __dpopt_r.__grid = __dpopt_grid;
  __dpopt_r.__block = __dpopt_block;
  __dpopt_r.__shmem = __dpopt_shmem;
  __dpopt_r.__end = 0;
  __dpopt_r.__args.Parent = Parent;
  __dpopt_r.__args.__dpopt_post_Value = __dpopt_post_Value;
  __dpopt_r.__args.__dpopt_post_Count = __dpopt_post_Count;
  __dpopt_r.__args.__dpopt_post_Sum_2 = __dpopt_post_Sum_2;
  __dpopt_r.__args.__dpopt_post_Kids = __dpopt_post_Kids;
  __dpopt_r.__args.__dpopt_post_Begin = __dpopt_post_Begin;
  return __dpopt_r;
}
static __device__ void __dpopt_launch_cons_total(dpopt::rt::AggGroup &, unsigned, unsigned, unsigned, const int *, const int *, const int *, int *);
static __global__ void __dpopt_cons_postwork_total(const __dpopt_cons_rec_total *, unsigned);
static __global__ void __dpopt_alone_total(const __dpopt_cons_rec_total, const int *, const int *, const int *, int *);
// dpopt: declared here for 'total' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_total(const __dpopt_cons_rec_total *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, dpopt::rt::AggTableSlot *__dpopt_slot, const int * First, const int * Kids, const int * Value, int * Sum);
#line 53 "consolidate_postwork.cu"
__global__ void total(const int *First, const int *Kids, const int *Value,
                      int *Sum, int Parent) {
#line 353 "@DPOPT_OUTPUT@"
  // dpopt consolidate: set up the launch groups
  __shared__ dpopt::rt::AggBlockLink __dpopt_cons3; // launch group of the launch of 'total'
  dpopt::rt::aggBeginMultiBlock(__dpopt_cons3, sizeof(__dpopt_cons_rec_total), 3u, 0ull, 1u);
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  {
#line 55 "consolidate_postwork.cu"
  int V = Kids[First[Parent] + threadIdx.x];
  int Begin = First[V], Count = First[V + 1] - Begin;
#line 362 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Count > 0) {
// #pragma dp consldt(grid) work(V, Count) -- dpopt rewrote the launch it was on
    { // dpopt consolidate (grid): the launch becomes a work item, with its postwork's inputs
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = Count;
      __dpopt_cons_rec_total __dpopt_r = __dpopt_make_cons_rec_total(__dpopt_grid, __dpopt_block, 0u, V, Value, Count, Sum, Kids, Begin);
      if (!dpopt::rt::aggRecord(__dpopt_cons3.__slot->__group, __dpopt_r))
        __dpopt_alone_total<<<1, 1, 0, cudaStreamFireAndForget>>>(__dpopt_r, First, Kids, Value, Sum);
    }
    // dpopt consolidate: cudaDeviceSynchronize() and the postwork after it run in __dpopt_cons_postwork_total, tail-launched
#line 65 "consolidate_postwork.cu"
  } else {
    Sum[V] = Value[V];
#line 376 "@DPOPT_OUTPUT@"
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_cons3, 0ull)) {
    __dpopt_launch_cons_total(__dpopt_last->__group, 1u, 0u, 128u, First, Kids, Value, Sum);
    dpopt::rt::aggLeave(__dpopt_last);
  }
}

// dpopt consolidate: the last thread of a buffer launches one consolidated child for its work
static __device__ void __dpopt_launch_cons_total(dpopt::rt::AggGroup &__dpopt_group, unsigned __dpopt_kc, unsigned __dpopt_want_blocks, unsigned __dpopt_want_threads, const int * First, const int * Kids, const int * Value, int * Sum) {
  unsigned __dpopt_count, __dpopt_blocks;
  __dpopt_cons_rec_total *__dpopt_records = dpopt::rt::aggTake<__dpopt_cons_rec_total>(__dpopt_group, __dpopt_count, __dpopt_blocks);
  if (!__dpopt_records)
#line 18 "consolidate_postwork.cu"
    return;
#line 393 "@DPOPT_OUTPUT@"
  const unsigned __dpopt_threads = dpopt::rt::aggMaxThreads(__dpopt_group); // one original block per block
  const unsigned __dpopt_shmem = dpopt::rt::aggMaxShmem(__dpopt_group);
  const unsigned __dpopt_grid = dpopt::rt::consGridBlocks(reinterpret_cast<const void *>(__dpopt_cons_total), __dpopt_threads, __dpopt_shmem, __dpopt_kc, __dpopt_blocks, __dpopt_want_blocks);
  // The clone's grid-wide groups, set up here: its blocks need not look them up.
  dpopt::rt::AggTableSlot *__dpopt_slot = dpopt::rt::aggNewGridGroup(sizeof(__dpopt_cons_rec_total), __dpopt_grid, dim3(__dpopt_threads), (1u) * ((__dpopt_blocks + __dpopt_grid - 1u) / __dpopt_grid), 0u, __dpopt_records);
  __dpopt_cons_total<<<__dpopt_grid, __dpopt_threads, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_records, __dpopt_count, __dpopt_blocks, __dpopt_slot, First, Kids, Value, Sum);
  // the postwork of every item, after the grid and its children
  __dpopt_cons_postwork_total<<<(__dpopt_count + 127u) / 128u, 128u, 0u, cudaStreamTailLaunch>>>(__dpopt_records, __dpopt_count);
}

// dpopt consolidate: the postwork that followed cudaDeviceSynchronize(),
// run for one work item after its child grid finished, with the launching
// thread's values
static __device__ void __dpopt_postwork_total(const __dpopt_cons_rec_total &__dpopt_mine) {
  const int * Value = __dpopt_mine.__args.__dpopt_post_Value;
  int V = __dpopt_mine.__args.Parent;
  int Count = __dpopt_mine.__args.__dpopt_post_Count;
  int * Sum = __dpopt_mine.__args.__dpopt_post_Sum_2;
  const int * Kids = __dpopt_mine.__args.__dpopt_post_Kids;
  int Begin = __dpopt_mine.__args.__dpopt_post_Begin;
  {
  int S = Value[V];
#line 62 "consolidate_postwork.cu"
    for (int I = 0; I < Count; ++I)
      S += Sum[Kids[Begin + I]];
    Sum[V] = S;
#line 420 "@DPOPT_OUTPUT@"
  }
}
static __global__ void __dpopt_cons_postwork_total(const __dpopt_cons_rec_total *__dpopt_records, unsigned __dpopt_count) {
  for (unsigned long long __dpopt_item = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; __dpopt_item < __dpopt_count; __dpopt_item += static_cast<unsigned long long>(gridDim.x) * blockDim.x)
    __dpopt_postwork_total(__dpopt_records[__dpopt_item]);
  dpopt::rt::aggChildRelease(__dpopt_records);
}
static __global__ void __dpopt_postwork_one_total(const __dpopt_cons_rec_total __dpopt_mine) { __dpopt_postwork_total(__dpopt_mine); }
// dpopt consolidate: a work item that found no room runs here: its child,
// then its postwork
static __global__ void __dpopt_alone_total(const __dpopt_cons_rec_total __dpopt_r, const int * First, const int * Kids, const int * Value, int * Sum) {
  total<<<__dpopt_r.__grid, __dpopt_r.__block, __dpopt_r.__shmem>>>(First, Kids, Value, Sum, __dpopt_r.__args.Parent);
  __dpopt_postwork_one_total<<<1, 1, 0, cudaStreamTailLaunch>>>(__dpopt_r);
}


// dpopt: 'total' consolidated: a moldable kernel that runs buffered work items until none is left (consolidate)
static __global__ void __dpopt_cons_total(const __dpopt_cons_rec_total *__dpopt_records, unsigned __dpopt_count, unsigned __dpopt_blocks, dpopt::rt::AggTableSlot *__dpopt_slot, const int * First, const int * Kids, const int * Value, int * Sum) {
  __shared__ dpopt::rt::AggBlockLink __dpopt_cons3; // launch group of the launch of 'total'
  dpopt::rt::aggBeginPassedGroup(__dpopt_cons3, sizeof(__dpopt_cons_rec_total), __dpopt_slot, 3u, (1u) * ((__dpopt_blocks + gridDim.x - 1u) / gridDim.x));
  const unsigned __dpopt_rank = dpopt::rt::aggThreadRank();
  dpopt::rt::aggConvergeWarp(); // the lanes start together
  // Each block runs one original block at a time until the work is done.
  for (unsigned __dpopt_item = blockIdx.x; __dpopt_item < __dpopt_blocks; __dpopt_item += gridDim.x) {
    const unsigned __dpopt_index = dpopt::rt::aggFind(__dpopt_records, __dpopt_count, static_cast<unsigned>(__dpopt_item));
    const __dpopt_cons_rec_total __dpopt_mine = __dpopt_records[__dpopt_index];
    {
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_rank < __dpopt_mine.__block.x * __dpopt_mine.__block.y * __dpopt_mine.__block.z) {
    const uint3 threadIdx = dpopt::rt::aggDelinearize(__dpopt_rank, __dpopt_mine.__block);
    int Parent = __dpopt_mine.__args.Parent;
    {
#line 55 "consolidate_postwork.cu"
  int V = Kids[First[Parent] + threadIdx.x];
  int Begin = First[V], Count = First[V + 1] - Begin;
#line 456 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Count > 0) {
// #pragma dp consldt(grid) work(V, Count) -- dpopt rewrote the launch it was on
    { // dpopt consolidate (grid): the launch becomes a work item, with its postwork's inputs
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = Count;
      __dpopt_cons_rec_total __dpopt_r = __dpopt_make_cons_rec_total(__dpopt_grid, __dpopt_block, 0u, V, Value, Count, Sum, Kids, Begin);
      if (!dpopt::rt::aggRecord(__dpopt_cons3.__slot->__group, __dpopt_r))
        __dpopt_alone_total<<<1, 1, 0, cudaStreamFireAndForget>>>(__dpopt_r, First, Kids, Value, Sum);
    }
    // dpopt consolidate: cudaDeviceSynchronize() and the postwork after it run in __dpopt_cons_postwork_total, tail-launched
#line 65 "consolidate_postwork.cu"
  } else {
    Sum[V] = Value[V];
#line 470 "@DPOPT_OUTPUT@"
  } dpopt::rt::syncLanes(__dpopt_warp); }
}
    }
    dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
  // the records are released by the postwork's tail kernel
  // dpopt consolidate: count this thread out; the last launches
  if (dpopt::rt::AggTableSlot *__dpopt_last = dpopt::rt::aggArriveMultiBlock(__dpopt_cons3, 0ull)) {
    __dpopt_launch_cons_total(__dpopt_last->__group, 1u, 0u, 128u, First, Kids, Value, Sum);
    dpopt::rt::aggLeave(__dpopt_last);
#line 67 "consolidate_postwork.cu"
  }
}

// Host code that launches the recursion: dpopt raises the device runtime's
// pending-launch limit first (the file does not set it).
void runTotals(const int *First, const int *Kids, const int *Value, int *Sum,
               int Root) {
#line 490 "@DPOPT_OUTPUT@"
  { dpopt::rt::consPendingLimit(); total<<<1, 1>>>(First, Kids, Value, Sum, Root); }
#line 75 "consolidate_postwork.cu"
}
