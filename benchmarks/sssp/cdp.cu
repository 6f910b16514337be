//===- sssp/cdp.cu - SSSP with CUDA dynamic parallelism (basic-dp) -------===//
//
// Data-driven Bellman-Ford. Each round, one parent thread per vertex; an
// active vertex launches a child grid with one thread per outgoing edge, and
// each child thread relaxes its edge with atomicMin (Wu et al. Fig. 1(b)
// without the threshold; Olabi et al.'s CDP SSSP). A vertex whose distance
// improves becomes active for the next round; the host loops until a round
// changes nothing (its cudaMemcpy of the flag waits for the parent grid,
// which completes only after all of its children).
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "sssp.h"

#include <utility>

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per outgoing edge of one active vertex whose distance was
/// SourceDist when the child was launched (a later improvement of that
/// vertex re-activates it for the next round).
__global__ void ssspChild(const int *Col, const int *Weight, int Begin,
                          int Degree, int SourceDist, int *Dist,
                          unsigned char *NextActive, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int E = Begin + I;
    int U = Col[E];
    int ND = SourceDist + Weight[E];
    if (ND < Dist[U] && atomicMin(&Dist[U], ND) > ND) {
      NextActive[U] = 1;
      *Changed = 1;
    }
  }
}

/// One thread per vertex; active vertices launch a child over their edges.
__global__ void ssspParent(const int *RowPtr, const int *Col, const int *Weight,
                           int *Dist, unsigned char *Active,
                           unsigned char *NextActive, int NumVertices,
                           int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Active[V]) {
    // Only V's own thread touches Active[V] in this round.
    Active[V] = 0;
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    if (Degree > 0)
      ssspChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                  ChildBlockSize>>>(Col, Weight, Begin, Degree, Dist[V], Dist,
                                    NextActive, Changed);
  }
}

class SsspCdp {
public:
  explicit SsspCdp(const SsspBench::Input &In)
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
    const int Grid = (NumVertices + ParentBlockSize - 1) / ParentBlockSize;
    unsigned char *Active = ActiveA.get(), *Next = ActiveB.get();
    for (int Round = 0;; ++Round) {
      if (Round > NumVertices + 1)
        dpbench::fatal("SSSP did not converge");
      Changed.fillBytes(0);
      ssspParent<<<Grid, ParentBlockSize>>>(RowPtr.get(), Col.get(),
                                            Weight.get(), Dist.get(), Active,
                                            Next, NumVertices, Changed.get());
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
  return dpbench::runBenchmark<SsspBench, SsspCdp>(Argc, Argv);
}
