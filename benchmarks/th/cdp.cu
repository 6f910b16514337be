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
__global__ void thVisit(const int *ChildPtr, const int *Child,
                        const int *Parent, int *Height, const int *Nodes,
                        int Count) {
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
