//===- bfs/nocdp.cu - BFS without dynamic parallelism --------------------===//
//
// The papers' "No CDP" baseline: the same level-synchronous structure as
// cdp.cu, but each frontier thread loops over its own neighbor list (so a
// thread with a high-degree vertex serializes all of its edges).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfs.h"

constexpr int BlockSize = 256;

__global__ void bfsLevel(const int *RowPtr, const int *Col, int *Level,
                         int NumVertices, int CurLevel, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Level[V] == CurLevel) {
    for (int E = RowPtr[V]; E < RowPtr[V + 1]; ++E) {
      int U = Col[E];
      if (Level[U] == BfsUnvisited) {
        Level[U] = CurLevel + 1; // Benign race: all writers store this value.
        *Changed = 1;
      }
    }
  }
}

class BfsNoCdp {
public:
  explicit BfsNoCdp(const BfsBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Level(NumVertices), Changed(1) {}

  void reset() {
    Level.fillBytes(0xFF); // BfsUnvisited
    Level.set(Source, 0);
  }

  void run() {
    const int Grid = (NumVertices + BlockSize - 1) / BlockSize;
    for (int Cur = 0;; ++Cur) {
      if (Cur > NumVertices)
        dpbench::fatal("BFS did not terminate");
      Changed.fillBytes(0);
      bfsLevel<<<Grid, BlockSize>>>(RowPtr.get(), Col.get(), Level.get(),
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
  return dpbench::runBenchmark<BfsBench, BfsNoCdp>(Argc, Argv);
}
