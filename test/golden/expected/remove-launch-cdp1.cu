#include "dpopt/runtime.cuh" // dpopt's device runtime
#line 1 "remove-launch-cdp1.cu"
// DPOPT-ARGS: --passes=remove-launch
// Legacy CDP1 code: device-side cudaDeviceSynchronize() after launches is a
// compile error on CUDA 12+/sm_90. remove-launch runs the children in their
// parents, after which nothing is left to wait for; the output compiles.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(X)                                                               \
  do {                                                                         \
    if ((X) != cudaSuccess)                                                    \
      printf("error\n");                                                       \
  } while (0)

#line 17 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'rowSum' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_rowSum(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, const int *In, int *Out, int Row, int Width);
#line 14 "remove-launch-cdp1.cu"
__global__ void rowSum(const int *In, int *Out, int Row, int Width) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width)
    atomicAdd(&Out[Row], In[Row * Width + X]);
}

#line 27 "@DPOPT_OUTPUT@"
// dpopt: 'rowSum' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_rowSum(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, const int *In, int *Out, int Row, int Width) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 15 "remove-launch-cdp1.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X < Width)
    atomicAdd(&Out[Row], In[Row * Width + X]);
}
#line 42 "@DPOPT_OUTPUT@"
  }
#line 18 "remove-launch-cdp1.cu"
}

__global__ void rows(const int *In, int *Out, int Height, int Width, int *Total) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= Height)
    return;
#line 51 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = (Width + 31) / 32;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
      __dpopt_serial_rowSum(__dpopt_grid, __dpopt_block, In, Out, Row, Width);
    else
      rowSum<<<__dpopt_grid, __dpopt_block>>>(In, Out, Row, Width);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
  /* dpopt remove-launch: cudaDeviceSynchronize() had nothing left to wait for */; // the parent reads what its child wrote
#line 26 "remove-launch-cdp1.cu"
  atomicAdd(Total, Out[Row]);
}

__global__ void checked(const int *In, int *Out, int Width) {
#line 68 "@DPOPT_OUTPUT@"
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid = (Width + 31) / 32;
    dim3 __dpopt_block = 32;
    const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
    if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
      __dpopt_serial_rowSum(__dpopt_grid, __dpopt_block, In, Out, 0, Width);
    else
      rowSum<<<__dpopt_grid, __dpopt_block>>>(In, Out, 0, Width);
    dpopt::rt::syncLanes(__dpopt_warp);
  }
  if (cudaSuccess != cudaSuccess)
#line 32 "remove-launch-cdp1.cu"
    return;
#line 82 "@DPOPT_OUTPUT@"
  CHECK(cudaSuccess);
  cudaError_t E = cudaSuccess;
#line 35 "remove-launch-cdp1.cu"
  (void)E;
}

// A one-thread driver iterates on the device (as benchmarks/ccl/cdp1.cu):
// it launches a parent grid whose threads launch children, and waits for
// all of them before it reads the flag.
#line 92 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'relax' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_relax(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Dist, int Width, int Row, int *Changed);
#line 41 "remove-launch-cdp1.cu"
__global__ void relax(int *Dist, int Width, int Row, int *Changed) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X + 1 < Width && Dist[Row * Width + X] + 1 < Dist[Row * Width + X + 1]) {
    Dist[Row * Width + X + 1] = Dist[Row * Width + X] + 1;
    *Changed = 1;
  }
}

#line 104 "@DPOPT_OUTPUT@"
// dpopt: 'relax' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_relax(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Dist, int Width, int Row, int *Changed) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
#line 42 "remove-launch-cdp1.cu"
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  if (X + 1 < Width && Dist[Row * Width + X] + 1 < Dist[Row * Width + X + 1]) {
    Dist[Row * Width + X + 1] = Dist[Row * Width + X] + 1;
    *Changed = 1;
  }
}
#line 121 "@DPOPT_OUTPUT@"
  }
}

// dpopt: declared here for 'relaxRows' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_relaxRows(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Dist, int Width, int Height, int *Changed);
#line 49 "remove-launch-cdp1.cu"
__global__ void relaxRows(int *Dist, int Width, int Height, int *Changed) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
#line 130 "@DPOPT_OUTPUT@"
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Row < Height)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = (Width + 63) / 64;
      dim3 __dpopt_block = 64;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_relax(__dpopt_grid, __dpopt_block, Dist, Width, Row, Changed);
      else
        relax<<<__dpopt_grid, __dpopt_block>>>(Dist, Width, Row, Changed);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}

// dpopt: 'relaxRows' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_relaxRows(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *Dist, int Width, int Height, int *Changed) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  { const unsigned __dpopt_warp = __activemask(); /* dpopt: these lanes leave together */ if (Row < Height)
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = (Width + 63) / 64;
      dim3 __dpopt_block = 64;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_relax(__dpopt_grid, __dpopt_block, Dist, Width, Row, Changed);
      else
        relax<<<__dpopt_grid, __dpopt_block>>>(Dist, Width, Row, Changed);
      dpopt::rt::syncLanes(__dpopt_warp);
    } dpopt::rt::syncLanes(__dpopt_warp); }
}
  }
#line 53 "remove-launch-cdp1.cu"
}

__global__ void driver(int *Dist, int Width, int Height, int *Changed) {
  for (int Pass = 0; Pass < Width; ++Pass) {
    *Changed = 0;
#line 173 "@DPOPT_OUTPUT@"
    { // dpopt remove-launch T4: this thread runs the child grid
      dim3 __dpopt_grid = (Height + 127) / 128;
      dim3 __dpopt_block = 128;
      const unsigned __dpopt_warp = __activemask(); // these lanes leave together (CUDA 13 launches)
      if (dpopt::rt::launchable(__dpopt_grid, __dpopt_block, 0))
        __dpopt_serial_relaxRows(__dpopt_grid, __dpopt_block, Dist, Width, Height, Changed);
      else
        relaxRows<<<__dpopt_grid, __dpopt_block>>>(Dist, Width, Height, Changed);
      dpopt::rt::syncLanes(__dpopt_warp);
    }
    /* dpopt remove-launch: cudaDeviceSynchronize() had nothing left to wait for */;
#line 60 "remove-launch-cdp1.cu"
    if (*(volatile int *)Changed == 0)
      return;
  }
}

// Nothing launched: nothing to wait for.
__global__ void lonely(int *Flag) {
#line 193 "@DPOPT_OUTPUT@"
  /* dpopt remove-launch: cudaDeviceSynchronize() had nothing left to wait for */;
#line 68 "remove-launch-cdp1.cu"
  *Flag = 1;
}

int main() {
  driver<<<1, 1>>>(nullptr, 0, 0, nullptr);
  return 0;
}
