//===- sssp/sssp.h - SSSP: input, CPU reference, comparison ----*- C++ -*-===//
//
// Single-source shortest paths on a graph with non-negative integer weights.
// The GPU variants use data-driven Bellman-Ford (atomicMin relaxations until
// nothing changes, as in LonestarGPU's SSSP used by Olabi et al. and Wu et
// al.); the CPU reference is Dijkstra. The result is the distance of every
// vertex (SsspInfinity when unreachable), compared exactly.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"

#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

/// Distance of an unreached vertex: 0x7F7F7F7F, so device arrays can be
/// initialized with cudaMemset(..., 0x7F, ...), and Infinity + weight does
/// not overflow for the weights we relax from reached vertices only.
constexpr int SsspInfinity = 0x7F7F7F7F;

struct SsspBench {
  static constexpr const char *Name = "sssp";
  using Value = int;

  struct Input {
    dpgraph::Csr Graph;
    std::vector<int> RowPtr; ///< Graph.RowPtr narrowed to int for the GPU.
    int Source = 0;
  };

  /// Reads a weighted .dpg graph; the source is --param source=V, by default
  /// the vertex of largest degree.
  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, In.RowPtr, Err))
      throw dpbench::InputError(Err);
    if (!In.Graph.weighted())
      throw dpbench::InputError(
          "sssp needs edge weights (dpgen convert --weights random)");
    for (int W : In.Graph.Weight)
      if (W < 0)
        throw dpbench::InputError("sssp needs non-negative weights");
    long long Source = O.paramInt("source", dpgraph::maxDegreeVertex(In.Graph));
    if (Source < 0 || Source >= In.Graph.NumVertices)
      throw dpbench::InputError("source vertex out of range");
    In.Source = static_cast<int>(Source);
    return In;
  }

  static std::string describe(const Input &In) {
    return "n=" + std::to_string(In.Graph.NumVertices) +
           " m=" + std::to_string(In.Graph.numEdges()) +
           " source=" + std::to_string(In.Source) +
           " source_degree=" + std::to_string(In.Graph.degree(In.Source));
  }

  /// Dijkstra with a binary heap (lazy deletion), in 64-bit arithmetic; a
  /// distance that does not fit below SsspInfinity is an input error.
  static std::vector<int> reference(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<long long> Dist(G.NumVertices, -1);
    using Item = std::pair<long long, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Heap;
    std::vector<long long> Best(G.NumVertices, -1);
    Best[In.Source] = 0;
    Heap.push({0, In.Source});
    while (!Heap.empty()) {
      auto [D, V] = Heap.top();
      Heap.pop();
      if (Dist[V] >= 0)
        continue; // already settled with a smaller distance
      Dist[V] = D;
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
        int U = G.Col[E];
        long long ND = D + G.Weight[E];
        if (Dist[U] < 0 && (Best[U] < 0 || ND < Best[U])) {
          Best[U] = ND;
          Heap.push({ND, U});
        }
      }
    }
    std::vector<int> Out(G.NumVertices);
    for (int V = 0; V < G.NumVertices; ++V) {
      if (Dist[V] >= SsspInfinity)
        throw dpbench::InputError("shortest distance exceeds int range");
      Out[V] = Dist[V] < 0 ? SsspInfinity : static_cast<int>(Dist[V]);
    }
    return Out;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "dist");
  }

  /// In the CDP variant each active vertex launches one child per round.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
