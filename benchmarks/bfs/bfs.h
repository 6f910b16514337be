//===- bfs/bfs.h - BFS: input, CPU reference, comparison -------*- C++ -*-===//
//
// Level-synchronous breadth-first search from one source. The result is the
// BFS level of every vertex (BfsUnvisited when unreachable), compared
// exactly. Host-only: the variants (nocdp.cu, cdp.cu, flat.cu) hold the
// kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"

#include <string>
#include <vector>

/// Level of a vertex that is not reached. It is -1 so that device arrays can
/// be initialized with cudaMemset(..., 0xFF, ...).
constexpr int BfsUnvisited = -1;

struct BfsBench {
  static constexpr const char *Name = "bfs";
  using Value = int;

  struct Input {
    dpgraph::Csr Graph;
    std::vector<int> RowPtr; ///< Graph.RowPtr narrowed to int for the GPU.
    int Source = 0;
  };

  /// Reads a .dpg graph. The source is --param source=V, by default the
  /// vertex of largest degree (never isolated, deterministic).
  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpgraph::readGraph(O.Input, In.Graph, Err) ||
        !dpgraph::offsets32(In.Graph, In.RowPtr, Err))
      throw dpbench::InputError(Err);
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

  /// Queue-based BFS.
  static std::vector<int> reference(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<int> Level(G.NumVertices, BfsUnvisited);
    std::vector<int> Queue;
    Queue.reserve(G.NumVertices);
    Level[In.Source] = 0;
    Queue.push_back(In.Source);
    for (size_t Head = 0; Head < Queue.size(); ++Head) {
      int V = Queue[Head];
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
        int U = G.Col[E];
        if (Level[U] == BfsUnvisited) {
          Level[U] = Level[V] + 1;
          Queue.push_back(U);
        }
      }
    }
    return Level;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "level");
  }

  /// In the CDP variant every frontier vertex of one level launches a child
  /// grid from the same parent grid: at most one launch per vertex.
  static long long pendingLaunches(const Input &In) {
    return In.Graph.NumVertices;
  }
};
