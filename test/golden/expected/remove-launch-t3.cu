#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "remove-launch-t3.cu"
// DPOPT-ARGS: --passes=remove-launch
// remove-launch T3: the parent block runs the child grids its threads launch,
// and the sites T3 must leave (a barrier every thread of the block cannot be
// shown to reach, a child it cannot run as a team).
#include <cuda_runtime.h>

// A block-wide reduction: shared memory and barriers, so T4 cannot run it.
#line 11 "@DPOPT_OUTPUT@"
// dpopt: declared here for the barrier of 'blockSum''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_blockSum(unsigned __threads);
// dpopt: declared here for 'blockSum' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_blockSum(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, const int *In, int *Out, int N);
// dpopt: declared here for the grids of 'blockSum' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_blockSum(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *__dpopt_t3_arg0, int *__dpopt_t3_arg1, int __dpopt_t3_arg2);
#line 8 "remove-launch-t3.cu"
__global__ void blockSum(const int *In, int *Out, int N) {
  __shared__ int Part[128];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (int S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}

#line 33 "@DPOPT_OUTPUT@"
// dpopt: the barrier of 'blockSum''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_blockSum(unsigned __threads) {
  // Barrier 1 (0 is __syncthreads()): only the first __threads threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(__threads) : "memory");
}

// dpopt: 'blockSum' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_blockSum(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, const int *In, int *Out, int N) {
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
#line 9 "remove-launch-t3.cu"
  __shared__ int Part[128];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
#line 66 "@DPOPT_OUTPUT@"
  __dpopt_team_barrier_blockSum(__dpopt_t3_size);
#line 13 "remove-launch-t3.cu"
  for (int S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
#line 72 "@DPOPT_OUTPUT@"
    __dpopt_team_barrier_blockSum(__dpopt_t3_size);
#line 17 "remove-launch-t3.cu"
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}
#line 79 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
#line 16 "remove-launch-t3.cu"
    __syncthreads();
  }
#line 85 "@DPOPT_OUTPUT@"
}

// dpopt: the grids of 'blockSum' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_blockSum(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *__dpopt_t3_arg0, int *__dpopt_t3_arg1, int __dpopt_t3_arg2) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ const int *__dpopt_t3_slot0;
  __shared__ int *__dpopt_t3_slot1;
  __shared__ int __dpopt_t3_slot2;
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
      __dpopt_t3_slot2 = __dpopt_t3_arg2;
    }
#line 16 "remove-launch-t3.cu"
    __syncthreads();
#line 112 "@DPOPT_OUTPUT@"
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    const int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    int *__dpopt_t3_arg1_ = __dpopt_t3_slot1;
    int __dpopt_t3_arg2_ = __dpopt_t3_slot2;
    // Everyone has read the record before the next launcher writes it.
#line 16 "remove-launch-t3.cu"
    __syncthreads();
#line 121 "@DPOPT_OUTPUT@"
    __dpopt_team_blockSum(__dpopt_t3_grid, __dpopt_t3_block, 0, ~0ull, __dpopt_t3_arg0_, __dpopt_t3_arg1_, __dpopt_t3_arg2_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
#line 20 "remove-launch-t3.cu"
}

// Shared memory without barriers: each thread uses its own slot.
#line 130 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'ownSlot' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_ownSlot(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *A, int N);
// dpopt: declared here for the grids of 'ownSlot' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_ownSlot(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0, int __dpopt_t3_arg1);
#line 23 "remove-launch-t3.cu"
__global__ void ownSlot(int *A, int N) {
  __shared__ int Tmp[512];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Tmp[threadIdx.x] = A[I];
    A[I] = Tmp[threadIdx.x] * 2;
  }
}

#line 145 "@DPOPT_OUTPUT@"
// dpopt: 'ownSlot' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_ownSlot(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *A, int N) {
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
#line 24 "remove-launch-t3.cu"
  __shared__ int Tmp[512];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Tmp[threadIdx.x] = A[I];
    A[I] = Tmp[threadIdx.x] * 2;
  }
}
#line 172 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
#line 16 "remove-launch-t3.cu"
    __syncthreads();
  }
#line 178 "@DPOPT_OUTPUT@"
}

// dpopt: the grids of 'ownSlot' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_ownSlot(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0, int __dpopt_t3_arg1) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ int *__dpopt_t3_slot0;
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
#line 16 "remove-launch-t3.cu"
    __syncthreads();
#line 203 "@DPOPT_OUTPUT@"
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    int __dpopt_t3_arg1_ = __dpopt_t3_slot1;
    // Everyone has read the record before the next launcher writes it.
#line 16 "remove-launch-t3.cu"
    __syncthreads();
#line 211 "@DPOPT_OUTPUT@"
    __dpopt_team_ownSlot(__dpopt_t3_grid, __dpopt_t3_block, 0, ~0ull, __dpopt_t3_arg0_, __dpopt_t3_arg1_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
#line 30 "remove-launch-t3.cu"
}

__global__ void earlyExit(int *A) {
  if (threadIdx.x > 40)
    return;
  __syncthreads();
  A[threadIdx.x] = 1;
}

__global__ void dynShared(int *A) {
  extern __shared__ int Dyn[];
  Dyn[threadIdx.x] = A[threadIdx.x];
  __syncthreads();
  A[threadIdx.x] = Dyn[blockDim.x - 1 - threadIdx.x];
}

// Legacy CDP1: each thread waits for its row's sum, then reads it.
__global__ void rows(const int *In, int *Sums, int Height, int Width) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
#line 236 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    const int *__dpopt_t3_arg0{};
    int *__dpopt_t3_arg1{};
    int __dpopt_t3_arg2{};
#line 49 "remove-launch-t3.cu"
  if (Row < Height)
#line 245 "@DPOPT_OUTPUT@"
    { // dpopt remove-launch T3: record the launch
      __dpopt_t3_grid = dim3((Width + 127) / 128);
      __dpopt_t3_block = dim3(128);
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 512)) {
        __dpopt_t3_launches = true;
        __dpopt_t3_arg0 = In + Row * Width;
        __dpopt_t3_arg1 = Sums + Row;
        __dpopt_t3_arg2 = Width;
      } else {
        blockSum<<<__dpopt_t3_grid, __dpopt_t3_block>>>(In + Row * Width, Sums + Row, Width);
      }
    }
    __dpopt_block_blockSum(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1, __dpopt_t3_arg2);
  }
  /* dpopt remove-launch: cudaDeviceSynchronize() had nothing left to wait for */;
#line 52 "remove-launch-t3.cu"
  if (Row < Height)
    Sums[Row] *= 2;
}

__global__ void nested(int *A, int N, int Mode) {
  int T = threadIdx.x;
#line 268 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    int *__dpopt_t3_arg0{};
    int __dpopt_t3_arg1{};
#line 58 "remove-launch-t3.cu"
  if (Mode > 0)
    if (T % 3 == 0) {
#line 277 "@DPOPT_OUTPUT@"
      { // dpopt remove-launch T3: record the launch
        __dpopt_t3_grid = dim3(2);
        __dpopt_t3_block = dim3(512);
        if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 2048)) {
          __dpopt_t3_launches = true;
          __dpopt_t3_arg0 = A + T * 1024;
          __dpopt_t3_arg1 = N;
        } else {
          ownSlot<<<__dpopt_t3_grid, __dpopt_t3_block>>>(A + T * 1024, N);
        }
      }
#line 61 "remove-launch-t3.cu"
    }
#line 291 "@DPOPT_OUTPUT@"
    __dpopt_block_ownSlot(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1);
  }
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    const int *__dpopt_t3_arg0{};
    int *__dpopt_t3_arg1{};
    int __dpopt_t3_arg2{};
    {
      __dpopt_t3_grid = dim3(1);
      __dpopt_t3_block = dim3(dim3(128));
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 512)) {
        __dpopt_t3_launches = true;
        __dpopt_t3_arg0 = A;
        __dpopt_t3_arg1 = A + N;
        __dpopt_t3_arg2 = N;
      } else {
        blockSum<<<__dpopt_t3_grid, __dpopt_t3_block>>>(A, A + N, N);
      }
    }
    __dpopt_block_blockSum(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1, __dpopt_t3_arg2);
  }
#line 63 "remove-launch-t3.cu"
}

__global__ void refusals(int *A, int N) {
  int T = threadIdx.x;
  for (int K = 0; K < T; ++K)
    blockSum<<<1, 128>>>(A, A + K, N);
  if (T == 0)
    blockSum<<<1, 128>>>(A, A, N);
  else
    blockSum<<<1, 128>>>(A, A + 1, N);
  if (T < 2) {
    A[T] = 0;
    blockSum<<<1, 128>>>(A, A, N);
  }
  blockSum<<<1, 100>>>(A, A, N);
  blockSum<<<1, N>>>(A, A, N);
  earlyExit<<<1, 64>>>(A);
  dynShared<<<1, 64, 64 * sizeof(int)>>>(A);
  if (T > N)
    return;
  blockSum<<<1, 128>>>(A, A, N);
}

__device__ void helper(int *A, int N) { blockSum<<<1, 128>>>(A, A, N); }
__global__ void viaHelper(int *A, int N) { helper(A, N); }

__global__ void requested(int *A, int N) {
#line 342 "@DPOPT_OUTPUT@"
// #pragma dp remove_launch(T3) -- dpopt rewrote the launch it was on
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    int *__dpopt_t3_arg0{};
    int __dpopt_t3_arg1{};
    {
      __dpopt_t3_grid = dim3(1);
      __dpopt_t3_block = dim3(64);
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 2048)) {
        __dpopt_t3_launches = true;
        __dpopt_t3_arg0 = A;
        __dpopt_t3_arg1 = N;
      } else {
        ownSlot<<<__dpopt_t3_grid, __dpopt_t3_block>>>(A, N);
      }
    }
    __dpopt_block_ownSlot(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1);
  }
#line 92 "remove-launch-t3.cu"
#pragma dp remove_launch(T4)
  blockSum<<<1, 128>>>(A, A, N);
}

// The launch ends its path through if/else branches and blocks: the block
// runs the record after the whole top-level statement. Where a statement
// follows the launch, it would run before the child: the launch stays.
__global__ void branches(int *A, int N) {
  int T = threadIdx.x;
#line 372 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    const int *__dpopt_t3_arg0{};
    int *__dpopt_t3_arg1{};
    int __dpopt_t3_arg2{};
#line 101 "remove-launch-t3.cu"
  if (T < N) {
    A[T] = T;
    if (T % 4 == 0)
#line 383 "@DPOPT_OUTPUT@"
      { // dpopt remove-launch T3: record the launch
        __dpopt_t3_grid = dim3(1);
        __dpopt_t3_block = dim3(128);
        if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 512)) {
          __dpopt_t3_launches = true;
          __dpopt_t3_arg0 = A;
          __dpopt_t3_arg1 = A + N + T;
          __dpopt_t3_arg2 = N;
        } else {
          blockSum<<<__dpopt_t3_grid, __dpopt_t3_block>>>(A, A + N + T, N);
        }
      }
#line 105 "remove-launch-t3.cu"
    else
      A[T] += 1;
  } else
    A[0] = 0;
#line 401 "@DPOPT_OUTPUT@"
    __dpopt_block_blockSum(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1, __dpopt_t3_arg2);
  }
#line 109 "remove-launch-t3.cu"
  if (T == 1) {
    blockSum<<<1, 128>>>(A, A + N, N);
    A[T] = 0;
  }
}
