//===- boruvka.h - Boruvka MST: input, CPU reference, check ----*- C++ -*-===//
//
// Shared by the mstf and mstv benchmarks (the "find" and "verify" kernels of
// Boruvka's minimum spanning forest, as in LonestarGPU's MST that Olabi et
// al. take them from). Host-only.
//
// Every undirected edge {u, v} gets the key (weight << 32 | id), where id is
// the smaller of the two stored positions of the edge, so both directions
// share one key and all keys are distinct: the minimum spanning forest is
// unique and Boruvka's choices are too. One round:
//   1. find:   every component C gets MinKey[C], the smallest key of an edge
//              leaving C (atomicMin over all edges of C's vertices);
//   2. verify: the edge of C whose key is MinKey[C] sets Hook[C] to the
//              component at its other end (exactly one stored edge matches);
//              no hook anywhere means the forest is complete;
//   3. hook:   Parent[C] = Hook[C], except that of two components hooked to
//              each other (the only possible cycles) the smaller id becomes
//              the root; every component that hooks adds its edge to the
//              forest;
//   4. jump:   pointer jumping until every Parent is a root;
//   5. relabel: Comp[v] = Parent[Comp[v]].
// A component's id is the id of one of its vertices (initially Comp[v] =
// v), so "C is a component" is Comp[C] == C.
//
// Everything is deterministic, and the CPU reference runs the same rounds,
// so the result is compared exactly:
//   [0] forest weight, [1] forest edges, [2] rounds R,
//   [3 + 2r], [4 + 2r] edges and weight added in round r (r < R),
//   [3 + 2R + v] final component id of vertex v.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

/// MinKey of a component without outgoing edges (cudaMemset(0xFF)).
constexpr unsigned long long MstNoEdge = ~0ull;
/// Boruvka needs at most log2(n) + 1 rounds; this bounds the stats array.
constexpr int MstMaxRounds = 64;

struct MstBase {
  using Value = long long;

  struct Input {
    dpgraph::Csr Graph;
    std::vector<int> RowPtr;             ///< Graph.RowPtr narrowed to int.
    std::vector<unsigned long long> Key; ///< Per stored edge (see above).
  };

  /// Computes the edge keys; false when the graph is not symmetric with
  /// equal weights in both directions, or has negative weights.
  static bool buildKeys(Input &In, std::string &Err) {
    const dpgraph::Csr &G = In.Graph;
    In.Key.assign(G.Col.size(), 0);
    for (int U = 0; U < G.NumVertices; ++U)
      for (int64_t E = G.RowPtr[U]; E < G.RowPtr[U + 1]; ++E) {
        int V = G.Col[E];
        auto First = G.Col.begin() + G.RowPtr[V];
        auto Last = G.Col.begin() + G.RowPtr[V + 1];
        auto It = std::lower_bound(First, Last, U);
        if (It == Last || *It != U) {
          Err = "mst needs a symmetric graph";
          return false;
        }
        int64_t Rev = It - G.Col.begin();
        if (G.Weight[E] < 0 || G.Weight[Rev] != G.Weight[E]) {
          Err = "mst needs non-negative weights, equal in both directions";
          return false;
        }
        auto Id = static_cast<unsigned long long>(std::min(E, Rev));
        In.Key[E] = static_cast<unsigned long long>(G.Weight[E]) << 32 | Id;
      }
    return true;
  }

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, In.RowPtr, Err))
      throw dpbench::InputError(Err);
    if (!In.Graph.weighted())
      throw dpbench::InputError("mst needs edge weights");
    if (!buildKeys(In, Err))
      throw dpbench::InputError(Err);
    return In;
  }

  static std::string describe(const Input &In) {
    return "n=" + std::to_string(In.Graph.NumVertices) +
           " m=" + std::to_string(In.Graph.numEdges());
  }

  /// Packs the outcome of a run into the result vector (see the file
  /// comment). RoundStats holds 2 values per round.
  static std::vector<long long>
  pack(int Rounds, const std::vector<unsigned long long> &RoundStats,
       const std::vector<int> &Comp) {
    std::vector<long long> Out(3);
    for (int R = 0; R < Rounds; ++R) {
      Out[1] += static_cast<long long>(RoundStats[2 * R]);
      Out[0] += static_cast<long long>(RoundStats[2 * R + 1]);
      Out.push_back(static_cast<long long>(RoundStats[2 * R]));
      Out.push_back(static_cast<long long>(RoundStats[2 * R + 1]));
    }
    Out[2] = Rounds;
    Out.insert(Out.end(), Comp.begin(), Comp.end());
    return Out;
  }

  /// The same Boruvka rounds as the GPU variants, sequentially.
  static std::vector<long long> reference(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    const int N = G.NumVertices;
    std::vector<int> Comp(N), Hook(N), Parent(N);
    std::iota(Comp.begin(), Comp.end(), 0);
    std::vector<unsigned long long> MinKey(N), Stats;
    int Rounds = 0;
    for (;; ++Rounds) {
      std::fill(MinKey.begin(), MinKey.end(), MstNoEdge);
      std::iota(Hook.begin(), Hook.end(), 0);
      for (int V = 0; V < N; ++V) // find
        for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
          if (Comp[G.Col[E]] != Comp[V])
            MinKey[Comp[V]] = std::min(MinKey[Comp[V]], In.Key[E]);
      bool Hooked = false;
      for (int V = 0; V < N; ++V) // verify
        for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
          if (Comp[G.Col[E]] != Comp[V] && In.Key[E] == MinKey[Comp[V]]) {
            Hook[Comp[V]] = Comp[G.Col[E]];
            Hooked = true;
          }
      if (!Hooked)
        break;
      Stats.resize(2 * (Rounds + 1), 0);
      for (int C = 0; C < N; ++C) { // hook
        if (Comp[C] != C)
          continue;
        int D = Hook[C];
        Parent[C] = D != C && Hook[D] == C && C < D ? C : D;
        if (Parent[C] != C) {
          Stats[2 * Rounds] += 1;
          Stats[2 * Rounds + 1] += MinKey[C] >> 32;
        }
      }
      for (int C = 0; C < N; ++C) { // jump (with path compression)
        if (Comp[C] != C)
          continue;
        int Root = C;
        while (Parent[Root] != Root)
          Root = Parent[Root];
        for (int X = C; Parent[X] != Root && X != Root;) {
          int Next = Parent[X];
          Parent[X] = Root;
          X = Next;
        }
      }
      for (int V = 0; V < N; ++V) // relabel
        Comp[V] = Parent[Comp[V]];
    }
    return pack(Rounds, Stats, Comp);
  }

  /// Exact comparison, naming the part that differs.
  static dpbench::Check compare(const Input &,
                                const std::vector<long long> &Ref,
                                const std::vector<long long> &Got) {
    dpbench::Check C;
    if (Ref.size() < 3 || Got.size() < 3 || Got[2] != Ref[2] ||
        Got.size() != Ref.size()) {
      C.Ok = false;
      C.Detail = "rounds/size differ: got " +
                 (Got.size() >= 3 ? std::to_string(Got[2]) : "?") +
                 " rounds, " + std::to_string(Got.size()) +
                 " values; expected " + std::to_string(Ref[2]) + ", " +
                 std::to_string(Ref.size());
      return C;
    }
    const size_t Summary = 3 + 2 * static_cast<size_t>(Ref[2]);
    std::vector<long long> RefHead(Ref.begin(), Ref.begin() + Summary);
    std::vector<long long> GotHead(Got.begin(), Got.begin() + Summary);
    C = dpbench::compareExact(RefHead, GotHead,
                              "weight/edges/rounds/per-round stats");
    if (C.Ok) {
      std::vector<long long> RefComp(Ref.begin() + Summary, Ref.end());
      std::vector<long long> GotComp(Got.begin() + Summary, Got.end());
      C = dpbench::compareExact(RefComp, GotComp, "component");
    }
    std::string Totals = "weight=" + std::to_string(Got[0]) +
                         " edges=" + std::to_string(Got[1]) +
                         " rounds=" + std::to_string(Got[2]);
    C.Detail = C.Detail.empty() ? Totals : C.Detail + "; " + Totals;
    return C;
  }

  /// Each round's parent grid launches at most one child per vertex.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
