// The default threshold follows the parent grid's size where the child
// reads memory (DP5103): a load, a compound assignment or increment of
// memory, an atomic whose old value is used, or a call without a body; an
// atomic whose value is thrown away and a child that only computes and
// stores keep the plain threshold. A threshold the user chose (option,
// pragma) is used as written. The runtime's read of %nsmid does not keep
// aggregate from the parent; a child's own read of a special register
// (%tid) still keeps it from running serially.
// RUN: %dpopt %s -o %t.cu --passes=threshold --remarks 2> %t.err
// RUN: FileCheck %s --check-prefix=CODE < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %dpopt %s -o %t.opt.cu --passes=threshold --threshold=64 --remarks 2> %t.opt.err
// RUN: FileCheck %s --check-prefix=OPTION < %t.opt.cu
// RUN: not grep -q DP5103 %t.opt.err
// RUN: %dpopt %s -o %t.def.cu --remarks 2> %t.def.err
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.def.err
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.cu %}
// RUN: %if nvcc %{ %nvcc-check -Werror all-warnings %t.def.cu %}

#include <cuda_runtime.h>

__global__ void gather(const int *Col, int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = Col[I] + 1;
}
__global__ void bump(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] += 1;
}
__global__ void claim(int *Dist, int *Flag, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && atomicMin(&Dist[I], 3) > 3)
    Flag[I] = 1;
}
__global__ void points(float *Out, float Scale, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    Out[2 * I] = Scale * I;
    Out[2 * I + 1] = fminf(Scale, 1.0f);
  }
}
__global__ void count(unsigned *Sum, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Sum[I % 8], 1u);
}

__global__ void tidAsm(int *Out, int N) {
  unsigned T;
  asm("mov.u32 %0, %%tid.x;" : "=r"(T));
  if (T < N)
    Out[T] = 1;
}

__global__ void p1(const int *C, int *O, const int *Len) { int N = Len[threadIdx.x]; gather<<<(N + 127) / 128, 128>>>(C, O, N); }
__global__ void p2(int *O, const int *Len) { int N = Len[threadIdx.x]; bump<<<(N + 127) / 128, 128>>>(O, N); }
__global__ void p3(int *D, int *F, const int *Len) { int N = Len[threadIdx.x]; claim<<<(N + 127) / 128, 128>>>(D, F, N); }
__global__ void p4(float *O, const int *Len) { int N = Len[threadIdx.x]; points<<<(N + 127) / 128, 128>>>(O, 0.5f, N); }
__global__ void p5(unsigned *S, const int *Len) { int N = Len[threadIdx.x]; count<<<(N + 127) / 128, 128>>>(S, N); }
__global__ void p6(const int *C, int *O, const int *Len) {
  int N = Len[threadIdx.x];
#pragma dp threshold(64)
  gather<<<(N + 127) / 128, 128>>>(C, O, N);
}
__global__ void p7(int *O, const int *Len) { int N = Len[threadIdx.x]; tidAsm<<<1, 128>>>(O, N); }

// CODE-LABEL: __global__ void p1(
// CODE: >= dpopt::rt::{{gridScaled}}Threshold(DPOPT_THRESHOLD) ||
// CODE-LABEL: __global__ void p2(
// CODE: >= dpopt::rt::{{gridScaled}}Threshold(DPOPT_THRESHOLD) ||
// CODE-LABEL: __global__ void p3(
// CODE: >= dpopt::rt::{{gridScaled}}Threshold(DPOPT_THRESHOLD) ||
// CODE-LABEL: __global__ void p4(
// CODE: >= DPOPT_THRESHOLD ||
// CODE-LABEL: __global__ void p5(
// CODE: >= DPOPT_THRESHOLD ||
// CODE-LABEL: __global__ void p6(
// CODE: >= 64 ||

// OPTION: #define DPOPT_THRESHOLD 64
// OPTION-NOT: {{gridScaled}}Threshold

// REMARK-DAG: :57:{{[0-9]+}}: remark: launching 'gather' only when its desired thread count reaches DPOPT_THRESHOLD (128) scaled down to the parent grid's share of the GPU's resident threads (at least DPOPT_THRESHOLD_MIN, 32), else running it serially in the parent thread [-Rpass=threshold] [DP4101]
// REMARK-DAG: :57:{{[0-9]+}}: remark: 'gather' reads memory (threshold-grid-scaled.cu:{{[0-9]+}}): a small parent grid whose threads run such children serially leaves the GPU idle while they wait, so it launches smaller children [-Rpass-analysis=threshold] [DP5103]
// REMARK-DAG: :58:{{[0-9]+}}: remark: 'bump' reads memory (threshold-grid-scaled.cu:30)
// REMARK-DAG: :59:{{[0-9]+}}: remark: 'claim' reads memory (threshold-grid-scaled.cu:34)
// REMARK-DAG: :60:{{[0-9]+}}: remark: 'points' reads no memory: a serial run costs its parent thread little, so the threshold does not follow the parent grid's size [-Rpass-analysis=threshold] [DP5103]
// REMARK-DAG: :61:{{[0-9]+}}: remark: 'count' reads no memory
// REMARK-DAG: :65:{{[0-9]+}}: remark: launching 'gather' only when its desired thread count reaches 64, else running it serially in the parent thread [-Rpass=threshold] [DP4101]

// REMARK-DAG: :67:{{[0-9]+}}: remark: not thresholding this launch of 'tidAsm': 'tidAsm' contains inline assembly at threshold-grid-scaled.cu:52, whose effect on other threads dpopt cannot see [-Rpass-missed=threshold] [DP3031]

// DEFAULT-DAG: :57:{{[0-9]+}}: remark: aggregating the launches of '__dpopt_coarse_gather{{[_0-9]*}}'
// DEFAULT-DAG: :57:{{[0-9]+}}: remark: 'gather' reads memory
