//===- spmv/spmv.h - SpMV: input, CPU reference, comparison ----*- C++ -*-===//
//
// y = A x for the CSR pattern of a graph (rows = vertices). The values are
// synthetic: A[r][c] and x[c] are small integers 1..4 hashed from the
// indices, stored as float. Every product is then an integer <= 16 and every
// partial sum of a row with fewer than 2^20 nonzeros is an integer below
// 2^24, exactly representable in float: the GPU result does not depend on
// the order of additions (atomics, reductions), and the relative tolerance
// of 1e-6 still catches a single missing or doubled term in any row.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"
#include "rng.h"

#include <string>
#include <vector>

/// Synthetic matrix entry for (Row, Col).
inline float spmvMatrixValue(int Row, int Col) {
  return static_cast<float>(
      1 + dprng::mapToRange(dprng::hash64(0x53504d56, Row, Col), 4));
}

/// Synthetic input vector entry.
inline float spmvVectorValue(int Index) {
  return static_cast<float>(
      1 + dprng::mapToRange(dprng::hash64(0x58564543, Index), 4));
}

struct SpmvBench {
  static constexpr const char *Name = "spmv";
  using Value = float;

  struct Input {
    dpgraph::Csr Graph;      ///< The pattern (weights are ignored).
    std::vector<int> RowPtr; ///< Graph.RowPtr narrowed to int for the GPU.
    std::vector<float> Val;  ///< One value per nonzero.
    std::vector<float> X;    ///< One value per column.
  };

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, In.RowPtr, Err))
      throw dpbench::InputError(Err);
    const dpgraph::Csr &G = In.Graph;
    In.Val.resize(G.Col.size());
    for (int R = 0; R < G.NumVertices; ++R)
      for (int64_t E = G.RowPtr[R]; E < G.RowPtr[R + 1]; ++E)
        In.Val[E] = spmvMatrixValue(R, G.Col[E]);
    In.X.resize(G.NumVertices);
    for (int C = 0; C < G.NumVertices; ++C)
      In.X[C] = spmvVectorValue(C);
    return In;
  }

  static std::string describe(const Input &In) {
    int64_t MaxRow = 0;
    for (int R = 0; R < In.Graph.NumVertices; ++R)
      MaxRow = std::max(MaxRow, In.Graph.degree(R));
    return "rows=" + std::to_string(In.Graph.NumVertices) +
           " nnz=" + std::to_string(In.Graph.numEdges()) +
           " max_row=" + std::to_string(MaxRow);
  }

  /// Row sums in double, rounded to float once.
  static std::vector<float> reference(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<float> Y(G.NumVertices);
    for (int R = 0; R < G.NumVertices; ++R) {
      double Sum = 0;
      for (int64_t E = G.RowPtr[R]; E < G.RowPtr[R + 1]; ++E)
        Sum += static_cast<double>(In.Val[E]) * In.X[G.Col[E]];
      Y[R] = static_cast<float>(Sum);
    }
    return Y;
  }

  static dpbench::Check compare(const Input &, const std::vector<float> &Ref,
                                const std::vector<float> &Got) {
    return dpbench::compareRelative(Ref, Got, 1e-6, "y");
  }

  /// In the CDP variant every non-empty row launches one child.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
