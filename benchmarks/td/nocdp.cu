//===- td/nocdp.cu - Tree descendants without dynamic parallelism --------===//
//
// The natural iterative counterpart of cdp.cu: a level-synchronous
// traversal from the root. The host runs one kernel per level with one
// thread per node of the frontier; an internal node appends all of its
// children to the next frontier (one atomicAdd reserves the slots: the loop
// over the children replaces the child grid) and does the same atomicAdd
// postwork as in cdp.cu.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "td.h"

constexpr int BlockSize = 256;

__global__ void tdLevel(const int *ChildPtr, const int *Child,
                        const int *Parent, int *Desc, const int *Frontier,
                        int Count, int *Next, int *NextCount) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Frontier[I];
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      int Slot = atomicAdd(NextCount, NumChildren);
      for (int C = 0; C < NumChildren; ++C)
        Next[Slot + C] = Child[Begin + C];
      for (int A = V; A >= 0; A = Parent[A])
        atomicAdd(&Desc[A], NumChildren);
    }
  }
}

class TdNoCdp {
public:
  explicit TdNoCdp(const TdBench::Input &In)
      : NumNodes(In.Tree.numNodes()), Root(In.Tree.Root),
        ChildPtr(In.Tree.ChildPtr), Child(In.Tree.Children.Col),
        Parent(In.Tree.Parent), Desc(NumNodes), FrontierA(NumNodes),
        FrontierB(NumNodes), NextCount(1) {}

  void reset() {
    Desc.fillBytes(0);
    FrontierA.set(0, Root); // Level 0's frontier: the root alone.
  }

  void run() {
    int *Cur = FrontierA.get(), *Next = FrontierB.get();
    // Each level holds distinct nodes, so a frontier never exceeds NumNodes.
    for (int Count = 1, Level = 0; Count > 0; ++Level) {
      if (Level > NumNodes)
        dpbench::fatal("tree traversal did not terminate");
      NextCount.fillBytes(0);
      tdLevel<<<(Count + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr.get(), Child.get(), Parent.get(), Desc.get(), Cur, Count,
          Next, NextCount.get());
      CUDA_CHECK_LAUNCH();
      Count = NextCount.at(0);
      std::swap(Cur, Next);
    }
  }

  std::vector<int> result() { return Desc.download(); }

private:
  int NumNodes;
  int Root;
  dpbench::DeviceArray<int> ChildPtr, Child, Parent, Desc, FrontierA, FrontierB,
      NextCount;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<TdBench, TdNoCdp>(Argc, Argv);
}
