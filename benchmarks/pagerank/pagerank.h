//===- pagerank/pagerank.h - PageRank: input, reference, check -*- C++ -*-===//
//
// Push-style PageRank (the un-normalized form of Brin and Page):
//   rank'(v) = (1 - d) + d * sum over edges u->v of rank(u) / outdeg(u)
// with d = 0.85, all ranks starting at 1, for a fixed number of iterations
// (--param iterations=N, default 10). Vertices without out-edges push
// nothing.
//
// The arithmetic is fixed point: a rank is an unsigned 64-bit integer in
// units of 2^-32, a contribution is floor(rank / outdeg), the sums are exact
// 64-bit integer additions, and damping is floor(sum * 85 / 100). So the GPU
// result does not depend on the order of its atomicAdds (unlike float
// atomics, whose reordering error on a hub with 17K in-edges is as large as
// one of its terms), and the CPU reference computes bit-identical values:
// the comparison is exact and catches any single missing, doubled or
// misdirected contribution. Ranks stay below n * 2^32 < 2^63, so nothing
// overflows. The result is rank(v) as a double (the same rounding of the
// same integer on both sides; exact below 2^21).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"

#include <string>
#include <vector>

/// One rank unit (1.0) in fixed point.
constexpr unsigned long long PrOne = 1ull << 32;
/// (1 - d) in fixed point, d = 85/100.
constexpr unsigned long long PrBase = (15ull << 32) / 100;

/// floor(Sum * 85 / 100) without overflowing 64 bits: Sum = 100 q + r.
inline unsigned long long prDamp(unsigned long long Sum) {
  return Sum / 100 * 85 + Sum % 100 * 85 / 100;
}

struct PagerankBench {
  static constexpr const char *Name = "pagerank";
  using Value = double;

  struct Input {
    dpgraph::Csr Graph;
    std::vector<int> RowPtr; ///< Graph.RowPtr narrowed to int for the GPU.
    int Iterations = 10;
  };

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, In.RowPtr, Err))
      throw dpbench::InputError(Err);
    long long Iterations = O.paramInt("iterations", 10);
    if (Iterations < 1 || Iterations > 1000)
      throw dpbench::InputError("iterations out of range (1..1000)");
    In.Iterations = static_cast<int>(Iterations);
    return In;
  }

  static std::string describe(const Input &In) {
    int64_t MaxDegree = 0;
    for (int V = 0; V < In.Graph.NumVertices; ++V)
      MaxDegree = std::max(MaxDegree, In.Graph.degree(V));
    return "n=" + std::to_string(In.Graph.NumVertices) +
           " m=" + std::to_string(In.Graph.numEdges()) +
           " max_degree=" + std::to_string(MaxDegree) +
           " iterations=" + std::to_string(In.Iterations);
  }

  /// Fixed-point ranks after In.Iterations iterations.
  static std::vector<unsigned long long> fixedRanks(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<unsigned long long> Rank(G.NumVertices, PrOne);
    std::vector<unsigned long long> Sum(G.NumVertices);
    for (int It = 0; It < In.Iterations; ++It) {
      std::fill(Sum.begin(), Sum.end(), 0);
      for (int U = 0; U < G.NumVertices; ++U) {
        int64_t Degree = G.degree(U);
        if (Degree == 0)
          continue;
        unsigned long long Contrib =
            Rank[U] / static_cast<unsigned long long>(Degree);
        for (int64_t E = G.RowPtr[U]; E < G.RowPtr[U + 1]; ++E)
          Sum[G.Col[E]] += Contrib;
      }
      for (int V = 0; V < G.NumVertices; ++V)
        Rank[V] = PrBase + prDamp(Sum[V]);
    }
    return Rank;
  }

  static std::vector<double> reference(const Input &In) {
    std::vector<unsigned long long> Rank = fixedRanks(In);
    std::vector<double> Out(Rank.size());
    for (size_t V = 0; V < Rank.size(); ++V)
      Out[V] = toDouble(Rank[V]);
    return Out;
  }

  static double toDouble(unsigned long long Fixed) {
    return static_cast<double>(Fixed) / static_cast<double>(PrOne);
  }

  /// Exact: both sides compute the same integers (see the file comment).
  static dpbench::Check compare(const Input &, const std::vector<double> &Ref,
                                const std::vector<double> &Got) {
    dpbench::Check C = dpbench::compareExact(Ref, Got, "rank");
    if (!C.Ok) {
      // compareExact prints 6 digits; show the first difference in full.
      for (size_t V = 0; V < Ref.size() && V < Got.size(); ++V)
        if (Ref[V] != Got[V]) {
          char Buf[96];
          std::snprintf(Buf, sizeof(Buf), " (%.17g vs %.17g)", Got[V], Ref[V]);
          C.Detail += Buf;
          break;
        }
    }
    return C;
  }

  /// Every vertex with out-edges launches one child per iteration, each
  /// iteration from its own parent grid.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
