// The merge pass's decisions: what it merges with and without a pragma,
// and why it leaves a launch as written (streams, dependences it sees or
// cannot rule out, kernels it cannot run in a merged grid).
// RUN: %dpopt %s --passes=merge --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=DEFAULT %s
// OUT: {{^}}static __device__ __forceinline__ void {{__dpopt_merge_ka[_0-9]*}}(int *Out, int N, uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim) {
// OUT: {{^}}static __global__ void {{__dpopt_merged_ka_kc[_0-9]*}}(int *__dpopt_k0_0, int __dpopt_k0_1, int *__dpopt_k1_0, dpopt::rt::MergeLayout<2> {{__dpopt_layout[_0-9]*}})
// OUT: if (dpopt::rt::mergeDecide(
// DEFAULT-NOT: independent: every buffer
// DEFAULT: remark: merging the launches of 'ka', 'kc' into one launch ('#pragma dp merge')
// CHECK: merge-remarks.cu:53:5: remark: not merging this launch of 'ka': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:54:5: remark: not merging this launch of 'kc': not merged with the launches before it: 'ka' writes through 'Out' ('X') and 'kc' writes through 'Out' ('Y'), and dpopt cannot show that they are distinct allocations: 'X' is a parameter of 'parent' [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:56:5: remark: merging the launches of 'ka', 'kc' into one launch ('#pragma dp merge') [-Rpass=merge]
// CHECK: merge-remarks.cu:57:5: remark: merging the launches of 'ka', 'kc' into one launch ('#pragma dp merge') [-Rpass=merge]
// CHECK: merge-remarks.cu:66:3: remark: merging the launches of 'ka', 'kc' into one launch (independent: every buffer one writes is an allocation of its own) [-Rpass=merge]
// CHECK: merge-remarks.cu:67:3: remark: merging the launches of 'ka', 'kc' into one launch (independent: every buffer one writes is an allocation of its own) [-Rpass=merge]
// CHECK: merge-remarks.cu:70:3: remark: not merging this launch of 'ka': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:71:3: remark: not merging this launch of 'kb': not merged with the launches before it: 'ka' writes through 'Out' ('A') and 'kb' reads through 'In' ('A'), which both point into 'A' [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:74:3: remark: not merging this launch of 'ka': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:75:3: remark: not merging this launch of 'kc': not merged with the launches before it: 'ka' writes through 'Out' ('P') and 'kc' writes through 'Out' ('Q'), and dpopt cannot show that they are distinct allocations: 'P' is a parameter of 'run' [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:78:3: remark: not merging this launch of 'ka': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:79:3: remark: not merging this launch of 'kc': not merged with the launches before it: it goes to another stream ('S') than the launch before it: launches into different streams are not merged [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:83:3: remark: not merging this launch of 'ka': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:84:3: remark: not merging this launch of 'kp': not merged with the launches before it: 'kp' calls 'printf' (merge-remarks.cu:43): merged, its output or trap would no longer come after the kernels launched before it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:87:3: remark: not merging this launch of 'kg': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:88:3: remark: not merging this launch of 'kh': not merged with the launches before it: 'kg' and 'kh' both use the __device__ variable 'Counter', which 'kg' writes [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:92:3: remark: not merging this launch of 'kl1': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:93:3: remark: not merging this launch of 'kl2': not merged with the launches before it: 'kl2' has __launch_bounds__(256) and 'kl1' __launch_bounds__(128): the merged kernel can have only one [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:97:3: remark: not merging this launch of 'kc': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:98:3: remark: not merging this launch of 'kc': not merged with the launches before it: it launches 'kc' again: merge joins launches of different kernels [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:99:3: remark: not merging this launch of 'kt<int>': not merged with the launches before it: 'kt' is a template [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:102:3: remark: not merging this launch of 'kearly': 'kearly' synchronizes its threads and may return early (merge-remarks.cu:49): a thread that returned would never reach the barrier of the kernel's threads [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:103:3: remark: not merging this launch of 'kchild': 'kchild' launches kernels itself (merge-remarks.cu:50) [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:107:3: remark: not merging this launch of 'ka': nothing to merge it with: the next launch cannot join it [-Rpass-missed=merge]
// CHECK: merge-remarks.cu:108:3: remark: not merging this launch of 'kb': not merged with the launches before it: '#pragma dp merge' asks for it, but 'ka' writes through 'Out' ('A') and 'kb' reads through 'In' ('A + 0'), which both point into 'A' [-Rpass-missed=merge]

#include <cstdio>
__device__ int Counter;
__global__ void ka(int *Out, int N) { int I = blockIdx.x * blockDim.x + threadIdx.x; if (I < N) Out[I] = I; }
__global__ void kb(const int *In, int *Out, int N) { int I = blockIdx.x * blockDim.x + threadIdx.x; if (I < N) Out[I] = In[I] + 1; }
__global__ void kc(int *Out) { Out[threadIdx.x] = 7; }
__global__ void kp(int *Out) { printf("hi\n"); Out[0] = 1; }
__global__ void kg(int *Out) { Counter += Out[0]; }
__global__ void kh(int *Out) { Out[0] = Counter; }
__global__ void __launch_bounds__(128) kl1(int *Out) { Out[0] = 1; }
__global__ void __launch_bounds__(256) kl2(int *Out) { Out[0] = 1; }
template <class T> __global__ void kt(T *Out) { Out[0] = 1; }
__global__ void kearly(int *Out, int N) { __shared__ int S[64]; if (threadIdx.x >= N) return; S[threadIdx.x] = 1; __syncthreads(); Out[threadIdx.x] = S[0]; }
__global__ void kchild(int *Out) { kc<<<1, 1>>>(Out); }
__global__ void parent(int *X, int *Y) {
  if (threadIdx.x == 0) {
    ka<<<1, 32>>>(X, 32);
    kc<<<1, 32>>>(Y);
#pragma dp merge
    ka<<<1, 32, 0, cudaStreamFireAndForget>>>(X, 32);
    kc<<<1, 32, 0, cudaStreamFireAndForget>>>(X);
  }
}
void run(int *P, int *Q, cudaStream_t S) {
  int *A, *B, *C;
  cudaMalloc(&A, 4096);
  cudaMalloc(&B, 4096);
  cudaMalloc((void **)&C, 4096);
  // unasked: independent
  ka<<<1, 32>>>(A, 32);
  kc<<<1, 32>>>(B);
  cudaDeviceSynchronize();
  // unasked: dependent
  ka<<<1, 32>>>(A, 32);
  kb<<<1, 32>>>(A, B, 32);
  cudaDeviceSynchronize();
  // unasked: parameters, unknown
  ka<<<1, 32>>>(P, 32);
  kc<<<1, 32>>>(Q);
  cudaDeviceSynchronize();
  // unasked: other stream
  ka<<<1, 32>>>(A, 32);
  kc<<<1, 32, 0, S>>>(B);
  cudaDeviceSynchronize();
  // printf
#pragma dp merge
  ka<<<1, 32>>>(A, 32);
  kp<<<1, 32>>>(B);
  cudaDeviceSynchronize();
  // globals
  kg<<<1, 1>>>(A);
  kh<<<1, 1>>>(B);
  cudaDeviceSynchronize();
  // launch bounds
#pragma dp merge
  kl1<<<1, 1>>>(A);
  kl2<<<1, 1>>>(B);
  cudaDeviceSynchronize();
  // same kernel, template, early return, launching
#pragma dp merge
  kc<<<1, 1>>>(A);
  kc<<<1, 1>>>(B);
  kt<<<1, 1>>>(C);
  cudaDeviceSynchronize();
#pragma dp merge
  kearly<<<1, 64>>>(A, 3);
  kchild<<<1, 1>>>(B);
  cudaDeviceSynchronize();
  // pragma but same buffer
#pragma dp merge
  ka<<<1, 32>>>(A, 32);
  kb<<<1, 32>>>(A + 0, C, 32);
  cudaDeviceSynchronize();
}
