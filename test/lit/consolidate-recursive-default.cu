// The default pipeline consolidates a kernel's launch of itself that the
// thread then waits for (CDP1 postwork) at grid granularity, and the
// continuation pass leaves that kernel to it. Not by default: a wait for
// another kernel, a pipeline without consolidate, and passes before
// consolidate only step aside when consolidate comes later.
// RUN: %dpopt %s --remarks -o %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: %dpopt %s --passes=continuation,threshold --remarks -o %t2.cu 2>&1 | FileCheck --check-prefix=NOCONS %s
// RUN: %dpopt %s --passes=threshold,consolidate --remarks -o %t3.cu 2>&1 | FileCheck --check-prefix=THCONS %s
// CHECK: consolidate-recursive-default.cu:39:7: remark: not continuing 'depth' after its wait: the consolidate pass consolidates its launch of 'depth' (consolidate-recursive-default.cu:37) and runs the code after the wait in a tail launch [-Rpass-analysis=continuation]
// CHECK: consolidate-recursive-default.cu:51:5: remark: this wait ends a phase of 'parent'
// CHECK: consolidate-recursive-default.cu:37:7: remark: not thresholding this launch of 'depth': 'depth' calls cudaDeviceSynchronize() at consolidate-recursive-default.cu:39 and the launch is to be consolidated (a recursive kernel's postwork, by default): consolidate moves the postwork of the launch as written [-Rpass-missed=threshold]
// CHECK: consolidate-recursive-default.cu:37:7: remark: consolidating the launches of 'depth' per grid into one multi-block launch of a clone (KC_1) (by default: 'depth' launches itself and waits for that child; the postwork of a whole level runs in one tail launch); buffered: {{.*}} [-Rpass=consolidate]
// OUT: {{^ *}}// the postwork of every item, after the grid and its children
// OUT: {{^}}static __device__ void {{__dpopt_c_body_parent[_0-9]*}}(
// NOCONS: consolidate-recursive-default.cu:39:7: remark: this wait ends a phase of 'depth'
// NOCONS-NOT: is to be consolidated
// NOCONS-NOT: remark: consolidating
// THCONS: consolidate-recursive-default.cu:37:7: remark: not thresholding this launch of 'depth': {{.*}} (a recursive kernel's postwork, by default)
// THCONS: consolidate-recursive-default.cu:37:7: remark: consolidating the launches of 'depth' per grid

__global__ void leaf(int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = I;
}

// Each node's thread launches a grid over its children, waits, then reads
// their depths.
__global__ void depth(const int *First, const int *Kids, int *Depth,
                      const int *Nodes, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    int Begin = First[V], End = First[V + 1], D = 0;
    if (End > Begin) {
      depth<<<(End - Begin + 31) / 32, 32>>>(First, Kids, Depth,
                                            Kids + Begin, End - Begin);
      cudaDeviceSynchronize();
      for (int E = Begin; E < End; ++E)
        D = max(D, Depth[Kids[E]] + 1);
    }
    Depth[V] = D;
  }
}

// Not recursive: the continuation keeps it.
__global__ void parent(int *Out, int N) {
  if (threadIdx.x == 0) {
    leaf<<<(N + 31) / 32, 32>>>(Out, N);
    cudaDeviceSynchronize();
    Out[N] = Out[0] + Out[N - 1];
  }
}
