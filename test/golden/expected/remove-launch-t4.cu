#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "remove-launch-t4.cu"
// DPOPT-ARGS: --passes=remove-launch
// remove-launch T4: the launching thread runs the child's whole grid.
#include <cuda_runtime.h>

#line 8 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'scaled' reading the thread and block position from parameters
static __device__ int __dpopt_serial_scaled(uint3 threadIdx, dim3 blockDim, int V);
#line 5 "remove-launch-t4.cu"
__device__ int scaled(int V) { return V * (int)blockDim.x + (int)threadIdx.x; }

#line 14 "@DPOPT_OUTPUT@"
// dpopt: 'scaled' reading the thread and block position from parameters
static __device__ int __dpopt_serial_scaled(uint3 threadIdx, dim3 blockDim, int V) { return V * (int)blockDim.x + (int)threadIdx.x; }

// dpopt: declared here for 'fill' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_fill(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Base, int N);
#line 7 "remove-launch-t4.cu"
__global__ void fill(int *Out, int Base, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  Out[Base + I] = scaled(I);
}

#line 28 "@DPOPT_OUTPUT@"
// dpopt: 'fill' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_fill(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Base, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 8 "remove-launch-t4.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
#line 41 "@DPOPT_OUTPUT@"
    goto __dpopt_next_thread;
  Out[Base + I] = __dpopt_serial_scaled(threadIdx, blockDim, I);
}
    __dpopt_next_thread:;
  }
}

// dpopt: declared here for 'grid2d' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_grid2d(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, float *M, int Rows, int Cols);
#line 14 "remove-launch-t4.cu"
__global__ void grid2d(float *M, int Rows, int Cols) {
  int R = blockIdx.y * blockDim.y + threadIdx.y;
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (R < Rows && C < Cols)
    M[R * Cols + C] += 1.0f;
}

#line 59 "@DPOPT_OUTPUT@"
// dpopt: 'grid2d' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_grid2d(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, float *M, int Rows, int Cols) {
  for (unsigned __dpopt_by = 0; __dpopt_by < __dpopt_gridDim.y; ++__dpopt_by)
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_ty = 0; __dpopt_ty < __dpopt_blockDim.y; ++__dpopt_ty)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, __dpopt_ty, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 15 "remove-launch-t4.cu"
  int R = blockIdx.y * blockDim.y + threadIdx.y;
  int C = blockIdx.x * blockDim.x + threadIdx.x;
  if (R < Rows && C < Cols)
    M[R * Cols + C] += 1.0f;
}
#line 77 "@DPOPT_OUTPUT@"
  }
}

// dpopt: declared here for 'axpy' run serially by one thread (remove-launch)
template <typename T>
static __device__ void __dpopt_serial_axpy(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, T *Y, const T *X, T A, int N);
#line 21 "remove-launch-t4.cu"
template <typename T> __global__ void axpy(T *Y, const T *X, T A, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    Y[I] += A * X[I];
}

#line 90 "@DPOPT_OUTPUT@"
// dpopt: 'axpy' run serially by one thread (remove-launch)
template <typename T>
static __device__ void __dpopt_serial_axpy(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, T *Y, const T *X, T A, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 gridDim = __dpopt_gridDim;
    const dim3 blockDim = __dpopt_blockDim;
    auto &__dpopt_in_Y = Y;
    auto &__dpopt_in_X = X;
    auto &__dpopt_in_A = A;
    {
  auto Y = __dpopt_in_Y; // each thread's own copy
  auto X = __dpopt_in_X; // each thread's own copy
  auto A = __dpopt_in_A; // each thread's own copy
#line 22 "remove-launch-t4.cu"
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    Y[I] += A * X[I];
}
#line 112 "@DPOPT_OUTPUT@"
  }
}

// dpopt: declared here for 'countdown' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_countdown(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int N);
#line 26 "remove-launch-t4.cu"
__global__ void countdown(int *Out, int N) {
  // Each child thread gets its own copy of N.
  while (N > 0) {
    atomicAdd(&Out[threadIdx.x], 1);
    --N;
  }
}

#line 127 "@DPOPT_OUTPUT@"
// dpopt: 'countdown' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_countdown(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    auto &__dpopt_in_N = N;
    {
  auto N = __dpopt_in_N; // each thread's own copy
#line 27 "remove-launch-t4.cu"
  // Each child thread gets its own copy of N.
  while (N > 0) {
    atomicAdd(&Out[threadIdx.x], 1);
    --N;
  }
}
#line 31
  }
}

// A child that launches: removed only because its own launch is removed too.
#line 149 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'leaf' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_leaf(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Row);
#line 35 "remove-launch-t4.cu"
__global__ void leaf(int *Out, int Row) { atomicAdd(&Out[Row], (int)threadIdx.x); }

#line 155 "@DPOPT_OUTPUT@"
// dpopt: 'leaf' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_leaf(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Row) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    { atomicAdd(&Out[Row], (int)threadIdx.x); }
  }
}
// dpopt: declared here for 'mid' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_mid(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Rows);
#line 36 "remove-launch-t4.cu"
__global__ void mid(int *Out, int Rows) {
  int R = blockIdx.x * blockDim.x + threadIdx.x;
#line 170 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (R < Rows)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 32;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_leaf(__dpopt_grid, __dpopt_block, Out, R);
      else
        leaf<<<__dpopt_grid, __dpopt_block>>>(Out, R);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}

// dpopt: 'mid' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_mid(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Out, int Rows) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 37 "remove-launch-t4.cu"
  int R = blockIdx.x * blockDim.x + threadIdx.x;
#line 195 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (R < Rows)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = 1;
      dim3 __dpopt_block = 32;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_leaf(__dpopt_grid, __dpopt_block, Out, R);
      else
        leaf<<<__dpopt_grid, __dpopt_block>>>(Out, R);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  }
#line 40 "remove-launch-t4.cu"
}

// Stays: a grid of any size, in the implicit stream, from a function a thread
// may call after other launches.
__device__ void helper(int *Out, int N) { fill<<<(N + 63) / 64, 64>>>(Out, 0, N); }

#line 216 "@DPOPT_OUTPUT@"
#ifndef DPOPT_SERIAL_LIMIT
#define DPOPT_SERIAL_LIMIT (1ull << 20)
#endif
#line 46 "remove-launch-t4.cu"
__global__ void parent(int *Out, const int *Len, int N, float *M, float *Y, const float *X) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= N)
    return;
  // Several launches per thread, in a loop: fire-and-forget children, so a
  // grid too large to run here may stay a launch without reordering them.
#line 227 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ for (int K = 0; K < 3; ++K)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = (Len[T] + 127) / 128;
      dim3 __dpopt_block = 128;
      auto __dpopt_shmem = (0);
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::runsSerially(__dpopt_grid, __dpopt_block, __dpopt_shmem, DPOPT_SERIAL_LIMIT))
        __dpopt_serial_fill(__dpopt_grid, __dpopt_block, Out, K * N, Len[T]);
      else
        fill<<<__dpopt_grid, __dpopt_block, __dpopt_shmem, cudaStreamFireAndForget>>>(Out, K * N, Len[T]);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
#line 54 "remove-launch-t4.cu"
  // A launch condition only some threads meet.
#line 242 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Len[T] % 2 == 0)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = dim3(2, 2);
      dim3 __dpopt_block = dim3(8, 4);
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_grid2d(__dpopt_grid, __dpopt_block, M, 16, 16);
      else
        grid2d<<<__dpopt_grid, __dpopt_block>>>(M, 16, 16);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = 1;
    dim3 __dpopt_block = 64;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
      __dpopt_serial_axpy<float>(__dpopt_grid, __dpopt_block, Y, X, 2.0f, N);
    else
      axpy<float><<<__dpopt_grid, __dpopt_block>>>(Y, X, 2.0f, N);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = 1;
    dim3 __dpopt_block = 32;
    auto __dpopt_shmem = (0);
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, __dpopt_shmem))
      __dpopt_serial_countdown(__dpopt_grid, __dpopt_block, Out, Len[T]);
    else
      countdown<<<__dpopt_grid, __dpopt_block, __dpopt_shmem, cudaStreamFireAndForget>>>(Out, Len[T]);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = 1;
    dim3 __dpopt_block = 4;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
      __dpopt_serial_mid(__dpopt_grid, __dpopt_block, Out, 4);
    else
      mid<<<__dpopt_grid, __dpopt_block>>>(Out, 4);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
#line 60 "remove-launch-t4.cu"
  helper(Out, N);
}

int main() {
  parent<<<1, 32>>>(nullptr, nullptr, 0, nullptr, nullptr, nullptr);
  return 0;
}
