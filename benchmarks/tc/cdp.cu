//===- tc/cdp.cu - Triangle counting with dynamic parallelism (basic-dp) -===//
//
// One parent thread per vertex U of the degree-oriented DAG (see tc.h)
// launches a child grid with one thread per out-edge (U, V); each child
// thread intersects the sorted out-lists of U and V by merging and adds the
// number of common out-neighbors to U's count with a 64-bit atomicAdd. The
// child threads are independent of each other, so dpopt may serialize,
// coarsen or aggregate them freely. The host's copy-back waits for the
// parent grid, which completes only after all of its children.
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "tc.h"

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per out-edge (U, V): counts the common out-neighbors of U
/// and V by merging their sorted out-lists.
__global__ void tcChild(const int *OutPtr, const int *OutCol, int U, int Begin,
                        int Degree, unsigned long long *Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int V = OutCol[Begin + I];
    int A = Begin, AEnd = Begin + Degree;
    int B = OutPtr[V], BEnd = OutPtr[V + 1];
    unsigned long long Found = 0;
    while (A < AEnd && B < BEnd) {
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
    if (Found > 0)
      atomicAdd(&Count[U], Found);
  }
}

/// One thread per vertex; vertices with out-edges launch a child over them.
__global__ void tcParent(const int *OutPtr, const int *OutCol,
                         unsigned long long *Count, int NumVertices) {
  int U = blockIdx.x * blockDim.x + threadIdx.x;
  if (U < NumVertices) {
    int Begin = OutPtr[U];
    int Degree = OutPtr[U + 1] - Begin;
    if (Degree > 0)
      tcChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                ChildBlockSize>>>(OutPtr, OutCol, U, Begin, Degree, Count);
  }
}

class TcCdp {
public:
  explicit TcCdp(const TcBench::Input &In)
      : NumVertices(In.Graph.NumVertices), OutPtr(In.OutPtr), OutCol(In.OutCol),
        Count(NumVertices) {}

  void reset() { Count.fillBytes(0); }

  void run() {
    if (NumVertices == 0)
      return;
    tcParent<<<(NumVertices + ParentBlockSize - 1) / ParentBlockSize,
               ParentBlockSize>>>(OutPtr.get(), OutCol.get(), Count.get(),
                                  NumVertices);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<unsigned long long> result() { return Count.download(); }

private:
  int NumVertices;
  dpbench::DeviceArray<int> OutPtr, OutCol;
  dpbench::DeviceArray<unsigned long long> Count;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<TcBench, TcCdp>(Argc, Argv);
}
