#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "threshold_patterns.cu"
// DPOPT-ARGS: --passes=threshold
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
#line 12 "threshold_patterns.cu"
__device__ int lane() { return threadIdx.x % 32; }

#line 21 "@DPOPT_OUTPUT@"
// dpopt: 'lane' reading the thread and block position from parameters
static __device__ int __dpopt_serial_lane(uint3 threadIdx) { return threadIdx.x % 32; }
// dpopt: declared here for 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_serial_flat(uint3 threadIdx, uint3 blockIdx, dim3 blockDim);
#line 13 "threshold_patterns.cu"
__device__ int flat() { return blockIdx.x * blockDim.x + threadIdx.x + 0 * lane(); }

#line 29 "@DPOPT_OUTPUT@"
// dpopt: 'flat' reading the thread and block position from parameters
static __device__ int __dpopt_serial_flat(uint3 threadIdx, uint3 blockIdx, dim3 blockDim) { return blockIdx.x * blockDim.x + threadIdx.x + 0 * __dpopt_serial_lane(threadIdx); }

// dpopt: declared here for 'child' run serially by one thread (threshold)
static __device__ void __dpopt_serial_child(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N);
#line 15 "threshold_patterns.cu"
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

#line 53 "@DPOPT_OUTPUT@"
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
#line 17 "threshold_patterns.cu"
  if (I >= N)
#line 66 "@DPOPT_OUTPUT@"
    goto __dpopt_next_thread;
#line 19 "threshold_patterns.cu"
  for (int K = 0; K < 4; ++K) {
    switch (K) {
    case 2:
      if (A[I] < 0)
#line 73 "@DPOPT_OUTPUT@"
        goto __dpopt_next_thread;
#line 24 "threshold_patterns.cu"
      break;
    default:
      break;
    }
  }
  atomicAdd(&A[I], 1);
}
#line 83 "@DPOPT_OUTPUT@"
    __dpopt_next_thread:;
  }
}

// dpopt: declared here for 'scale' run serially by one thread (threshold)
template <class T>
static __device__ void __dpopt_serial_scale(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, T *A, T V, int N);
#line 32 "threshold_patterns.cu"
template <class T> __global__ void scale(T *A, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}

#line 98 "@DPOPT_OUTPUT@"
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
#line 33 "threshold_patterns.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += V;
}
#line 118 "@DPOPT_OUTPUT@"
  }
#line 36 "threshold_patterns.cu"
}

__device__ void note(int *A) { atomicAdd(A, 1); }

// Each thread had its own copy of N; 'return note(A);' still calls note.
#line 126 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'countdown' run serially by one thread (threshold)
static __device__ void __dpopt_serial_countdown(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N);
#line 41 "threshold_patterns.cu"
__global__ void countdown(int *A, int N) {
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
    return note(A + 1);
  atomicAdd(A, N);
}

#line 137 "@DPOPT_OUTPUT@"
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
#line 42 "threshold_patterns.cu"
  N -= blockIdx.x;
  if (N <= (int)threadIdx.x)
#line 152 "@DPOPT_OUTPUT@"
    { note(A + 1); goto __dpopt_next_thread; }
  __dpopt_fold.take(N);
}
    __dpopt_next_thread:;
  }
  __dpopt_fold.flush(A);
}

// dpopt: declared here for 'grid2d' run serially by one thread (threshold)
static __device__ void __dpopt_serial_grid2d(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int W, int H);
#line 48 "threshold_patterns.cu"
__global__ void grid2d(int *A, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}

#line 171 "@DPOPT_OUTPUT@"
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
#line 49 "threshold_patterns.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    atomicAdd(&A[Y * W + X], gridDim.x);
}
#line 190 "@DPOPT_OUTPUT@"
  }
}

#ifndef DPOPT_THRESHOLD
#define DPOPT_THRESHOLD 128
#endif
#line 55 "threshold_patterns.cu"
__global__ void minusOne(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 203 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 - 1) / BS + 1;
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 61 "threshold_patterns.cu"
}

__global__ void plusBlock(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 224 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + BS - 1) / BS;
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 69 "threshold_patterns.cu"
}

__global__ void modulo(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 245 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = __dpopt_n0 / BS + (N % BS == 0 ? 0 : 1);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 77 "threshold_patterns.cu"
}

__global__ void ceilFloatN(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 266 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = ceil((float)__dpopt_n0 / BS);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 85 "threshold_patterns.cu"
}

__global__ void ceilFloatB(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 287 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = ceil(__dpopt_n0 / (float)BS);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 93 "threshold_patterns.cu"
}

__global__ void macro(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 308 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = CEIL(__dpopt_n0, BS);
    dim3 __dpopt_block = BS;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 101 "threshold_patterns.cu"
}

__global__ void localVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int Blocks = (N + 31) / 32;
#line 330 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    dim3 __dpopt_grid = Blocks;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((N) >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 110 "threshold_patterns.cu"
}

__global__ void changedVariable(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  int M = N;
  int Changed = (M + 31) / 32;
  M = 0;
#line 353 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    dim3 __dpopt_grid = Changed;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((unsigned long long)__dpopt_grid.x * __dpopt_grid.y * __dpopt_grid.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 121 "threshold_patterns.cu"
}

__global__ void fixedGrid(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 373 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    dim3 __dpopt_grid = 4;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((unsigned long long)__dpopt_grid.x * __dpopt_grid.y * __dpopt_grid.z * __dpopt_block.x * __dpopt_block.y * __dpopt_block.z >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      child<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, Work[V + 1]);
    else
      __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, Work[V + 1]);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 129 "threshold_patterns.cu"
}

__global__ void modifiesParameter(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 393 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + 127) / 128;
    dim3 __dpopt_block = 128;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= DPOPT_THRESHOLD ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      countdown<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N);
    else
      __dpopt_serial_countdown(__dpopt_grid, __dpopt_block, A, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 137 "threshold_patterns.cu"
}

__global__ void twoDimensions(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 414 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    auto __dpopt_n1 = (Count);
    dim3 __dpopt_grid = dim3((__dpopt_n0 + 15) / 16, (__dpopt_n1 + 15) / 16);
    dim3 __dpopt_block = dim3(16, 16);
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if ((long long)__dpopt_n0 * (long long)__dpopt_n1 >= DPOPT_THRESHOLD ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      grid2d<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(A, N, Count);
    else
      __dpopt_serial_grid2d(__dpopt_grid, __dpopt_block, A, N, Count);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 145 "threshold_patterns.cu"
}

__global__ void templateExplicit(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 436 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + 127) / 128;
    dim3 __dpopt_block = 128;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      scale<float><<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(F, 1.0f, N);
    else
      __dpopt_serial_scale<float>(__dpopt_grid, __dpopt_block, F, 1.0f, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 153 "threshold_patterns.cu"
}

__global__ void templateDeduced(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
#line 457 "@DPOPT_OUTPUT@"
  { // dpopt threshold: launch only when worth it
    auto __dpopt_n0 = (N);
    dim3 __dpopt_grid = (__dpopt_n0 + 127) / 128;
    dim3 __dpopt_block = 128;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (__dpopt_n0 >= dpopt::rt::gridScaledThreshold(DPOPT_THRESHOLD) ||
        !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, 0, (unsigned long long)(DPOPT_THRESHOLD) + dpopt::rt::blockThreads(__dpopt_block)))
      scale<<<__dpopt_grid, __dpopt_block, 0, cudaStreamFireAndForget>>>(F, 2.0f, N);
    else
      __dpopt_serial_scale(__dpopt_grid, __dpopt_block, F, 2.0f, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 161 "threshold_patterns.cu"
}

__global__ void pragmaAndStream(int *A, const int *Work, int Count, float *F) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V >= Count)
    return;
  int N = Work[V];
  if (N > 2)
#line 479 "@DPOPT_OUTPUT@"
  // #pragma dp threshold(1000) -- dpopt rewrote the launch it was on
    { // dpopt threshold: launch only when worth it
      auto __dpopt_n0 = (N);
      dim3 __dpopt_grid = (__dpopt_n0 + 255) / 256;
      dim3 __dpopt_block = 256;
      auto __dpopt_shmem = (0);
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (__dpopt_n0 >= 1000 ||
          !dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, __dpopt_shmem, (unsigned long long)(1000) + dpopt::rt::blockThreads(__dpopt_block)))
        child<<<__dpopt_grid, __dpopt_block, __dpopt_shmem, cudaStreamFireAndForget>>>(A, N);
      else
        __dpopt_serial_child(__dpopt_grid, __dpopt_block, A, N);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
#line 171 "threshold_patterns.cu"
}

void run(int *A, const int *Work, int Count, float *F) {
  minusOne<<<(Count + 127) / 128, 128>>>(A, Work, Count, F);
  child<<<(Count + 127) / 128, 128>>>(A, Count);
}
