//===- tc/nocdp.cu - Triangle counting without dynamic parallelism -------===//
//
// The papers' "No CDP" baseline: one thread per vertex U of the
// degree-oriented DAG (see tc.h) loops over its out-edges (U, V) and merges
// the sorted out-lists of U and V, then stores U's count.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "tc.h"

constexpr int BlockSize = 256;

__global__ void tcCount(const int *OutPtr, const int *OutCol,
                        unsigned long long *Count, int NumVertices) {
  int U = blockIdx.x * blockDim.x + threadIdx.x;
  if (U < NumVertices) {
    int Begin = OutPtr[U], End = OutPtr[U + 1];
    unsigned long long Found = 0;
    for (int E = Begin; E < End; ++E) {
      int V = OutCol[E];
      int A = Begin;
      int B = OutPtr[V], BEnd = OutPtr[V + 1];
      while (A < End && B < BEnd) {
        int X = OutCol[A], Y = OutCol[B];
        if (X < Y) {
          ++A;
        } else if (X > Y) {
          ++B;
        } else {
          ++Found;
          ++A;
          ++B;
        }
      }
    }
    Count[U] = Found;
  }
}

class TcNoCdp {
public:
  explicit TcNoCdp(const TcBench::Input &In)
      : NumVertices(In.Graph.NumVertices), OutPtr(In.OutPtr), OutCol(In.OutCol),
        Count(NumVertices) {}

  // Poison the result so that a vertex the kernel missed shows up.
  void reset() { Count.fillBytes(0xFF); }

  void run() {
    if (NumVertices == 0)
      return;
    tcCount<<<(NumVertices + BlockSize - 1) / BlockSize, BlockSize>>>(
        OutPtr.get(), OutCol.get(), Count.get(), NumVertices);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<unsigned long long> result() { return Count.download(); }

private:
  int NumVertices;
  dpbench::DeviceArray<int> OutPtr, OutCol;
  dpbench::DeviceArray<unsigned long long> Count;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<TcBench, TcNoCdp>(Argc, Argv);
}
