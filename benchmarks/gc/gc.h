//===- gc/gc.h - Graph coloring: input, CPU reference, check ---*- C++ -*-===//
//
// Jones-Plassmann coloring with first-fit colors, in its data-driven form
// (a counter per vertex, as in Hasenplaugh et al.'s JP): every vertex has a
// fixed priority (a hash of its id, ties broken by the id, so the order is
// strict) and a counter of its higher-priority neighbors. A vertex whose
// counter is 0 is ready: it takes the smallest color that none of its
// (colored, higher-priority) neighbors has, and decrements the counters of
// its lower-priority neighbors; those that reach 0 are ready in the next
// round. The vertices ready in one round are independent, and a vertex is
// colored exactly when all of its higher-priority neighbors are. So the
// result is the sequential greedy (first-fit) coloring in decreasing
// priority order: unique, independent of thread timing, and that is how the
// CPU reference computes it. The comparison is exact; isProperColoring() is
// the independent validity check the tests use. The number of rounds is
// that of round-based JP (rounds()): 1 + the longest path of decreasing
// priority, about 1,000 on kron, whose dense core needs many colors.
//
// The graph must be symmetric (V's higher-priority neighbors must see V as
// a neighbor) and without self loops.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"
#include "rng.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

/// Color of a vertex that has none yet (-1: cudaMemset(..., 0xFF, ...)).
constexpr int GcUncolored = -1;
/// Round of a vertex that is not ready yet.
constexpr int GcNotReady = -1;

struct GcBench {
  static constexpr const char *Name = "gc";
  using Value = int;

  struct Input {
    dpgraph::Csr Graph;
    std::vector<int> RowPtr;        ///< Graph.RowPtr narrowed to int.
    std::vector<unsigned> Priority; ///< Per vertex; ties broken by the id.
  };

  /// Priority of V: a hash of (Seed, V), --param seed=S (default 1).
  static unsigned priorityOf(uint64_t Seed, int V) {
    return static_cast<unsigned>(dprng::hash64(0x4743, Seed, V) >> 32);
  }

  /// True when W has a higher priority than V (the device code uses the
  /// same expression).
  static bool higher(const std::vector<unsigned> &P, int W, int V) {
    return P[W] > P[V] || (P[W] == P[V] && W > V);
  }

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, In.RowPtr, Err))
      throw dpbench::InputError(Err);
    if (!dpgraph::isSymmetric(In.Graph))
      throw dpbench::InputError("gc needs a symmetric graph");
    if (dpgraph::computeStats(In.Graph).SelfLoops != 0)
      throw dpbench::InputError("gc needs a graph without self loops");
    setPriorities(In, static_cast<uint64_t>(O.paramInt("seed", 1)));
    return In;
  }

  static void setPriorities(Input &In, uint64_t Seed) {
    In.Priority.resize(In.Graph.NumVertices);
    for (int V = 0; V < In.Graph.NumVertices; ++V)
      In.Priority[V] = priorityOf(Seed, V);
  }

  static std::string describe(const Input &In) {
    int64_t MaxDegree = 0;
    for (int V = 0; V < In.Graph.NumVertices; ++V)
      MaxDegree = std::max(MaxDegree, In.Graph.degree(V));
    return "n=" + std::to_string(In.Graph.NumVertices) +
           " m=" + std::to_string(In.Graph.numEdges()) +
           " max_degree=" + std::to_string(MaxDegree);
  }

  /// Greedy first-fit coloring in decreasing priority order.
  static std::vector<int> reference(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<int> Order(G.NumVertices);
    std::iota(Order.begin(), Order.end(), 0);
    std::sort(Order.begin(), Order.end(),
              [&](int A, int B) { return higher(In.Priority, A, B); });
    std::vector<int> Color(G.NumVertices, GcUncolored);
    // Used[c] == V + 1 marks color c as taken by a neighbor of V.
    std::vector<int> Used;
    for (int V : Order) {
      const int64_t Degree = G.degree(V);
      if (Used.size() < static_cast<size_t>(Degree) + 1)
        Used.resize(Degree + 1, 0);
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
        int C = Color[G.Col[E]];
        if (C != GcUncolored && C <= Degree)
          Used[C] = V + 1;
      }
      int C = 0;
      while (Used[C] == V + 1)
        ++C;
      Color[V] = C;
    }
    return Color;
  }

  /// Number of Jones-Plassmann rounds: 1 + the longest chain of neighbors
  /// in decreasing priority order (for tests and launch-count estimates).
  static int rounds(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<int> Order(G.NumVertices);
    std::iota(Order.begin(), Order.end(), 0);
    std::sort(Order.begin(), Order.end(),
              [&](int A, int B) { return higher(In.Priority, A, B); });
    std::vector<int> Round(G.NumVertices, 0);
    int Max = 0;
    for (int V : Order) {
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
        if (higher(In.Priority, G.Col[E], V))
          Round[V] = std::max(Round[V], Round[G.Col[E]] + 1);
      Max = std::max(Max, Round[V] + 1);
    }
    return Max;
  }

  /// Every vertex colored, no edge with equal colors.
  static bool isProperColoring(const dpgraph::Csr &G,
                               const std::vector<int> &Color) {
    if (Color.size() != static_cast<size_t>(G.NumVertices))
      return false;
    for (int V = 0; V < G.NumVertices; ++V) {
      if (Color[V] < 0)
        return false;
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
        if (Color[G.Col[E]] == Color[V])
          return false;
    }
    return true;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    dpbench::Check C = dpbench::compareExact(Ref, Got, "color");
    if (C.Ok && !Ref.empty())
      C.Detail = "colors=" +
                 std::to_string(*std::max_element(Ref.begin(), Ref.end()) + 1);
    return C;
  }

  /// The counting grid launches one child per vertex with neighbors, each
  /// round's grid one per ready vertex with neighbors: at most n each.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
