//===- pw/cdp.cu - Print walk with dynamic parallelism -------------------===//
//
// The recursive walk of the CDP samples' simple print, over a tree: a grid
// covers the children of one node, one thread per child; each child prints
// its line (pw.h) and, when it has children, launches the same kernel over
// them one level deeper. The host launches one thread for the root; nesting
// depth = tree height, launches = internal nodes.
//
// This file is the input that dpopt rewrites.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "pw.h"

constexpr int BlockSize = 128;

/// One thread per node of Nodes[0, Count), the children of one node at
/// depth Depth.
__global__ void pwVisit(const int *ChildPtr, const int *Child, int *Lines,
                        const int *Nodes, int Count, int Depth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Nodes[I];
    atomicAdd(&Lines[V], Depth * PwBench::DepthUnit + 1);
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0)
      pwVisit<<<(NumChildren + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr, Child, Lines, Child + Begin, NumChildren, Depth + 1);
  }
}

class PwCdp {
public:
  explicit PwCdp(const PwBench::Input &In)
      : NumNodes(In.Tree.numNodes()), ChildPtr(In.Tree.ChildPtr),
        Child(In.Tree.Children.Col), Lines(NumNodes),
        Root(std::vector<int>{In.Tree.Root}) {}

  void reset() { Lines.fillBytes(0); }

  void run() {
    pwVisit<<<1, BlockSize>>>(ChildPtr.get(), Child.get(), Lines.get(),
                              Root.get(), 1, 0);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<int> result() { return Lines.download(); }

private:
  int NumNodes;
  dpbench::DeviceArray<int> ChildPtr, Child, Lines, Root;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<PwBench, PwCdp>(Argc, Argv);
}
