//===- th/nocdp.cu - Tree heights without dynamic parallelism ------------===//
//
// The natural iterative counterpart of cdp.cu: a level-synchronous
// traversal from the root. The host runs one kernel per level with one
// thread per node of the frontier; an internal node appends all of its
// children to the next frontier (one atomicAdd reserves the slots: the loop
// over the children replaces the child grid), a leaf does the same atomicMax
// walk as in cdp.cu.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "th.h"

constexpr int BlockSize = 256;

__global__ void thLevel(const int *ChildPtr, const int *Child,
                        const int *Parent, int *Height, const int *Frontier,
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
    } else {
      int K = 1;
      for (int A = Parent[V]; A >= 0; A = Parent[A], ++K)
        if (atomicMax(&Height[A], K) >= K)
          break;
    }
  }
}

class ThNoCdp {
public:
  explicit ThNoCdp(const ThBench::Input &In)
      : NumNodes(In.Tree.numNodes()), Root(In.Tree.Root),
        ChildPtr(In.Tree.ChildPtr), Child(In.Tree.Children.Col),
        Parent(In.Tree.Parent), Height(NumNodes), FrontierA(NumNodes),
        FrontierB(NumNodes), NextCount(1) {}

  void reset() {
    Height.fillBytes(0);
    FrontierA.set(0, Root); // Level 0's frontier: the root alone.
  }

  void run() {
    int *Cur = FrontierA.get(), *Next = FrontierB.get();
    // Each level holds distinct nodes, so a frontier never exceeds NumNodes.
    for (int Count = 1, Level = 0; Count > 0; ++Level) {
      if (Level > NumNodes)
        dpbench::fatal("tree traversal did not terminate");
      NextCount.fillBytes(0);
      thLevel<<<(Count + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr.get(), Child.get(), Parent.get(), Height.get(), Cur, Count,
          Next, NextCount.get());
      CUDA_CHECK_LAUNCH();
      Count = NextCount.at(0);
      std::swap(Cur, Next);
    }
  }

  std::vector<int> result() { return Height.download(); }

private:
  int NumNodes;
  int Root;
  dpbench::DeviceArray<int> ChildPtr, Child, Parent, Height, FrontierA,
      FrontierB, NextCount;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<ThBench, ThNoCdp>(Argc, Argv);
}
