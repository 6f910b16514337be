// The user's nvcc flags after '--': parse-relevant ones are used, nvcc-only
// ones are dropped with one note.
// RUN: %dpopt %s --passes=none -o %t.cu -- -DDPOPT_FLAG_SET=1 -I %S/Inputs -arch=sm_90 -O3 -rdc=true -Xcompiler -Wall -std=c++17 2>&1 | FileCheck %s
// RUN: diff %s %t.cu
// CHECK: dpopt: note: ignoring nvcc flags that do not affect parsing: -arch=sm_90 -O3 -rdc=true -Xcompiler -Wall
// Without the macro the file does not parse.
// RUN: not %dpopt %s --passes=none -o %t.cu -- -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=NOFLAG
// NOFLAG: nvcc-flags.cu:[[@LINE+2]]:2: error: DPOPT_FLAG_SET must be defined
#ifndef DPOPT_FLAG_SET
#error DPOPT_FLAG_SET must be defined
#endif
#include "flag-header.cuh"
__global__ void parent(int *A) { fromHeader<<<1, 1>>>(A); }
