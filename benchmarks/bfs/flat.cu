//===- bfs/flat.cu - Load-balanced BFS without dynamic parallelism -------===//
//
// The strong flat peer: a queue-based, edge-balanced BFS. Per level:
//   1. degrees of the frontier vertices,
//   2. exclusive scan of the degrees (CUB),
//   3. one thread per frontier *edge* (grid-stride): a binary search in the
//      scan finds the edge's source, the thread claims unvisited neighbors
//      with atomicCAS and appends them to the next queue with warp-aggregated
//      atomics.
// Every edge costs the same whatever the degree of its vertex, so a 30,000-
// neighbor hub is spread over the whole GPU, and only frontier vertices are
// touched (no scan of all vertices per level).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfs.h"

#include <cooperative_groups.h>
#include <cub/device/device_scan.cuh>

namespace cg = cooperative_groups;

constexpr int BlockSize = 256;
constexpr int ExpandBlocksPerSm = 8;

__global__ void frontierDegrees(const int *RowPtr, const int *Queue, int Size,
                                int *Degree) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Size) {
    int V = Queue[I];
    Degree[I] = RowPtr[V + 1] - RowPtr[V];
  }
}

/// Appends V to Queue; the active threads of a warp share one atomicAdd.
__device__ void pushAggregated(int *Queue, int *Size, int V) {
  cg::coalesced_group Active = cg::coalesced_threads();
  int Base = 0;
  if (Active.thread_rank() == 0)
    Base = atomicAdd(Size, static_cast<int>(Active.size()));
  Base = Active.shfl(Base, 0);
  Queue[Base + Active.thread_rank()] = V;
}

__global__ void expandFrontier(const int *RowPtr, const int *Col,
                               const int *Queue, int Size, const int *Degree,
                               const int *Offset, int *Level, int NextLevel,
                               int *NextQueue, int *NextSize) {
  const long long Total =
      static_cast<long long>(Offset[Size - 1]) + Degree[Size - 1];
  const long long Stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long E = blockIdx.x * blockDim.x + threadIdx.x; E < Total;
       E += Stride) {
    // Largest Lo with Offset[Lo] <= E; invariant Offset[Lo] <= E <
    // Offset[Hi], reading Offset[Size] as Total. Zero-degree entries share
    // their offset with the next entry and are skipped by taking the largest.
    int Lo = 0, Hi = Size;
    while (Hi - Lo > 1) {
      int Mid = Lo + (Hi - Lo) / 2;
      if (Offset[Mid] <= E)
        Lo = Mid;
      else
        Hi = Mid;
    }
    int V = Queue[Lo];
    int U = Col[RowPtr[V] + static_cast<int>(E - Offset[Lo])];
    if (Level[U] == BfsUnvisited &&
        atomicCAS(&Level[U], BfsUnvisited, NextLevel) == BfsUnvisited)
      pushAggregated(NextQueue, NextSize, U);
  }
}

class BfsFlat {
public:
  explicit BfsFlat(const BfsBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Level(NumVertices), QueueA(NumVertices),
        QueueB(NumVertices), Degree(NumVertices), Offset(NumVertices),
        NextSize(1),
        ExpandGrid(dpbench::multiprocessorCount() * ExpandBlocksPerSm) {
    // The scratch size for NumVertices items bounds any smaller scan.
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, TempBytes, Degree.get(),
                                             Offset.get(), NumVertices));
    Temp = dpbench::DeviceArray<char>(TempBytes);
  }

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
      frontierDegrees<<<(Size + BlockSize - 1) / BlockSize, BlockSize>>>(
          RowPtr.get(), Queue, Size, Degree.get());
      CUDA_CHECK_LAUNCH();
      size_t Bytes = TempBytes;
      CUDA_CHECK(cub::DeviceScan::ExclusiveSum(Temp.get(), Bytes, Degree.get(),
                                               Offset.get(), Size));
      NextSize.fillBytes(0);
      expandFrontier<<<ExpandGrid, BlockSize>>>(
          RowPtr.get(), Col.get(), Queue, Size, Degree.get(), Offset.get(),
          Level.get(), Cur + 1, Next, NextSize.get());
      CUDA_CHECK_LAUNCH();
      Size = NextSize.at(0);
      std::swap(Queue, Next);
    }
  }

  std::vector<int> result() { return Level.download(); }

private:
  int NumVertices;
  int Source;
  dpbench::DeviceArray<int> RowPtr, Col, Level, QueueA, QueueB, Degree, Offset,
      NextSize;
  int ExpandGrid;
  size_t TempBytes = 0;
  dpbench::DeviceArray<char> Temp;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BfsBench, BfsFlat>(Argc, Argv);
}
