//===- tc/tc.h - Triangle counting: input, reference, check ----*- C++ -*-===//
//
// Triangles of an undirected (symmetric) graph by sorted-list intersection
// over a degree-oriented DAG, as in the GPU triangle counters Olabi et al.
// take TC from (Mailthody et al.): every edge {u, v} is kept once, directed
// from the endpoint of lower (degree, id) to the higher one, so a vertex's
// out-degree is at most sqrt(2 |E|). A triangle u < v < w (in that order)
// is found exactly once: by u's edge (u, v), as w in both out-lists of u and
// v. The orientation is preprocessing (load(), untimed); the timed part is
// the counting.
//
// Result: per vertex u, the number of triangles whose lowest vertex is u
// (64-bit, exact); their sum is the triangle count. The orientation keeps
// the out-lists sorted by id, which the merge intersection needs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"

#include <string>
#include <vector>

struct TcBench {
  static constexpr const char *Name = "tc";
  using Value = unsigned long long;

  struct Input {
    dpgraph::Csr Graph;      ///< The undirected graph (both directions).
    std::vector<int> OutPtr; ///< Oriented DAG: row offsets...
    std::vector<int> OutCol; ///< ...and sorted out-neighbors.
    int MaxOutDegree = 0;
  };

  /// True when U comes before V in the orientation order (degree, id).
  static bool before(const dpgraph::Csr &G, int U, int V) {
    int64_t DU = G.degree(U), DV = G.degree(V);
    return DU < DV || (DU == DV && U < V);
  }

  /// Builds the degree-oriented DAG of a symmetric graph.
  static void orient(Input &In) {
    const dpgraph::Csr &G = In.Graph;
    In.OutPtr.assign(G.NumVertices + 1, 0);
    In.OutCol.clear();
    In.OutCol.reserve(G.Col.size() / 2);
    In.MaxOutDegree = 0;
    for (int U = 0; U < G.NumVertices; ++U) {
      for (int64_t E = G.RowPtr[U]; E < G.RowPtr[U + 1]; ++E)
        if (before(G, U, G.Col[E]))
          In.OutCol.push_back(G.Col[E]);
      In.OutPtr[U + 1] = static_cast<int>(In.OutCol.size());
      In.MaxOutDegree =
          std::max(In.MaxOutDegree, In.OutPtr[U + 1] - In.OutPtr[U]);
    }
  }

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    std::vector<int> RowPtr32;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, RowPtr32, Err))
      throw dpbench::InputError(Err);
    if (!dpgraph::isSymmetric(In.Graph))
      throw dpbench::InputError("tc needs a symmetric graph");
    orient(In);
    return In;
  }

  static std::string describe(const Input &In) {
    return "n=" + std::to_string(In.Graph.NumVertices) +
           " m=" + std::to_string(In.Graph.numEdges()) +
           " oriented=" + std::to_string(In.OutCol.size()) +
           " max_out_degree=" + std::to_string(In.MaxOutDegree);
  }

  /// Size of the intersection of two sorted ranges of OutCol (the device
  /// code does the same merge).
  static unsigned long long intersect(const std::vector<int> &Col, int A,
                                      int AEnd, int B, int BEnd) {
    unsigned long long Count = 0;
    while (A < AEnd && B < BEnd) {
      int X = Col[A], Y = Col[B];
      if (X < Y) {
        ++A;
      } else if (X > Y) {
        ++B;
      } else {
        ++Count;
        ++A;
        ++B;
      }
    }
    return Count;
  }

  static std::vector<unsigned long long> reference(const Input &In) {
    const int N = In.Graph.NumVertices;
    std::vector<unsigned long long> Count(N, 0);
    for (int U = 0; U < N; ++U)
      for (int E = In.OutPtr[U]; E < In.OutPtr[U + 1]; ++E) {
        int V = In.OutCol[E];
        Count[U] += intersect(In.OutCol, In.OutPtr[U], In.OutPtr[U + 1],
                              In.OutPtr[V], In.OutPtr[V + 1]);
      }
    return Count;
  }

  static unsigned long long total(const std::vector<unsigned long long> &C) {
    unsigned long long Sum = 0;
    for (unsigned long long X : C)
      Sum += X;
    return Sum;
  }

  static dpbench::Check compare(const Input &,
                                const std::vector<unsigned long long> &Ref,
                                const std::vector<unsigned long long> &Got) {
    dpbench::Check C = dpbench::compareExact(Ref, Got, "triangles");
    std::string Totals = "triangles=" + std::to_string(total(Got));
    if (!C.Ok)
      Totals += " expected " + std::to_string(total(Ref));
    C.Detail = C.Detail.empty() ? Totals : C.Detail + "; " + Totals;
    return C;
  }

  /// Every vertex with out-edges launches one child from the one parent
  /// grid.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
