//===- bfsrec/nocdp.cu - Recursive BFS made iterative, without CDP -------===//
//
// The natural flat counterpart of cdp.cu: instead of launching a grid over
// the neighbors of a vertex whose depth it lowered, a thread appends the
// vertex to the next frontier, and the host runs one kernel per level with
// one thread per frontier vertex looping over its neighbors (the papers'
// "No CDP" shape). Levels are processed in order, so every atomicMin that
// succeeds sets a vertex's final depth and each vertex enters a frontier
// once.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfsrec.h"

constexpr int BlockSize = 256;

__global__ void bfsRecLevel(const int *RowPtr, const int *Col, int *Depth,
                            const int *Frontier, int Count, int NewDepth,
                            int *Next, int *NextCount) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    int U = Frontier[I];
    for (int E = RowPtr[U]; E < RowPtr[U + 1]; ++E) {
      int V = Col[E];
      if (atomicMin(&Depth[V], NewDepth) > NewDepth)
        Next[atomicAdd(NextCount, 1)] = V;
    }
  }
}

class BfsRecNoCdp {
public:
  explicit BfsRecNoCdp(const BfsRecBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Depth(NumVertices), FrontierA(NumVertices),
        FrontierB(NumVertices), NextCount(1) {}

  void reset() {
    Depth.fillBytes(0x7F); // BfsRecUnreached
    Depth.set(Source, 0);
    FrontierA.set(0, Source); // Level 0's frontier: the source alone.
  }

  void run() {
    int *Cur = FrontierA.get(), *Next = FrontierB.get();
    int Count = 1;
    for (int NewDepth = 1; Count > 0; ++NewDepth) {
      if (NewDepth > NumVertices)
        dpbench::fatal("BFS did not terminate");
      NextCount.fillBytes(0);
      bfsRecLevel<<<(Count + BlockSize - 1) / BlockSize, BlockSize>>>(
          RowPtr.get(), Col.get(), Depth.get(), Cur, Count, NewDepth, Next,
          NextCount.get());
      CUDA_CHECK_LAUNCH();
      Count = NextCount.at(0);
      std::swap(Cur, Next);
    }
  }

  std::vector<int> result() { return Depth.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Depth, FrontierA, FrontierB, NextCount;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BfsRecBench, BfsRecNoCdp>(Argc, Argv);
}
