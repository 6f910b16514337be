#pragma dp threshold(4)
// A '#pragma dp' before any code (in the precompiled preamble) is still
// checked: nothing can follow it but code, and that code is no launch.
// RUN: not %dpopt %s -o %t.cu 2>&1 | FileCheck %s
// CHECK: pragma-preamble.cu:1:1: error: '#pragma dp' must be followed by a kernel launch statement
#include <cuda_runtime.h>
__global__ void k() {}
