//===- bfs/cdp.cu - BFS with CUDA dynamic parallelism (basic-dp) ---------===//
//
// Level-synchronous BFS. The host loops over levels; in each level one parent
// thread per vertex checks whether its vertex is on the frontier and, if so,
// launches a child grid with one thread per neighbor. This is the basic-dp
// template of Wu et al. (Fig. 1) as in the CDP versions Olabi et al. start
// from: no threshold, no device-side synchronization (the host's next
// cudaMemcpy waits for the parent grid, which completes only after all of
// its children).
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfs.h"

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per neighbor of one frontier vertex.
__global__ void bfsChild(const int *Col, int Begin, int Degree, int *Level,
                         int NextLevel, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int U = Col[Begin + I];
    if (Level[U] == BfsUnvisited) {
      // Several threads may discover U in the same level; they all store the
      // same value, so the race is benign.
      Level[U] = NextLevel;
      *Changed = 1;
    }
  }
}

/// One thread per vertex; frontier vertices launch a child over their
/// neighbor list.
__global__ void bfsParent(const int *RowPtr, const int *Col, int *Level,
                          int NumVertices, int CurLevel, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Level[V] == CurLevel) {
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    if (Degree > 0)
      bfsChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                 ChildBlockSize>>>(Col, Begin, Degree, Level, CurLevel + 1,
                                   Changed);
  }
}

class BfsCdp {
public:
  explicit BfsCdp(const BfsBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Level(NumVertices), Changed(1) {}

  void reset() {
    Level.fillBytes(0xFF); // BfsUnvisited
    Level.set(Source, 0);
  }

  void run() {
    const int Grid = (NumVertices + ParentBlockSize - 1) / ParentBlockSize;
    for (int Cur = 0;; ++Cur) {
      if (Cur > NumVertices)
        dpbench::fatal("BFS did not terminate");
      Changed.fillBytes(0);
      bfsParent<<<Grid, ParentBlockSize>>>(RowPtr.get(), Col.get(), Level.get(),
                                           NumVertices, Cur, Changed.get());
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break;
    }
  }

  std::vector<int> result() { return Level.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Level, Changed;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BfsBench, BfsCdp>(Argc, Argv);
}
