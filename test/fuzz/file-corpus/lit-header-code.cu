// Kernels and device functions defined in a header the file includes are
// part of the translation unit: dpopt analyses them and copies them (serial
// versions, clones) into the file it writes, after the #include; it never
// edits the header. Every pass's output compiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dpopt %s -o %t/t.cu --passes=remove-launch -R 2>&1 | FileCheck %s --check-prefix=RL
// RL: header-code.cu:[[@LINE+20]]:5: remark: removed this launch of 'headerChild' (T4)
// RL: header-code.cu:[[@LINE+23]]:3: remark: removed this launch of 'headerReduce' (T3)
// RL-NOT: another file
// RUN: grep -v '// [A-Z][A-Z-]*:' %t/t.cu | FileCheck %s --check-prefix=COPY
// COPY: #include "Inputs/header_kernels.cuh"
// COPY: static __device__ void __dpopt_serial_headerChild{{(_[0-9]+)?}}(
// COPY: static __device__ int __dpopt_serial_gid{{(_[0-9]+)?}}(uint3 threadIdx, uint3 blockIdx, dim3 blockDim)
// COPY: __global__ void parent(
// RUN: %dpopt %s -o %t/c.cu --passes=coarsen
// RUN: %dpopt %s -o %t/a.cu --passes=aggregate
// RUN: %dpopt %s -o %t/d.cu
// RUN: %if nvcc %{ %nvcc-check -I %S %t/t.cu %}
// RUN: %if nvcc %{ %nvcc-check -I %S %t/c.cu %}
// RUN: %if nvcc %{ %nvcc-check -I %S %t/a.cu %}
// RUN: %if nvcc %{ %nvcc-check -I %S %t/d.cu %}
#include "Inputs/header_kernels.cuh"

__global__ void parent(int *Out, const int *Len, int M) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T < M)
    headerChild<<<(Len[T] + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(Out, Len[T]);
}

__global__ void blocks(int *Out, int N) {
  headerReduce<<<2, 64>>>(Out, N);
}
