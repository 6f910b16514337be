// Found by the differential tester (test/difftest): a launch into stream
// '0' made threshold write 'auto s = (0);' and launch into an int; a
// persistent parent (T1/T2) that calls the device runtime fails its
// cooperative launch with cudaErrorNotPermitted, so T1/T2 are refused; a
// child that calls the device runtime is not run serially (its per-thread
// error state would be the parent's).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dpopt %s -o %t/t.cu --passes=threshold -R 2>&1 | FileCheck %s --check-prefix=T
// RUN: grep -v '// [A-Z][A-Z-]*:' %t/t.cu | FileCheck %s --check-prefix=TOUT
// RUN: %if nvcc %{ %nvcc-check %t/t.cu %}
// RUN: %dpopt %s -o %t/p.cu --passes=remove-launch --remove-launch=T1 -R 2>&1 | FileCheck %s --check-prefix=P
// RUN: %if nvcc %{ %nvcc-check %t/p.cu %}

__global__ void leaf(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(A, 1);
}

__global__ void checks(int *A, int N) {
  if (threadIdx.x == 0)
    A[1] = (int)cudaGetLastError();
}

__global__ void zeroStream(int *A, int N) {
  leaf<<<(N + 127) / 128, 128, 0, 0>>>(A, N);
  // T: runtime-calls.cu:[[@LINE-1]]:3: remark: launching 'leaf' only when
  // TOUT: leaf<<<__dpopt_grid{{(_[0-9]+)?}}, __dpopt_block{{(_[0-9]+)?}}, __dpopt_shmem{{(_[0-9]+)?}}, 0>>>(A, N);
}

__global__ void childChecks(int *A, int N) {
  checks<<<1, 32>>>(A, N);
  // T: runtime-calls.cu:[[@LINE-1]]:3: remark: not thresholding this launch of 'checks': 'checks' calls the device runtime (cudaGetLastError at runtime-calls.cu:22), whose per-thread state would be the parent thread's
}

__global__ void mallocs(int *A, int N) {
  int *B = nullptr;
  if (cudaMalloc((void **)&B, 64) == cudaSuccess) {
    leaf<<<(N + 127) / 128, 128>>>(B, N);
    // P: runtime-calls.cu:[[@LINE-1]]:5: remark: not removing this launch of 'leaf': T1 (child blocks spread over persistent parent blocks), requested by --remove-launch, cannot be used: 'mallocs' calls the device runtime (cudaMalloc at runtime-calls.cu:[[@LINE-2]]), which a kernel launched cooperatively, as the persistent grid is, cannot use
  }
}

int main() {
  int *A;
  cudaMalloc(&A, 64);
  mallocs<<<4, 32>>>(A, 100);
  return 0;
}
