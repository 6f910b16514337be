// Found by the differential tester (test/difftest): aggregated programs hung
// on an H200 (CUDA 13) with some lanes of a warp inside a device-side launch
// and a warp-mate still in aggregation's record step, or with a warp that
// launched after its tail launches (docs/cdp2-semantics.md). Aggregation
// encloses the branches around a record step so that the lanes that enter
// them leave together, starts the kernel's own code with its warps
// converged, and refuses kernels that tail-launch and branches a lane can
// leave early.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dpopt %s -o %t/a.cu --passes=aggregate -R 2>&1 | FileCheck %s --check-prefix=R
// RUN: grep -v '// [A-Z][A-Z-]*:' %t/a.cu | FileCheck %s --check-prefix=OUT
// RUN: %if nvcc %{ %nvcc-check %t/a.cu %}

__global__ void leaf(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(A, 1);
}

__global__ void post(int *A) { A[1] = A[0]; }

// OUT-LABEL: __global__ void branches(
// OUT: dpopt::rt::aggConvergeWarp(); // the lanes start together
// OUT: { const unsigned __dpopt_warp{{(_[0-9]+)?}} = __activemask(); /* dpopt: these lanes leave together */ if (I < N) {
// OUT: { const unsigned __dpopt_warp{{(_[0-9]+)?}} = __activemask(); /* dpopt: these lanes leave together */ for (int J = 0; J < 2; ++J) {
// OUT: { const unsigned __dpopt_warp{{(_[0-9]+)?}} = __activemask(); /* dpopt: these lanes leave together */ if (J == 1)
// OUT: dpopt::rt::aggRecord(
// OUT: } dpopt::rt::syncLanes(__dpopt_warp{{(_[0-9]+)?}}); }
// OUT-NEXT: } dpopt::rt::syncLanes(__dpopt_warp{{(_[0-9]+)?}}); }
// OUT: } dpopt::rt::syncLanes(__dpopt_warp{{(_[0-9]+)?}}); }
__global__ void branches(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    for (int J = 0; J < 2; ++J) {
      if (J == 1)
        leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, I);
      // R: aggregate-convergence.cu:[[@LINE-1]]:9: remark: aggregating the launches of 'leaf'
    }
  }
  leaf<<<1, 32>>>(A, N);
}

__global__ void tails(int *A, int N) {
  if (threadIdx.x == 0)
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, N);
  // R: aggregate-convergence.cu:[[@LINE-1]]:5: remark: not aggregating this launch of 'leaf': 'tails' tail-launches at aggregate-convergence.cu:[[@LINE+2]]: the aggregated launch would come after that tail launch
  if (threadIdx.x == 1)
    post<<<1, 1, 0, cudaStreamTailLaunch>>>(A);
}

__global__ void early(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    if (A[I] == 0)
      return;
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, I);
    // R: aggregate-convergence.cu:[[@LINE-1]]:5: remark: not aggregating this launch of 'leaf': the statement around the launch (aggregate-convergence.cu:[[@LINE-4]]) cannot be made to end with its warp's lanes together: a return, goto, break or continue can leave it
  }
}
