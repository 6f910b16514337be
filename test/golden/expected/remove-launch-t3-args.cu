#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "remove-launch-t3-args.cu"
// DPOPT-ARGS: --passes=remove-launch
// remove-launch T3: a child without parameters that calls a device function
// reading threadIdx (cloned), a struct argument passed through shared memory,
// and a block size from a constant variable.
#include <cuda_runtime.h>
__device__ int G[256];
#line 10 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'lane' reading the thread and block position from parameters
static __device__ int __dpopt_team_lane(uint3 threadIdx);
#line 7 "remove-launch-t3-args.cu"
__device__ int lane() { return threadIdx.x % 32; }

#line 16 "@DPOPT_OUTPUT@"
// dpopt: 'lane' reading the thread and block position from parameters
static __device__ int __dpopt_team_lane(uint3 threadIdx) { return threadIdx.x % 32; }
#line 8 "remove-launch-t3-args.cu"
struct Pair { int a; float b; };
#line 21 "@DPOPT_OUTPUT@"
// dpopt: declared here for the barrier of 'none''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_none(unsigned __threads);
// dpopt: declared here for 'none' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_none(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count);
// dpopt: declared here for the grids of 'none' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_none(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim);
#line 9 "remove-launch-t3-args.cu"
__global__ void none() { __shared__ int s[64]; s[threadIdx.x] = lane(); __syncthreads(); G[threadIdx.x] = s[63 - threadIdx.x]; }

#line 31 "@DPOPT_OUTPUT@"
// dpopt: the barrier of 'none''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_none(unsigned __threads) {
  // Barrier 1 (0 is __syncthreads()): only the first __threads threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(__threads) : "memory");
}

// dpopt: 'none' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_none(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count) {
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
    { __shared__ int s[64]; s[threadIdx.x] = __dpopt_team_lane(threadIdx); __dpopt_team_barrier_none(__dpopt_t3_size); G[threadIdx.x] = s[63 - threadIdx.x]; }
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
}

// dpopt: the grids of 'none' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_none(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  __dpopt_t3_launched[__dpopt_t3_self] = __dpopt_t3_launches;
  __syncthreads();
  // Launches in thread order; every thread reads the same flags.
  for (unsigned __dpopt_t3_t = 0; __dpopt_t3_t < __dpopt_t3_team; ++__dpopt_t3_t) {
    if (!__dpopt_t3_launched[__dpopt_t3_t])
      continue;
    if (__dpopt_t3_self == __dpopt_t3_t) {
      __dpopt_t3_config[0] = __dpopt_t3_gridDim.x; __dpopt_t3_config[1] = __dpopt_t3_gridDim.y; __dpopt_t3_config[2] = __dpopt_t3_gridDim.z;
      __dpopt_t3_config[3] = __dpopt_t3_blockDim.x; __dpopt_t3_config[4] = __dpopt_t3_blockDim.y; __dpopt_t3_config[5] = __dpopt_t3_blockDim.z;
    }
    __syncthreads();
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_none(__dpopt_t3_grid, __dpopt_t3_block, 0, ~0ull);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
}
// dpopt: declared here for the barrier of 'withStruct''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_withStruct(unsigned __threads);
// dpopt: declared here for 'withStruct' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_withStruct(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, Pair p, int n);
// dpopt: declared here for the grids of 'withStruct' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_withStruct(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, Pair __dpopt_t3_arg0, int __dpopt_t3_arg1);
#line 10 "remove-launch-t3-args.cu"
__global__ void withStruct(Pair p, int n) {
  __shared__ Pair s[32]; s[threadIdx.x] = p; __syncthreads(); if (threadIdx.x < n) G[threadIdx.x] = s[31 - threadIdx.x].a; }

#line 102 "@DPOPT_OUTPUT@"
// dpopt: the barrier of 'withStruct''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_withStruct(unsigned __threads) {
  // Barrier 1 (0 is __syncthreads()): only the first __threads threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(__threads) : "memory");
}

// dpopt: 'withStruct' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_withStruct(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, Pair p, int n) {
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
    auto &__dpopt_t3_in_p = p;
    {
  auto p = __dpopt_t3_in_p; // each thread's own copy
  __shared__ Pair s[32]; s[threadIdx.x] = p; __dpopt_team_barrier_withStruct(__dpopt_t3_size); if (threadIdx.x < n) G[threadIdx.x] = s[31 - threadIdx.x].a; }
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
}

// dpopt: the grids of 'withStruct' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_withStruct(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, Pair __dpopt_t3_arg0, int __dpopt_t3_arg1) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ Pair __dpopt_t3_slot0;
  __shared__ int __dpopt_t3_slot1;
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  __dpopt_t3_launched[__dpopt_t3_self] = __dpopt_t3_launches;
  __syncthreads();
  // Launches in thread order; every thread reads the same flags.
  for (unsigned __dpopt_t3_t = 0; __dpopt_t3_t < __dpopt_t3_team; ++__dpopt_t3_t) {
    if (!__dpopt_t3_launched[__dpopt_t3_t])
      continue;
    if (__dpopt_t3_self == __dpopt_t3_t) {
      __dpopt_t3_config[0] = __dpopt_t3_gridDim.x; __dpopt_t3_config[1] = __dpopt_t3_gridDim.y; __dpopt_t3_config[2] = __dpopt_t3_gridDim.z;
      __dpopt_t3_config[3] = __dpopt_t3_blockDim.x; __dpopt_t3_config[4] = __dpopt_t3_blockDim.y; __dpopt_t3_config[5] = __dpopt_t3_blockDim.z;
      __dpopt_t3_slot0 = __dpopt_t3_arg0;
      __dpopt_t3_slot1 = __dpopt_t3_arg1;
    }
    __syncthreads();
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    Pair __dpopt_t3_arg0_ = __dpopt_t3_slot0;
    int __dpopt_t3_arg1_ = __dpopt_t3_slot1;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_withStruct(__dpopt_t3_grid, __dpopt_t3_block, 0, ~0ull, __dpopt_t3_arg0_, __dpopt_t3_arg1_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
}
#line 12 "remove-launch-t3-args.cu"
__global__ void parent(int n) {
  const int B = 64;
#line 175 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    {
      __dpopt_t3_grid = dim3(2);
      __dpopt_t3_block = dim3(B);
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 256)) {
        __dpopt_t3_launches = true;
      } else {
        none<<<__dpopt_t3_grid, __dpopt_t3_block>>>();
      }
    }
    __dpopt_block_none(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block);
  }
#line 15 "remove-launch-t3-args.cu"
  Pair P{n, 1.0f};
#line 192 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    Pair __dpopt_t3_arg0{};
    int __dpopt_t3_arg1{};
#line 16 "remove-launch-t3-args.cu"
  if (n > 3) {
#line 200 "@DPOPT_OUTPUT@"
    { // dpopt remove-launch T3: record the launch
      __dpopt_t3_grid = dim3(1);
      __dpopt_t3_block = dim3(32);
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 256)) {
        __dpopt_t3_launches = true;
        __dpopt_t3_arg0 = P;
        __dpopt_t3_arg1 = n;
      } else {
        withStruct<<<__dpopt_t3_grid, __dpopt_t3_block>>>(P, n);
      }
    }
  }
    __dpopt_block_withStruct(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1);
#line 18 "remove-launch-t3-args.cu"
  }
}
