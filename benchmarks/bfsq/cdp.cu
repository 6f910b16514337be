//===- bfsq/cdp.cu - Queue-based BFS with CUDA dynamic parallelism -------===//
//
// Level-synchronous BFS over a frontier queue, the queue of bfs/flat.cu: the
// host loops over levels; in each level one parent thread per *queue entry*
// launches a child grid with one thread per neighbor of its vertex. A child
// thread claims an unvisited neighbor with atomicCAS and the winner appends
// it to the next queue, so every vertex is queued once, and each level
// examines exactly the edges of the frontier, as the flat peer does
// (bfs/cdp.cu instead runs a parent thread for every vertex every level).
// No device-side synchronization: the host's cudaMemcpy of the next queue's
// size waits for the parent grid, which completes only after all of its
// children.
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfsq.h"

#include <utility>

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per neighbor of one frontier vertex.
__global__ void bfsqChild(const int *Col, int Begin, int Degree, int *Level,
                          int NextLevel, int *NextQueue, int *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int U = Col[Begin + I];
    // The plain read skips the atomic for vertices visited earlier; of the
    // threads that find U unvisited in this level only the CAS winner queues
    // it (bfs/flat.cu's rule).
    if (Level[U] == BfsUnvisited &&
        atomicCAS(&Level[U], BfsUnvisited, NextLevel) == BfsUnvisited)
      NextQueue[atomicAdd(NextSize, 1)] = U;
  }
}

/// One thread per frontier queue entry; launches a child over the entry's
/// neighbor list.
__global__ void bfsqParent(const int *RowPtr, const int *Col, const int *Queue,
                           int Size, int *Level, int NextLevel, int *NextQueue,
                           int *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Size) {
    int V = Queue[I];
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    // The children are independent: they interact only through the atomicCAS
    // claims and the atomicAdd on the queue tail, so any order of them gives
    // the same levels and the same set of queued vertices (only the queue's
    // order varies, as in the flat peer). Fire-and-forget lets the children
    // of one block run concurrently instead of in the block's implicit
    // stream order.
    if (Degree > 0)
      bfsqChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                  ChildBlockSize, 0, cudaStreamFireAndForget>>>(
          Col, Begin, Degree, Level, NextLevel, NextQueue, NextSize);
  }
}

class BfsqCdp {
public:
  explicit BfsqCdp(const BfsqBench::Input &In)
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
      bfsqParent<<<(Size + ParentBlockSize - 1) / ParentBlockSize,
                   ParentBlockSize>>>(RowPtr.get(), Col.get(), Queue, Size,
                                      Level.get(), Cur + 1, Next,
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
  return dpbench::runBenchmark<BfsqBench, BfsqCdp>(Argc, Argv);
}
