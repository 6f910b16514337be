#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "compose_coarsen_threshold.cu"
// DPOPT-ARGS: --passes=coarsen,threshold
// Every ceiling-division form of Olabi et al. §III-D, inline, through local
// variables and a macro; multi-dimensional children; returns inside loops
// and switches; a parameter the child modifies; a device helper that reads
// the thread position (cloned); template children; a per-site threshold.
// Each parent launches once per thread (threshold's condition).
#include <cuda_runtime.h>

#define BS 64
#define CEIL(n, b) (((n) + (b) - 1) / (b))

#line 15 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'lane' reading the thread and block position from parameters
static __device__ int __dpopt_serial_lane(uint3 threadIdx);
#line 12 "compose_coarsen_threshold.cu"
__device__ int lane() { return threadIdx.x % 32; }

#line 21 "@DPOPT_OUTPUT@"
// dpopt: 'lane' reading the thread and block position from parameters
static __device__ int __dpopt_serial_lane(uint3 threadIdx) { return threadIdx.x % 32; }
// dpopt: declared here for 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_coarse_flat(uint3 blockIdx);
static __device__ int __dpopt_serial___dpopt_coarse_flat(uint3 threadIdx, dim3 blockDim, uint3 blockIdx); // dpopt: '__dpopt_coarse_flat' reading the thread and block position from parameters
#line 13 "compose_coarsen_threshold.cu"
__device__ int flat() { return blockIdx.x * blockDim.x + threadIdx.x + 0 * lane(); }

#line 30 "@DPOPT_OUTPUT@"
// dpopt: 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_coarse_flat(uint3 blockIdx) { return blockIdx.x * blockDim.x + threadIdx.x + 0 * lane(); }

// dpopt: '__dpopt_coarse_flat' reading the thread and block position from parameters
static __device__ int __dpopt_serial___dpopt_coarse_flat(uint3 threadIdx, dim3 blockDim, uint3 blockIdx) { return blockIdx.x * blockDim.x + threadIdx.x + 0 * __dpopt_serial_lane(threadIdx); }

// dpopt: declared here for 'child' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_child(dim3 __dpopt_gridDim, int *A, int N);
static __device__ void __dpopt_serial___dpopt_coarse_child(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, int *A, int N); // dpopt: '__dpopt_coarse_child' run serially by one thread (threshold)
#line 15 "compose_coarsen_threshold.cu"
__global__ void child(int *A, int N) {
  int I = flat();
  if (I >= N)
    return;
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
        return;
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}

#line 58 "@DPOPT_OUTPUT@"
// dpopt: 'child' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_child(dim3 __dpopt_gridDim, int *A, int N) {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    {
  int I = __dpopt_coarse_flat(blockIdx);
#line 17 "compose_coarsen_threshold.cu"
  if (I >= N)
#line 68 "@DPOPT_OUTPUT@"
    goto __dpopt_next_block;
#line 19 "compose_coarsen_threshold.cu"
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
#line 75 "@DPOPT_OUTPUT@"
        goto __dpopt_next_block;
#line 24 "compose_coarsen_threshold.cu"
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}
#line 85 "@DPOPT_OUTPUT@"
    __dpopt_next_block:;
  }
}

// dpopt: '__dpopt_coarse_child' run serially by one thread (threshold)
static __device__ void __dpopt_serial___dpopt_coarse_child(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, int *A, int N) {
  for (unsigned __dpopt_bz = 0; __dpopt_bz < __dpopt_gridDim_2.z; ++__dpopt_bz)
  for (unsigned __dpopt_by_2 = 0; __dpopt_by_2 < __dpopt_gridDim_2.y; ++__dpopt_by_2)
  for (unsigned __dpopt_bx_2 = 0; __dpopt_bx_2 < __dpopt_gridDim_2.x; ++__dpopt_bx_2)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, __dpopt_by_2, __dpopt_bz);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 gridDim = __dpopt_gridDim_2;
    const dim3 blockDim = __dpopt_blockDim;
    {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    {
  int I = __dpopt_serial___dpopt_coarse_flat(threadIdx, blockDim, blockIdx);
#line 17 "compose_coarsen_threshold.cu"
  if (I >= N)
#line 109 "@DPOPT_OUTPUT@"
    goto __dpopt_next_block;
#line 19 "compose_coarsen_threshold.cu"
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
#line 116 "@DPOPT_OUTPUT@"
        goto __dpopt_next_block;
#line 24 "compose_coarsen_threshold.cu"
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}
#line 126 "@DPOPT_OUTPUT@"
    __dpopt_next_block:;
  }
}
  }
}

// dpopt: declared here for 'scale' coarsened: each block runs a stride of original blocks (coarsen)
template <class T>
static __global__ void __dpopt_coarse_scale(dim3 __dpopt_gridDim, T *A, T V, int N);
template <class T>
static __device__ void __dpopt_serial___dpopt_coarse_scale(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, T *A, T V, int N); // dpopt: '__dpopt_coarse_scale' run serially by one thread (threshold)
#line 32 "compose_coarsen_threshold.cu"
template <class T> __global__ void scale(T *A, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}

#line 145 "@DPOPT_OUTPUT@"
// dpopt: 'scale' coarsened: each block runs a stride of original blocks (coarsen)
template <class T>
static __global__ void __dpopt_coarse_scale(dim3 __dpopt_gridDim, T *A, T V, int N) {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    auto &__dpopt_in_A = A;
    auto &__dpopt_in_V = V;
    {
  auto A = __dpopt_in_A; // each thread's own copy
  auto V = __dpopt_in_V; // each thread's own copy
#line 33 "compose_coarsen_threshold.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}
#line 162 "@DPOPT_OUTPUT@"
  }
}

// dpopt: '__dpopt_coarse_scale' run serially by one thread (threshold)
template <class T>
static __device__ void __dpopt_serial___dpopt_coarse_scale(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, T *A, T V, int N) {
  for (unsigned __dpopt_bz = 0; __dpopt_bz < __dpopt_gridDim_2.z; ++__dpopt_bz)
  for (unsigned __dpopt_by_2 = 0; __dpopt_by_2 < __dpopt_gridDim_2.y; ++__dpopt_by_2)
  for (unsigned __dpopt_bx_2 = 0; __dpopt_bx_2 < __dpopt_gridDim_2.x; ++__dpopt_bx_2)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, __dpopt_by_2, __dpopt_bz);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 gridDim = __dpopt_gridDim_2;
    const dim3 blockDim = __dpopt_blockDim;
    auto &__dpopt_in_A = A;
    auto &__dpopt_in_V = V;
    {
  auto A = __dpopt_in_A; // each thread's own copy
  auto V = __dpopt_in_V; // each thread's own copy
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    auto &__dpopt_in_A = A;
    auto &__dpopt_in_V = V;
    {
  auto A = __dpopt_in_A; // each thread's own copy
  auto V = __dpopt_in_V; // each thread's own copy
#line 33 "compose_coarsen_threshold.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}
#line 196 "@DPOPT_OUTPUT@"
  }
}
  }
#line 36 "compose_coarsen_threshold.cu"
}

__device__ void note(int *A) { atomicAdd(A, 1); }

// Each thread had its own copy of N; 'return note(A);' still calls note.
#line 206 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'countdown' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_countdown(dim3 __dpopt_gridDim, int *A, int N);
static __device__ void __dpopt_serial___dpopt_coarse_countdown(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, int *A, int N); // dpopt: '__dpopt_coarse_countdown' run serially by one thread (threshold)
#line 41 "compose_coarsen_threshold.cu"
__global__ void countdown(int *A, int N) {
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
    return note(A + 1);
  atomicAdd(A, N);
}

#line 218 "@DPOPT_OUTPUT@"
// dpopt: 'countdown' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_countdown(dim3 __dpopt_gridDim, int *A, int N) {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    auto &__dpopt_in_N = N;
    {
  auto N = __dpopt_in_N; // each thread's own copy
#line 42 "compose_coarsen_threshold.cu"
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
#line 230 "@DPOPT_OUTPUT@"
    { note(A + 1); goto __dpopt_next_block; }
#line 45 "compose_coarsen_threshold.cu"
  atomicAdd(A, N);
}
#line 235 "@DPOPT_OUTPUT@"
    __dpopt_next_block:;
  }
}

// dpopt: '__dpopt_coarse_countdown' run serially by one thread (threshold)
static __device__ void __dpopt_serial___dpopt_coarse_countdown(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, int *A, int N) {
  for (unsigned __dpopt_bz = 0; __dpopt_bz < __dpopt_gridDim_2.z; ++__dpopt_bz)
  for (unsigned __dpopt_by_2 = 0; __dpopt_by_2 < __dpopt_gridDim_2.y; ++__dpopt_by_2)
  for (unsigned __dpopt_bx_2 = 0; __dpopt_bx_2 < __dpopt_gridDim_2.x; ++__dpopt_bx_2)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, __dpopt_by_2, __dpopt_bz);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 gridDim = __dpopt_gridDim_2;
    auto &__dpopt_in_N = N;
    {
  auto N = __dpopt_in_N; // each thread's own copy
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    auto &__dpopt_in_N = N;
    {
  auto N = __dpopt_in_N; // each thread's own copy
#line 42 "compose_coarsen_threshold.cu"
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
#line 262 "@DPOPT_OUTPUT@"
    { note(A + 1); goto __dpopt_next_block; }
#line 45 "compose_coarsen_threshold.cu"
  atomicAdd(A, N);
}
#line 267 "@DPOPT_OUTPUT@"
    __dpopt_next_block:;
  }
}
  }
}

// dpopt: declared here for 'grid2d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_grid2d(dim3 __dpopt_gridDim, int *A, int W, int H);
static __device__ void __dpopt_serial___dpopt_coarse_grid2d(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, int *A, int W, int H); // dpopt: '__dpopt_coarse_grid2d' run serially by one thread (threshold)
#line 48 "compose_coarsen_threshold.cu"
__global__ void grid2d(int *A, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}

#line 285 "@DPOPT_OUTPUT@"
// dpopt: 'grid2d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_grid2d(dim3 __dpopt_gridDim, int *A, int W, int H) {
  for (unsigned __dpopt_by = blockIdx.y; __dpopt_by < __dpopt_gridDim.y; __dpopt_by += gridDim.y)
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, 0u);
    const dim3 gridDim = __dpopt_gridDim;
    {
#line 49 "compose_coarsen_threshold.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}
#line 300 "@DPOPT_OUTPUT@"
  }
}

// dpopt: '__dpopt_coarse_grid2d' run serially by one thread (threshold)
static __device__ void __dpopt_serial___dpopt_coarse_grid2d(dim3 __dpopt_gridDim_2, dim3 __dpopt_blockDim, dim3 __dpopt_gridDim, int *A, int W, int H) {
  for (unsigned __dpopt_bz = 0; __dpopt_bz < __dpopt_gridDim_2.z; ++__dpopt_bz)
  for (unsigned __dpopt_by_2 = 0; __dpopt_by_2 < __dpopt_gridDim_2.y; ++__dpopt_by_2)
  for (unsigned __dpopt_bx_2 = 0; __dpopt_bx_2 < __dpopt_gridDim_2.x; ++__dpopt_bx_2)
  for (unsigned __dpopt_ty = 0; __dpopt_ty < __dpopt_blockDim.y; ++__dpopt_ty)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, __dpopt_by_2, __dpopt_bz);
    const uint3 threadIdx = make_uint3(__dpopt_tx, __dpopt_ty, 0u);
    const dim3 gridDim = __dpopt_gridDim_2;
    const dim3 blockDim = __dpopt_blockDim;
    {
  for (unsigned __dpopt_by = blockIdx.y; __dpopt_by < __dpopt_gridDim.y; __dpopt_by += gridDim.y)
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, 0u);
    const dim3 gridDim = __dpopt_gridDim;
    {
#line 49 "compose_coarsen_threshold.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}
#line 329 "@DPOPT_OUTPUT@"
  }
}
  }
}

#ifndef DPOPT_COARSEN_FACTOR
#define DPOPT_COARSEN_FACTOR 8
#endif
#ifndef DPOPT_THRESHOLD
#define DPOPT_THRESHOLD 128
#endif
#line 55 "compose_coarsen_threshold.cu"
__global__ void minusOne(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 347 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N - 1) / BS + 1;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = BS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 61 "compose_coarsen_threshold.cu"
}

__global__ void plusBlock(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 370 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + BS - 1) / BS;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = BS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 69 "compose_coarsen_threshold.cu"
}

__global__ void modulo(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 393 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = N / BS + (N % BS == 0 ? 0 : 1);
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = BS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 77 "compose_coarsen_threshold.cu"
}

__global__ void ceilFloatN(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 416 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = ceil((float)N / BS);
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = BS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 85 "compose_coarsen_threshold.cu"
}

__global__ void ceilFloatB(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 439 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = ceil(N / (float)BS);
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = BS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 93 "compose_coarsen_threshold.cu"
}

__global__ void macro(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 462 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = CEIL(N, BS);
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = BS;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 101 "compose_coarsen_threshold.cu"
}

__global__ void localVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int Blocks = (N + 31) / 32;
#line 486 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = Blocks;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = 32;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 110 "compose_coarsen_threshold.cu"
}

__global__ void changedVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int M = N;
  int Changed = (M + 31) / 32;
  M = 0;
#line 512 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = Changed;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = 32;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 121 "compose_coarsen_threshold.cu"
}

__global__ void fixedGrid(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 535 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = 4;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = 32;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, Work[V + 1]);
      else
        __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, Work[V + 1]);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 129 "compose_coarsen_threshold.cu"
}

__global__ void modifiesParameter(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 558 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + 127) / 128;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = 128;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= DPOPT_THRESHOLD ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_countdown<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
      else
        __dpopt_serial___dpopt_coarse_countdown(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 137 "compose_coarsen_threshold.cu"
}

__global__ void twoDimensions(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 581 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = dim3((N + 15) / 16, (Count + 15) / 16);
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = dim3(16, 16);
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= DPOPT_THRESHOLD ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_grid2d<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, A, N, Count);
      else
        __dpopt_serial___dpopt_coarse_grid2d(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N, Count);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 145 "compose_coarsen_threshold.cu"
}

__global__ void templateExplicit(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 604 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + 127) / 128;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = 128;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_scale<float><<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, F, 1.0f, N);
      else
        __dpopt_serial___dpopt_coarse_scale<float>(__dpopt_grid_2, __dpopt_block, __dpopt_grid, F, 1.0f, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 153 "compose_coarsen_threshold.cu"
}

__global__ void templateDeduced(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 627 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + 127) / 128;
    { // dpopt threshold: launch only when worth it
      dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
      dim3 __dpopt_block = 128;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
          !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
        __dpopt_coarse_scale<<<__dpopt_grid_2, __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid, F, 2.0f, N);
      else
        __dpopt_serial___dpopt_coarse_scale(__dpopt_grid_2, __dpopt_block, __dpopt_grid, F, 2.0f, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
  }
#line 161 "compose_coarsen_threshold.cu"
}

__global__ void pragmaAndStream(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  if (N > 2)
#line 651 "@DPOPT_OUTPUT@"
  // #pragma dp threshold(1000) -- dpopt rewrote the launch it was on
    { // dpopt coarsen: fewer, fuller child blocks
      dim3 __dpopt_grid = (N + 255) / 256;
      { // dpopt threshold: launch only when worth it
        dim3 __dpopt_grid_2 = dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR);
        dim3 __dpopt_block = 256;
        auto __dpopt_shmem = (0);
        const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
        if ((unsigned long long)__dpopt_grid_2.x * __dpopt_grid_2.y * __dpopt_grid_2.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= 1000 ||
            !dpopt::rt::runsSerially(__dpopt_grid_2, __dpopt_block, __dpopt_shmem, (unsigned long long)(1000) + dpopt::rt::blockThreads(__dpopt_block)))
          __dpopt_coarse_child<<<__dpopt_grid_2, __dpopt_block, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_grid, A, N);
        else
          __dpopt_serial___dpopt_coarse_child(__dpopt_grid_2, __dpopt_block, __dpopt_grid, A, N);
        dpopt::rt::syncLanes(__dpopt_warp);
      }
    }
#line 171 "compose_coarsen_threshold.cu"
}

void run(int *A, const int *Work, int Count, float *F) {
  minusOne<<<(Count + 127) / 128, 128>>>(A, Work, Count, F);
  child<<<(Count + 127) / 128, 128>>>(A, Count);
}
