//===- pw/nocdp.cu - Print walk without dynamic parallelism --------------===//
//
// The natural iterative counterpart of cdp.cu: a level-synchronous walk from
// the root. The host runs one kernel per level with one thread per node of
// the frontier; each node prints its line and appends its children to the
// next frontier (one atomicAdd reserves the slots).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "pw.h"

constexpr int BlockSize = 256;

__global__ void pwLevel(const int *ChildPtr, const int *Child, int *Lines,
                        const int *Frontier, int Count, int Depth, int *Next,
                        int *NextCount) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int V = Frontier[I];
    atomicAdd(&Lines[V], Depth * PwBench::DepthUnit + 1);
    int Begin = ChildPtr[V];
    int NumChildren = ChildPtr[V + 1] - Begin;
    if (NumChildren > 0) {
      int Slot = atomicAdd(NextCount, NumChildren);
      for (int C = 0; C < NumChildren; ++C)
        Next[Slot + C] = Child[Begin + C];
    }
  }
}

class PwNoCdp {
public:
  explicit PwNoCdp(const PwBench::Input &In)
      : NumNodes(In.Tree.numNodes()), Root(In.Tree.Root),
        ChildPtr(In.Tree.ChildPtr), Child(In.Tree.Children.Col),
        Lines(NumNodes), FrontierA(NumNodes), FrontierB(NumNodes),
        NextCount(1) {}

  void reset() {
    Lines.fillBytes(0);
    FrontierA.set(0, Root);
  }

  void run() {
    int *Cur = FrontierA.get(), *Next = FrontierB.get();
    for (int Count = 1, Depth = 0; Count > 0; ++Depth) {
      if (Depth > NumNodes)
        dpbench::fatal("tree walk did not terminate");
      NextCount.fillBytes(0);
      pwLevel<<<(Count + BlockSize - 1) / BlockSize, BlockSize>>>(
          ChildPtr.get(), Child.get(), Lines.get(), Cur, Count, Depth, Next,
          NextCount.get());
      CUDA_CHECK_LAUNCH();
      Count = NextCount.at(0);
      std::swap(Cur, Next);
    }
  }

  std::vector<int> result() { return Lines.download(); }

private:
  int NumNodes;
  int Root;
  dpbench::DeviceArray<int> ChildPtr, Child, Lines, FrontierA, FrontierB,
      NextCount;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<PwBench, PwNoCdp>(Argc, Argv);
}
