#include "dpopt/merge.cuh" // dpopt's device runtime
#line 1 "merge_sequences.cu"
// DPOPT-ARGS: --passes=merge
// Merge shapes: three host launches (1D with early returns and a helper that
// reads the built-ins, 2D blocks with barriers, a 3D grid with dynamic
// shared memory) under '#pragma dp merge', and a device thread's
// fire-and-forget pair.
#include <cstdio>

#line 11 "@DPOPT_OUTPUT@"
// dpopt: declared here for 'scaled' reading the thread and block position from parameters
static __device__ int __dpopt_merge_scaled(uint3 threadIdx, dim3 blockDim, int V);
#line 8 "merge_sequences.cu"
__device__ int scaled(int V) { return V * (int)blockDim.x + (int)threadIdx.y; }

#line 17 "@DPOPT_OUTPUT@"
// dpopt: 'scaled' reading the thread and block position from parameters
static __device__ int __dpopt_merge_scaled(uint3 threadIdx, dim3 blockDim, int V) { return V * (int)blockDim.x + (int)threadIdx.y; }

#line 10 "merge_sequences.cu"
__global__ void fill(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  Out[I] = scaled(I) + (int)gridDim.x;
}
#line 28 "@DPOPT_OUTPUT@"
// dpopt merge: the body of 'fill' with its launch's built-ins as parameters
static __device__ __forceinline__ void __dpopt_merge_fill(int *Out, int N, uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim) {
#line 11 "merge_sequences.cu"
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
#line 35 "@DPOPT_OUTPUT@"
  Out[I] = __dpopt_merge_scaled(threadIdx, blockDim, I) + (int)gridDim.x;
}


#line 17 "merge_sequences.cu"
__global__ void blockSum(const int *In, int *Sums) {
  __shared__ int Buf[256];
  unsigned T = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned Threads = blockDim.x * blockDim.y;
  unsigned B = blockIdx.x + blockIdx.y * gridDim.x;
  Buf[T] = In[B * Threads + T];
  __syncthreads();
  for (unsigned S = Threads / 2; S > 0; S /= 2) {
    if (T < S)
      Buf[T] += Buf[T + S];
    __syncthreads();
  }
  if (T == 0)
    Sums[B] = Buf[0];
}
#line 56 "@DPOPT_OUTPUT@"
// dpopt merge: the body of 'blockSum' with its launch's built-ins as parameters
static __device__ __forceinline__ void __dpopt_merge_blockSum(const int *In, int *Sums, uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim) {
#line 18 "merge_sequences.cu"
  __shared__ int Buf[256];
  unsigned T = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned Threads = blockDim.x * blockDim.y;
  unsigned B = blockIdx.x + blockIdx.y * gridDim.x;
  Buf[T] = In[B * Threads + T];
#line 65 "@DPOPT_OUTPUT@"
  dpopt::rt::mergeSyncthreads(blockDim);
#line 24 "merge_sequences.cu"
  for (unsigned S = Threads / 2; S > 0; S /= 2) {
    if (T < S)
      Buf[T] += Buf[T + S];
#line 71 "@DPOPT_OUTPUT@"
    dpopt::rt::mergeSyncthreads(blockDim);
#line 28 "merge_sequences.cu"
  }
  if (T == 0)
    Sums[B] = Buf[0];
}


#line 33
__global__ void dyn(int *Out) {
  extern __shared__ int Tmp[];
  Tmp[threadIdx.x] = threadIdx.x * 3 + blockIdx.z;
  Out[(blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x * blockDim.x +
      blockIdx.x * blockDim.x + threadIdx.x] = Tmp[threadIdx.x];
}
#line 87 "@DPOPT_OUTPUT@"
// dpopt merge: the body of 'dyn' with its launch's built-ins as parameters
static __device__ __forceinline__ void __dpopt_merge_dyn(int *Out, uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim) {
#line 34 "merge_sequences.cu"
  extern __shared__ int Tmp[];
  Tmp[threadIdx.x] = threadIdx.x * 3 + blockIdx.z;
  Out[(blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x * blockDim.x +
      blockIdx.x * blockDim.x + threadIdx.x] = Tmp[threadIdx.x];
}

#line 97 "@DPOPT_OUTPUT@"
// dpopt merge: one grid whose blocks run the kernels of the launches it merges
static __global__ void __dpopt_merged_fill_dyn(int *__dpopt_k0_0, int __dpopt_k0_1, int *__dpopt_k1_0, dpopt::rt::MergeLayout<2> __dpopt_layout) {
  const dpopt::rt::MergePart __dpopt_part = dpopt::rt::mergePart(__dpopt_layout);
  switch (__dpopt_part.MergeKernel) {
  case 0:
    __dpopt_merge_fill(__dpopt_k0_0, __dpopt_k0_1, __dpopt_part.MergeThreadIdx, __dpopt_part.MergeBlockIdx, __dpopt_layout.MergeBlock[0], __dpopt_layout.MergeGrid[0]);
    break;
  case 1:
    __dpopt_merge_dyn(__dpopt_k1_0, __dpopt_part.MergeThreadIdx, __dpopt_part.MergeBlockIdx, __dpopt_layout.MergeBlock[1], __dpopt_layout.MergeGrid[1]);
    break;
  default:
    break;
  }
}

// dpopt merge: one grid whose blocks run the kernels of the launches it merges
static __global__ void __dpopt_merged_fill_blockSum_dyn(int *__dpopt_k0_0, int __dpopt_k0_1, const int *__dpopt_k1_0, int *__dpopt_k1_1, int *__dpopt_k2_0, dpopt::rt::MergeLayout<3> __dpopt_layout_3) {
  const dpopt::rt::MergePart __dpopt_part_2 = dpopt::rt::mergePart(__dpopt_layout_3);
  switch (__dpopt_part_2.MergeKernel) {
  case 0:
    __dpopt_merge_fill(__dpopt_k0_0, __dpopt_k0_1, __dpopt_part_2.MergeThreadIdx, __dpopt_part_2.MergeBlockIdx, __dpopt_layout_3.MergeBlock[0], __dpopt_layout_3.MergeGrid[0]);
    break;
  case 1:
    __dpopt_merge_blockSum(__dpopt_k1_0, __dpopt_k1_1, __dpopt_part_2.MergeThreadIdx, __dpopt_part_2.MergeBlockIdx, __dpopt_layout_3.MergeBlock[1], __dpopt_layout_3.MergeGrid[1]);
    break;
  case 2:
    __dpopt_merge_dyn(__dpopt_k2_0, __dpopt_part_2.MergeThreadIdx, __dpopt_part_2.MergeBlockIdx, __dpopt_layout_3.MergeBlock[2], __dpopt_layout_3.MergeGrid[2]);
    break;
  default:
    break;
  }
}


#line 40 "merge_sequences.cu"
__global__ void parent(int *X, int *Y) {
  if (threadIdx.x == 0) {
#line 135 "@DPOPT_OUTPUT@"
// #pragma dp merge -- dpopt rewrote the launch it was on
    { // dpopt merge: one launch for 2 kernels when they fit the GPU together
      dim3 __dpopt_grids[2], __dpopt_blocks[2];
      size_t __dpopt_shared[2] = {};
      __dpopt_grids[0] = dim3(2);
      __dpopt_blocks[0] = dim3(32);
      __dpopt_shared[0] = 0;
      int *__dpopt_arg0_0 = X;
      int __dpopt_arg0_1 = 64;
      __dpopt_grids[1] = dim3(2);
      __dpopt_blocks[1] = dim3(32);
      __dpopt_shared[1] = 128;
      int *__dpopt_arg1_0 = Y;
      const void *const __dpopt_kernels[] = {(const void *)fill, (const void *)dyn, (const void *)__dpopt_merged_fill_dyn};
      const bool __dpopt_barriers[] = {false, false};
      dpopt::rt::MergeAttributes<2> __dpopt_attrs;
      dpopt::rt::MergeLayout<2> __dpopt_layout_2;
      dpopt::rt::MergeConfig __dpopt_config;
      if (dpopt::rt::mergeDecide(__dpopt_attrs, __dpopt_kernels, __dpopt_grids, __dpopt_blocks, __dpopt_shared, __dpopt_barriers, __dpopt_layout_2, __dpopt_config)) {
        __dpopt_merged_fill_dyn<<<__dpopt_config.MergeBlocks, __dpopt_config.MergeThreads, __dpopt_config.MergeShared, cudaStreamFireAndForget>>>(__dpopt_arg0_0, __dpopt_arg0_1, __dpopt_arg1_0, __dpopt_layout_2);
      } else {
        fill<<<__dpopt_grids[0], __dpopt_blocks[0], __dpopt_shared[0], cudaStreamFireAndForget>>>(__dpopt_arg0_0, __dpopt_arg0_1);
        dyn<<<__dpopt_grids[1], __dpopt_blocks[1], __dpopt_shared[1], cudaStreamFireAndForget>>>(__dpopt_arg1_0);
      }
    }
#line 45 "merge_sequences.cu"
  }
}

int main() {
  int *A, *In, *Sums, *D;
  cudaMalloc(&A, 1000 * sizeof(int));
  cudaMalloc(&In, 4 * 128 * sizeof(int));
  cudaMalloc(&Sums, 4 * sizeof(int));
  cudaMalloc(&D, 2 * 3 * 4 * 96 * sizeof(int));
  cudaMemset(In, 1, 4 * 128 * sizeof(int));
#line 172 "@DPOPT_OUTPUT@"
// #pragma dp merge -- dpopt rewrote the launch it was on
  { // dpopt merge: one launch for 3 kernels when they fit the GPU together
    dim3 __dpopt_grids_2[3], __dpopt_blocks_2[3];
    size_t __dpopt_shared_2[3] = {};
    __dpopt_grids_2[0] = dim3((1000 + 63) / 64);
    __dpopt_blocks_2[0] = dim3(64);
    int *__dpopt_arg0_0_2 = A;
    int __dpopt_arg0_1_2 = 1000;
    __dpopt_grids_2[1] = dim3(dim3(2, 2));
    __dpopt_blocks_2[1] = dim3(dim3(32, 4));
    const int *__dpopt_arg1_0_2 = In;
    int *__dpopt_arg1_1 = Sums;
    __dpopt_grids_2[2] = dim3(dim3(4, 3, 2));
    __dpopt_blocks_2[2] = dim3(96);
    __dpopt_shared_2[2] = 96 * sizeof(int);
    int *__dpopt_arg2_0 = D;
    const void *const __dpopt_kernels_2[] = {(const void *)fill, (const void *)blockSum, (const void *)dyn, (const void *)__dpopt_merged_fill_blockSum_dyn};
    const bool __dpopt_barriers_2[] = {false, true, false};
    static thread_local dpopt::rt::MergeAttributes<3> __dpopt_attrs_2;
    dpopt::rt::MergeLayout<3> __dpopt_layout_4;
    dpopt::rt::MergeConfig __dpopt_config_2;
    if (dpopt::rt::mergeDecide(__dpopt_attrs_2, __dpopt_kernels_2, __dpopt_grids_2, __dpopt_blocks_2, __dpopt_shared_2, __dpopt_barriers_2, __dpopt_layout_4, __dpopt_config_2)) {
      __dpopt_merged_fill_blockSum_dyn<<<__dpopt_config_2.MergeBlocks, __dpopt_config_2.MergeThreads, __dpopt_config_2.MergeShared>>>(__dpopt_arg0_0_2, __dpopt_arg0_1_2, __dpopt_arg1_0_2, __dpopt_arg1_1, __dpopt_arg2_0, __dpopt_layout_4);
    } else {
      fill<<<__dpopt_grids_2[0], __dpopt_blocks_2[0], __dpopt_shared_2[0]>>>(__dpopt_arg0_0_2, __dpopt_arg0_1_2);
      blockSum<<<__dpopt_grids_2[1], __dpopt_blocks_2[1], __dpopt_shared_2[1]>>>(__dpopt_arg1_0_2, __dpopt_arg1_1);
      dyn<<<__dpopt_grids_2[2], __dpopt_blocks_2[2], __dpopt_shared_2[2]>>>(__dpopt_arg2_0);
    }
  }
#line 59 "merge_sequences.cu"
  cudaDeviceSynchronize();
  int HA[1000], HS[4], HD[2 * 3 * 4 * 96];
  cudaMemcpy(HA, A, sizeof HA, cudaMemcpyDeviceToHost);
  cudaMemcpy(HS, Sums, sizeof HS, cudaMemcpyDeviceToHost);
  cudaMemcpy(HD, D, sizeof HD, cudaMemcpyDeviceToHost);
  long long H = 0;
  for (int V : HA) H = H * 31 + V;
  for (int V : HS) H = H * 31 + V;
  for (int V : HD) H = H * 31 + V;
  printf("%lld\n", H);
  return 0;
}
