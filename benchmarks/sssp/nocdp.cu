//===- sssp/nocdp.cu - SSSP without dynamic parallelism ------------------===//
//
// The papers' "No CDP" baseline: data-driven Bellman-Ford. Each round, one
// thread per vertex; an active vertex relaxes all of its edges itself (a
// high-degree vertex serializes its edges in one thread). A vertex whose
// distance improves becomes active for the next round; the host loops until
// a round changes nothing.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "sssp.h"

#include <utility>

constexpr int BlockSize = 256;

__global__ void ssspRound(const int *RowPtr, const int *Col, const int *Weight,
                          int *Dist, unsigned char *Active,
                          unsigned char *NextActive, int NumVertices,
                          int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Active[V]) {
    // Only V's own thread touches Active[V] in this round; improvements found
    // by other threads go to NextActive, so clearing here loses nothing.
    Active[V] = 0;
    int D = Dist[V];
    for (int E = RowPtr[V]; E < RowPtr[V + 1]; ++E) {
      int U = Col[E];
      int ND = D + Weight[E];
      if (ND < Dist[U] && atomicMin(&Dist[U], ND) > ND) {
        NextActive[U] = 1;
        *Changed = 1;
      }
    }
  }
}

class SsspNoCdp {
public:
  explicit SsspNoCdp(const SsspBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Weight(In.Graph.Weight), Dist(NumVertices),
        ActiveA(NumVertices), ActiveB(NumVertices), Changed(1) {}

  void reset() {
    Dist.fillBytes(0x7F); // SsspInfinity
    Dist.set(Source, 0);
    ActiveA.fillBytes(0);
    ActiveB.fillBytes(0);
    ActiveA.set(Source, 1);
  }

  void run() {
    const int Grid = (NumVertices + BlockSize - 1) / BlockSize;
    unsigned char *Active = ActiveA.get(), *Next = ActiveB.get();
    for (int Round = 0;; ++Round) {
      if (Round > NumVertices + 1)
        dpbench::fatal("SSSP did not converge");
      Changed.fillBytes(0);
      ssspRound<<<Grid, BlockSize>>>(RowPtr.get(), Col.get(), Weight.get(),
                                     Dist.get(), Active, Next, NumVertices,
                                     Changed.get());
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break;
      std::swap(Active, Next);
    }
  }

  std::vector<int> result() { return Dist.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Weight, Dist;
  dpbench::DeviceArray<unsigned char> ActiveA, ActiveB;
  dpbench::DeviceArray<int> Changed;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SsspBench, SsspNoCdp>(Argc, Argv);
}
