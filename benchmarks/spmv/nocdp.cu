//===- spmv/nocdp.cu - SpMV without dynamic parallelism ------------------===//
//
// The papers' "No CDP" baseline (CSR scalar kernel): one thread per row
// loops over the row's nonzeros.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "spmv.h"

constexpr int BlockSize = 256;

__global__ void spmvRows(const int *RowPtr, const int *Col, const float *Val,
                         const float *X, float *Y, int NumRows) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < NumRows) {
    float Sum = 0;
    for (int E = RowPtr[Row]; E < RowPtr[Row + 1]; ++E)
      Sum += Val[E] * X[Col[E]];
    Y[Row] = Sum;
  }
}

class SpmvNoCdp {
public:
  explicit SpmvNoCdp(const SpmvBench::Input &In)
      : NumRows(In.Graph.NumVertices), RowPtr(In.RowPtr), Col(In.Graph.Col),
        Val(In.Val), X(In.X), Y(NumRows) {}

  void reset() { Y.fillBytes(0); }

  void run() {
    spmvRows<<<(NumRows + BlockSize - 1) / BlockSize, BlockSize>>>(
        RowPtr.get(), Col.get(), Val.get(), X.get(), Y.get(), NumRows);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<float> result() { return Y.download(); }

private:
  int NumRows;
  dpbench::DeviceArray<int> RowPtr, Col;
  dpbench::DeviceArray<float> Val, X, Y;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SpmvBench, SpmvNoCdp>(Argc, Argv);
}
