// Found by the differential tester (test/difftest): aggregated programs hung
// on an H200 (CUDA 13) with some lanes of a warp inside a device-side launch
// and a warp-mate still in aggregation's record step, or with a warp that
// launched after its tail launches (docs/cdp2-semantics.md). Aggregation
// encloses the branches around a record step so that the lanes that enter
// them leave together, starts the kernel's own code with its warps
// converged, and refuses kernels that tail-launch and branches a lane can
// leave early. Lanes held at an enclosure's end while warp-mates were inside
// another launch in it hung too (seeds 4, 77, 100): a site is refused when a
// statement to enclose launches elsewhere or calls the device runtime.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dpopt %s -o %t/a.cu --passes=aggregate -R --no-line-directives 2>&1 | FileCheck %s --check-prefix=R
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

__device__ void helper(int *A) { leaf<<<1, 32>>>(A, 1); }
__device__ void checkError(int *A) { atomicAdd(A, (int)cudaGetLastError()); }

__global__ void otherSide(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I % 3 == 0) {
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, I);
    // R: aggregate-convergence.cu:[[@LINE-1]]:5: remark: aggregating the launches of 'leaf'
  } else {
    // The other branch's launch joins the same group (a fire-and-forget
    // sibling carries no order with it), so no launch stays in the
    // statement; a device-runtime call that stays is refused below.
    leaf<<<1, 32>>>(A, N);
    // R: aggregate-convergence.cu:[[@LINE-1]]:5: remark: aggregating the launches of 'leaf' per {{.*}} in one group with the launch at aggregate-convergence.cu:[[@LINE-7]]
  }
}

__global__ void outerBranch(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    if (I % 2 == 0)
      leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, I);
    // R: aggregate-convergence.cu:[[@LINE-1]]:7: remark: not aggregating this launch of 'leaf': the statement around the launch (aggregate-convergence.cu:[[@LINE-3]]), whose lanes must leave it together, also calls the device runtime (aggregate-convergence.cu:[[@LINE+1]])
    helper(A);
  }
}

__global__ void errorRead(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, I);
    // R: aggregate-convergence.cu:[[@LINE-1]]:5: remark: not aggregating this launch of 'leaf': the statement around the launch (aggregate-convergence.cu:[[@LINE-2]]), whose lanes must leave it together, also calls the device runtime (aggregate-convergence.cu:[[@LINE+1]])
    checkError(A);
  }
}

// Outside the enclosed statement, launches and runtime calls are fine.
__global__ void after(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(A, I);
  // R: aggregate-convergence.cu:[[@LINE-1]]:5: remark: aggregating the launches of 'leaf'
  helper(A);
  checkError(A);
}
