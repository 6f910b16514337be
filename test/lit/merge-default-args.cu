// A launch that leaves an argument to its default is not merged (dpopt
// would have no text to copy for it).
// RUN: %dpopt %s --remarks -o %t.cu 2>&1 | FileCheck %s
// CHECK: merge-default-args.cu:13:3: remark: not merging this launch of 'ka': the launch leaves an argument to its default, which merge does not copy [-Rpass-missed=merge]

__global__ void ka(int *Out, int N = 4) { Out[threadIdx.x] = N; }
__global__ void kc(int *Out) { Out[threadIdx.x] = 7; }
void run() {
  int *A, *B;
  cudaMalloc(&A, 4096);
  cudaMalloc(&B, 4096);
#pragma dp merge
  ka<<<1, 32>>>(A);
  kc<<<1, 32>>>(B);
}
