//===- bfsq/nocdp.cu - Queue-based BFS without dynamic parallelism -------===//
//
// The "No CDP" form of bfsq/cdp.cu: the same frontier queue and the same
// claim-and-append rule, but each frontier thread loops over its own
// neighbor list (so a thread with a high-degree vertex serializes all of its
// edges).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfsq.h"

#include <utility>

constexpr int BlockSize = 256;

/// One thread per frontier queue entry.
__global__ void bfsqLevel(const int *RowPtr, const int *Col, const int *Queue,
                          int Size, int *Level, int NextLevel, int *NextQueue,
                          int *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Size) {
    int V = Queue[I];
    for (int E = RowPtr[V]; E < RowPtr[V + 1]; ++E) {
      int U = Col[E];
      // Only the CAS winner queues U, so every vertex is queued once.
      if (Level[U] == BfsUnvisited &&
          atomicCAS(&Level[U], BfsUnvisited, NextLevel) == BfsUnvisited)
        NextQueue[atomicAdd(NextSize, 1)] = U;
    }
  }
}

class BfsqNoCdp {
public:
  explicit BfsqNoCdp(const BfsqBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Level(NumVertices), QueueA(NumVertices),
        QueueB(NumVertices), NextSize(1) {}

  void reset() {
    Level.fillBytes(0xFF); // BfsUnvisited
    Level.set(Source, 0);
    QueueA.set(0, Source);
  }

  void run() {
    int *Queue = QueueA.get(), *Next = QueueB.get();
    int Size = 1;
    for (int Cur = 0; Size > 0; ++Cur) {
      if (Cur > NumVertices)
        dpbench::fatal("BFS did not terminate");
      NextSize.fillBytes(0);
      bfsqLevel<<<(Size + BlockSize - 1) / BlockSize, BlockSize>>>(
          RowPtr.get(), Col.get(), Queue, Size, Level.get(), Cur + 1, Next,
          NextSize.get());
      CUDA_CHECK_LAUNCH();
      Size = NextSize.at(0);
      std::swap(Queue, Next);
    }
  }

  std::vector<int> result() { return Level.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Level, QueueA, QueueB, NextSize;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BfsqBench, BfsqNoCdp>(Argc, Argv);
}
