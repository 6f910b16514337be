//===- spmv/flat.cu - Merge-path SpMV without dynamic parallelism --------===//
//
// The strong flat peer: merge-path SpMV (Merrill & Garland). The "path" merges
// the row ends with the nonzero indices; it has NumRows + nnz items, and each
// thread takes an equal share of ItemsPerThread items, whatever the row
// lengths. Row r's end sits at path position RowPtr[r + 1] + r, so a thread
// finds its start (row, nonzero) by binary search over those positions.
//
// Writes: a row that starts and ends inside one thread's share is stored
// directly; a row split across threads is summed with atomicAdd (y is
// zeroed before the run) by every thread holding part of it.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "spmv.h"

constexpr int BlockSize = 256;
constexpr int ItemsPerThread = 8;

/// Number of rows whose end lies before path position Diagonal: the first
/// row R with RowPtr[R + 1] + R >= Diagonal (the positions increase with R).
__device__ int rowsBefore(const int *RowPtr, int NumRows, long long Diagonal) {
  int Lo = 0, Hi = NumRows;
  while (Lo < Hi) {
    int Mid = Lo + (Hi - Lo) / 2;
    if (static_cast<long long>(RowPtr[Mid + 1]) + Mid < Diagonal)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo;
}

__global__ void spmvMergePath(const int *RowPtr, const int *Col,
                              const float *Val, const float *X, float *Y,
                              int NumRows, int NumNonzeros) {
  const long long PathLength = static_cast<long long>(NumRows) + NumNonzeros;
  const long long Begin =
      (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) *
      ItemsPerThread;
  if (Begin >= PathLength)
    return;
  const long long End = min(Begin + ItemsPerThread, PathLength);
  // Position Begin < PathLength implies Row < NumRows here and in the loop:
  // a row end is always still ahead while path items remain.
  int Row = rowsBefore(RowPtr, NumRows, Begin);
  int Nz = static_cast<int>(Begin - Row);
  // Row began before this share: an earlier thread holds part of its sum.
  bool Split = Nz > RowPtr[Row];
  bool Touched = false;
  float Sum = 0;
  for (long long D = Begin; D < End; ++D) {
    if (Nz < RowPtr[Row + 1]) { // next path item: a nonzero of Row
      Sum += Val[Nz] * X[Col[Nz]];
      ++Nz;
      Touched = true;
    } else { // next path item: the end of Row
      if (Split)
        atomicAdd(&Y[Row], Sum);
      else
        Y[Row] = Sum;
      Sum = 0;
      Touched = false;
      Split = false;
      ++Row;
    }
  }
  // Row continues in the next thread's share: hand over the partial sum.
  if (Touched)
    atomicAdd(&Y[Row], Sum);
}

class SpmvFlat {
public:
  explicit SpmvFlat(const SpmvBench::Input &In)
      : NumRows(In.Graph.NumVertices),
        NumNonzeros(static_cast<int>(In.Graph.numEdges())), RowPtr(In.RowPtr),
        Col(In.Graph.Col), Val(In.Val), X(In.X), Y(NumRows) {}

  void reset() { Y.fillBytes(0); }

  void run() {
    const long long Items = static_cast<long long>(NumRows) + NumNonzeros;
    const long long Threads = (Items + ItemsPerThread - 1) / ItemsPerThread;
    const int Grid = static_cast<int>((Threads + BlockSize - 1) / BlockSize);
    if (Grid == 0)
      return;
    spmvMergePath<<<Grid, BlockSize>>>(RowPtr.get(), Col.get(), Val.get(),
                                       X.get(), Y.get(), NumRows, NumNonzeros);
    CUDA_CHECK_LAUNCH();
  }

  std::vector<float> result() { return Y.download(); }

private:
  int NumRows;
  int NumNonzeros;
  dpbench::DeviceArray<int> RowPtr, Col;
  dpbench::DeviceArray<float> Val, X, Y;
};

int main(int Argc, char **Argv) {
  return dpbench::runBenchmark<SpmvBench, SpmvFlat>(Argc, Argv);
}
