//===- sssp/flat.cu - Load-balanced SSSP without dynamic parallelism -----===//
//
// The strong flat peer: data-driven Bellman-Ford over an explicit queue of
// active vertices with edge-balanced relaxation. Per round:
//   1. degrees of the queued vertices,
//   2. exclusive scan of the degrees (CUB),
//   3. one thread per queued *edge* (grid-stride): a binary search in the scan
//      finds the edge's source; the thread relaxes the edge with atomicMin
//      and, if it improved the target, queues it for the next round once
//      (iteration stamps deduplicate) with warp-aggregated atomics.
// Work per round is proportional to the active edges, balanced over the GPU
// whatever the degree distribution.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "sssp.h"

#include <cooperative_groups.h>
#include <cub/device/device_scan.cuh>
#include <utility>

namespace cg = cooperative_groups;

constexpr int BlockSize = 256;
constexpr int RelaxBlocksPerSm = 8;

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

__global__ void relaxFrontier(const int *RowPtr, const int *Col,
                              const int *Weight, const int *Queue, int Size,
                              const int *Degree, const int *Offset, int *Dist,
                              int *Stamp, int Round, int *NextQueue,
                              int *NextSize) {
  const long long Total =
      static_cast<long long>(Offset[Size - 1]) + Degree[Size - 1];
  const long long Stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long E = blockIdx.x * blockDim.x + threadIdx.x; E < Total;
       E += Stride) {
    // Largest Lo with Offset[Lo] <= E (see bfs/flat.cu).
    int Lo = 0, Hi = Size;
    while (Hi - Lo > 1) {
      int Mid = Lo + (Hi - Lo) / 2;
      if (Offset[Mid] <= E)
        Lo = Mid;
      else
        Hi = Mid;
    }
    int V = Queue[Lo];
    int Edge = RowPtr[V] + static_cast<int>(E - Offset[Lo]);
    int U = Col[Edge];
    // Dist[V] may be lowered concurrently; any value read is the length of a
    // real path, and a lowered V is itself queued for the next round.
    int ND = Dist[V] + Weight[Edge];
    if (ND < Dist[U] && atomicMin(&Dist[U], ND) > ND &&
        atomicExch(&Stamp[U], Round) != Round)
      pushAggregated(NextQueue, NextSize, U);
  }
}

class SsspFlat {
public:
  explicit SsspFlat(const SsspBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Weight(In.Graph.Weight), Dist(NumVertices),
        Stamp(NumVertices), QueueA(NumVertices), QueueB(NumVertices),
        Degree(NumVertices), Offset(NumVertices), NextSize(1),
        RelaxGrid(dpbench::multiprocessorCount() * RelaxBlocksPerSm) {
    // The scratch size for NumVertices items bounds any smaller scan.
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, TempBytes, Degree.get(),
                                             Offset.get(), NumVertices));
    Temp = dpbench::DeviceArray<char>(TempBytes);
  }

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
      frontierDegrees<<<(Size + BlockSize - 1) / BlockSize, BlockSize>>>(
          RowPtr.get(), Queue, Size, Degree.get());
      CUDA_CHECK_LAUNCH();
      size_t Bytes = TempBytes;
      CUDA_CHECK(cub::DeviceScan::ExclusiveSum(Temp.get(), Bytes, Degree.get(),
                                               Offset.get(), Size));
      NextSize.fillBytes(0);
      relaxFrontier<<<RelaxGrid, BlockSize>>>(
          RowPtr.get(), Col.get(), Weight.get(), Queue, Size, Degree.get(),
          Offset.get(), Dist.get(), Stamp.get(), Round, Next, NextSize.get());
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
      Degree, Offset, NextSize;
  int RelaxGrid;
  size_t TempBytes = 0;
  dpbench::DeviceArray<char> Temp;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SsspBench, SsspFlat>(Argc, Argv);
}
