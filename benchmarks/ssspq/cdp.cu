//===- ssspq/cdp.cu - Queue-based SSSP with CUDA dynamic parallelism -----===//
//
// Data-driven Bellman-Ford over a queue of active vertices, the queue of
// sssp/flat.cu: the host loops over rounds; in each round one parent thread
// per *queue entry* launches a child grid with one thread per outgoing edge
// of its vertex. A child thread relaxes its edge with atomicMin and, if that
// lowered the target, queues the target for the next round unless an
// iteration stamp says it is queued already, so each round examines exactly
// the edges of the queued vertices and queues a vertex at most once, as the
// flat peer does (sssp/cdp.cu instead runs a parent thread for every vertex
// every round and keeps active flags). No device-side synchronization: the
// host's cudaMemcpy of the next queue's size waits for the parent grid,
// which completes only after all of its children.
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "ssspq.h"

#include <utility>

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per outgoing edge of queued vertex V.
__global__ void ssspqChild(const int *Col, const int *Weight, int V, int Begin,
                           int Degree, int *Dist, int *Stamp, int Round,
                           int *NextQueue, int *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int E = Begin + I;
    int U = Col[E];
    // Dist[V] is read here, not passed by the parent, as in the flat peer:
    // it may have been lowered since (any value read is the length of a real
    // path), and a lowered V is queued for the next round anyway.
    int ND = Dist[V] + Weight[E];
    if (ND < Dist[U] && atomicMin(&Dist[U], ND) > ND &&
        atomicExch(&Stamp[U], Round) != Round)
      NextQueue[atomicAdd(NextSize, 1)] = U;
  }
}

/// One thread per queue entry; launches a child over the entry's edges.
__global__ void ssspqParent(const int *RowPtr, const int *Col,
                            const int *Weight, const int *Queue, int Size,
                            int *Dist, int *Stamp, int Round, int *NextQueue,
                            int *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Size) {
    int V = Queue[I];
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    // The children are independent: they interact only through atomicMin on
    // distances, the stamps and the atomicAdd on the queue tail, and the
    // algorithm takes any order of them (the flat peer's edges run in any
    // order too): the distances at the end do not depend on it. Fire-and-
    // forget lets the children of one block run concurrently instead of in
    // the block's implicit stream order.
    if (Degree > 0)
      ssspqChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                   ChildBlockSize, 0, cudaStreamFireAndForget>>>(
          Col, Weight, V, Begin, Degree, Dist, Stamp, Round, NextQueue,
          NextSize);
  }
}

class SsspqCdp {
public:
  explicit SsspqCdp(const SsspqBench::Input &In)
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
      ssspqParent<<<(Size + ParentBlockSize - 1) / ParentBlockSize,
                    ParentBlockSize>>>(RowPtr.get(), Col.get(), Weight.get(),
                                       Queue, Size, Dist.get(), Stamp.get(),
                                       Round, Next, NextSize.get());
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
  return dpbench::runBenchmark<SsspqBench, SsspqCdp>(Argc, Argv);
}
