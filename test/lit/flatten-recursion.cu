// flatten-recursion: which self-launches the launching block runs as a
// chain, and why the others stay. The output compiles for sm_90 (the
// legacy waits it keeps are behind LEGACY, checked without nvcc).
// RUN: %dpopt %s --passes=flatten-recursion --remarks -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: %dpopt %s -DLEGACY --passes=flatten-recursion --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=LEGACY %s
// The default pipeline runs it first.
// RUN: %dpopt %s --remarks -o %t3.cu 2>&1 | FileCheck --check-prefix=DEFAULT %s

#include <cuda_runtime.h>

__global__ void child(int *A) { A[threadIdx.x] += 1; }

// The textbook CDP1 halving reduction: barriers, the postwork after the
// wait runs on the way back with the launching thread's values.
// REMARK: flatten-recursion.cu:[[@LINE+19]]:7: remark: flattening the recursion at this launch of 'halve': the launching block runs the chain of one-block launches of 'halve' itself, a level at a time, and the code after cudaDeviceSynchronize() on the way back, deepest level first; 'halve' synchronizes: threads past a smaller child block only take part in its barriers, and a child block larger than the launching block stops the kernel (__trap) [-Rpass=flatten-recursion] [DP4901]
// DEFAULT: flatten-recursion.cu:[[@LINE+18]]:7: remark: flattening the recursion at this launch of 'halve'
// CHECK-LABEL: struct __dpopt_chain_halve{{[_0-9]*}} {
// CHECK: int __dpopt_post2_Half[24];
// CHECK-LABEL: static __device__ void __dpopt_level_halve{{[_0-9]*}}(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, bool __dpopt_active
// CHECK: const int Half = __dpopt_active{{[_0-9]*}} ? ((N + 1) / 2) : static_cast<int>(0);
// CHECK: if (__dpopt_active{{[_0-9]*}}) { for (int I
// CHECK-LABEL: static __device__ void __dpopt_post_halve{{[_0-9]*}}(uint3 blockIdx, long long *Sums, long long *Data, int Half)
// CHECK-LABEL: __global__ void halve(
// CHECK: __syncthreads_count(
__global__ void halve(long long *Data, int N, long long *Sums) {
  const int Half = (N + 1) / 2;
  for (int I = threadIdx.x; I < N - Half; I += blockDim.x)
    Data[I] += Data[I + Half];
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Half == 1) {
      Sums[blockIdx.x] = Data[0];
    } else {
      halve<<<1, (Half + 1) / 2>>>(Data, Half, Data + Half);
      cudaDeviceSynchronize();
      Sums[blockIdx.x] = Data[Half];
    }
  }
}

// A thread that returns before a barrier stays for the barriers only.
// REMARK: flatten-recursion.cu:[[@LINE+10]]:5: remark: flattening the recursion at this launch of 'early'{{.*}}is launched as written [-Rpass=flatten-recursion] [DP4901]
// CHECK-LABEL: static __device__ void __dpopt_level_early{{[_0-9]*}}(
// CHECK: = [&]() -> bool { if (Size == 1)
// CHECK-NEXT: return false; return true; }();
__global__ void early(int *Data, unsigned Size) {
  if (Size == 1)
    return;
  Data[threadIdx.x] += 1;
  __syncthreads();
  if (threadIdx.x == 0)
    early<<<1, Size / 2, 0, cudaStreamFireAndForget>>>(Data, Size / 2);
}

// No barriers: a thread runs several child threads when the child block is
// larger than the launching block.
// REMARK: flatten-recursion.cu:[[@LINE+6]]:5: remark: flattening the recursion at this launch of 'grow': the launching block runs the chain of one-block launches of 'grow' itself, a level at a time [-Rpass=flatten-recursion] [DP4901]
// CHECK-LABEL: __global__ void grow(
// CHECK: for (unsigned __dpopt_thread{{[_0-9]*}} = __dpopt_self{{[_0-9]*}};
__global__ void grow(int *Out, int Level) {
  Out[Level * 1024 + threadIdx.x] = Level;
  if (threadIdx.x == 0 && Level < 5)
    grow<<<1, blockDim.x * 2>>>(Out, Level + 1);
}

// REMARK-NOT: launch of 'child'
// DEFAULT-NOT: flatten-recursion.cu:{{.*}}flatten-recursion{{.*}}'child'
__global__ void parent(int *A) {
  child<<<1, 32>>>(A);
}

// REMARK: flatten-recursion.cu:[[@LINE+3]]:5: remark: not flattening this launch of 'wide': the grid '2' is not the constant 1: a block runs one child block [-Rpass-missed=flatten-recursion] [DP3902]
__global__ void wide(int *A, int D) {
  if (threadIdx.x == 0 && D > 0)
    wide<<<2, 32>>>(A, D - 1);
}

// REMARK: flatten-recursion.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'twice': 'twice' makes 2 launches: the chain needs this one to be its only [-Rpass-missed=flatten-recursion] [DP3902]
// REMARK: flatten-recursion.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'twice': 'twice' makes 2 launches
__global__ void twice(int *A, int D) {
  if (threadIdx.x == 0 && D > 0) {
    twice<<<1, 32>>>(A, D - 1);
    twice<<<1, 32>>>(A + 32, D - 1);
  }
}

// REMARK: flatten-recursion.cu:[[@LINE+3]]:5: remark: not flattening this launch of 'everyThread': dpopt cannot show that one thread of a block at most launches {{.*}} [DP3902]
__global__ void everyThread(int *A, int D) {
  if (D > 0)
    everyThread<<<1, 32>>>(A, D - 1);
}

// REMARK: flatten-recursion.cu:[[@LINE+4]]:7: remark: not flattening this launch of 'looped': the launch is in a loop: a thread could make it more than once [-Rpass-missed=flatten-recursion] [DP3902]
__global__ void looped(int *A, int D) {
  if (threadIdx.x == 0)
    for (int I = 0; I < D; ++I)
      looped<<<1, 32>>>(A, D - 1 - I);
}

// REMARK: flatten-recursion.cu:[[@LINE+3]]:5: remark: not flattening this launch of 'tail': the launch goes to the stream 'cudaStreamTailLaunch': only the implicit stream and cudaStreamFireAndForget let the child wait for the launching block's level to end [-Rpass-missed=flatten-recursion] [DP3903]
__global__ void tail(int *A, int D) {
  if (threadIdx.x == 0 && D > 0)
    tail<<<1, 32, 0, cudaStreamTailLaunch>>>(A, D - 1);
}

// REMARK: flatten-recursion.cu:[[@LINE+6]]:5: remark: not flattening this launch of 'nestedBarrier': 'nestedBarrier' synchronizes inside a statement ({{.*}}): threads past a smaller child block could not take part in that barrier {{.*}} [DP3904]
__global__ void nestedBarrier(int *A, int D) {
  if (D > 1)
    __syncthreads();
  A[threadIdx.x] += D;
  if (threadIdx.x == 0 && D > 0)
    nestedBarrier<<<1, blockDim.x / 2>>>(A, D - 1);
}

// REMARK: flatten-recursion.cu:[[@LINE+5]]:5: remark: not flattening this launch of 'warp': 'warp' uses the warp-level operation __shfl_down_sync {{.*}} [DP3904]
__global__ void warp(int *A, int D) {
  int V = __shfl_down_sync(0xffffffffu, A[threadIdx.x], 1);
  A[threadIdx.x] = V;
  if (threadIdx.x == 0 && D > 0)
    warp<<<1, 32>>>(A, D - 1);
}

// REMARK: flatten-recursion.cu:[[@LINE+6]]:5: remark: not flattening this launch of 'vector': the variable 'V' ({{.*}}) is not a scalar initialized with '=' or a trivial variable without initializer{{.*}} [DP3904]
__global__ void vector(float2 *A, int D) {
  float2 V = A[threadIdx.x];
  __syncthreads();
  A[threadIdx.x] = make_float2(V.y, V.x);
  if (threadIdx.x == 0 && D > 0)
    vector<<<1, blockDim.x / 2>>>(A, D - 1);
}

#ifdef LEGACY
// The launching thread does more after the statements around the launch:
// that would run before the postwork.
// LEGACY: flatten-recursion.cu:[[@LINE+4]]:5: remark: not flattening this launch of 'more': the launching thread runs more statements after the ones around the launch: they would run before the postwork [-Rpass-missed=flatten-recursion] [DP3905]
__global__ void more(int *A, int D) {
  A[threadIdx.x] += 1;
  if (threadIdx.x == 0 && D > 0) {
    more<<<1, 32>>>(A, D - 1);
    cudaDeviceSynchronize();
    A[0] += A[1];
  }
  A[threadIdx.x + 32] = D;
}
#endif

// An unnamed parameter: the chain passes any value on (nothing reads it).
// REMARK: flatten-recursion.cu:[[@LINE+6]]:5: remark: flattening the recursion at this launch of 'unnamed'
// CHECK-LABEL: __global__ void unnamed(
// CHECK: int __dpopt_arg1{{[_0-9]*}}{};
__global__ void unnamed(int *A, int, int N) {
  A[threadIdx.x] += N;
  if (threadIdx.x == 0 && N > 1)
    unnamed<<<1, N / 2>>>(A + N, 7, N / 2);
}
