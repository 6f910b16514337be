// dpopt's output compiles without warnings: a user's -Werror build of it
// must not fail. Here threshold once declared a local for the launch's
// stream and aggregate then launched into cudaStreamFireAndForget by name,
// which left the local unused (nvcc #177-D). Marking it used with (void)
// hid the stream from aggregate (2026-11-28 to 11-29: bfsq and ssspq ran
// 6-40x slower). Threshold now writes a constant stream, or a local stream
// variable, in its launch as the user did: aggregate sees it, and no local
// is left unused.
// RUN: %dpopt %s -o %t.cu --remarks 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: aggregating the launches of '__dpopt_coarse_child{{(_[0-9]+)?}}'
// REMARK: remark: aggregating the launches of '__dpopt_coarse_child{{(_[0-9]+)?}}'
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.cu %}
// RUN: FileCheck %s < %t.cu
// CHECK-NOT: cudaStream_t __dpopt_{{stream}}
// CHECK: (void)St; /* dpopt: stream 'St' dropped: nothing is launched into it now */

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

// A stream the thread creates for the launch alone: threshold keeps the
// variable in its launch, so aggregate still sees the one launch into it.
__global__ void ownStream(const int *Ptr, int *Out, int Count) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < Count) {
    int Begin = Ptr[V], N = Ptr[V + 1] - Begin;
    cudaStream_t St;
    cudaStreamCreateWithFlags(&St, cudaStreamNonBlocking);
    if (N > 0)
      child<<<(N + 127) / 128, 128, 0, St>>>(Out, Begin, N);
    cudaStreamDestroy(St);
  }
}
