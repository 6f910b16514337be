//===- bfsrec/bfsrec.h - Recursive BFS: input, reference, check -*- C++ -*-===//
//
// BFS-Rec of Wu et al. (IPDPS'16): a thread that lowers a vertex's depth with
// atomicMin relaunches the same kernel over that vertex's neighbors with
// depth + 1. Whatever the order of the launches, the final depths are the
// BFS levels (see cdp.cu for the argument), so the result is compared
// exactly with a queue-based BFS. Host-only: the variants hold the kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "graph.h"

#include <string>
#include <vector>

/// Depth of a vertex that is not reached: large, so atomicMin lowers it, and
/// every byte 0x7F, so device arrays are reset with cudaMemset(..., 0x7F).
constexpr int BfsRecUnreached = 0x7F7F7F7F;

struct BfsRecBench {
  static constexpr const char *Name = "bfsrec";
  using Value = int;

  struct Input {
    dpgraph::Csr Graph;
    std::vector<int> RowPtr; ///< Graph.RowPtr narrowed to int for the GPU.
    int Source = 0;
  };

  /// Reads a .dpg graph. The source is --param source=V, by default the
  /// vertex of largest degree (as in bfs).
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

  /// Queue-based BFS; unreached vertices keep BfsRecUnreached.
  static std::vector<int> reference(const Input &In) {
    const dpgraph::Csr &G = In.Graph;
    std::vector<int> Depth(G.NumVertices, BfsRecUnreached);
    std::vector<int> Queue;
    Queue.reserve(G.NumVertices);
    Depth[In.Source] = 0;
    Queue.push_back(In.Source);
    for (size_t Head = 0; Head < Queue.size(); ++Head) {
      int V = Queue[Head];
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
        int U = G.Col[E];
        if (Depth[U] == BfsRecUnreached) {
          Depth[U] = Depth[V] + 1;
          Queue.push_back(U);
        }
      }
    }
    return Depth;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "depth");
  }

  /// Every launch in cdp.cu follows a strict improvement of one vertex's
  /// depth, and all of them descend from the one host-launched grid, so they
  /// can all be pending at once. A vertex improves at most once per depth
  /// value it passes through, which the nesting limit (24) bounds: 24 n is a
  /// hard bound but would reserve far too much. An event model of CDP2's
  /// scheduling (tests/test_bfsrec.cpp) gives about n launches in total on
  /// kron with 32-thread child blocks (64,738 for n = 65,536), so 4 n leaves
  /// a wide margin; a launch that still overflows leaves depths too large
  /// and the run FAILs.
  static long long pendingLaunches(const Input &In) {
    return 4LL * In.Graph.NumVertices;
  }
};
