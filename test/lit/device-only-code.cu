// A host-side parse skips code under conditions on __CUDA_ARCH__ and the
// device-side arguments of NV_IF_TARGET: dpopt warns about every launch in
// such code (it stays as written), and transforms the launches it does see.
// RUN: %dpopt %s -o %t.cu --passes=threshold 2>&1 | FileCheck %s
// RUN: grep -v '// [A-Z][A-Z-]*:' %t.cu | FileCheck %s --check-prefix=OUT
#include <nv/target>

__global__ void child(int *a) { a[threadIdx.x] = 1; }

__host__ __device__ void both(int *a) {
  NV_IF_TARGET(NV_IS_DEVICE, (child<<<1, 32>>>(a);), (a[0] = 1;))
  // CHECK: device-only-code.cu:[[@LINE-1]]:36: warning: dpopt does not see this launch: it parses the host side of the file, which skips code under NV_IF_TARGET's device-side argument; the launch is left as written
}

__global__ void parent(int *a) {
#if __CUDA_ARCH__ >= 900
  child<<<1, 32>>>(a);
  // CHECK: device-only-code.cu:[[@LINE-1]]:8: warning: {{.*}} skips code under '#if __CUDA_ARCH__ >= 900'
#else
  a[0] = 2;
#endif
#ifdef __CUDA_ARCH__
  if (a[0])
    child<<<1, 32>>>(a);
  // CHECK: device-only-code.cu:[[@LINE-1]]:10: warning: {{.*}} skips code under '#ifdef __CUDA_ARCH__'
#endif
#ifndef __CUDA_ARCH__
  a[0] = 3;
#else
  child<<<2, 32>>>(a);
  // CHECK: device-only-code.cu:[[@LINE-1]]:8: warning: {{.*}} skips code under the #else of '#ifndef __CUDA_ARCH__'
#endif
#if defined(__CUDA_ARCH__)
  child<<<3, 32>>>(a);
  // CHECK: device-only-code.cu:[[@LINE-1]]:8: warning: {{.*}} skips code under '#if defined(__CUDA_ARCH__)'
#elif 1
  a[1] = 0;
#endif
#if 0
  child<<<4, 32>>>(a); // not device code: no warning
#endif
  // CHECK-NOT: warning
  child<<<5, 32>>>(a);
  // OUT: dpopt threshold: launch only when worth it
  both(a);
}
