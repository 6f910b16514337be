//===- gc/cdp.cu - Graph coloring with dynamic parallelism (basic-dp) ----===//
//
// Data-driven Jones-Plassmann (see gc.h). First one parent thread per vertex
// launches a child grid over its neighbors that counts the neighbors of
// higher priority. Then, each round, one parent thread per ready vertex
// launches a child grid with one thread per neighbor: a higher-priority
// neighbor (already colored) marks its color as taken in the vertex's
// scratch flags, a lower-priority neighbor gets its counter decremented and
// is ready in the next round when it reaches 0. A flat kernel then gives
// every ready vertex the smallest color not marked. The host loops until no
// vertex becomes ready. No device-side synchronization: the flat kernels run
// after the parent grids, which complete only after all of their children.
//
// This file is the input that dpopt rewrites: the parent kernels, the child
// kernels and the host code that launches the parents are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "gc.h"

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per neighbor W of V (priority PV): counts W if it has a
/// higher priority.
__global__ void gcCountChild(const int *Col, const unsigned *Priority, int V,
                             unsigned PV, int Begin, int Degree, int *Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int W = Col[Begin + I];
    unsigned PW = Priority[W];
    if (PW > PV || (PW == PV && W > V))
      atomicAdd(&Count[V], 1);
  }
}

/// One thread per vertex; vertices with neighbors launch a child that counts
/// their higher-priority neighbors (Count starts at 0).
__global__ void gcCountParent(const int *RowPtr, const int *Col,
                              const unsigned *Priority, int *Count,
                              int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices) {
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    if (Degree > 0)
      gcCountChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                     ChildBlockSize>>>(Col, Priority, V, Priority[V], Begin,
                                       Degree, Count);
  }
}

/// Vertices without higher-priority neighbors are ready in round 0.
__global__ void gcSeed(const int *Count, int *Ready, int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices)
    Ready[V] = Count[V] == 0 ? 0 : GcNotReady;
}

/// One thread per neighbor W of ready vertex V (priority PV). Used is V's
/// scratch region of Degree + 1 flags (a color above Degree cannot be V's
/// first fit). All of V's higher-priority neighbors are colored (in earlier
/// rounds; Color is not written while this kernel runs), none of its lower
/// ones is. Every writer of a flag stores 1; Count is decremented
/// atomically, so exactly one thread sees W's counter reach 0.
__global__ void gcRoundChild(const int *Col, const unsigned *Priority,
                             const int *Color, int V, unsigned PV, int Begin,
                             int Degree, unsigned char *Used, int *Count,
                             int *Ready, int NextRound, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int W = Col[Begin + I];
    unsigned PW = Priority[W];
    if (PW > PV || (PW == PV && W > V)) {
      int C = Color[W];
      if (C >= 0 && C <= Degree)
        Used[C] = 1;
    } else if (atomicAdd(&Count[W], -1) == 1) {
      // V was W's last uncolored higher-priority neighbor.
      Ready[W] = NextRound;
      *Changed = 1;
    }
  }
}

/// One thread per vertex; the vertices ready in this round launch a child
/// over their neighbors. (A vertex made ready here gets Round + 1, so no
/// thread of this grid mistakes it for one of this round.)
__global__ void gcRoundParent(const int *RowPtr, const int *Col,
                              const unsigned *Priority, const int *Color,
                              unsigned char *Used, int *Count, int *Ready,
                              int NumVertices, int Round, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices && Ready[V] == Round) {
    int Begin = RowPtr[V];
    int Degree = RowPtr[V + 1] - Begin;
    if (Degree > 0)
      gcRoundChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                     ChildBlockSize>>>(Col, Priority, Color, V, Priority[V],
                                       Begin, Degree, Used + Begin + V, Count,
                                       Ready, Round + 1, Changed);
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

class GcCdp {
public:
  explicit GcCdp(const GcBench::Input &In)
      : NumVertices(In.Graph.NumVertices), RowPtr(In.RowPtr), Col(In.Graph.Col),
        Priority(In.Priority), Color(NumVertices), Count(NumVertices),
        Ready(NumVertices), Changed(1),
        Used(In.Graph.Col.size() + NumVertices) {}

  void reset() {
    Color.fillBytes(0xFF); // GcUncolored
    Count.fillBytes(0);
    Used.fillBytes(0); // Each vertex's region is used once per run.
  }

  void run() {
    if (NumVertices == 0)
      return;
    const int Grid = (NumVertices + ParentBlockSize - 1) / ParentBlockSize;
    gcCountParent<<<Grid, ParentBlockSize>>>(
        RowPtr.get(), Col.get(), Priority.get(), Count.get(), NumVertices);
    CUDA_CHECK_LAUNCH();
    gcSeed<<<Grid, ParentBlockSize>>>(Count.get(), Ready.get(), NumVertices);
    CUDA_CHECK_LAUNCH();
    for (int Round = 0;; ++Round) {
      // Every round colors at least the uncolored vertex of top priority.
      if (Round >= NumVertices)
        dpbench::fatal("coloring did not terminate");
      Changed.fillBytes(0);
      gcRoundParent<<<Grid, ParentBlockSize>>>(
          RowPtr.get(), Col.get(), Priority.get(), Color.get(), Used.get(),
          Count.get(), Ready.get(), NumVertices, Round, Changed.get());
      CUDA_CHECK_LAUNCH();
      gcPick<<<Grid, ParentBlockSize>>>(RowPtr.get(), Used.get(), Color.get(),
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
  return dpbench::runBenchmark<GcBench, GcCdp>(Argc, Argv);
}
