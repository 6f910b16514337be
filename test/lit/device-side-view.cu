// dpopt parses the file as nvcc's device compilation does: launches under
// __CUDA_ARCH__ guards are found and transformed (the rewrite stays inside
// the guard, so the host compilation never sees it), and launches only the
// host compilation sees are reported and left as written.
// RUN: %dpopt %s -o %t.cu --passes=threshold -R --no-line-directives 2>&1 | FileCheck %s
// RUN: grep -v '// [A-Z][A-Z-]*:' %t.cu | FileCheck %s --check-prefix=OUT
#include <nv/target>

__global__ void child(int *a, int n) {
  if (threadIdx.x < n)
    a[threadIdx.x] = 1;
}
__global__ void other(int *a) { a[0] = 2; }

__global__ void archAtLeast(int *a, int n) {
#if __CUDA_ARCH__ >= 900
  child<<<(n + 31) / 32, 32>>>(a, n);
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:3: remark: launching 'child' only when its desired thread count reaches DPOPT_THRESHOLD
  // OUT: #if __CUDA_ARCH__ >= 900
  // OUT-NEXT: dpopt threshold: launch only when worth it
#else
  a[0] = 2;
#endif
}

__global__ void archDefined(int *a, int n) {
#if defined(__CUDA_ARCH__)
  if (a[0])
    child<<<(n + 63) / 64, 64>>>(a, n);
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:5: remark: launching 'child' only when its desired thread count reaches DPOPT_THRESHOLD
#endif
#ifndef __CUDA_ARCH__
  other<<<1, 1>>>(a);
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:8: warning: dpopt does not see this launch: it parses the file as the device compilation does, which skips code under '#ifndef __CUDA_ARCH__'; the launch is left as written and no pass transforms it
#endif
}

// A host/device function whose body differs per side: the device side's
// launch is seen, the host side's is reported.
__host__ __device__ void both(int *a, int n) {
#ifdef __CUDA_ARCH__
  child<<<(n + 31) / 32, 32>>>(a, n);
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:3: remark: not thresholding this launch of 'child': the caller 'both' is __host__ __device__
#else
  other<<<1, 1>>>(a);
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:8: warning: {{.*}} skips code under the #else of '#ifdef __CUDA_ARCH__'
#endif
}

// NV_IF_TARGET: the device-side argument is parsed (a launch from a macro,
// which threshold leaves), the host-side one is reported.
__global__ void viaTarget(int *a, int n) {
  NV_IF_TARGET(NV_IS_DEVICE, (child<<<1, 32>>>(a, n);), (other<<<1, 1>>>(a);))
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:31: remark: not thresholding this launch of 'child': the launch comes from a macro expansion
  // CHECK-DAG: device-side-view.cu:[[@LINE-2]]:63: warning: {{.*}} skips code under NV_IF_TARGET's host-side argument
  both(a, n);
}

void launch(int *a, int n) {
#if !defined(__CUDA_ARCH__)
  archAtLeast<<<1, 1>>>(a, n);
  // CHECK-DAG: device-side-view.cu:[[@LINE-1]]:14: warning: {{.*}} skips code under '#if !defined(__CUDA_ARCH__)'
#endif
  archDefined<<<1, 1>>>(a, n);
  viaTarget<<<1, 1>>>(a, n);
}
// CHECK-NOT: warning
