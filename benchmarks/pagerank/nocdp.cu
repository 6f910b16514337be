//===- pagerank/nocdp.cu - PageRank without dynamic parallelism ----------===//
//
// The papers' "No CDP" baseline: the same push-style fixed-point PageRank as
// cdp.cu, but each vertex's thread pushes its contribution along all of its
// out-edges itself (a hub serializes its edges in one thread).
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "pagerank.h"

constexpr int BlockSize = 256;

__global__ void pagerankPush(const int *RowPtr, const int *Col,
                             const unsigned long long *Rank,
                             unsigned long long *Sum, int NumVertices) {
  int U = blockIdx.x * blockDim.x + threadIdx.x;
  if (U < NumVertices) {
    int Begin = RowPtr[U];
    int Degree = RowPtr[U + 1] - Begin;
    if (Degree > 0) {
      unsigned long long Contrib =
          Rank[U] / static_cast<unsigned long long>(Degree);
      for (int E = Begin; E < Begin + Degree; ++E)
        atomicAdd(&Sum[Col[E]], Contrib);
    }
  }
}

/// rank = (1 - d) + d * sum, and clears the sum for the next iteration.
__global__ void pagerankUpdate(unsigned long long *Rank,
                               unsigned long long *Sum, int NumVertices) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < NumVertices) {
    unsigned long long S = Sum[V];
    Rank[V] = PrBase + (S / 100 * 85 + S % 100 * 85 / 100); // prDamp(S)
    Sum[V] = 0;
  }
}

class PagerankNoCdp {
public:
  explicit PagerankNoCdp(const PagerankBench::Input &In)
      : NumVertices(In.Graph.NumVertices), Iterations(In.Iterations),
        RowPtr(In.RowPtr), Col(In.Graph.Col), Rank(NumVertices),
        Sum(NumVertices) {}

  void reset() {
    Rank.upload(std::vector<unsigned long long>(NumVertices, PrOne));
    Sum.fillBytes(0);
  }

  void run() {
    if (NumVertices == 0)
      return;
    const int Grid = (NumVertices + BlockSize - 1) / BlockSize;
    for (int It = 0; It < Iterations; ++It) {
      pagerankPush<<<Grid, BlockSize>>>(RowPtr.get(), Col.get(), Rank.get(),
                                        Sum.get(), NumVertices);
      CUDA_CHECK_LAUNCH();
      pagerankUpdate<<<Grid, BlockSize>>>(Rank.get(), Sum.get(), NumVertices);
      CUDA_CHECK_LAUNCH();
    }
  }

  std::vector<double> result() {
    std::vector<unsigned long long> Fixed = Rank.download();
    std::vector<double> Out(Fixed.size());
    for (size_t V = 0; V < Fixed.size(); ++V)
      Out[V] = PagerankBench::toDouble(Fixed[V]);
    return Out;
  }

private:
  int NumVertices;
  int Iterations;
  dpbench::DeviceArray<int> RowPtr, Col;
  dpbench::DeviceArray<unsigned long long> Rank, Sum;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<PagerankBench, PagerankNoCdp>(Argc, Argv);
}
