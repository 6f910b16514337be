//===- bfsrec/cdp.cu - Recursive BFS with dynamic parallelism (basic-dp) -===//
//
// BFS-Rec of Wu et al. (IPDPS'16): the kernel launches itself. A grid covers
// the neighbor list of one vertex U that has just reached depth NewDepth - 1;
// each thread offers NewDepth to its neighbor V with atomicMin, and only the
// thread whose atomicMin actually lowered V's depth launches the same kernel
// over V's neighbors with NewDepth + 1 (the bound Wu et al. use against the
// launch explosion). The host launches one grid over the source's neighbors;
// that grid completes only after all of its descendants, so the host's next
// synchronizing call sees the final depths. No device-side synchronization.
//
// Why the result is the BFS level whatever the order of the launches:
//  - Depth[V] only decreases (atomicMin), and every value ever offered to V
//    is the length of a walk from the source (a grid with NewDepth d exists
//    only because its vertex U reached depth d - 1), so the final Depth[V]
//    is >= dist(V).
//  - Conversely, by induction on dist(V): let U be V's predecessor on a
//    shortest path, dist(U) = dist(V) - 1. Depth[U] ends at dist(U), so
//    exactly one atomicMin lowered it to dist(U), and that thread launched a
//    grid over U's neighbors with NewDepth = dist(V), which offers dist(V)
//    to V. So the final Depth[V] <= dist(V).
// The argument needs every launch to succeed (see below); a failed launch
// leaves some depths too large and the run FAILs verification.
//
// Limits (CDP2): a grid with NewDepth d runs at nesting level d - 1 (the
// host grid is level 0), and nesting is limited to 24 levels. Launches from
// the threads of one block share that block's implicit stream, so siblings
// run one after another, each after the previous sibling's whole subtree;
// late siblings then correct depths that deeper chains set first, so chains
// can grow well past the BFS eccentricity (4 on kron from the largest-degree
// vertex). The launch model in tests/test_bfsrec.cpp gives a deepest NewDepth
// of 8 with 32-thread blocks on kron (logn 16; 6 at the quick scale), 11
// with 64 and 23 with 128, so the block size is 32 here. Only kron is used:
// in the same model the web and co-paper graphs (cnr, citeseer) reach depths
// of 34-310, far beyond the limit. Launches: about one per reachable vertex
// (64,738 for n = 65,536); pending bound: BfsRecBench::pendingLaunches.
//
// This file is the input that dpopt rewrites: the kernel and the host code
// that launches it are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "bfsrec.h"

constexpr int BlockSize = 32;

/// One thread per neighbor of one vertex whose depth is NewDepth - 1.
__global__ void bfsRec(const int *RowPtr, const int *Col, int *Depth, int Begin,
                       int Degree, int NewDepth) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int V = Col[Begin + I];
    if (atomicMin(&Depth[V], NewDepth) > NewDepth) {
      int VBegin = RowPtr[V];
      int VDegree = RowPtr[V + 1] - VBegin;
      if (VDegree > 0)
        bfsRec<<<(VDegree + BlockSize - 1) / BlockSize, BlockSize>>>(
            RowPtr, Col, Depth, VBegin, VDegree, NewDepth + 1);
    }
  }
}

class BfsRecCdp {
public:
  explicit BfsRecCdp(const BfsRecBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Source(In.Source),
        SourceBegin(In.RowPtr[In.Source]),
        SourceDegree(In.RowPtr[In.Source + 1] - In.RowPtr[In.Source]),
        RowPtr(In.RowPtr), Col(In.Graph.Col), Depth(NumVertices) {}

  void reset() {
    Depth.fillBytes(0x7F); // BfsRecUnreached
    Depth.set(Source, 0);
  }

  void run() {
    if (SourceDegree > 0) {
      bfsRec<<<(SourceDegree + BlockSize - 1) / BlockSize, BlockSize>>>(
          RowPtr.get(), Col.get(), Depth.get(), SourceBegin, SourceDegree, 1);
      CUDA_CHECK_LAUNCH();
    }
  }

  std::vector<int> result() { return Depth.download(); }

private:
  int NumVertices;
  int Source;
  int SourceBegin;
  int SourceDegree;
  dpbench::DeviceArray<int> RowPtr, Col, Depth;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<BfsRecBench, BfsRecCdp>(Argc, Argv);
}
