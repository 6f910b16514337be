//===- spmv/cdp.cu - SpMV with CUDA dynamic parallelism (basic-dp) -------===//
//
// One parent thread per row launches a child grid with one thread per
// nonzero of the row; each child thread adds its product to y[row] with
// atomicAdd (y is zeroed before the run). The child threads are independent
// of each other (no reduction through shared memory or shuffles), so dpopt
// may serialize, coarsen or aggregate them freely.
//
// This file is the input that dpopt rewrites: the parent kernel, the child
// kernel and the host code that launches the parent are all here.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "spmv.h"

constexpr int ParentBlockSize = 256;
constexpr int ChildBlockSize = 128;

/// One thread per nonzero of row Row.
__global__ void spmvChild(const int *Col, const float *Val, const float *X,
                          float *Y, int Row, int Begin, int Length) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Length) {
    int E = Begin + I;
    atomicAdd(&Y[Row], Val[E] * X[Col[E]]);
  }
}

/// One thread per row; non-empty rows launch a child over their nonzeros.
__global__ void spmvParent(const int *RowPtr, const int *Col, const float *Val,
                           const float *X, float *Y, int NumRows) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < NumRows) {
    int Begin = RowPtr[Row];
    int Length = RowPtr[Row + 1] - Begin;
    if (Length > 0)
      spmvChild<<<(Length + ChildBlockSize - 1) / ChildBlockSize,
                  ChildBlockSize>>>(Col, Val, X, Y, Row, Begin, Length);
  }
}

class SpmvCdp {
public:
  explicit SpmvCdp(const SpmvBench::Input &In)
      : NumRows(In.Graph.NumVertices), RowPtr(In.RowPtr), Col(In.Graph.Col),
        Val(In.Val), X(In.X), Y(NumRows) {}

  void reset() { Y.fillBytes(0); }

  void run() {
    spmvParent<<<(NumRows + ParentBlockSize - 1) / ParentBlockSize,
                 ParentBlockSize>>>(RowPtr.get(), Col.get(), Val.get(), X.get(),
                                    Y.get(), NumRows);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<float> result() { return Y.download(); }

private:
  int NumRows;
  dpbench::DeviceArray<int> RowPtr, Col;
  dpbench::DeviceArray<float> Val, X, Y;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SpmvBench, SpmvCdp>(Argc, Argv);
}
