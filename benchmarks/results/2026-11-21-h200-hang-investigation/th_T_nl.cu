//===- th/cdp.cu - Tree heights with dynamic parallelism (basic-dp) ------===//
//
// Wu et al.'s recursive tree traversal (IPDPS'16 Fig. 1(c)): a grid covers
// the children of one node, one thread per child. A child with children of
// its own launches the same kernel over them; a leaf does the leaf work:
// it walks up its ancestors raising their heights with atomicMax (K edges
// up, the height is at least K). A walk stops at the first ancestor whose
// height is already >= K: the walker whose atomicMax set that value went
// on (or stopped because of an earlier one, and so on), so the ancestors
// above get at least as much from it. The result is exact and independent
// of the order. The host launches one thread for the root; nesting depth =
// tree height (4 for tree-d2), launches = internal nodes.
//
// This file is the input that dpopt rewrites: the kernel and the host code
// that launches it are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "th.h"

constexpr int BlockSize = 128;

/// One thread per node of Nodes[0, Count): the children of one node.
// dpopt: declared here for 'thVisit' run serially by one thread (threshold)
static __device__ void __dpopt_serial_thVisit(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, const int *ChildPtr, const int *Child,
                        const int *Parent, int *Height, const int *Nodes,
                        int Count);
#ifndef DPOPT_THRESHOLD
#define DPOPT_THRESHOLD 128
#endif
__global__ void thVisit(const int *ChildPtr, const int *Child,
                        const int *Parent, int *Height, const int *Nodes,
                        int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      { // dpopt threshold: launch only when worth it
        auto __dpopt_n0 = (NumChildren);
        dim3 __dpopt_grid((__dpopt_n0 + BlockSize - 1) / BlockSize);
        dim3 __dpopt_block(BlockSize);
        if (__dpopt_n0 >= DPOPT_THRESHOLD)
          thVisit<<<__dpopt_grid, __dpopt_block>>>(
                ChildPtr, Child, Parent, Height, Child + Begin, NumChildren);
        else
          __dpopt_serial_thVisit(__dpopt_grid, __dpopt_block, 
                ChildPtr, Child, Parent, Height, Child + Begin, NumChildren);
      }
    } else {
      int K = 1;
      for (int A = Parent[V]; A >= 0; A = Parent[A], ++K)
        if (atomicMax(&Height[A], K) >= K)
          break;
    }
  }
}

// dpopt: 'thVisit' run serially by one thread (threshold)
static __device__ void __dpopt_serial_thVisit(dim3 __dpopt_gridDim, dim3 __dpopt_blockDim, const int *ChildPtr, const int *Child,
                        const int *Parent, int *Height, const int *Nodes,
                        int Count) {
  for (unsigned __dpopt_bx = 0; __dpopt_bx < __dpopt_gridDim.x; ++__dpopt_bx)
  for (unsigned __dpopt_tx = 0; __dpopt_tx < __dpopt_blockDim.x; ++__dpopt_tx)
  {
    const uint3 blockIdx = make_uint3(__dpopt_bx, 0u, 0u);
    const uint3 threadIdx = make_uint3(__dpopt_tx, 0u, 0u);
    const dim3 blockDim = __dpopt_blockDim;
    {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      thVisit<<<(NumChildren + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr, Child, Parent, Height, Child + Begin, NumChildren);
    } else {
      int K = 1;
      for (int A = Parent[V]; A >= 0; A = Parent[A], ++K)
        if (atomicMax(&Height[A], K) >= K)
          break;
    }
  }
}
  }
}

class ThCdp {
public:
  explicit ThCdp(const ThBench::Input &In)
      : NumNodes(In.Tree.numNodes()), ChildPtr(In.Tree.ChildPtr),
        Child(In.Tree.Children.Col), Parent(In.Tree.Parent), Height(NumNodes),
        Root(std::vector<int>{In.Tree.Root}) {}

  void reset() { Height.fillBytes(0); }

  void run() {
    thVisit<<<1, BlockSize>>>(ChildPtr.get(), Child.get(), Parent.get(),
                              Height.get(), Root.get(), 1);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<int> result() { return Height.download(); }

private:
  int NumNodes;
  dpbench::DeviceArray<int> ChildPtr, Child, Parent, Height, Root;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<ThBench, ThCdp>(Argc, Argv);
}
