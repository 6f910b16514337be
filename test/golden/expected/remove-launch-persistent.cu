#include "dpopt/runtime.cuh" // dpopt's device runtime
#include "dpopt/persist.cuh" // dpopt's device runtime
#line 1 "remove-launch-persistent.cu"
// DPOPT-ARGS: --passes=remove-launch
// remove-launch T1/T2: parents launched by host code in this file get a
// persistent version that runs the recorded child grids after each round;
// auto picks T1 or T2 per round on the device (Fig. 7(b)) and, where the
// child's size is constant, lets the host launch the parent itself when its
// grid fills the GPU (Fig. 7(a)).
#include <cuda_runtime.h>

#define CHILD_THREADS 64

#line 15 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'addRange' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_addRange(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Owner, int Count);
// dpopt: declared here for 'addRange' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_addRange(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *Out, int Owner, int Count);
#line 11 "remove-launch-persistent.cu"
__global__ void addRange(int *Out, int Owner, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(&Out[Owner], I);
}

#line 27 "@DPOPT_OUTPUT@"
// dpopt: 'addRange' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_addRange(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Owner, int Count) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 12 "remove-launch-persistent.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(&Out[Owner], I);
}
#line 42 "@DPOPT_OUTPUT@"
  }
}

// dpopt: 'addRange' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_addRange(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *Out, int Owner, int Count) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  const unsigned long long __dpopt_t3_total = (unsigned long long)__dpopt_t3_gridDim.x * __dpopt_t3_gridDim.y * __dpopt_t3_gridDim.z;
  const unsigned long long __dpopt_t3_end = __dpopt_t3_first >= __dpopt_t3_total ? __dpopt_t3_first : __dpopt_t3_count < __dpopt_t3_total - __dpopt_t3_first ? __dpopt_t3_first + __dpopt_t3_count : __dpopt_t3_total;
  for (unsigned long long __dpopt_t3_linear = __dpopt_t3_first; __dpopt_t3_linear < __dpopt_t3_end; ++__dpopt_t3_linear) {
    const unsigned __dpopt_t3_bx = __dpopt_t3_linear % __dpopt_t3_gridDim.x;
    const unsigned __dpopt_t3_by = __dpopt_t3_linear / __dpopt_t3_gridDim.x % __dpopt_t3_gridDim.y;
    const unsigned __dpopt_t3_bz = __dpopt_t3_linear / ((unsigned long long)__dpopt_t3_gridDim.x * __dpopt_t3_gridDim.y);
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
#line 12 "remove-launch-persistent.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    atomicAdd(&Out[Owner], I);
}
#line 69 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
#line 44 "remove-launch-persistent.cu"
    __syncthreads();
  }
#line 15
}

// Irregular child sizes: always the persistent version.
#line 79 "@DPOPT_OUTPUT@"
#ifndef DPOPT_SERIAL_LIMIT
#define DPOPT_SERIAL_LIMIT (1ull << 20)
#endif
#line 18 "remove-launch-persistent.cu"
__global__ void spread(int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
#line 86 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (T < N && Counts[T] > 0)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = (Counts[T] + CHILD_THREADS - 1) / CHILD_THREADS;
      dim3 __dpopt_block = CHILD_THREADS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, DPOPT_SERIAL_LIMIT))
        __dpopt_serial_addRange(__dpopt_grid, __dpopt_block, Out, T, Counts[T]);
      else
        addRange<<<__dpopt_grid, __dpopt_block>>>(Out, T, Counts[T]);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}

// dpopt: a launch of 'addRange' recorded by 'spread' as a persistent grid that runs its launches of 'addRange' (remove-launch T1/T2)
struct __dpopt_p_record_spread {
  unsigned long long __first;
  dim3 __grid, __block;
  int *__dpopt_p_arg0;
  int __dpopt_p_arg1;
  int __dpopt_p_arg2;
};

// dpopt: one block of 'spread' as a persistent grid that runs its launches of 'addRange' (remove-launch T1/T2)
static __device__ void __dpopt_p_body_spread(uint3 blockIdx, dim3 gridDim, dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_spread *__dpopt_p_records, unsigned long long __dpopt_p_round, int *Out, const int *Counts, int N) {
#line 19 "remove-launch-persistent.cu"
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N && Counts[T] > 0)
#line 114 "@DPOPT_OUTPUT@"
    { // dpopt remove-launch T1/T2: record the launch; the persistent grid runs it after this round
      const dim3 __dpopt_p_grid = (Counts[T] + CHILD_THREADS - 1) / CHILD_THREADS;
      const dim3 __dpopt_p_block = CHILD_THREADS;
      if (!dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0, 1024, 0)) {
    } else {
        unsigned __dpopt_p_index;
        unsigned long long __dpopt_p_first;
        if (!dpopt::rt::persistClaim(__dpopt_p_state, __dpopt_p_round, (unsigned long long)__dpopt_p_grid.x * __dpopt_p_grid.y * __dpopt_p_grid.z, __dpopt_p_index, __dpopt_p_first))
          __trap(); // cannot happen: a thread launches at most once per round
        __dpopt_p_record_spread &__dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_p_rec.__first = __dpopt_p_first;
        __dpopt_p_rec.__grid = __dpopt_p_grid;
        __dpopt_p_rec.__block = __dpopt_p_block;
        __dpopt_p_rec.__dpopt_p_arg0 = Out;
        __dpopt_p_rec.__dpopt_p_arg1 = T;
        __dpopt_p_rec.__dpopt_p_arg2 = Counts[T];
      }
    }
#line 22 "remove-launch-persistent.cu"
}

#line 136 "@DPOPT_OUTPUT@"
// dpopt: 'spread' as a persistent grid that runs its launches of 'addRange' (remove-launch T1/T2)
__global__ void __dpopt_persistent_spread(dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_spread *__dpopt_p_records, dim3 __dpopt_p_grid_of_parent, int *Out, const int *Counts, int N) {
  const unsigned long long __dpopt_p_blocks = (unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y * __dpopt_p_grid_of_parent.z;
  const unsigned long long __dpopt_p_rounds = (__dpopt_p_blocks + gridDim.x - 1) / gridDim.x;
  for (unsigned long long __dpopt_p_round = 0; __dpopt_p_round < __dpopt_p_rounds; ++__dpopt_p_round) {
    dpopt::rt::persistBeginRound(__dpopt_p_state, __dpopt_p_round);
    const unsigned long long __dpopt_p_block = __dpopt_p_round * gridDim.x + blockIdx.x;
    if (__dpopt_p_block < __dpopt_p_blocks)
      __dpopt_p_body_spread(make_uint3(__dpopt_p_block % __dpopt_p_grid_of_parent.x, __dpopt_p_block / __dpopt_p_grid_of_parent.x % __dpopt_p_grid_of_parent.y, __dpopt_p_block / ((unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y)), __dpopt_p_grid_of_parent, __dpopt_p_state, __dpopt_p_records, __dpopt_p_round, Out, Counts, N);
    dpopt::rt::gridSync(__dpopt_p_state->__barrier);
    const dpopt::rt::PersistWork __dpopt_p_work = dpopt::rt::persistWork(__dpopt_p_state, __dpopt_p_round);
    if (__dpopt_p_work.__count == 0)
      continue;
    // Fig. 7(b): T1 (child blocks spread) or T2 (child grids spread), the same
    // choice in every block.
    if (dpopt::rt::persistUseT1(__dpopt_p_work, 7ull)) {
      const unsigned long long __dpopt_p_per_block = (__dpopt_p_work.__blocks + gridDim.x - 1) / gridDim.x;
      unsigned long long __dpopt_p_child_block = blockIdx.x * __dpopt_p_per_block;
      const unsigned long long __dpopt_p_last = __dpopt_p_child_block + __dpopt_p_per_block < __dpopt_p_work.__blocks ? __dpopt_p_child_block + __dpopt_p_per_block : __dpopt_p_work.__blocks;
      for (unsigned __dpopt_p_index = __dpopt_p_child_block < __dpopt_p_last ? dpopt::rt::persistFind(__dpopt_p_records, __dpopt_p_work.__count, __dpopt_p_child_block) : 0; __dpopt_p_child_block < __dpopt_p_last; ++__dpopt_p_index) {
        const __dpopt_p_record_spread __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        const unsigned long long __dpopt_p_end = __dpopt_p_index + 1 < __dpopt_p_work.__count ? __dpopt_p_records[__dpopt_p_index + 1].__first : __dpopt_p_work.__blocks;
        const unsigned long long __dpopt_p_take = (__dpopt_p_end < __dpopt_p_last ? __dpopt_p_end : __dpopt_p_last) - __dpopt_p_child_block;
        __dpopt_team_addRange(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, __dpopt_p_child_block - __dpopt_p_rec.__first, __dpopt_p_take, __dpopt_p_rec.__dpopt_p_arg0, __dpopt_p_rec.__dpopt_p_arg1, __dpopt_p_rec.__dpopt_p_arg2);
        __dpopt_p_child_block += __dpopt_p_take;
      }
    } else {
      for (unsigned long long __dpopt_p_index = blockIdx.x; __dpopt_p_index < __dpopt_p_work.__count; __dpopt_p_index += gridDim.x) {
        const __dpopt_p_record_spread __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_team_addRange(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, 0, ~0ull, __dpopt_p_rec.__dpopt_p_arg0, __dpopt_p_rec.__dpopt_p_arg1, __dpopt_p_rec.__dpopt_p_arg2);
      }
    }
    // The next round's parents write records this round's blocks read.
    if (__dpopt_p_round + 1 < __dpopt_p_rounds)
      dpopt::rt::gridSync(__dpopt_p_state->__barrier);
  }
}

// dpopt: launches 'spread' as a persistent grid that runs its launches of 'addRange' (remove-launch T1/T2)
static cudaError_t __dpopt_launch_persistent_spread(dim3 __dpopt_p_grid, dim3 __dpopt_p_block, size_t __dpopt_p_shmem, cudaStream_t __dpopt_p_stream, int *Out, const int *Counts, int N) {
  const unsigned long long __dpopt_p_resident = dpopt::rt::persistentBlocks(__dpopt_persistent_spread, __dpopt_p_block, __dpopt_p_shmem);
  // No persistent block fits (its shared memory and the child's together),
  // or the GPU rejects the configuration: the kernel runs, or fails, as it
  // did.
  if (__dpopt_p_resident == 0 || !dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0)) {
    spread<<<__dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream>>>(Out, Counts, N);
    return cudaPeekAtLastError();
  }
  return dpopt::rt::launchPersistent(__dpopt_persistent_spread, __dpopt_p_resident, __dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream, Out, Counts, N);
}

// dpopt: declared here for 'fill' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_fill(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Base, int Value);
// dpopt: declared here for 'fill' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_fill(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *Out, int Base, int Value);
#line 24 "remove-launch-persistent.cu"
__global__ void fill(int *Out, int Base, int Value) {
  Out[Base + blockIdx.x * blockDim.x + threadIdx.x] += Value;
}

#line 197 "@DPOPT_OUTPUT@"
// dpopt: 'fill' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_fill(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Base, int Value) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 25 "remove-launch-persistent.cu"
  Out[Base + blockIdx.x * blockDim.x + threadIdx.x] += Value;
}
#line 210 "@DPOPT_OUTPUT@"
  }
}

// dpopt: 'fill' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_fill(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *Out, int Base, int Value) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  const unsigned long long __dpopt_t3_total = (unsigned long long)__dpopt_t3_gridDim.x * __dpopt_t3_gridDim.y * __dpopt_t3_gridDim.z;
  const unsigned long long __dpopt_t3_end = __dpopt_t3_first >= __dpopt_t3_total ? __dpopt_t3_first : __dpopt_t3_count < __dpopt_t3_total - __dpopt_t3_first ? __dpopt_t3_first + __dpopt_t3_count : __dpopt_t3_total;
  for (unsigned long long __dpopt_t3_linear = __dpopt_t3_first; __dpopt_t3_linear < __dpopt_t3_end; ++__dpopt_t3_linear) {
    const unsigned __dpopt_t3_bx = __dpopt_t3_linear % __dpopt_t3_gridDim.x;
    const unsigned __dpopt_t3_by = __dpopt_t3_linear / __dpopt_t3_gridDim.x % __dpopt_t3_gridDim.y;
    const unsigned __dpopt_t3_bz = __dpopt_t3_linear / ((unsigned long long)__dpopt_t3_gridDim.x * __dpopt_t3_gridDim.y);
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
#line 25 "remove-launch-persistent.cu"
  Out[Base + blockIdx.x * blockDim.x + threadIdx.x] += Value;
}
#line 235 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
#line 44 "remove-launch-persistent.cu"
    __syncthreads();
  }
#line 241 "@DPOPT_OUTPUT@"
}

// dpopt: declared here for 'parentBlock' reading the thread and block position from parameters
static __device__ int __dpopt_persist_parentBlock(uint3 blockIdx, dim3 gridDim);
#line 28 "remove-launch-persistent.cu"
__device__ int parentBlock() { return blockIdx.x + gridDim.x * blockIdx.y; }

#line 249 "@DPOPT_OUTPUT@"
// dpopt: 'parentBlock' reading the thread and block position from parameters
static __device__ int __dpopt_persist_parentBlock(uint3 blockIdx, dim3 gridDim) { return blockIdx.x + gridDim.x * blockIdx.y; }

#line 30 "remove-launch-persistent.cu"
// Constant child size: the launcher may run 'fewBig' itself (with T4).
__global__ void fewBig(int *Out) {
#line 256 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (threadIdx.x == 0)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = 500;
      dim3 __dpopt_block = 128;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_fill(__dpopt_grid, __dpopt_block, Out, parentBlock() * 64000, 1);
      else
        fill<<<__dpopt_grid, __dpopt_block>>>(Out, parentBlock() * 64000, 1);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}

// dpopt: a launch of 'fill' recorded by 'fewBig' as a persistent grid that runs its launches of 'fill' (remove-launch T1/T2)
struct __dpopt_p_record_fewBig {
  unsigned long long __first;
  dim3 __grid, __block;
  int *__dpopt_p_arg_20;
  int __dpopt_p_arg_21;
  int __dpopt_p_arg_22;
};

// dpopt: one block of 'fewBig' as a persistent grid that runs its launches of 'fill' (remove-launch T1/T2)
static __device__ void __dpopt_p_body_fewBig(uint3 blockIdx, dim3 gridDim, dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_fewBig *__dpopt_p_records, unsigned long long __dpopt_p_round, int *Out) {
#line 32 "remove-launch-persistent.cu"
  if (threadIdx.x == 0)
#line 283 "@DPOPT_OUTPUT@"
    { // dpopt remove-launch T1/T2: record the launch; the persistent grid runs it after this round
      const dim3 __dpopt_p_grid = 500;
      const dim3 __dpopt_p_block = 128;
      if (!dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0, 1024, 0)) { (void)(__dpopt_persist_parentBlock(blockIdx, gridDim) * 64000);
    } else {
        unsigned __dpopt_p_index;
        unsigned long long __dpopt_p_first;
        if (!dpopt::rt::persistClaim(__dpopt_p_state, __dpopt_p_round, (unsigned long long)__dpopt_p_grid.x * __dpopt_p_grid.y * __dpopt_p_grid.z, __dpopt_p_index, __dpopt_p_first))
          __trap(); // cannot happen: a thread launches at most once per round
        __dpopt_p_record_fewBig &__dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_p_rec.__first = __dpopt_p_first;
        __dpopt_p_rec.__grid = __dpopt_p_grid;
        __dpopt_p_rec.__block = __dpopt_p_block;
        __dpopt_p_rec.__dpopt_p_arg_20 = Out;
        __dpopt_p_rec.__dpopt_p_arg_21 = __dpopt_persist_parentBlock(blockIdx, gridDim) * 64000;
        __dpopt_p_rec.__dpopt_p_arg_22 = 1;
      }
    }
#line 34 "remove-launch-persistent.cu"
}

#line 305 "@DPOPT_OUTPUT@"
// dpopt: 'fewBig' as a persistent grid that runs its launches of 'fill' (remove-launch T1/T2)
__global__ void __dpopt_persistent_fewBig(dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_fewBig *__dpopt_p_records, dim3 __dpopt_p_grid_of_parent, int *Out) {
  const unsigned long long __dpopt_p_blocks = (unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y * __dpopt_p_grid_of_parent.z;
  const unsigned long long __dpopt_p_rounds = (__dpopt_p_blocks + gridDim.x - 1) / gridDim.x;
  for (unsigned long long __dpopt_p_round = 0; __dpopt_p_round < __dpopt_p_rounds; ++__dpopt_p_round) {
    dpopt::rt::persistBeginRound(__dpopt_p_state, __dpopt_p_round);
    const unsigned long long __dpopt_p_block = __dpopt_p_round * gridDim.x + blockIdx.x;
    if (__dpopt_p_block < __dpopt_p_blocks)
      __dpopt_p_body_fewBig(make_uint3(__dpopt_p_block % __dpopt_p_grid_of_parent.x, __dpopt_p_block / __dpopt_p_grid_of_parent.x % __dpopt_p_grid_of_parent.y, __dpopt_p_block / ((unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y)), __dpopt_p_grid_of_parent, __dpopt_p_state, __dpopt_p_records, __dpopt_p_round, Out);
    dpopt::rt::gridSync(__dpopt_p_state->__barrier);
    const dpopt::rt::PersistWork __dpopt_p_work = dpopt::rt::persistWork(__dpopt_p_state, __dpopt_p_round);
    if (__dpopt_p_work.__count == 0)
      continue;
    // Fig. 7(b): T1 (child blocks spread) or T2 (child grids spread), the same
    // choice in every block.
    if (dpopt::rt::persistUseT1(__dpopt_p_work, 4ull)) {
      const unsigned long long __dpopt_p_per_block = (__dpopt_p_work.__blocks + gridDim.x - 1) / gridDim.x;
      unsigned long long __dpopt_p_child_block = blockIdx.x * __dpopt_p_per_block;
      const unsigned long long __dpopt_p_last = __dpopt_p_child_block + __dpopt_p_per_block < __dpopt_p_work.__blocks ? __dpopt_p_child_block + __dpopt_p_per_block : __dpopt_p_work.__blocks;
      for (unsigned __dpopt_p_index = __dpopt_p_child_block < __dpopt_p_last ? dpopt::rt::persistFind(__dpopt_p_records, __dpopt_p_work.__count, __dpopt_p_child_block) : 0; __dpopt_p_child_block < __dpopt_p_last; ++__dpopt_p_index) {
        const __dpopt_p_record_fewBig __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        const unsigned long long __dpopt_p_end = __dpopt_p_index + 1 < __dpopt_p_work.__count ? __dpopt_p_records[__dpopt_p_index + 1].__first : __dpopt_p_work.__blocks;
        const unsigned long long __dpopt_p_take = (__dpopt_p_end < __dpopt_p_last ? __dpopt_p_end : __dpopt_p_last) - __dpopt_p_child_block;
        __dpopt_team_fill(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, __dpopt_p_child_block - __dpopt_p_rec.__first, __dpopt_p_take, __dpopt_p_rec.__dpopt_p_arg_20, __dpopt_p_rec.__dpopt_p_arg_21, __dpopt_p_rec.__dpopt_p_arg_22);
        __dpopt_p_child_block += __dpopt_p_take;
      }
    } else {
      for (unsigned long long __dpopt_p_index = blockIdx.x; __dpopt_p_index < __dpopt_p_work.__count; __dpopt_p_index += gridDim.x) {
        const __dpopt_p_record_fewBig __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_team_fill(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, 0, ~0ull, __dpopt_p_rec.__dpopt_p_arg_20, __dpopt_p_rec.__dpopt_p_arg_21, __dpopt_p_rec.__dpopt_p_arg_22);
      }
    }
    // The next round's parents write records this round's blocks read.
    if (__dpopt_p_round + 1 < __dpopt_p_rounds)
      dpopt::rt::gridSync(__dpopt_p_state->__barrier);
  }
}

// dpopt: launches 'fewBig' as a persistent grid that runs its launches of 'fill' (remove-launch T1/T2)
static cudaError_t __dpopt_launch_persistent_fewBig(dim3 __dpopt_p_grid, dim3 __dpopt_p_block, size_t __dpopt_p_shmem, cudaStream_t __dpopt_p_stream, int *Out) {
  const unsigned long long __dpopt_p_resident = dpopt::rt::persistentBlocks(__dpopt_persistent_fewBig, __dpopt_p_block, __dpopt_p_shmem);
  // Fig. 7(a): the child grids all have the same size, so when the grid has no
  // fewer blocks than can be resident, the kernel runs as it is (T4).
  // So it does when no persistent block fits (its shared memory and the
  // child's together).
  // A configuration the GPU rejects is launched as written, so that it
  // fails as it did.
  if (__dpopt_p_resident == 0 || !dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0) ||
      __dpopt_p_resident <= (unsigned long long)__dpopt_p_grid.x * __dpopt_p_grid.y * __dpopt_p_grid.z) {
    fewBig<<<__dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream>>>(Out);
    return cudaPeekAtLastError();
  }
  return dpopt::rt::launchPersistent(__dpopt_persistent_fewBig, __dpopt_p_resident, __dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream, Out);
}

// dpopt: declared here for the barrier of 'blockReduce''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_blockReduce(unsigned __threads);
// dpopt: declared here for 'blockReduce' run by the threads of a block (remove-launch T1/T2; its shared arrays in the parent's buffer)
static __device__ void __dpopt_pteam_blockReduce(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, unsigned char *__dpopt_p_shared, const int *In, int *Out, int N);
#line 36 "remove-launch-persistent.cu"
__global__ void blockReduce(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * 128 + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = 64; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

#line 380 "@DPOPT_OUTPUT@"
// dpopt: the barrier of 'blockReduce''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_blockReduce(unsigned __threads) {
  // Barrier 1 (0 is __syncthreads()): only the first __threads threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(__threads) : "memory");
}

// dpopt: 'blockReduce' run by the threads of a block (remove-launch T1/T2; its shared arrays in the parent's buffer)
static __device__ void __dpopt_pteam_blockReduce(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, unsigned char *__dpopt_p_shared, const int *In, int *Out, int N) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  // The child's threads synchronize: they must all run at once.
  if (__dpopt_t3_size > __dpopt_t3_team)
    __trap();
  const unsigned long long __dpopt_t3_total = (unsigned long long)__dpopt_t3_gridDim.x * __dpopt_t3_gridDim.y * __dpopt_t3_gridDim.z;
  const unsigned long long __dpopt_t3_end = __dpopt_t3_first >= __dpopt_t3_total ? __dpopt_t3_first : __dpopt_t3_count < __dpopt_t3_total - __dpopt_t3_first ? __dpopt_t3_first + __dpopt_t3_count : __dpopt_t3_total;
  for (unsigned long long __dpopt_t3_linear = __dpopt_t3_first; __dpopt_t3_linear < __dpopt_t3_end; ++__dpopt_t3_linear) {
    const unsigned __dpopt_t3_bx = __dpopt_t3_linear % __dpopt_t3_gridDim.x;
    const unsigned __dpopt_t3_by = __dpopt_t3_linear / __dpopt_t3_gridDim.x % __dpopt_t3_gridDim.y;
    const unsigned __dpopt_t3_bz = __dpopt_t3_linear / ((unsigned long long)__dpopt_t3_gridDim.x * __dpopt_t3_gridDim.y);
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
  int (&Part)[128] = *reinterpret_cast<int (*)[128]>(__dpopt_p_shared + 0);
#line 38 "remove-launch-persistent.cu"
  int I = blockIdx.x * 128 + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
#line 413 "@DPOPT_OUTPUT@"
  __dpopt_team_barrier_blockReduce(__dpopt_t3_size);
#line 41 "remove-launch-persistent.cu"
  for (int S = 64; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
#line 419 "@DPOPT_OUTPUT@"
    __dpopt_team_barrier_blockReduce(__dpopt_t3_size);
#line 45 "remove-launch-persistent.cu"
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}
#line 426 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
#line 44 "remove-launch-persistent.cu"
    __syncthreads();
  }
#line 48
}

// A child that needs its block, a parent with its own shared memory and
// barriers, dynamic shared memory, a stream.
__global__ void reduceRows(const int *In, int *Sums, int Rows, int Width) {
  extern __shared__ int Scratch[];
  __shared__ int Mine[256];
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  Mine[threadIdx.x] = Row;
  Scratch[threadIdx.x] = Row;
  __syncthreads();
  if (Row < Rows && Mine[threadIdx.x] == Scratch[threadIdx.x])
    blockReduce<<<(Width + 127) / 128, 128>>>(In + Row * Width, Sums + Row, Width);
}

#line 448 "@DPOPT_OUTPUT@"
// dpopt: a launch of 'blockReduce' recorded by 'reduceRows' as a persistent grid that runs its launches of 'blockReduce' (remove-launch T1/T2)
struct __dpopt_p_record_reduceRows {
  unsigned long long __first;
  dim3 __grid, __block;
  const int *__dpopt_p_arg_30;
  int *__dpopt_p_arg_31;
  int __dpopt_p_arg_32;
};

// dpopt: one block of 'reduceRows' as a persistent grid that runs its launches of 'blockReduce' (remove-launch T1/T2)
static __device__ void __dpopt_p_body_reduceRows(uint3 blockIdx, dim3 gridDim, dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_reduceRows *__dpopt_p_records, unsigned long long __dpopt_p_round, unsigned char *__dpopt_p_shared_memory, const int *In, int *Sums, int Rows, int Width) {
#line 53 "remove-launch-persistent.cu"
  extern __shared__ int Scratch[];
#line 462 "@DPOPT_OUTPUT@"
  int (&Mine)[256] = *reinterpret_cast<int (*)[256]>(__dpopt_p_shared_memory + 0);
#line 55 "remove-launch-persistent.cu"
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  Mine[threadIdx.x] = Row;
  Scratch[threadIdx.x] = Row;
  __syncthreads();
  if (Row < Rows && Mine[threadIdx.x] == Scratch[threadIdx.x])
#line 470 "@DPOPT_OUTPUT@"
    { // dpopt remove-launch T1/T2: record the launch; the persistent grid runs it after this round
      const dim3 __dpopt_p_grid = (Width + 127) / 128;
      const dim3 __dpopt_p_block = 128;
      if (!dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0, 1024, 512)) {
    } else {
        unsigned __dpopt_p_index;
        unsigned long long __dpopt_p_first;
        if (!dpopt::rt::persistClaim(__dpopt_p_state, __dpopt_p_round, (unsigned long long)__dpopt_p_grid.x * __dpopt_p_grid.y * __dpopt_p_grid.z, __dpopt_p_index, __dpopt_p_first))
          __trap(); // cannot happen: a thread launches at most once per round
        __dpopt_p_record_reduceRows &__dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_p_rec.__first = __dpopt_p_first;
        __dpopt_p_rec.__grid = __dpopt_p_grid;
        __dpopt_p_rec.__block = __dpopt_p_block;
        __dpopt_p_rec.__dpopt_p_arg_30 = In + Row * Width;
        __dpopt_p_rec.__dpopt_p_arg_31 = Sums + Row;
        __dpopt_p_rec.__dpopt_p_arg_32 = Width;
      }
    }
}

// dpopt: 'reduceRows' as a persistent grid that runs its launches of 'blockReduce' (remove-launch T1/T2)
__global__ void __dpopt_persistent_reduceRows(dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_reduceRows *__dpopt_p_records, dim3 __dpopt_p_grid_of_parent, const int *In, int *Sums, int Rows, int Width) {
  // The parent's shared variables (1024 bytes) and, once the round's parents are done, the child's (512 bytes).
  __shared__ __align__(16) unsigned char __dpopt_p_shared_memory[1024];
  const unsigned long long __dpopt_p_blocks = (unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y * __dpopt_p_grid_of_parent.z;
  const unsigned long long __dpopt_p_rounds = (__dpopt_p_blocks + gridDim.x - 1) / gridDim.x;
  for (unsigned long long __dpopt_p_round = 0; __dpopt_p_round < __dpopt_p_rounds; ++__dpopt_p_round) {
    dpopt::rt::persistBeginRound(__dpopt_p_state, __dpopt_p_round);
    const unsigned long long __dpopt_p_block = __dpopt_p_round * gridDim.x + blockIdx.x;
    if (__dpopt_p_block < __dpopt_p_blocks)
      __dpopt_p_body_reduceRows(make_uint3(__dpopt_p_block % __dpopt_p_grid_of_parent.x, __dpopt_p_block / __dpopt_p_grid_of_parent.x % __dpopt_p_grid_of_parent.y, __dpopt_p_block / ((unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y)), __dpopt_p_grid_of_parent, __dpopt_p_state, __dpopt_p_records, __dpopt_p_round, __dpopt_p_shared_memory, In, Sums, Rows, Width);
    dpopt::rt::gridSync(__dpopt_p_state->__barrier);
    const dpopt::rt::PersistWork __dpopt_p_work = dpopt::rt::persistWork(__dpopt_p_state, __dpopt_p_round);
    if (__dpopt_p_work.__count == 0)
      continue;
    // Fig. 7(b): T1 (child blocks spread) or T2 (child grids spread), the same
    // choice in every block.
    if (dpopt::rt::persistUseT1(__dpopt_p_work, 18ull)) {
      const unsigned long long __dpopt_p_per_block = (__dpopt_p_work.__blocks + gridDim.x - 1) / gridDim.x;
      unsigned long long __dpopt_p_child_block = blockIdx.x * __dpopt_p_per_block;
      const unsigned long long __dpopt_p_last = __dpopt_p_child_block + __dpopt_p_per_block < __dpopt_p_work.__blocks ? __dpopt_p_child_block + __dpopt_p_per_block : __dpopt_p_work.__blocks;
      for (unsigned __dpopt_p_index = __dpopt_p_child_block < __dpopt_p_last ? dpopt::rt::persistFind(__dpopt_p_records, __dpopt_p_work.__count, __dpopt_p_child_block) : 0; __dpopt_p_child_block < __dpopt_p_last; ++__dpopt_p_index) {
        const __dpopt_p_record_reduceRows __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        const unsigned long long __dpopt_p_end = __dpopt_p_index + 1 < __dpopt_p_work.__count ? __dpopt_p_records[__dpopt_p_index + 1].__first : __dpopt_p_work.__blocks;
        const unsigned long long __dpopt_p_take = (__dpopt_p_end < __dpopt_p_last ? __dpopt_p_end : __dpopt_p_last) - __dpopt_p_child_block;
        __dpopt_pteam_blockReduce(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, __dpopt_p_child_block - __dpopt_p_rec.__first, __dpopt_p_take, __dpopt_p_shared_memory, __dpopt_p_rec.__dpopt_p_arg_30, __dpopt_p_rec.__dpopt_p_arg_31, __dpopt_p_rec.__dpopt_p_arg_32);
        __dpopt_p_child_block += __dpopt_p_take;
      }
    } else {
      for (unsigned long long __dpopt_p_index = blockIdx.x; __dpopt_p_index < __dpopt_p_work.__count; __dpopt_p_index += gridDim.x) {
        const __dpopt_p_record_reduceRows __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_pteam_blockReduce(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, 0, ~0ull, __dpopt_p_shared_memory, __dpopt_p_rec.__dpopt_p_arg_30, __dpopt_p_rec.__dpopt_p_arg_31, __dpopt_p_rec.__dpopt_p_arg_32);
      }
    }
    // The next round's parents write records this round's blocks read.
    if (__dpopt_p_round + 1 < __dpopt_p_rounds)
      dpopt::rt::gridSync(__dpopt_p_state->__barrier);
  }
}

// dpopt: launches 'reduceRows' as a persistent grid that runs its launches of 'blockReduce' (remove-launch T1/T2)
static cudaError_t __dpopt_launch_persistent_reduceRows(dim3 __dpopt_p_grid, dim3 __dpopt_p_block, size_t __dpopt_p_shmem, cudaStream_t __dpopt_p_stream, const int *In, int *Sums, int Rows, int Width) {
  const unsigned long long __dpopt_p_resident = dpopt::rt::persistentBlocks(__dpopt_persistent_reduceRows, __dpopt_p_block, __dpopt_p_shmem);
  // No persistent block fits (its shared memory and the child's together),
  // or the GPU rejects the configuration: the kernel runs, or fails, as it
  // did.
  if (__dpopt_p_resident == 0 || !dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0)) {
    reduceRows<<<__dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream>>>(In, Sums, Rows, Width);
    return cudaPeekAtLastError();
  }
  return dpopt::rt::launchPersistent(__dpopt_persistent_reduceRows, __dpopt_p_resident, __dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream, In, Sums, Rows, Width);
#line 61 "remove-launch-persistent.cu"
}

void run(int *Out, const int *Counts, const int *In, int *Sums, cudaStream_t S) {
#line 546 "@DPOPT_OUTPUT@"
  /* dpopt remove-launch: persistent 'spread' */ (void)__dpopt_launch_persistent_spread(3000, 128, 0, 0, Out, Counts, 3000 * 128);
  /* dpopt remove-launch: persistent 'fewBig' */ (void)__dpopt_launch_persistent_fewBig(dim3(3, 2), 32, 0, 0, Out);
  /* dpopt remove-launch: persistent 'reduceRows' */ (void)__dpopt_launch_persistent_reduceRows(12, 256, 256 * sizeof(int), S, In, Sums, 3000, 700);
#line 67 "remove-launch-persistent.cu"
}

// Named techniques.
__global__ void t1Parent(int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
#pragma dp remove_launch(T1)
    addRange<<<Counts[T], 64>>>(Out, T, Counts[T] * 64);
}

#line 561 "@DPOPT_OUTPUT@"
// dpopt: a launch of 'addRange' recorded by 't1Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T1)
struct __dpopt_p_record_t1Parent {
  unsigned long long __first;
  dim3 __grid, __block;
  int *__dpopt_p_arg_40;
  int __dpopt_p_arg_41;
  int __dpopt_p_arg_42;
};

// dpopt: one block of 't1Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T1)
static __device__ void __dpopt_p_body_t1Parent(uint3 blockIdx, dim3 gridDim, dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_t1Parent *__dpopt_p_records, unsigned long long __dpopt_p_round, int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
// #pragma dp remove_launch(T1) -- dpopt rewrote the launch it was on
    { // dpopt remove-launch T1/T2: record the launch; the persistent grid runs it after this round
      const dim3 __dpopt_p_grid = Counts[T];
      const dim3 __dpopt_p_block = 64;
      if (!dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0, 1024, 0)) {
    } else {
        unsigned __dpopt_p_index;
        unsigned long long __dpopt_p_first;
        if (!dpopt::rt::persistClaim(__dpopt_p_state, __dpopt_p_round, (unsigned long long)__dpopt_p_grid.x * __dpopt_p_grid.y * __dpopt_p_grid.z, __dpopt_p_index, __dpopt_p_first))
          __trap(); // cannot happen: a thread launches at most once per round
        __dpopt_p_record_t1Parent &__dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_p_rec.__first = __dpopt_p_first;
        __dpopt_p_rec.__grid = __dpopt_p_grid;
        __dpopt_p_rec.__block = __dpopt_p_block;
        __dpopt_p_rec.__dpopt_p_arg_40 = Out;
        __dpopt_p_rec.__dpopt_p_arg_41 = T;
        __dpopt_p_rec.__dpopt_p_arg_42 = Counts[T] * 64;
      }
    }
}

// dpopt: 't1Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T1)
__global__ void __dpopt_persistent_t1Parent(dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_t1Parent *__dpopt_p_records, dim3 __dpopt_p_grid_of_parent, int *Out, const int *Counts, int N) {
  const unsigned long long __dpopt_p_blocks = (unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y * __dpopt_p_grid_of_parent.z;
  const unsigned long long __dpopt_p_rounds = (__dpopt_p_blocks + gridDim.x - 1) / gridDim.x;
  for (unsigned long long __dpopt_p_round = 0; __dpopt_p_round < __dpopt_p_rounds; ++__dpopt_p_round) {
    dpopt::rt::persistBeginRound(__dpopt_p_state, __dpopt_p_round);
    const unsigned long long __dpopt_p_block = __dpopt_p_round * gridDim.x + blockIdx.x;
    if (__dpopt_p_block < __dpopt_p_blocks)
      __dpopt_p_body_t1Parent(make_uint3(__dpopt_p_block % __dpopt_p_grid_of_parent.x, __dpopt_p_block / __dpopt_p_grid_of_parent.x % __dpopt_p_grid_of_parent.y, __dpopt_p_block / ((unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y)), __dpopt_p_grid_of_parent, __dpopt_p_state, __dpopt_p_records, __dpopt_p_round, Out, Counts, N);
    dpopt::rt::gridSync(__dpopt_p_state->__barrier);
    const dpopt::rt::PersistWork __dpopt_p_work = dpopt::rt::persistWork(__dpopt_p_state, __dpopt_p_round);
    if (__dpopt_p_work.__count == 0)
      continue;
    // T1: the round's child blocks, spread over the persistent blocks.
    const unsigned long long __dpopt_p_per_block = (__dpopt_p_work.__blocks + gridDim.x - 1) / gridDim.x;
    unsigned long long __dpopt_p_child_block = blockIdx.x * __dpopt_p_per_block;
    const unsigned long long __dpopt_p_last = __dpopt_p_child_block + __dpopt_p_per_block < __dpopt_p_work.__blocks ? __dpopt_p_child_block + __dpopt_p_per_block : __dpopt_p_work.__blocks;
    for (unsigned __dpopt_p_index = __dpopt_p_child_block < __dpopt_p_last ? dpopt::rt::persistFind(__dpopt_p_records, __dpopt_p_work.__count, __dpopt_p_child_block) : 0; __dpopt_p_child_block < __dpopt_p_last; ++__dpopt_p_index) {
      const __dpopt_p_record_t1Parent __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
      const unsigned long long __dpopt_p_end = __dpopt_p_index + 1 < __dpopt_p_work.__count ? __dpopt_p_records[__dpopt_p_index + 1].__first : __dpopt_p_work.__blocks;
      const unsigned long long __dpopt_p_take = (__dpopt_p_end < __dpopt_p_last ? __dpopt_p_end : __dpopt_p_last) - __dpopt_p_child_block;
      __dpopt_team_addRange(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, __dpopt_p_child_block - __dpopt_p_rec.__first, __dpopt_p_take, __dpopt_p_rec.__dpopt_p_arg_40, __dpopt_p_rec.__dpopt_p_arg_41, __dpopt_p_rec.__dpopt_p_arg_42);
      __dpopt_p_child_block += __dpopt_p_take;
    }
    // The next round's parents write records this round's blocks read.
    if (__dpopt_p_round + 1 < __dpopt_p_rounds)
      dpopt::rt::gridSync(__dpopt_p_state->__barrier);
  }
}

// dpopt: launches 't1Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T1)
static cudaError_t __dpopt_launch_persistent_t1Parent(dim3 __dpopt_p_grid, dim3 __dpopt_p_block, size_t __dpopt_p_shmem, cudaStream_t __dpopt_p_stream, int *Out, const int *Counts, int N) {
  const unsigned long long __dpopt_p_resident = dpopt::rt::persistentBlocks(__dpopt_persistent_t1Parent, __dpopt_p_block, __dpopt_p_shmem);
  // No persistent block fits (its shared memory and the child's together),
  // or the GPU rejects the configuration: the kernel runs, or fails, as it
  // did.
  if (__dpopt_p_resident == 0 || !dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0)) {
    t1Parent<<<__dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream>>>(Out, Counts, N);
    return cudaPeekAtLastError();
  }
  return dpopt::rt::launchPersistent(__dpopt_persistent_t1Parent, __dpopt_p_resident, __dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream, Out, Counts, N);
#line 75 "remove-launch-persistent.cu"
}

__global__ void t2Parent(int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
#pragma dp remove_launch(T2)
    addRange<<<Counts[T], 64>>>(Out, T, Counts[T] * 64);
}

#line 647 "@DPOPT_OUTPUT@"
// dpopt: a launch of 'addRange' recorded by 't2Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T2)
struct __dpopt_p_record_t2Parent {
  unsigned long long __first;
  dim3 __grid, __block;
  int *__dpopt_p_arg_50;
  int __dpopt_p_arg_51;
  int __dpopt_p_arg_52;
};

// dpopt: one block of 't2Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T2)
static __device__ void __dpopt_p_body_t2Parent(uint3 blockIdx, dim3 gridDim, dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_t2Parent *__dpopt_p_records, unsigned long long __dpopt_p_round, int *Out, const int *Counts, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < N)
// #pragma dp remove_launch(T2) -- dpopt rewrote the launch it was on
    { // dpopt remove-launch T1/T2: record the launch; the persistent grid runs it after this round
      const dim3 __dpopt_p_grid = Counts[T];
      const dim3 __dpopt_p_block = 64;
      if (!dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0, 1024, 0)) {
    } else {
        unsigned __dpopt_p_index;
        unsigned long long __dpopt_p_first;
        if (!dpopt::rt::persistClaim(__dpopt_p_state, __dpopt_p_round, (unsigned long long)__dpopt_p_grid.x * __dpopt_p_grid.y * __dpopt_p_grid.z, __dpopt_p_index, __dpopt_p_first))
          __trap(); // cannot happen: a thread launches at most once per round
        __dpopt_p_record_t2Parent &__dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
        __dpopt_p_rec.__first = __dpopt_p_first;
        __dpopt_p_rec.__grid = __dpopt_p_grid;
        __dpopt_p_rec.__block = __dpopt_p_block;
        __dpopt_p_rec.__dpopt_p_arg_50 = Out;
        __dpopt_p_rec.__dpopt_p_arg_51 = T;
        __dpopt_p_rec.__dpopt_p_arg_52 = Counts[T] * 64;
      }
    }
}

// dpopt: 't2Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T2)
__global__ void __dpopt_persistent_t2Parent(dpopt::rt::PersistState *__dpopt_p_state, __dpopt_p_record_t2Parent *__dpopt_p_records, dim3 __dpopt_p_grid_of_parent, int *Out, const int *Counts, int N) {
  const unsigned long long __dpopt_p_blocks = (unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y * __dpopt_p_grid_of_parent.z;
  const unsigned long long __dpopt_p_rounds = (__dpopt_p_blocks + gridDim.x - 1) / gridDim.x;
  for (unsigned long long __dpopt_p_round = 0; __dpopt_p_round < __dpopt_p_rounds; ++__dpopt_p_round) {
    dpopt::rt::persistBeginRound(__dpopt_p_state, __dpopt_p_round);
    const unsigned long long __dpopt_p_block = __dpopt_p_round * gridDim.x + blockIdx.x;
    if (__dpopt_p_block < __dpopt_p_blocks)
      __dpopt_p_body_t2Parent(make_uint3(__dpopt_p_block % __dpopt_p_grid_of_parent.x, __dpopt_p_block / __dpopt_p_grid_of_parent.x % __dpopt_p_grid_of_parent.y, __dpopt_p_block / ((unsigned long long)__dpopt_p_grid_of_parent.x * __dpopt_p_grid_of_parent.y)), __dpopt_p_grid_of_parent, __dpopt_p_state, __dpopt_p_records, __dpopt_p_round, Out, Counts, N);
    dpopt::rt::gridSync(__dpopt_p_state->__barrier);
    const dpopt::rt::PersistWork __dpopt_p_work = dpopt::rt::persistWork(__dpopt_p_state, __dpopt_p_round);
    if (__dpopt_p_work.__count == 0)
      continue;
    // T2: the round's child grids, spread over the persistent blocks.
    for (unsigned long long __dpopt_p_index = blockIdx.x; __dpopt_p_index < __dpopt_p_work.__count; __dpopt_p_index += gridDim.x) {
      const __dpopt_p_record_t2Parent __dpopt_p_rec = __dpopt_p_records[__dpopt_p_index];
      __dpopt_team_addRange(__dpopt_p_rec.__grid, __dpopt_p_rec.__block, 0, ~0ull, __dpopt_p_rec.__dpopt_p_arg_50, __dpopt_p_rec.__dpopt_p_arg_51, __dpopt_p_rec.__dpopt_p_arg_52);
    }
    // The next round's parents write records this round's blocks read.
    if (__dpopt_p_round + 1 < __dpopt_p_rounds)
      dpopt::rt::gridSync(__dpopt_p_state->__barrier);
  }
}

// dpopt: launches 't2Parent' as a persistent grid that runs its launches of 'addRange' (remove-launch T2)
static cudaError_t __dpopt_launch_persistent_t2Parent(dim3 __dpopt_p_grid, dim3 __dpopt_p_block, size_t __dpopt_p_shmem, cudaStream_t __dpopt_p_stream, int *Out, const int *Counts, int N) {
  const unsigned long long __dpopt_p_resident = dpopt::rt::persistentBlocks(__dpopt_persistent_t2Parent, __dpopt_p_block, __dpopt_p_shmem);
  // No persistent block fits (its shared memory and the child's together),
  // or the GPU rejects the configuration: the kernel runs, or fails, as it
  // did.
  if (__dpopt_p_resident == 0 || !dpopt::rt::launchable(__dpopt_p_grid, __dpopt_p_block, 0)) {
    t2Parent<<<__dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream>>>(Out, Counts, N);
    return cudaPeekAtLastError();
  }
  return dpopt::rt::launchPersistent(__dpopt_persistent_t2Parent, __dpopt_p_resident, __dpopt_p_grid, __dpopt_p_block, __dpopt_p_shmem, __dpopt_p_stream, Out, Counts, N);
#line 82 "remove-launch-persistent.cu"
}

void runNamed(int *Out, const int *Counts) {
#line 721 "@DPOPT_OUTPUT@"
  /* dpopt remove-launch: persistent 't1Parent' */ (void)__dpopt_launch_persistent_t1Parent(100, 256, 0, 0, Out, Counts, 25600);
  /* dpopt remove-launch: persistent 't2Parent' */ (void)__dpopt_launch_persistent_t2Parent(100, 256, 0, 0, Out, Counts, 25600);
#line 87 "remove-launch-persistent.cu"
}
