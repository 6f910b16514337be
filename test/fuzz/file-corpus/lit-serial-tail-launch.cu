// Found by the differential tester (test/difftest): with T4, a thread ran a
// child grid serially and then tail-launched, and its warp hung inside the
// tail launch on an H200 (CUDA 13.0; docs/cdp2-semantics.md). Threshold's
// serial path and T4 are refused in kernels that tail-launch (directly or
// through a __device__ function), and auto takes T3 where it can; kernels
// that do not tail-launch are still rewritten. (Threshold already leaves a
// thread that launches twice alone, so its check rarely decides.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dpopt %s -o %t/t.cu --passes=threshold -R 2>&1 | FileCheck %s --check-prefix=T
// RUN: %dpopt %s -o %t/r.cu --passes=remove-launch --remove-launch=T4 -R 2>&1 | FileCheck %s --check-prefix=T4
// RUN: %dpopt %s -o %t/a.cu --passes=remove-launch -R 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: %if nvcc %{ %nvcc-check %t/t.cu %}
// RUN: %if nvcc %{ %nvcc-check %t/r.cu %}
// RUN: %if nvcc %{ %nvcc-check %t/a.cu %}

__global__ void leaf(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(A, I);
}

__global__ void post(int *A) { A[1] = A[0]; }

__device__ void finish(int *A) { post<<<1, 1, 0, cudaStreamTailLaunch>>>(A); }

__global__ void tails(int *A, int N) {
  leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(A, N);
  // T: serial-tail-launch.cu:[[@LINE-1]]:3: remark: not thresholding this launch of 'leaf'
  // T4: serial-tail-launch.cu:[[@LINE-2]]:3: remark: not removing this launch of 'leaf': T4, requested by --remove-launch, cannot be used: 'tails' tail-launches at serial-tail-launch.cu:[[@LINE+4]]: a thread that ran a child grid serially and then tail-launched hung its warp on CUDA 13 (docs/cdp2-semantics.md)
  // AUTO: serial-tail-launch.cu:[[@LINE-3]]:3: remark: removed this launch of 'leaf' (T3): auto chose T3: T4 cannot be used ('tails' tail-launches at serial-tail-launch.cu:[[@LINE+3]]: a thread that ran a child grid serially
  // AUTO-SAME: every thread of the block reaches the launch
  if (threadIdx.x == 0)
    post<<<1, 1, 0, cudaStreamTailLaunch>>>(A);
}

__global__ void tailsInHelper(int *A, int N) {
  leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(A, N);
  // T4: serial-tail-launch.cu:[[@LINE-1]]:3: remark: not removing this launch of 'leaf': T4, requested by --remove-launch, cannot be used: 'tailsInHelper' tail-launches at serial-tail-launch.cu:24: a thread
  finish(A);
}

__global__ void noTails(int *A, int N) {
  leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(A, N);
  // T: serial-tail-launch.cu:[[@LINE-1]]:3: remark: launching 'leaf' only when its desired thread count reaches
  // T4: serial-tail-launch.cu:[[@LINE-2]]:3: remark: removed this launch of 'leaf' (T4): T4, requested by --remove-launch
}

// Found the same way (seeds 5 and 17): lanes running a child serially on
// one path of an 'if' while warp-mates on the other path launched hung.
__global__ void sides(int *A, int N, int W) {
  if (W < 5) {
    leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(A, N);
    // T4: serial-tail-launch.cu:[[@LINE-1]]:5: remark: not removing this launch of 'leaf': T4, requested by --remove-launch, cannot be used: the 'if' at serial-tail-launch.cu:[[@LINE-2]] launches on another path (serial-tail-launch.cu:[[@LINE+3]]), where warp-mates could be launching while this thread runs the child serially
  } else {
    atomicAdd(A, 1);
    post<<<1, 1>>>(A);
  }
}

// Found the same way (seed 11 program 7, T4): lanes held at the end of the
// enclosure around a branch whose condition called cudaMalloc hung while
// warp-mates ran or launched their child. T4 is refused when a statement it
// would enclose calls the device runtime besides the site.
__global__ void scratch(int *A, int N, unsigned Pid) {
  if (Pid < 4u) {
    int *Buf = 0;
    if (cudaMalloc((void **)&Buf, 4 * sizeof(int)) == cudaSuccess && Buf != 0) {
      leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(Buf, N);
      // T4: serial-tail-launch.cu:[[@LINE-1]]:7: remark: not removing this launch of 'leaf': T4, requested by --remove-launch, cannot be used: the statement around the launch (serial-tail-launch.cu:[[@LINE-2]]), whose lanes must leave it together, also calls the device runtime (serial-tail-launch.cu:[[@LINE-2]]): lanes waiting at its end while a warp-mate was inside such a call hung warps on CUDA 13 (docs/cdp2-semantics.md)
    }
  }
}

__global__ void checked(int *A, int N) {
  if (N > 8) {
    leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(A, N);
    // T4: serial-tail-launch.cu:[[@LINE-1]]:5: remark: not removing this launch of 'leaf': T4, requested by --remove-launch, cannot be used: the statement around the launch (serial-tail-launch.cu:[[@LINE-2]]), whose lanes must leave it together, also calls the device runtime (serial-tail-launch.cu:[[@LINE+1]])
    atomicAdd(A, (int)cudaGetLastError());
  }
  // Outside the branch the runtime may be called.
  if (N > 4)
    leaf<<<(N + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(A, N);
  // T4: serial-tail-launch.cu:[[@LINE-1]]:5: remark: removed this launch of 'leaf' (T4)
  atomicAdd(A, (int)cudaGetLastError());
}
