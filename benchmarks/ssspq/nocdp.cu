//===- ssspq/nocdp.cu - Queue-based SSSP without dynamic parallelism -----===//
//
// The "No CDP" form of ssspq/cdp.cu: the same queue of active vertices, the
// same relaxation and the same stamp deduplication, but each queued vertex's
// thread relaxes all of its edges itself (a high-degree vertex serializes
// its edges in one thread).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "ssspq.h"

#include <utility>

constexpr int BlockSize = 256;

/// One thread per queue entry.
__global__ void ssspqRound(const int *RowPtr, const int *Col, const int *Weight,
                           const int *Queue, int Size, int *Dist, int *Stamp,
                           int Round, int *NextQueue, int *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Size) {
    int V = Queue[I];
    for (int E = RowPtr[V]; E < RowPtr[V + 1]; ++E) {
      int U = Col[E];
      // Dist[V] is reread per edge, as in the flat peer: other threads may
      // lower it meanwhile, and a lowered V is queued for the next round.
      int ND = Dist[V] + Weight[E];
      if (ND < Dist[U] && atomicMin(&Dist[U], ND) > ND &&
          atomicExch(&Stamp[U], Round) != Round)
        NextQueue[atomicAdd(NextSize, 1)] = U;
    }
  }
}

class SsspqNoCdp {
public:
  explicit SsspqNoCdp(const SsspqBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Weight(In.Graph.Weight), Dist(NumVertices),
        Stamp(NumVertices), QueueA(NumVertices), QueueB(NumVertices),
        NextSize(1) {}

  void reset() {
    Dist.fillBytes(0x7F); // SsspInfinity
    Dist.set(Source, 0);
    Stamp.fillBytes(0); // rounds are numbered from 1
    QueueA.set(0, Source);
  }

  void run() {
    int *Queue = QueueA.get(), *Next = QueueB.get();
    int Size = 1;
    for (int Round = 1; Size > 0; ++Round) {
      if (Round > NumVertices + 2)
        dpbench::fatal("SSSP did not converge");
      NextSize.fillBytes(0);
      ssspqRound<<<(Size + BlockSize - 1) / BlockSize, BlockSize>>>(
          RowPtr.get(), Col.get(), Weight.get(), Queue, Size, Dist.get(),
          Stamp.get(), Round, Next, NextSize.get());
      CUDA_CHECK_LAUNCH();
      Size = NextSize.at(0);
      std::swap(Queue, Next);
    }
  }

  std::vector<int> result() { return Dist.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Weight, Dist, Stamp, QueueA, QueueB,
      NextSize;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SsspqBench, SsspqNoCdp>(Argc, Argv);
}
