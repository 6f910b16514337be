// DPOPT-ARGS: --passes=remove-launch
// DPOPT-NVCC: skip the cudaDeviceSynchronize() calls dpopt must leave are a compile error on CUDA 12+/sm_90
// Every launch remove-launch leaves unchanged, with the reason in a remark.
#include <cuda_runtime.h>

__device__ void elsewhere(int *A); // defined in another file

__global__ void plain(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = I;
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
__device__ void launchesPlain(int *A) { plain<<<1, 32>>>(A, 32); }
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
  usesShuffle<<<1, 64>>>(A);
  cudaDeviceSynchronize();
}

// In a device function, which other code may call.
__device__ void syncHelper(int *A) {
  plain<<<1, 32>>>(A, 32);
  cudaDeviceSynchronize();
}
__global__ void callsSyncHelper(int *A) { syncHelper(A); }

#define SYNC() cudaDeviceSynchronize()
__global__ void syncInMacro(int *A) {
  plain<<<1, 32>>>(A, 32);
  SYNC();
}
