// The default's groups for a launch that is not recursive: the whole grid
// as far as its records fit. The size is a compile-time constant when
// every launch of the parent in the file has one constant block size (no
// registers spent on it), and is computed at run time otherwise: launches
// of two sizes, a size only known at run time, no launch in the file, or a
// launch made by one thread per block (the records are sized by the threads
// that can launch). --agg keeps its fixed groups.
// RUN: %dpopt %s --passes=aggregate -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc-check %t.cu %}
// RUN: %dpopt %s --passes=aggregate --agg=multiblock:32 -o - | FileCheck --check-prefix=FIXED %s

#include <cuda_runtime.h>

__global__ void child(int *A, int I) { A[I + threadIdx.x] += 1; }

// CHECK-LABEL: {{^}}__global__ void constantBlocks(
// CHECK: dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocksFor(128ull * (1u) * sizeof(__dpopt_rec_child{{[_0-9]*}})), 1u);
// CHECK: dpopt::rt::aggArriveMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocksFor(128ull * (1u) * sizeof(__dpopt_rec_child{{[_0-9]*}})))
// FIXED-LABEL: {{^}}__global__ void constantBlocks(
// FIXED: dpopt::rt::aggBeginMultiBlock({{.*}}, 32ull, 1u);
__global__ void constantBlocks(int *A) {
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x * 32);
}

// CHECK-LABEL: {{^}}__global__ void twoSizes(
// CHECK: dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_child{{[_0-9]*}})), 1u);
__global__ void twoSizes(int *A) {
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x * 32);
}

// CHECK-LABEL: {{^}}__global__ void runTimeSize(
// CHECK: dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_child{{[_0-9]*}})), 1u);
__global__ void runTimeSize(int *A) {
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x * 32);
}

// CHECK-LABEL: {{^}}__global__ void notLaunchedHere(
// CHECK: dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_child{{[_0-9]*}})), 1u);
__global__ void notLaunchedHere(int *A) {
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x * 32);
}

// CHECK-LABEL: {{^}}__global__ void oneThreadLaunches(
// CHECK: dpopt::rt::aggBeginMultiBlock({{.*}}, dpopt::rt::aggFittingGroupBlocks((1u) * sizeof(__dpopt_rec_child{{[_0-9]*}}), 1u), 1u, 1u);
__global__ void oneThreadLaunches(int *A) {
  if (threadIdx.x == 0)
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(A, blockIdx.x * 32);
}

void host(int *A, int N, int Threads) {
  constantBlocks<<<N, 128>>>(A);
  constantBlocks<<<N / 2, dim3(128)>>>(A);
  twoSizes<<<N, 128>>>(A);
  twoSizes<<<N, 256>>>(A);
  runTimeSize<<<N, Threads>>>(A);
  oneThreadLaunches<<<N, 64>>>(A);
}
