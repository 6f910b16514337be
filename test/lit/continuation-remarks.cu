// The continuation pass's remarks: a phase per live wait (next phases of
// only the suspended warps, or of whole blocks where a called function
// cannot take the thread index), a dropped wait, a refusal, and the
// pending-launch limit raised before the host launch.
// RUN: %dpopt %s --passes=continuation --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// CHECK: continuation-remarks.cu:[[@LINE+26]]:5: remark: this wait ends a phase of 'driver': its block continues in a grid tail-launched after this one and its children (2 locals and 0 shared variables kept; its next phases run only the warps with a suspended thread) [-Rpass=continuation]
// CHECK: continuation-remarks.cu:[[@LINE+34]]:5: remark: dropped this wait for the children: nothing after it can see them, and the grid completes only after them [-Rpass=continuation]
// CHECK: continuation-remarks.cu:[[@LINE+42]]:3: remark: not continuing 'usesError' after its wait: 'usesError' calls 'errorOf', which reads the thread's last error (cudaGetLastError at continuation-remarks.cu:{{[0-9]+}}): it would not see an error of an earlier phase [-Rpass-missed=continuation]
// CHECK: continuation-remarks.cu:[[@LINE+52]]:5: remark: this wait ends a phase of 'viaMethod': its block continues in a grid tail-launched after this one and its children (0 locals and 0 shared variables kept; its next phases run the whole block: it calls the member function 'lane', which reads the thread or block position) [-Rpass=continuation]
// CHECK: remark: this launch reaches the continued kernel 'driver': raising the device runtime's pending-launch limit by itself or DPOPT_CONT_PENDING_MARGIN (4,096), whichever is more, and the device heap to a quarter of the free memory (at most DPOPT_CONT_HEAP_BYTES, 4 GiB) if smaller, first [-Rpass-analysis=continuation]
// OUT: {{^}}#include "dpopt/continuation.cuh"
// OUT: __global__ void driver(int *A, int N) {
// OUT-NEXT: dpopt::rt::contBegin(
// OUT: __dpopt_c_cont_driver<<<1, dpopt::rt::contCompactThreads({{.*}}), {{.*}}, cudaStreamTailLaunch>>>
// OUT: static __device__ void __dpopt_c_body_driver(unsigned {{.*}}, uint3 blockIdx, dim3 gridDim, uint3 threadIdx, dim3 blockDim, int *A, int N)
// OUT: __dpopt_c_body_driver({{.*}}, dpopt::rt::contThreadIdx({{.*}}), {{.*}}->Dim, {{.*}});
// OUT: /* dpopt continuation: wait dropped */;
// OUT: __dpopt_c_cont_viaMethod<<<1, blockDim, {{.*}}, cudaStreamTailLaunch>>>
// OUT: static __device__ void __dpopt_c_body_viaMethod(unsigned {{.*}}, uint3 blockIdx, dim3 gridDim, int *A, int N)
// OUT: { dpopt::rt::contPendingLimit(); driver<<<1, 1>>>(A, N); }

__global__ void child(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] += 1;
}

__global__ void driver(int *A, int N) {
  int Sum = 0;
  for (int It = 0; It < 4; ++It) {
    child<<<(N + 127) / 128, 128>>>(A, N);
    cudaDeviceSynchronize();
    Sum += A[0];
  }
  A[N] = Sum;
}

__global__ void lastAct(int *A, int N) {
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(A, N);
    cudaDeviceSynchronize();
  }
  __syncthreads();
}

__device__ int errorOf() { return cudaGetLastError() == cudaSuccess; }

__global__ void usesError(int *A, int N) {
  child<<<1, 32>>>(A, N);
  cudaDeviceSynchronize();
  A[N] = errorOf();
}

struct Lanes {
  __device__ unsigned lane() const { return threadIdx.x % 32; }
};

__global__ void viaMethod(int *A, int N) {
  if (Lanes().lane() == 0) {
    child<<<1, 32>>>(A, N);
    cudaDeviceSynchronize();
    A[N] += A[0];
  }
}

void run(int *A, int N) { driver<<<1, 1>>>(A, N); }
