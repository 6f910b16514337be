//===- gc/nocdp.cu - Graph coloring without dynamic parallelism ----------===//
//
// The papers' "No CDP" baseline: the same data-driven Jones-Plassmann as
// cdp.cu (see gc.h), but each vertex's thread loops over its own neighbors,
// both to count its higher-priority neighbors and, when it is ready, to mark
// their colors and decrement the counters of its lower-priority neighbors
// (a hub serializes its neighbor list in one thread).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "gc.h"

constexpr int BlockSize = 256;

/// Counts each vertex's higher-priority neighbors.
__global__ void gcCount(const int *RowPtr, const int *Col,
                        const unsigned *Priority, int *Count, int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices) {
    unsigned PV = Priority[V];
    int Higher = 0;
    for (int E = RowPtr[V]; E < RowPtr[V + 1]; ++E) {
      int W = Col[E];
      unsigned PW = Priority[W];
      if (PW > PV || (PW == PV && W > V))
        ++Higher;
    }
    Count[V] = Higher;
  }
}

/// Vertices without higher-priority neighbors are ready in round 0.
__global__ void gcSeed(const int *Count, int *Ready, int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices)
    Ready[V] = Count[V] == 0 ? 0 : GcNotReady;
}

/// Each vertex ready in this round marks the colors of its (colored)
/// higher-priority neighbors in its scratch region of Degree + 1 flags and
/// decrements the counters of its lower-priority neighbors; a counter that
/// reaches 0 makes that neighbor ready in the next round. Color is not
/// written while this kernel runs.
__global__ void gcRound(const int *RowPtr, const int *Col,
                        const unsigned *Priority, const int *Color,
                        unsigned char *Used, int *Count, int *Ready,
                        int NumVertices, int Round, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Ready[V] == Round) {
    unsigned PV = Priority[V];
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    unsigned char *Mine = Used + Begin + V;
    for (int E = Begin; E < Begin + Degree; ++E) {
      int W = Col[E];
      unsigned PW = Priority[W];
      if (PW > PV || (PW == PV && W > V)) {
        int C = Color[W];
        if (C >= 0 && C <= Degree)
          Mine[C] = 1;
      } else if (atomicAdd(&Count[W], -1) == 1) {
        Ready[W] = Round + 1;
        *Changed = 1;
      }
    }
  }
}

/// Every vertex ready in this round takes its first unmarked color (at most
/// Degree colors are marked among its Degree + 1 flags).
__global__ void gcPick(const int *RowPtr, const unsigned char *Used, int *Color,
                       const int *Ready, int NumVertices, int Round) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Ready[V] == Round) {
    const unsigned char *Mine = Used + RowPtr[V] + V;
    int C = 0;
    while (Mine[C])
      ++C;
    Color[V] = C;
  }
}

class GcNoCdp {
public:
  explicit GcNoCdp(const GcBench::Input &In)
      : NumVertices(In.Graph.NumVertices), RowPtr(In.RowPtr), Col(In.Graph.Col),
        Priority(In.Priority), Color(NumVertices), Count(NumVertices),
        Ready(NumVertices), Changed(1),
        Used(In.Graph.Col.size() + NumVertices) {}

  void reset() {
    Color.fillBytes(0xFF); // GcUncolored
    Used.fillBytes(0);     // Each vertex's region is used once per run.
  }

  void run() {
    if (NumVertices == 0)
      return;
    const int Grid = (NumVertices + BlockSize - 1) / BlockSize;
    gcCount<<<Grid, BlockSize>>>(RowPtr.get(), Col.get(), Priority.get(),
                                 Count.get(), NumVertices);
    CUDA_CHECK_LAUNCH();
    gcSeed<<<Grid, BlockSize>>>(Count.get(), Ready.get(), NumVertices);
    CUDA_CHECK_LAUNCH();
    for (int Round = 0;; ++Round) {
      // Every round colors at least the uncolored vertex of top priority.
      if (Round >= NumVertices)
        dpbench::fatal("coloring did not terminate");
      Changed.fillBytes(0);
      gcRound<<<Grid, BlockSize>>>(
          RowPtr.get(), Col.get(), Priority.get(), Color.get(), Used.get(),
          Count.get(), Ready.get(), NumVertices, Round, Changed.get());
      CUDA_CHECK_LAUNCH();
      gcPick<<<Grid, BlockSize>>>(RowPtr.get(), Used.get(), Color.get(),
                                  Ready.get(), NumVertices, Round);
      CUDA_CHECK_LAUNCH();
      if (Changed.at(0) == 0)
        break; // Nobody is ready for the next round: all are colored.
    }
  }

  std::vector<int> result() { return Color.download(); }

private:
  int NumVertices;
  dpbench::DeviceArray<int> RowPtr, Col;
  dpbench::DeviceArray<unsigned> Priority;
  dpbench::DeviceArray<int> Color, Count, Ready, Changed;
  dpbench::DeviceArray<unsigned char> Used;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<GcBench, GcNoCdp>(Argc, Argv);
}
