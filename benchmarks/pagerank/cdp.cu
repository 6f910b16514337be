//===- pagerank/cdp.cu - PageRank with dynamic parallelism (basic-dp) ----===//
//
// Push-style PageRank, a fixed number of iterations. Each iteration, one
// parent thread per vertex computes its contribution rank / outdeg and
// launches a child grid with one thread per out-edge; each child thread adds
// the contribution to its destination's sum with a 64-bit atomicAdd (fixed
// point, so the order of the additions does not matter; see pagerank.h). A
// flat kernel then turns the sums into the next ranks. No device-side
// synchronization: the update kernel runs after the parent grid, which
// completes only after all of its children.
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "pagerank.h"

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per out-edge of one vertex.
__global__ void pagerankChild(const int *Col, int Begin, int Degree,
                              unsigned long long Contrib,
                              unsigned long long *Sum) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree)
    atomicAdd(&Sum[Col[Begin + I]], Contrib);
}

/// One thread per vertex; vertices with out-edges launch a child over them.
__global__ void pagerankParent(const int *RowPtr, const int *Col,
                               const unsigned long long *Rank,
                               unsigned long long *Sum, int NumVertices) {
  int U = blockIdx.x * blockDim.x + threadIdx.x;
  if (U < NumVertices) {
    int Begin = RowPtr[U];
    int Degree = RowPtr[U + 1] - Begin;
    if (Degree > 0) {
      unsigned long long Contrib =
          Rank[U] / static_cast<unsigned long long>(Degree);
      pagerankChild<<<(Degree + ChildBlockSize - 1) / ChildBlockSize,
                      ChildBlockSize>>>(Col, Begin, Degree, Contrib, Sum);
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

class PagerankCdp {
public:
  explicit PagerankCdp(const PagerankBench::Input &In)
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
    const int Grid = (NumVertices + ParentBlockSize - 1) / ParentBlockSize;
    for (int It = 0; It < Iterations; ++It) {
      pagerankParent<<<Grid, ParentBlockSize>>>(
          RowPtr.get(), Col.get(), Rank.get(), Sum.get(), NumVertices);
      CUDA_CHECK_LAUNCH();
      pagerankUpdate<<<Grid, ParentBlockSize>>>(Rank.get(), Sum.get(),
                                                NumVertices);
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
  return dpbench::runBenchmark<PagerankBench, PagerankCdp>(Argc, Argv);
}
