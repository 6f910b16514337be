// aggregate and consolidate turn a kernel's early returns into jumps to its
// end, where the thread counts out of its launch group: a thread that
// returns then stays alive past the block's later barriers. Where only some
// threads of a block may return, a warp-mate at the barrier would wait for
// it forever (found by the differential tester's --chains family): such
// parents and children are left (DP3026). A return the whole block takes
// together (a condition on parameters, constants, blockIdx or loads at such
// addresses) is fine.
// RUN: %dpopt %s --passes=aggregate --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: %dpopt %s --passes=consolidate --consldt=block --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=CONS %s
// RUN: %if nvcc %{ %nvcc-check %t.cu %}

#include <cuda_runtime.h>

__global__ void leaf(int *A) { A[threadIdx.x] += 1; }

// CHECK: aggregate-early-return-barrier.cu:[[@LINE+9]]:5: remark: not aggregating this launch of 'leaf': the parent 'someReturn' returns early (aggregate-early-return-barrier.cu:[[@LINE+5]]) where dpopt cannot show the whole block returns together, and synchronizes its block (__syncthreads at aggregate-early-return-barrier.cu:[[@LINE+7]]){{.*}} [DP3026]
// CONS: aggregate-early-return-barrier.cu:[[@LINE+8]]:5: remark: not consolidating this launch of 'leaf': the parent 'someReturn' returns early {{.*}} [DP3026]
__global__ void someReturn(int *A, int N) {
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Gid >= N)
    return;
  A[Gid] = 1;
  __syncthreads();
  if (threadIdx.x == 0)
    leaf<<<1, 32>>>(A + blockIdx.x * 32);
}

// CHECK: aggregate-early-return-barrier.cu:[[@LINE+11]]:5: remark: aggregating the launches of 'leaf'
__global__ void blockReturn(int *A, const int *Counts, int Depth) {
  const int Count = Counts[blockIdx.x];
  if (Depth > 3 || Count == 0)
    return;
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    A[I] += Depth;
  __syncthreads();
  if (blockIdx.x > 2)
    return;
  if (threadIdx.x == 0)
    leaf<<<1, 32>>>(A + blockIdx.x * 32);
}

// The child's returns become jumps in the clone that runs it.
__global__ void syncChild(int *A, int N) {
  if (threadIdx.x >= N)
    return;
  A[threadIdx.x] = 2;
  __syncthreads();
  A[threadIdx.x + 32] = A[31 - threadIdx.x];
}

// CHECK: aggregate-early-return-barrier.cu:[[@LINE+3]]:5: remark: not aggregating this launch of 'syncChild': 'syncChild' returns early (aggregate-early-return-barrier.cu:[[@LINE-6]]){{.*}} [DP3026]
__global__ void parentOfSyncChild(int *A, int N) {
  if (threadIdx.x == 0)
    syncChild<<<1, 32, 0, cudaStreamFireAndForget>>>(A + blockIdx.x * 64, N);
}
