#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "remove-launch-refused.cu"
// DPOPT-ARGS: --passes=remove-launch
// DPOPT-NVCC: skip the cudaDeviceSynchronize() calls dpopt must leave are a compile error on CUDA 12+/sm_90
// Every launch remove-launch leaves unchanged, with the reason in a remark.
#include <cuda_runtime.h>

__device__ void elsewhere(int *A); // defined in another file

#line 11 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'plain' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_plain(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N);
#line 8 "remove-launch-refused.cu"
__global__ void plain(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = I;
}

#line 21 "@DPOPT_OUTPUT@"
// dpopt: 'plain' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_plain(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 9 "remove-launch-refused.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = I;
}
#line 36 "@DPOPT_OUTPUT@"
  }
}
// dpopt: declared here for the barrier of 'usesBarrier''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_usesBarrier(unsigned __threads);
// dpopt: declared here for 'usesBarrier' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_usesBarrier(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *A);
// dpopt: declared here for the grids of 'usesBarrier' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_usesBarrier(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0);
#line 13 "remove-launch-refused.cu"
__global__ void usesBarrier(int *A) {
  A[threadIdx.x] = 1;
  __syncthreads();
  A[threadIdx.x] += A[(threadIdx.x + 1) % blockDim.x];
}

#line 52 "@DPOPT_OUTPUT@"
// dpopt: the barrier of 'usesBarrier''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_usesBarrier(unsigned __threads) {
  // Barrier 1 (0 is __syncthreads()): only the first __threads threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(__threads) : "memory");
}

// dpopt: 'usesBarrier' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_usesBarrier(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *A) {
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
#line 14 "remove-launch-refused.cu"
  A[threadIdx.x] = 1;
#line 83 "@DPOPT_OUTPUT@"
  __dpopt_team_barrier_usesBarrier(__dpopt_t3_size);
#line 16 "remove-launch-refused.cu"
  A[threadIdx.x] += A[(threadIdx.x + 1) % blockDim.x];
}
#line 88 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
}

// dpopt: the grids of 'usesBarrier' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_usesBarrier(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ int *__dpopt_t3_slot0;
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  __dpopt_t3_launched[__dpopt_t3_self] = __dpopt_t3_launches;
#line 15 "remove-launch-refused.cu"
  __syncthreads();
#line 105 "@DPOPT_OUTPUT@"
  // Launches in thread order; every thread reads the same flags.
  for (unsigned __dpopt_t3_t = 0; __dpopt_t3_t < __dpopt_t3_team; ++__dpopt_t3_t) {
    if (!__dpopt_t3_launched[__dpopt_t3_t])
      continue;
    if (__dpopt_t3_self == __dpopt_t3_t) {
      __dpopt_t3_config[0] = __dpopt_t3_gridDim.x; __dpopt_t3_config[1] = __dpopt_t3_gridDim.y; __dpopt_t3_config[2] = __dpopt_t3_gridDim.z;
      __dpopt_t3_config[3] = __dpopt_t3_blockDim.x; __dpopt_t3_config[4] = __dpopt_t3_blockDim.y; __dpopt_t3_config[5] = __dpopt_t3_blockDim.z;
      __dpopt_t3_slot0 = __dpopt_t3_arg0;
    }
    __syncthreads();
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_usesBarrier(__dpopt_t3_grid, __dpopt_t3_block, 0, ~0ull, __dpopt_t3_arg0_);
  }
  // Everyone has read the flags before the next use of this function.
#line 15 "remove-launch-refused.cu"
  __syncthreads();
#line 126 "@DPOPT_OUTPUT@"
}
// dpopt: declared here for 'usesShared' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_usesShared(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *A);
// dpopt: declared here for the grids of 'usesShared' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_usesShared(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0);
#line 18 "remove-launch-refused.cu"
__global__ void usesShared(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = A[threadIdx.x];
  A[threadIdx.x] = S[63 - threadIdx.x];
}

#line 139 "@DPOPT_OUTPUT@"
// dpopt: 'usesShared' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_usesShared(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, unsigned long long __dpopt_t3_first, unsigned long long __dpopt_t3_count, int *A) {
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
#line 19 "remove-launch-refused.cu"
  __shared__ int S[64];
  S[threadIdx.x] = A[threadIdx.x];
  A[threadIdx.x] = S[63 - threadIdx.x];
}
#line 163 "@DPOPT_OUTPUT@"
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
}

// dpopt: the grids of 'usesShared' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_usesShared(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ int *__dpopt_t3_slot0;
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  __dpopt_t3_launched[__dpopt_t3_self] = __dpopt_t3_launches;
#line 15 "remove-launch-refused.cu"
  __syncthreads();
#line 180 "@DPOPT_OUTPUT@"
  // Launches in thread order; every thread reads the same flags.
  for (unsigned __dpopt_t3_t = 0; __dpopt_t3_t < __dpopt_t3_team; ++__dpopt_t3_t) {
    if (!__dpopt_t3_launched[__dpopt_t3_t])
      continue;
    if (__dpopt_t3_self == __dpopt_t3_t) {
      __dpopt_t3_config[0] = __dpopt_t3_gridDim.x; __dpopt_t3_config[1] = __dpopt_t3_gridDim.y; __dpopt_t3_config[2] = __dpopt_t3_gridDim.z;
      __dpopt_t3_config[3] = __dpopt_t3_blockDim.x; __dpopt_t3_config[4] = __dpopt_t3_blockDim.y; __dpopt_t3_config[5] = __dpopt_t3_blockDim.z;
      __dpopt_t3_slot0 = __dpopt_t3_arg0;
    }
    __syncthreads();
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_usesShared(__dpopt_t3_grid, __dpopt_t3_block, 0, ~0ull, __dpopt_t3_arg0_);
  }
  // Everyone has read the flags before the next use of this function.
#line 15 "remove-launch-refused.cu"
  __syncthreads();
#line 22
}
__global__ void usesShuffle(int *A) { A[threadIdx.x] = __shfl_down_sync(0xffffffff, A[threadIdx.x], 1); }
__global__ void usesUnknown(int *A) { elsewhere(A); }
__global__ void usesAsm(int *A) { asm volatile("membar.gl;"); A[0] = 1; }
__global__ void walk(int *A, int Depth) {
  if (Depth > 0)
    walk<<<1, 1>>>(A, Depth - 1);
}
#line 210 "@DPOPT_OUTPUT@"
__device__ void launchesPlain(int *A) { { // dpopt remove-launch T4: this thread runs the child grid
  dim3 __dpopt_grid = 1;
  dim3 __dpopt_block = 32;
  const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
  if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
    __dpopt_serial_plain(__dpopt_grid, __dpopt_block, A, 32);
  else
    plain<<<__dpopt_grid, __dpopt_block>>>(A, 32);
  dpopt::rt::syncLanes(__dpopt_warp);
} }
#line 31 "remove-launch-refused.cu"
__global__ void launchesInHelper(int *A) { launchesPlain(A); }
__global__ void launchesBarrier(int *A) { usesBarrier<<<1, 64>>>(A); }

#define LAUNCH(A) plain<<<1, 32>>>(A, 32)

__host__ __device__ void both(int *A) { plain<<<1, 32>>>(A, 32); }

__global__ void parent(int *A) {
#line 230 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    int *__dpopt_t3_arg0{};
    {
      __dpopt_t3_grid = dim3(1);
      __dpopt_t3_block = dim3(64);
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 0)) {
        __dpopt_t3_launches = true;
        __dpopt_t3_arg0 = A;
      } else {
        usesBarrier<<<__dpopt_t3_grid, __dpopt_t3_block>>>(A);
      }
    }
    __dpopt_block_usesBarrier(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0);
  }
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    int *__dpopt_t3_arg0{};
    {
      __dpopt_t3_grid = dim3(1);
      __dpopt_t3_block = dim3(64);
      if (dpopt::rt::launchable(__dpopt_t3_grid, __dpopt_t3_block, 0, 1024, 256)) {
        __dpopt_t3_launches = true;
        __dpopt_t3_arg0 = A;
      } else {
        usesShared<<<__dpopt_t3_grid, __dpopt_t3_block>>>(A);
      }
    }
    __dpopt_block_usesShared(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0);
  }
#line 41 "remove-launch-refused.cu"
  usesShuffle<<<1, 64>>>(A);
  usesUnknown<<<1, 64>>>(A);
  usesAsm<<<1, 64>>>(A);
  walk<<<1, 1>>>(A, 3);
  launchesInHelper<<<1, 1>>>(A);
  launchesBarrier<<<1, 1>>>(A);
  LAUNCH(A);
#pragma dp off
  plain<<<1, 32>>>(A, 32);
#pragma dp remove_launch(T3)
  plain<<<1, 32>>>(A, 32);
#pragma dp remove_launch(T4)
  usesShared<<<1, 64>>>(A);
  both(A);
}

// The synchronization waits for a launch that stays: it stays too.
__global__ void waitsForBarrier(int *A) {
  usesShuffle<<<1, 64>>>(A);
  cudaDeviceSynchronize();
}

// In a device function, which other code may call.
__device__ void syncHelper(int *A) {
#line 288 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = 1;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
      __dpopt_serial_plain(__dpopt_grid, __dpopt_block, A, 32);
    else
      plain<<<__dpopt_grid, __dpopt_block>>>(A, 32);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 66 "remove-launch-refused.cu"
  cudaDeviceSynchronize();
}
__global__ void callsSyncHelper(int *A) { syncHelper(A); }

#define SYNC() cudaDeviceSynchronize()
__global__ void syncInMacro(int *A) {
#line 306 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = 1;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
      __dpopt_serial_plain(__dpopt_grid, __dpopt_block, A, 32);
    else
      plain<<<__dpopt_grid, __dpopt_block>>>(A, 32);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 73 "remove-launch-refused.cu"
  SYNC();
}
