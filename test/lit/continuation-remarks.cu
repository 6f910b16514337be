// The continuation pass's remarks: a phase per live wait, a dropped wait,
// a refusal, and the pending-launch limit raised before the host launch.
// RUN: %dpopt %s --passes=continuation --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// CHECK: continuation-remarks.cu:[[@LINE+21]]:5: remark: this wait ends a phase of 'driver': its block continues in a grid tail-launched after this one and its children (2 locals and 0 shared variables kept) [-Rpass=continuation]
// CHECK: continuation-remarks.cu:[[@LINE+29]]:5: remark: dropped this wait for the children: nothing after it can see them, and the grid completes only after them [-Rpass=continuation]
// CHECK: continuation-remarks.cu:[[@LINE+37]]:3: remark: not continuing 'usesError' after its wait: 'usesError' calls 'errorOf', which reads the thread's last error (cudaGetLastError at continuation-remarks.cu:{{[0-9]+}}): it would not see an error of an earlier phase [-Rpass-missed=continuation]
// CHECK: remark: this launch reaches the continued kernel 'driver': raising the device runtime's pending-launch limit by itself or DPOPT_CONT_PENDING_MARGIN (4,096), whichever is more, and the device heap to a quarter of the free memory (at most DPOPT_CONT_HEAP_BYTES, 4 GiB) if smaller, first [-Rpass-analysis=continuation]
// OUT: #include "dpopt/continuation.cuh"
// OUT: __global__ void driver(int *A, int N) {
// OUT-NEXT: dpopt::rt::contBegin(
// OUT: __dpopt_c_cont_driver<<<1, blockDim, {{.*}}, cudaStreamTailLaunch>>>
// OUT: /* dpopt continuation: wait dropped */;
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

void run(int *A, int N) { driver<<<1, 1>>>(A, N); }
