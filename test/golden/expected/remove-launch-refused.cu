// DPOPT-ARGS: --passes=remove-launch
// DPOPT-NVCC: skip the cudaDeviceSynchronize() calls dpopt must leave are a compile error on CUDA 12+/sm_90
// Every launch remove-launch leaves unchanged, with the reason in a remark.
#include <cuda_runtime.h>

__device__ void elsewhere(int *A); // defined in another file

// dpopt: declared here for 'plain' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_plain(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N);
__global__ void plain(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = I;
}

// dpopt: 'plain' run serially by one thread (remove-launch)
static __device__ void __dpopt_serial_plain(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, int *A, int N) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = I;
}
  }
}
__global__ void usesBarrier(int *A) {
  A[threadIdx.x] = 1;
  __syncthreads();
  A[threadIdx.x] += A[(threadIdx.x + 1) % blockDim.x];
}
__global__ void usesShared(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = A[threadIdx.x];
  A[threadIdx.x] = S[63 - threadIdx.x];
}
__global__ void usesShuffle(int *A) { A[threadIdx.x] = __shfl_down_sync(0xffffffff, A[threadIdx.x], 1); }
__global__ void usesUnknown(int *A) { elsewhere(A); }
__global__ void usesAsm(int *A) { asm volatile("membar.gl;"); A[0] = 1; }
__global__ void walk(int *A, int Depth) {
  if (Depth > 0)
    walk<<<1, 1>>>(A, Depth - 1);
}
__device__ void launchesPlain(int *A) { { // dpopt remove-launch T4: this thread runs the child grid
  dim3 __dpopt_grid(1);
  dim3 __dpopt_block(32);
  __dpopt_serial_plain(__dpopt_grid, __dpopt_block, A, 32);
} }
__global__ void launchesInHelper(int *A) { launchesPlain(A); }
__global__ void launchesBarrier(int *A) { usesBarrier<<<1, 64>>>(A); }

#define LAUNCH(A) plain<<<1, 32>>>(A, 32)

__host__ __device__ void both(int *A) { plain<<<1, 32>>>(A, 32); }

__global__ void parent(int *A) {
  usesBarrier<<<1, 64>>>(A);
  usesShared<<<1, 64>>>(A);
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
  usesBarrier<<<1, 64>>>(A);
  cudaDeviceSynchronize();
}

// In a device function, which other code may call.
__device__ void syncHelper(int *A) {
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid(1);
    dim3 __dpopt_block(32);
    __dpopt_serial_plain(__dpopt_grid, __dpopt_block, A, 32);
  }
  cudaDeviceSynchronize();
}
__global__ void callsSyncHelper(int *A) { syncHelper(A); }

#define SYNC() cudaDeviceSynchronize()
__global__ void syncInMacro(int *A) {
  { // dpopt remove-launch T4: this thread runs the child grid
    dim3 __dpopt_grid(1);
    dim3 __dpopt_block(32);
    __dpopt_serial_plain(__dpopt_grid, __dpopt_block, A, 32);
  }
  SYNC();
}
