//===- t3_patterns.cu - Children a parent block runs (remove-launch T3) ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Valid CDP2 code whose children synchronize or share memory, so T4 cannot
// run them in one thread and remove-launch picks T3. Built as written and
// after dpopt; each check compares with a CPU reference and prints PASS or
// FAIL; the exit status is the number of failures.
//
//   rowSums:    a 128-thread block reduction launched by some threads of
//               256-thread parent blocks (partial barriers, several child
//               blocks per grid);
//   scans:      a 64-thread scan with 7 barriers per child block, 4 blocks
//               per grid, in 96-thread parent blocks (the child uses the
//               first two warps); the parent's own shared memory must
//               survive the child's (separate arrays);
//   transposes: a 16x16 tile transpose (2D child block, as large as the 2D
//               parent block) under two nested ifs;
//   doublers:   a 512-thread child without barriers in 128-thread parent
//               blocks: each parent thread runs 4 child threads.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CUDA_OK(X)                                                             \
  do {                                                                         \
    cudaError_t E_ = (X);                                                      \
    if (E_ != cudaSuccess) {                                                   \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(E_), __FILE__,     \
             __LINE__);                                                        \
      exit(100);                                                               \
    }                                                                          \
  } while (0)

// dpopt: declared here for the barrier of 'blockSum''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_blockSum(unsigned Count);
// dpopt: declared here for 'blockSum' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_blockSum(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *In, int *Out, int N);
// dpopt: declared here for the grids of 'blockSum' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_blockSum(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *__dpopt_t3_arg0, int *__dpopt_t3_arg1, int __dpopt_t3_arg2);
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

// dpopt: the barrier of 'blockSum''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_blockSum(unsigned Count) {
  // Barrier 1 (0 is __syncthreads()): only the first Count threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(Count) : "memory");
}

// dpopt: 'blockSum' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_blockSum(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *In, int *Out, int N) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  // The child's threads synchronize: they must all run at once.
  if (__dpopt_t3_size > __dpopt_t3_team)
    __trap();
  for (unsigned __dpopt_t3_bz = 0; __dpopt_t3_bz < __dpopt_t3_gridDim.z; ++__dpopt_t3_bz)
  for (unsigned __dpopt_t3_by = 0; __dpopt_t3_by < __dpopt_t3_gridDim.y; ++__dpopt_t3_by)
  for (unsigned __dpopt_t3_bx = 0; __dpopt_t3_bx < __dpopt_t3_gridDim.x; ++__dpopt_t3_bx) {
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
  __shared__ int Part[128];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Part[threadIdx.x] = I < N ? In[I] : 0;
  __dpopt_team_barrier_blockSum(__dpopt_t3_size);
  for (int S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Part[threadIdx.x] += Part[threadIdx.x + S];
    __dpopt_team_barrier_blockSum(__dpopt_t3_size);
  }
  if (threadIdx.x == 0)
    atomicAdd(Out, Part[0]);
}
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
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
    __syncthreads();
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    const int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    int *__dpopt_t3_arg1_ = __dpopt_t3_slot1;
    int __dpopt_t3_arg2_ = __dpopt_t3_slot2;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_blockSum(__dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0_, __dpopt_t3_arg1_, __dpopt_t3_arg2_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
}

__global__ void rowSums(const int *In, int *Sums, int Height, int Width) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    const int *__dpopt_t3_arg0{};
    int *__dpopt_t3_arg1{};
    int __dpopt_t3_arg2{};
    if ((Row < Height && Row % 3 != 1)) {
      __dpopt_t3_launches = true;
      __dpopt_t3_grid = dim3((Width + 127) / 128);
      __dpopt_t3_block = dim3(128);
      __dpopt_t3_arg0 = In + Row * Width;
      __dpopt_t3_arg1 = Sums + Row;
      __dpopt_t3_arg2 = Width;
    }
    __dpopt_block_blockSum(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1, __dpopt_t3_arg2);
  }
}

// dpopt: declared here for the barrier of 'scan64''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_scan64(unsigned Count);
// dpopt: declared here for 'scan64' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_scan64(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *In, int *Out);
// dpopt: declared here for the grids of 'scan64' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_scan64(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *__dpopt_t3_arg0, int *__dpopt_t3_arg1);
__global__ void scan64(const int *In, int *Out) {
  __shared__ int Buf[2][64];
  int T = threadIdx.x, Cur = 0;
  Buf[0][T] = In[blockIdx.x * 64 + T];
  __syncthreads();
  for (int Off = 1; Off < 64; Off *= 2) {
    int V = Buf[Cur][T];
    if (T >= Off)
      V += Buf[Cur][T - Off];
    Buf[1 - Cur][T] = V;
    Cur = 1 - Cur;
    __syncthreads();
  }
  Out[blockIdx.x * 64 + T] = Buf[Cur][T];
}

// dpopt: the barrier of 'scan64''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_scan64(unsigned Count) {
  // Barrier 1 (0 is __syncthreads()): only the first Count threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(Count) : "memory");
}

// dpopt: 'scan64' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_scan64(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *In, int *Out) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  // The child's threads synchronize: they must all run at once.
  if (__dpopt_t3_size > __dpopt_t3_team)
    __trap();
  for (unsigned __dpopt_t3_bz = 0; __dpopt_t3_bz < __dpopt_t3_gridDim.z; ++__dpopt_t3_bz)
  for (unsigned __dpopt_t3_by = 0; __dpopt_t3_by < __dpopt_t3_gridDim.y; ++__dpopt_t3_by)
  for (unsigned __dpopt_t3_bx = 0; __dpopt_t3_bx < __dpopt_t3_gridDim.x; ++__dpopt_t3_bx) {
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
  __shared__ int Buf[2][64];
  int T = threadIdx.x, Cur = 0;
  Buf[0][T] = In[blockIdx.x * 64 + T];
  __dpopt_team_barrier_scan64(__dpopt_t3_size);
  for (int Off = 1; Off < 64; Off *= 2) {
    int V = Buf[Cur][T];
    if (T >= Off)
      V += Buf[Cur][T - Off];
    Buf[1 - Cur][T] = V;
    Cur = 1 - Cur;
    __dpopt_team_barrier_scan64(__dpopt_t3_size);
  }
  Out[blockIdx.x * 64 + T] = Buf[Cur][T];
}
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
}

// dpopt: the grids of 'scan64' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_scan64(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const int *__dpopt_t3_arg0, int *__dpopt_t3_arg1) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ const int *__dpopt_t3_slot0;
  __shared__ int *__dpopt_t3_slot1;
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
    const int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    int *__dpopt_t3_arg1_ = __dpopt_t3_slot1;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_scan64(__dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0_, __dpopt_t3_arg1_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
}

__global__ void scans(const int *In, int *Out, int *Check, int Segments) {
  __shared__ int Mine[96];
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  Mine[threadIdx.x] = G * 7;
  __syncthreads();
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    const int *__dpopt_t3_arg0{};
    int *__dpopt_t3_arg1{};
    if ((G < Segments)) {
      __dpopt_t3_launches = true;
      __dpopt_t3_grid = dim3(4);
      __dpopt_t3_block = dim3(64);
      __dpopt_t3_arg0 = In + G * 256;
      __dpopt_t3_arg1 = Out + G * 256;
    }
    __dpopt_block_scan64(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1);
  }
  Check[G] = Mine[(threadIdx.x + 1) % blockDim.x];
}

// dpopt: declared here for the barrier of 'transpose16''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_transpose16(unsigned Count);
// dpopt: declared here for 'transpose16' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_transpose16(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const float *In, float *Out);
// dpopt: declared here for the grids of 'transpose16' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_transpose16(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const float *__dpopt_t3_arg0, float *__dpopt_t3_arg1);
__global__ void transpose16(const float *In, float *Out) {
  __shared__ float Tile[16][17];
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  Out[threadIdx.y * 16 + threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
}

// dpopt: the barrier of 'transpose16''s threads when a block runs it (remove-launch T3)
static __device__ __forceinline__ void __dpopt_team_barrier_transpose16(unsigned Count) {
  // Barrier 1 (0 is __syncthreads()): only the first Count threads, whole
  // warps, take part; the block's other threads do not wait.
  asm volatile("barrier.sync 1, %0;" : : "r"(Count) : "memory");
}

// dpopt: 'transpose16' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_transpose16(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const float *In, float *Out) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  // The child's threads synchronize: they must all run at once.
  if (__dpopt_t3_size > __dpopt_t3_team)
    __trap();
  for (unsigned __dpopt_t3_bz = 0; __dpopt_t3_bz < __dpopt_t3_gridDim.z; ++__dpopt_t3_bz)
  for (unsigned __dpopt_t3_by = 0; __dpopt_t3_by < __dpopt_t3_gridDim.y; ++__dpopt_t3_by)
  for (unsigned __dpopt_t3_bx = 0; __dpopt_t3_bx < __dpopt_t3_gridDim.x; ++__dpopt_t3_bx) {
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
  __shared__ float Tile[16][17];
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * 16 + threadIdx.x];
  __dpopt_team_barrier_transpose16(__dpopt_t3_size);
  Out[threadIdx.y * 16 + threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
}
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
}

// dpopt: the grids of 'transpose16' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_transpose16(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, const float *__dpopt_t3_arg0, float *__dpopt_t3_arg1) {
  __shared__ unsigned char __dpopt_t3_launched[1024];
  __shared__ unsigned __dpopt_t3_config[6];
  __shared__ const float *__dpopt_t3_slot0;
  __shared__ float *__dpopt_t3_slot1;
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
    const float *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    float *__dpopt_t3_arg1_ = __dpopt_t3_slot1;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_transpose16(__dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0_, __dpopt_t3_arg1_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
}

__global__ void transposes(const float *In, float *Out, int Count) {
  int M = blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x;
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    const float *__dpopt_t3_arg0{};
    float *__dpopt_t3_arg1{};
    if ((M < Count) && (M % 2 == 0)) {
      __dpopt_t3_launches = true;
      __dpopt_t3_grid = dim3(1);
      __dpopt_t3_block = dim3(dim3(16, 16));
      __dpopt_t3_arg0 = In + M * 256;
      __dpopt_t3_arg1 = Out + M * 256;
    }
    __dpopt_block_transpose16(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1);
  }
}

// dpopt: declared here for 'ownSlot' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_ownSlot(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *A, int N);
// dpopt: declared here for the grids of 'ownSlot' a block's threads launched, run by the block (remove-launch T3)
static __device__ void __dpopt_block_ownSlot(bool __dpopt_t3_launches, dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *__dpopt_t3_arg0, int __dpopt_t3_arg1);
__global__ void ownSlot(int *A, int N) {
  __shared__ int Tmp[512];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Tmp[threadIdx.x] = A[I];
    A[I] = Tmp[threadIdx.x] * 2 + 1;
  }
}

// dpopt: 'ownSlot' run by the threads of a block (remove-launch T3)
static __device__ void __dpopt_team_ownSlot(dim3 __dpopt_t3_gridDim, dim3 __dpopt_t3_blockDim, int *A, int N) {
  const unsigned __dpopt_t3_self = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned __dpopt_t3_team = blockDim.x * blockDim.y * blockDim.z;
  const unsigned __dpopt_t3_size = __dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y * __dpopt_t3_blockDim.z;
  for (unsigned __dpopt_t3_bz = 0; __dpopt_t3_bz < __dpopt_t3_gridDim.z; ++__dpopt_t3_bz)
  for (unsigned __dpopt_t3_by = 0; __dpopt_t3_by < __dpopt_t3_gridDim.y; ++__dpopt_t3_by)
  for (unsigned __dpopt_t3_bx = 0; __dpopt_t3_bx < __dpopt_t3_gridDim.x; ++__dpopt_t3_bx) {
    for (unsigned __dpopt_t3_t = __dpopt_t3_self; __dpopt_t3_t < __dpopt_t3_size; __dpopt_t3_t += __dpopt_t3_team) {
    const uint3 blockIdx = make_uint3(__dpopt_t3_bx, __dpopt_t3_by, __dpopt_t3_bz);
    const uint3 threadIdx = make_uint3(__dpopt_t3_t % __dpopt_t3_blockDim.x, __dpopt_t3_t / __dpopt_t3_blockDim.x % __dpopt_t3_blockDim.y, __dpopt_t3_t / (__dpopt_t3_blockDim.x * __dpopt_t3_blockDim.y));
    const dim3 gridDim = __dpopt_t3_gridDim;
    const dim3 blockDim = __dpopt_t3_blockDim;
    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;
    {
  __shared__ int Tmp[512];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Tmp[threadIdx.x] = A[I];
    A[I] = Tmp[threadIdx.x] * 2 + 1;
  }
}
    }
    // The next child block reuses the child's shared arrays.
    __syncthreads();
  }
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
    __syncthreads();
    const dim3 __dpopt_t3_grid(__dpopt_t3_config[0], __dpopt_t3_config[1], __dpopt_t3_config[2]);
    const dim3 __dpopt_t3_block(__dpopt_t3_config[3], __dpopt_t3_config[4], __dpopt_t3_config[5]);
    int *__dpopt_t3_arg0_ = __dpopt_t3_slot0;
    int __dpopt_t3_arg1_ = __dpopt_t3_slot1;
    // Everyone has read the record before the next launcher writes it.
    __syncthreads();
    __dpopt_team_ownSlot(__dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0_, __dpopt_t3_arg1_);
  }
  // Everyone has read the flags before the next use of this function.
  __syncthreads();
}

__global__ void doublers(int *A, int Count) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  { // dpopt remove-launch T3: the block runs the child grids its threads launch here
    bool __dpopt_t3_launches = false;
    dim3 __dpopt_t3_grid, __dpopt_t3_block;
    int *__dpopt_t3_arg0{};
    int __dpopt_t3_arg1{};
    if ((T < Count)) {
      __dpopt_t3_launches = true;
      __dpopt_t3_grid = dim3(2);
      __dpopt_t3_block = dim3(512);
      __dpopt_t3_arg0 = A + T * 1000;
      __dpopt_t3_arg1 = 1000;
    }
    __dpopt_block_ownSlot(__dpopt_t3_launches, __dpopt_t3_grid, __dpopt_t3_block, __dpopt_t3_arg0, __dpopt_t3_arg1);
  }
}

template <typename V>
static int check(const char *Name, const std::vector<V> &Got, const std::vector<V> &Want) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I]) {
      printf("FAIL %s: element %zu is %g, expected %g\n", Name, I, (double)Got[I],
             (double)Want[I]);
      return 1;
    }
  printf("PASS %s (%zu values)\n", Name, Want.size());
  return 0;
}

template <typename V> static V *toDevice(const std::vector<V> &H) {
  V *D;
  CUDA_OK(cudaMalloc(&D, H.size() * sizeof(V)));
  CUDA_OK(cudaMemcpy(D, H.data(), H.size() * sizeof(V), cudaMemcpyHostToDevice));
  return D;
}
template <typename V> static std::vector<V> toHost(const V *D, size_t N) {
  std::vector<V> H(N);
  CUDA_OK(cudaMemcpy(H.data(), D, N * sizeof(V), cudaMemcpyDeviceToHost));
  return H;
}

struct Timer {
  cudaEvent_t Start, Stop;
  Timer() {
    CUDA_OK(cudaEventCreate(&Start));
    CUDA_OK(cudaEventCreate(&Stop));
    CUDA_OK(cudaEventRecord(Start));
  }
  float ms() {
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaEventRecord(Stop));
    CUDA_OK(cudaDeviceSynchronize());
    float Ms = 0;
    CUDA_OK(cudaEventElapsedTime(&Ms, Start, Stop));
    return Ms;
  }
};

int main() {
  int Failures = 0;
  srand(4242);
  CUDA_OK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768));
  {
    const int Height = 3000, Width = 700;
    std::vector<int> In(Height * Width), Want(Height, 0);
    for (int &V : In)
      V = rand() % 100;
    for (int R = 0; R < Height; ++R)
      if (R % 3 != 1)
        for (int X = 0; X < Width; ++X)
          Want[R] += In[R * Width + X];
    int *DIn = toDevice(In), *DSums = toDevice(std::vector<int>(Height, 0));
    Timer T;
    rowSums<<<(Height + 255) / 256, 256>>>(DIn, DSums, Height, Width);
    printf("rowSums: %.3f ms\n", T.ms());
    Failures += check("rowSums", toHost(DSums, Height), Want);
  }
  {
    const int Segments = 20000, Blocks = (Segments + 95) / 96, Threads = Blocks * 96;
    std::vector<int> In(Segments * 256), Want(Segments * 256), WantCheck(Threads);
    for (int &V : In)
      V = rand() % 1000 - 500;
    for (int S = 0; S < Segments * 4; ++S)
      for (int I = 0, Run = 0; I < 64; ++I)
        Want[S * 64 + I] = Run += In[S * 64 + I];
    for (int G = 0; G < Threads; ++G)
      WantCheck[G] = ((G / 96) * 96 + (G % 96 + 1) % 96) * 7;
    int *DIn = toDevice(In), *DOut = toDevice(std::vector<int>(In.size(), 0)),
        *DCheck = toDevice(std::vector<int>(Threads, 0));
    Timer T;
    scans<<<Blocks, 96>>>(DIn, DOut, DCheck, Segments);
    printf("scans: %.3f ms\n", T.ms());
    Failures += check("scans", toHost(DOut, In.size()), Want);
    Failures += check("scans.parent_shared", toHost(DCheck, Threads), WantCheck);
  }
  {
    const int Count = 3000;
    std::vector<float> In(Count * 256), Want(Count * 256, 0.0f);
    for (float &V : In)
      V = (float)(rand() % 1000);
    for (int M = 0; M < Count; M += 2)
      for (int Y = 0; Y < 16; ++Y)
        for (int X = 0; X < 16; ++X)
          Want[M * 256 + Y * 16 + X] = In[M * 256 + X * 16 + Y];
    float *DIn = toDevice(In), *DOut = toDevice(std::vector<float>(In.size(), 0.0f));
    Timer T;
    transposes<<<(Count + 255) / 256, dim3(32, 8)>>>(DIn, DOut, Count);
    printf("transposes: %.3f ms\n", T.ms());
    Failures += check("transposes", toHost(DOut, In.size()), Want);
  }
  {
    const int Count = 1000;
    std::vector<int> A(Count * 1000), Want(Count * 1000);
    for (size_t I = 0; I < A.size(); ++I) {
      A[I] = rand() % 10000;
      Want[I] = A[I] * 2 + 1;
    }
    int *DA = toDevice(A);
    Timer T;
    doublers<<<(Count + 127) / 128, 128>>>(DA, Count);
    printf("doublers: %.3f ms\n", T.ms());
    Failures += check("doublers", toHost(DA, A.size()), Want);
  }
  printf("%s: %d failure(s)\n", Failures ? "FAIL" : "PASS", Failures);
  return Failures;
}
