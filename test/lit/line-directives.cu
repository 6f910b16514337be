// '#line' directives: the user's lines are presumed at their place in the
// user's file (where they stay and where a pass copied them), dpopt's at
// theirs in the output; __LINE__ expands as in the user's file, and nvcc's
// errors name the user's line. --no-line-directives writes none.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dpopt %s --passes=threshold,coarsen -o %t/out.cu
// RUN: FileCheck %s --check-prefix=OUT < %t/out.cu
// RUN: %python %S/../linemap/linemap.py %s %t/out.cu --min-mapped 0.9
// RUN: %dpopt %s --passes=threshold,coarsen --no-line-directives -o %t/plain.cu
// RUN: not grep -n '^#line [0-9]* "' %t/plain.cu
// An output to stdout names itself <stdout>.
// RUN: %dpopt %s --passes=threshold -o - | FileCheck %s --check-prefix=STDOUT
// STDOUT: {{^}}#line {{[0-9]+}} "<stdout>"

#include <cuda_runtime.h>

constexpr int Top = __LINE__;
// Only nvcc checks: dpopt's own parses see the text without directives.
#ifdef __NVCC__
#define LINE_IS(N, Why) static_assert(__LINE__ == (N), Why)
#else
#define LINE_IS(N, Why)
#endif

__global__ void scale(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= 2.0f;
}

__global__ void parent(float *X, const int *Sizes) {
  int N = Sizes[threadIdx.x];
  scale<<<(N + 127) / 128, 128>>>(X + threadIdx.x * 4096, N);
  // Generated code stands before these lines in the output.
  LINE_IS(Top + 18, "__LINE__ after a rewritten launch");
}

LINE_IS(Top + 21, "__LINE__ after a cloned kernel");

// A directive of the user's own is honoured.
#line 500
__global__ void moved(float *X, int N) {
  scale<<<(N + 127) / 128, 128>>>(X, N);
  LINE_IS(502, "after the user's #line");
}
#line 48

// Lines that must not be split by a directive: a spliced macro and a
// launch whose arguments span lines.
#define TWICE(x) \
  ((x) + (x))
__global__ void spans(float *X, int N) {
  scale<<<(N + 127) / 128,
          128>>>(X,
                 TWICE(N) / 2);
}

#if defined(__NVCC__) && defined(INJECT_ERROR)
int Injected = "not an int";
#endif

// OUT: {{^}}#line 26 "{{.*}}line-directives.cu"
// OUT-NEXT: {{^}}__global__ void scale(float *X, int N) {
// The coarsened clone's copy of the body is presumed at the user's lines.
// OUT: {{^}}// dpopt: 'scale' coarsened
// OUT-NEXT: {{^}}static __global__ void __dpopt_coarse_scale{{.*}} {
// OUT: {{^}}#line 27 "{{.*}}line-directives.cu"
// OUT-NEXT: {{^}}  int I = blockIdx.x * blockDim.x + threadIdx.x;
// OUT-NEXT: {{^}}  if (I < N)
// OUT-NEXT: {{^}}    X[I] *= 2.0f;
// OUT: {{^}}#line 502 "{{.*}}line-directives.cu"

// nvcc names the user's file and line for an error in the user's code.
// REQUIRES: nvcc
// RUN: %nvcc-check %t/out.cu
// RUN: not %nvcc-check %t/out.cu -DINJECT_ERROR 2>&1 | FileCheck %s --check-prefix=NVCC
// NVCC: line-directives.cu(60): error
// RUN: not %nvcc-check %t/plain.cu -DINJECT_ERROR 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: plain.cu({{[0-9]+}}): error
