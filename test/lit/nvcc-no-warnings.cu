// dpopt's output compiles without warnings: a user's -Werror build of it
// must not fail. Here threshold declares a local for the launch's stream and
// aggregate then launches into cudaStreamFireAndForget by name, which left
// the local unused (nvcc #177-D) until threshold marked it used.
// RUN: %dpopt %s -o %t.cu
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.cu %}
// RUN: FileCheck %s < %t.cu
// CHECK: cudaStream_t __dpopt_stream{{(_[0-9]+)?}} = (cudaStreamFireAndForget); (void)__dpopt_stream{{(_[0-9]+)?}};

#include <cuda_runtime.h>

__global__ void child(int *Out, int Begin, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[Begin + I] += 1;
}

__global__ void parent(const int *Ptr, int *Out, int Count) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < Count) {
    int Begin = Ptr[V], N = Ptr[V + 1] - Begin;
    if (N > 0)
      child<<<(N + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(Out, Begin, N);
  }
}
