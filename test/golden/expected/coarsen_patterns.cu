#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "coarsen_patterns.cu"
// DPOPT-ARGS: --passes=coarsen
// 1-D, 2-D and 3-D children; a child with shared memory and barriers (a
// barrier ends each coarsened iteration); a helper that reads blockIdx
// (cloned); a template child; a recursive child (left alone: it launches
// kernels itself); a per-site factor; a launch with shared memory and a
// stream; a child also launched from the host (it keeps its name and
// signature).
#include <cuda_runtime.h>

#line 13 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'blockBase' reading the thread and block position from parameters
static __device__ unsigned __dpopt_coarse_blockBase(uint3 blockIdx);
#line 10 "coarsen_patterns.cu"
__device__ unsigned blockBase() { return blockIdx.x * blockDim.x; }

#line 19 "@DPOPT_OUTPUT@"
// dpopt: 'blockBase' reading the thread and block position from parameters
static __device__ unsigned __dpopt_coarse_blockBase(uint3 blockIdx) { return blockIdx.x * blockDim.x; }

// dpopt: declared here for 'add1' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_add1(dim3 __dpopt_gridDim, int *A, int N);
#line 12 "coarsen_patterns.cu"
__global__ void add1(int *A, int N) {
  unsigned I = blockBase() + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

#line 32 "@DPOPT_OUTPUT@"
// dpopt: 'add1' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_add1(dim3 __dpopt_gridDim, int *A, int N) {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    {
  unsigned I = __dpopt_coarse_blockBase(blockIdx) + threadIdx.x;
#line 14 "coarsen_patterns.cu"
  if (I < N)
    A[I] += 1;
}
#line 44 "@DPOPT_OUTPUT@"
  }
}

// dpopt: declared here for 'add2d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_add2d(dim3 __dpopt_gridDim, int *A, int W, int H);
#line 18 "coarsen_patterns.cu"
__global__ void add2d(int *A, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    A[Y * W + X] += gridDim.y;
}

#line 58 "@DPOPT_OUTPUT@"
// dpopt: 'add2d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_add2d(dim3 __dpopt_gridDim, int *A, int W, int H) {
  for (unsigned __dpopt_by = blockIdx.y; __dpopt_by < __dpopt_gridDim.y; __dpopt_by += gridDim.y)
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, 0u);
    const dim3 gridDim = __dpopt_gridDim;
    {
#line 19 "coarsen_patterns.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    A[Y * W + X] += gridDim.y;
}
#line 73 "@DPOPT_OUTPUT@"
  }
}

// dpopt: declared here for 'add3d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_add3d(dim3 __dpopt_gridDim, int *A, dim3 Extent);
#line 25 "coarsen_patterns.cu"
__global__ void add3d(int *A, dim3 Extent) {
  unsigned X = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned Z = blockIdx.z * blockDim.z + threadIdx.z;
  if (X < Extent.x && Y < Extent.y && Z < Extent.z)
    atomicAdd(&A[(Z * Extent.y + Y) * Extent.x + X], 1);
}

#line 88 "@DPOPT_OUTPUT@"
// dpopt: 'add3d' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_add3d(dim3 __dpopt_gridDim, int *A, dim3 Extent) {
  for (unsigned __dpopt_bz = blockIdx.z; __dpopt_bz < __dpopt_gridDim.z; __dpopt_bz += gridDim.z)
  for (unsigned __dpopt_by = blockIdx.y; __dpopt_by < __dpopt_gridDim.y; __dpopt_by += gridDim.y)
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, __dpopt_by, __dpopt_bz);
    {
#line 26 "coarsen_patterns.cu"
  unsigned X = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned Z = blockIdx.z * blockDim.z + threadIdx.z;
  if (X < Extent.x && Y < Extent.y && Z < Extent.z)
    atomicAdd(&A[(Z * Extent.y + Y) * Extent.x + X], 1);
}
#line 104 "@DPOPT_OUTPUT@"
  }
}

// dpopt: declared here for 'blockSum' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_blockSum(dim3 __dpopt_gridDim, const int *In, int *Out, int N);
#line 33 "coarsen_patterns.cu"
__global__ void blockSum(const int *In, int *Out, int N) {
  extern __shared__ int Partial[];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Partial[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (unsigned S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Partial[threadIdx.x] += Partial[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Partial[0];
}

#line 125 "@DPOPT_OUTPUT@"
// dpopt: 'blockSum' coarsened: each block runs a stride of original blocks (coarsen)
static __global__ void __dpopt_coarse_blockSum(dim3 __dpopt_gridDim, const int *In, int *Out, int N) {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    {
#line 34 "coarsen_patterns.cu"
  extern __shared__ int Partial[];
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Partial[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  for (unsigned S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Partial[threadIdx.x] += Partial[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Partial[0];
}
#line 145 "@DPOPT_OUTPUT@"
    // The next original block reuses this block's shared memory.
#line 41 "coarsen_patterns.cu"
    __syncthreads();
  }
#line 150 "@DPOPT_OUTPUT@"
}

// dpopt: declared here for 'fill' coarsened: each block runs a stride of original blocks (coarsen)
template <class T>
static __global__ void __dpopt_coarse_fill(dim3 __dpopt_gridDim, T *A, T V, int N);
#line 47 "coarsen_patterns.cu"
template <class T> __global__ void fill(T *A, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = V;
}

#line 163 "@DPOPT_OUTPUT@"
// dpopt: 'fill' coarsened: each block runs a stride of original blocks (coarsen)
template <class T>
static __global__ void __dpopt_coarse_fill(dim3 __dpopt_gridDim, T *A, T V, int N) {
  for (unsigned __dpopt_bx = blockIdx.x; __dpopt_bx < __dpopt_gridDim.x; __dpopt_bx += gridDim.x)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    auto &__dpopt_in_A = A;
    auto &__dpopt_in_V = V;
    {
  auto A = __dpopt_in_A; // each thread's own copy
  auto V = __dpopt_in_V; // each thread's own copy
#line 48 "coarsen_patterns.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = V;
}
#line 180 "@DPOPT_OUTPUT@"
  }
#line 51 "coarsen_patterns.cu"
}

__global__ void spread(int *A, int N, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&A[I], 1);
  if (Depth > 0 && I == 0)
    spread<<<(N + 63) / 64, 64>>>(A, N, Depth - 1);
}

#line 193 "@DPOPT_OUTPUT@"
#ifndef DPOPT_COARSEN_FACTOR
#define DPOPT_COARSEN_FACTOR 8
#endif
#line 61 "coarsen_patterns.cu"
__global__ void parent(int *A, const int *In, int *Out, int N, float *F, cudaStream_t S) {
#line 199 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + 127) / 128;
    __dpopt_coarse_add1<<<dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR), 128>>>(__dpopt_grid, A, N);
  }
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = dim3((N + 15) / 16, (N + 15) / 16);
    __dpopt_coarse_add2d<<<dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR), dim3(16, 16)>>>(__dpopt_grid, A, N, N);
  }
#line 64 "coarsen_patterns.cu"
  dim3 Extent(N, 4, 2);
#line 210 "@DPOPT_OUTPUT@"
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = dim3((N + 7) / 8, 1, 2);
    __dpopt_coarse_add3d<<<dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR), dim3(8, 4, 1)>>>(__dpopt_grid, A, Extent);
  }
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + 255) / 256;
    __dpopt_coarse_blockSum<<<dpopt::rt::coarsenGrid(__dpopt_grid, DPOPT_COARSEN_FACTOR), 256, 256 * sizeof(int), S>>>(__dpopt_grid, In, Out, N);
  }
// #pragma dp coarsen(32) -- dpopt rewrote the launch it was on
  { // dpopt coarsen: fewer, fuller child blocks
    dim3 __dpopt_grid = (N + 255) / 256;
    __dpopt_coarse_fill<float><<<dpopt::rt::coarsenGrid(__dpopt_grid, 32), 256>>>(__dpopt_grid, F, 1.0f, N);
  }
#line 69 "coarsen_patterns.cu"
  spread<<<(N + 63) / 64, 64>>>(A, N, 2);
}

void run(int *A, const int *In, int *Out, int N, float *F) {
  parent<<<1, 1>>>(A, In, Out, N, F, 0);
  add1<<<(N + 127) / 128, 128>>>(A, N);
}
