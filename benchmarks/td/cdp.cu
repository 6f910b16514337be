//===- td/cdp.cu - Tree descendants with dynamic parallelism (basic-dp) --===//
//
// Wu et al.'s recursive tree traversal (IPDPS'16 Fig. 1(c)) with postwork: a
// grid covers the children of one node, one thread per child. A child with
// children of its own launches the same kernel over them and then, as
// postwork, adds its number of children to its own count and to every
// ancestor's with atomicAdd (the children are descendants of all of them).
// CDP2 has no device-side wait for the child grid, and none is needed: the
// postwork depends only on the node itself. Integer sums: exact in any
// order. The host launches one thread for the root; nesting depth = tree
// height (4 for tree-d2), launches = internal nodes.
//
// This file is the input that dpopt rewrites: the kernel and the host code
// that launches it are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "td.h"

constexpr int BlockSize = 128;

/// One thread per node of Nodes[0, Count): the children of one node.
__global__ void tdVisit(const int *ChildPtr, const int *Child,
                        const int *Parent, int *Desc, const int *Nodes,
                        int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      tdVisit<<<(NumChildren + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr, Child, Parent, Desc, Child + Begin, NumChildren);
      for (int A = V; A >= 0; A = Parent[A])
        atomicAdd(&Desc[A], NumChildren);
    }
  }
}

class TdCdp {
public:
  explicit TdCdp(const TdBench::Input &In)
      : NumNodes(In.Tree.numNodes()), ChildPtr(In.Tree.ChildPtr),
        Child(In.Tree.Children.Col), Parent(In.Tree.Parent), Desc(NumNodes),
        Root(std::vector<int>{In.Tree.Root}) {}

  void reset() { Desc.fillBytes(0); }

  void run() {
    tdVisit<<<1, BlockSize>>>(ChildPtr.get(), Child.get(), Parent.get(),
                              Desc.get(), Root.get(), 1);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<int> result() { return Desc.download(); }

private:
  int NumNodes;
  dpbench::DeviceArray<int> ChildPtr, Child, Parent, Desc, Root;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<TdBench, TdCdp>(Argc, Argv);
}
