#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "compose_threshold_coarsen.cu"
// DPOPT-ARGS: --passes=threshold,coarsen
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
#line 12 "compose_threshold_coarsen.cu"
__device__ int lane() { return threadIdx.x % 32; }

#line 21 "@DPOPT_OUTPUT@"
// dpopt: 'lane' reading the thread and block position from parameters
static __device__ int __dpopt_serial_lane(uint3 threadIdx) { return threadIdx.x % 32; }
// dpopt: declared here for 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_serial_flat(uint3 threadIdx, uint3 blockIdx, dim3 blockDim);
// dpopt: declared here for 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_coarse_flat(uint3 blockIdx);
#line 13 "compose_threshold_coarsen.cu"
__device__ int flat() { return blockIdx.x * blockDim.x + threadIdx.x + 0 * lane(); }

#line 31 "@DPOPT_OUTPUT@"
// dpopt: 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_coarse_flat(uint3 blockIdx) { return blockIdx.x * blockDim.x + threadIdx.x + 0 * lane(); }

// dpopt: 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_serial_flat(uint3 threadIdx, uint3 blockIdx, dim3 blockDim) { return blockIdx.x * blockDim.x + threadIdx.x + 0 * __dpopt_serial_lane(threadIdx); }

// dpopt: declared here for 'child' run serially by one thread (threshold)
static __device__ void __dpopt_serial_child(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N);
// dpopt: declared here for 'child' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_child(dim3 __dpopt_gridDim_2, int *A, int N);
#line 15 "compose_threshold_coarsen.cu"
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

#line 60 "@DPOPT_OUTPUT@"
// dpopt: 'child' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_child(dim3 __dpopt_gridDim_2, int *A, int N) {
  for (unsigned __dpopt_bx_2 = blockIdx.x; __dpopt_bx_2 < __dpopt_gridDim_2.x; __dpopt_bx_2 += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, 0u, 0u);
    {
  int I = __dpopt_coarse_flat(blockIdx);
#line 17 "compose_threshold_coarsen.cu"
  if (I >= N)
#line 70 "@DPOPT_OUTPUT@"
    goto __dpopt_next_block;
#line 19 "compose_threshold_coarsen.cu"
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
#line 77 "@DPOPT_OUTPUT@"
        goto __dpopt_next_block;
#line 24 "compose_threshold_coarsen.cu"
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}
#line 87 "@DPOPT_OUTPUT@"
    __dpopt_next_block:;
  }
}

// dpopt: 'child' run serially by one thread (threshold)
static __device__ void __dpopt_serial_child(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
  int I = __dpopt_serial_flat(threadIdx, blockIdx, blockDim);
#line 17 "compose_threshold_coarsen.cu"
  if (I >= N)
#line 104 "@DPOPT_OUTPUT@"
    goto __dpopt_next_thread;
#line 19 "compose_threshold_coarsen.cu"
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
#line 111 "@DPOPT_OUTPUT@"
        goto __dpopt_next_thread;
#line 24 "compose_threshold_coarsen.cu"
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}
#line 121 "@DPOPT_OUTPUT@"
    __dpopt_next_thread:;
  }
}

// dpopt: declared here for 'scale' run serially by one thread (threshold)
template <class T>
static __device__ void __dpopt_serial_scale(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, T *A, T V, int N);
// dpopt: declared here for 'scale' coarsened: each block runs a stride of original blocks (coarsen)
template <class T>
static __global__ void __dpopt_coarse_scale(dim3 __dpopt_gridDim_2, T *A, T V, int N);
#line 32 "compose_threshold_coarsen.cu"
template <class T> __global__ void scale(T *A, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}

#line 139 "@DPOPT_OUTPUT@"
// dpopt: 'scale' coarsened: each block runs a stride of original blocks (coarsen)
template <class T>
static __global__ void __dpopt_coarse_scale(dim3 __dpopt_gridDim_2, T *A, T V, int N) {
  for (unsigned __dpopt_bx_2 = blockIdx.x; __dpopt_bx_2 < __dpopt_gridDim_2.x; __dpopt_bx_2 += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, 0u, 0u);
    auto &__dpopt_in_A = A;
    auto &__dpopt_in_V = V;
    {
  auto A = __dpopt_in_A; // each thread's own copy
  auto V = __dpopt_in_V; // each thread's own copy
#line 33 "compose_threshold_coarsen.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}
#line 156 "@DPOPT_OUTPUT@"
  }
}

// dpopt: 'scale' run serially by one thread (threshold)
template <class T>
static __device__ void __dpopt_serial_scale(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, T *A, T V, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    auto &__dpopt_in_A = A;
    auto &__dpopt_in_V = V;
    {
  auto A = __dpopt_in_A; // each thread's own copy
  auto V = __dpopt_in_V; // each thread's own copy
#line 33 "compose_threshold_coarsen.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}
#line 179 "@DPOPT_OUTPUT@"
  }
#line 36 "compose_threshold_coarsen.cu"
}

__device__ void note(int *A) { atomicAdd(A, 1); }

// Each thread had its own copy of N; 'return note(A);' still calls note.
#line 187 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'countdown' run serially by one thread (threshold)
static __device__ void __dpopt_serial_countdown(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N);
// dpopt: declared here for 'countdown' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_countdown(dim3 __dpopt_gridDim_2, int *A, int N);
#line 41 "compose_threshold_coarsen.cu"
__global__ void countdown(int *A, int N) {
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
    return note(A + 1);
  atomicAdd(A, N);
}

#line 200 "@DPOPT_OUTPUT@"
// dpopt: 'countdown' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_countdown(dim3 __dpopt_gridDim_2, int *A, int N) {
  for (unsigned __dpopt_bx_2 = blockIdx.x; __dpopt_bx_2 < __dpopt_gridDim_2.x; __dpopt_bx_2 += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, 0u, 0u);
    auto &__dpopt_in_N = N;
    {
  auto N = __dpopt_in_N; // each thread's own copy
#line 42 "compose_threshold_coarsen.cu"
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
#line 212 "@DPOPT_OUTPUT@"
    { note(A + 1); goto __dpopt_next_block; }
#line 45 "compose_threshold_coarsen.cu"
  atomicAdd(A, N);
}
#line 217 "@DPOPT_OUTPUT@"
    __dpopt_next_block:;
  }
}

// dpopt: 'countdown' run serially by one thread (threshold)
static __device__ void __dpopt_serial_countdown(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N) {
  dpopt::rt::AtomicFold<dpopt::rt::FoldOp::Add, int> __dpopt_fold;
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    auto &__dpopt_in_N = N;
    {
  auto N = __dpopt_in_N; // each thread's own copy
#line 42 "compose_threshold_coarsen.cu"
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
#line 236 "@DPOPT_OUTPUT@"
    { note(A + 1); goto __dpopt_next_thread; }
  __dpopt_fold.take(N);
}
    __dpopt_next_thread:;
  }
  __dpopt_fold.flush(A);
}

// dpopt: declared here for 'grid2d' run serially by one thread (threshold)
static __device__ void __dpopt_serial_grid2d(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int W, int H);
// dpopt: declared here for 'grid2d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_grid2d(dim3 __dpopt_gridDim_2, int *A, int W, int H);
#line 48 "compose_threshold_coarsen.cu"
__global__ void grid2d(int *A, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}

#line 257 "@DPOPT_OUTPUT@"
// dpopt: 'grid2d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_grid2d(dim3 __dpopt_gridDim_2, int *A, int W, int H) {
  for (unsigned __dpopt_by_2 = blockIdx.y; __dpopt_by_2 < __dpopt_gridDim_2.y; __dpopt_by_2 += gridDim.y)
  for (unsigned __dpopt_bx_2 = blockIdx.x; __dpopt_bx_2 < __dpopt_gridDim_2.x; __dpopt_bx_2 += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx_2, __dpopt_by_2, 0u);
    const dim3 gridDim = __dpopt_gridDim_2;
    {
#line 49 "compose_threshold_coarsen.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}
#line 272 "@DPOPT_OUTPUT@"
  }
}

// dpopt: 'grid2d' run serially by one thread (threshold)
static __device__ void __dpopt_serial_grid2d(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int W, int H) {
  for (unsigned __dpopt_by = 0; __dpopt_by < __dpopt_gridDim.y; ++__dpopt_by)
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_ty = 0; __dpopt_ty < __dpopt_blockDim.y; ++__dpopt_ty)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, __dpopt_ty, 0u);
    const dim3 gridDim = __dpopt_gridDim;
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 49 "compose_threshold_coarsen.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}
#line 294 "@DPOPT_OUTPUT@"
  }
}

#ifndef DPOPT_THRESHOLD
#define DPOPT_THRESHOLD 128
#endif
#ifndef DPOPT_COARSEN_FACTOR
#define DPOPT_COARSEN_FACTOR 8
#endif
#line 55 "compose_threshold_coarsen.cu"
__global__ void minusOne(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 310 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 - 1) / BS + 1;
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 61 "compose_threshold_coarsen.cu"
}

__global__ void plusBlock(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 334 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + BS - 1) / BS;
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 69 "compose_threshold_coarsen.cu"
}

__global__ void modulo(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 358 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = __dpopt_n0 / BS + (N % BS == 0 ? 0 : 1);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 77 "compose_threshold_coarsen.cu"
}

__global__ void ceilFloatN(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 382 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = ceil((float)__dpopt_n0 / BS);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 85 "compose_threshold_coarsen.cu"
}

__global__ void ceilFloatB(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 406 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = ceil(__dpopt_n0 / (float)BS);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 93 "compose_threshold_coarsen.cu"
}

__global__ void macro(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 430 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = CEIL(__dpopt_n0, BS);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 101 "compose_threshold_coarsen.cu"
}

__global__ void localVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int Blocks = (N + 31) / 32;
#line 455 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    dim3 __dpopt_grid = Blocks;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((N) >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 110 "compose_threshold_coarsen.cu"
}

__global__ void changedVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int M = N;
  int Changed = (M + 31) / 32;
  M = 0;
#line 481 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    dim3 __dpopt_grid = Changed;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((unsigned long long)__dpopt_grid.x * __dpopt_grid.y * __dpopt_grid.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 121 "compose_threshold_coarsen.cu"
}

__global__ void fixedGrid(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 504 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    dim3 __dpopt_grid = 4;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((unsigned long long)__dpopt_grid.x * __dpopt_grid.y * __dpopt_grid.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, Work[V + 1]);
      }
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, Work[V + 1]);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 129 "compose_threshold_coarsen.cu"
}

__global__ void modifiesParameter(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 527 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + 127) / 128;
    dim3 __dpopt_block = 128;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= DPOPT_THRESHOLD ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_countdown<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
      }
    else
      __dpopt_serial_countdown(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 137 "compose_threshold_coarsen.cu"
}

__global__ void twoDimensions(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 551 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    auto __dpopt_n1 = (Count);
    dim3 __dpopt_grid = dim3((__dpopt_n0 + 15) / 16, (__dpopt_n1 + 15) / 16);
    dim3 __dpopt_block = dim3(16, 16);
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((long long)__dpopt_n0 * (long long)__dpopt_n1 >= DPOPT_THRESHOLD ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_grid2d<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N, Count);
      }
    else
      __dpopt_serial_grid2d(__dpopt_grid, __dpopt_block, A, N, Count);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 145 "compose_threshold_coarsen.cu"
}

__global__ void templateExplicit(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 576 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + 127) / 128;
    dim3 __dpopt_block = 128;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_scale<float><<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, F, 1.0f, N);
      }
    else
      __dpopt_serial_scale<float>(__dpopt_grid, __dpopt_block, F, 1.0f, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 153 "compose_threshold_coarsen.cu"
}

__global__ void templateDeduced(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 600 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + 127) / 128;
    dim3 __dpopt_block = 128;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      { // dpopt coarsen: fewer, fuller child blocks
        dim3 __dpopt_grid_2 = __dpopt_grid;
        __dpopt_coarse_scale<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, 0, cudaStreamFireAndForget>>>(__dpopt_grid_2, F, 2.0f, N);
      }
    else
      __dpopt_serial_scale(__dpopt_grid, __dpopt_block, F, 2.0f, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 161 "compose_threshold_coarsen.cu"
}

__global__ void pragmaAndStream(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  if (N > 2)
#line 625 "@DPOPT_OUTPUT@"
  // #pragma dp threshold(1000) -- dpopt rewrote the launch it was on
    { // dpopt threshold: launch only when worth it
      auto __dpopt_n0 = (N);
      dim3 __dpopt_grid = (__dpopt_n0 + 255) / 256;
      dim3 __dpopt_block = 256;
      auto __dpopt_shmem = (0);
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (__dpopt_n0 >= 1000 ||
          !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, __dpopt_shmem, (unsigned long long)(1000) + dpopt::rt::blockThreads(__dpopt_block)))
        { // dpopt coarsen: fewer, fuller child blocks
          dim3 __dpopt_grid_2 = __dpopt_grid;
          __dpopt_coarse_child<<<dpopt::rt::coarsenGrid(__dpopt_grid_2, DPOPT_COARSEN_FACTOR), __dpopt_block, __dpopt_shmem, cudaStreamFireAndForget>>>(__dpopt_grid_2, A, N);
        }
      else
        __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
#line 171 "compose_threshold_coarsen.cu"
}

void run(int *A, const int *Work, int Count, float *F) {
  minusOne<<<(Count + 127) / 128, 128>>>(A, Work, Count, F);
  child<<<(Count + 127) / 128, 128>>>(A, Count);
}
