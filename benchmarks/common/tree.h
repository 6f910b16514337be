//===- tree.h - Rooted trees stored as .dpg children lists -----*- C++ -*-===//
//
// Host-only. The tree benchmarks (th, td) read a rooted tree from an
// ordinary .dpg file (graph.h): an unweighted directed graph whose row v
// lists the children of node v, with node 0 as the root. dpgen's tree
// generators number nodes in breadth-first order, but any numbering is
// accepted: makeTree() only checks that the graph is a tree rooted at 0.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "graph.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace dptree {

struct Tree {
  dpgraph::Csr Children;         ///< Row v lists the children of node v.
  std::vector<int32_t> ChildPtr; ///< Children.RowPtr narrowed to int32.
  std::vector<int32_t> Parent;   ///< Parent of each node; -1 for the root.
  std::vector<int32_t> Depth;    ///< Edges from the root (root: 0).
  std::vector<int32_t> Order;    ///< Breadth-first order from the root.
  int32_t Root = 0;
  int32_t Height = 0;      ///< Largest depth.
  int64_t Internal = 0;    ///< Nodes with at least one child.
  int64_t MaxChildren = 0; ///< Largest number of children of one node.

  int32_t numNodes() const { return Children.NumVertices; }
};

/// Checks that G is a tree rooted at node 0 (the root has no parent, every
/// other node has exactly one parent and is reachable from the root) and
/// fills T. Returns false with Err set otherwise.
inline bool makeTree(dpgraph::Csr G, Tree &T, std::string &Err) {
  T = Tree();
  const int32_t N = G.NumVertices;
  if (N < 1) {
    Err = "a tree needs at least one node";
    return false;
  }
  if (!dpgraph::offsets32(G, T.ChildPtr, Err))
    return false;
  T.Parent.assign(N, -1);
  for (int32_t V = 0; V < N; ++V)
    for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
      int32_t C = G.Col[E];
      if (C <= 0 || C >= N || T.Parent[C] != -1) {
        Err = "node " + std::to_string(C) +
              " is the root, out of range or has a second parent";
        return false;
      }
      T.Parent[C] = V;
    }
  // Every node but the root has one parent, so N - 1 edges; reaching all N
  // nodes from the root then rules out cycles.
  T.Depth.assign(N, -1);
  T.Order.reserve(N);
  T.Order.push_back(0);
  T.Depth[0] = 0;
  for (size_t Head = 0; Head < T.Order.size(); ++Head) {
    int32_t V = T.Order[Head];
    int64_t Count = G.RowPtr[V + 1] - G.RowPtr[V];
    T.Internal += Count > 0;
    T.MaxChildren = std::max(T.MaxChildren, Count);
    for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
      int32_t C = G.Col[E];
      T.Depth[C] = T.Depth[V] + 1;
      T.Height = std::max(T.Height, T.Depth[C]);
      T.Order.push_back(C);
    }
  }
  if (static_cast<int32_t>(T.Order.size()) != N) {
    Err = "only " + std::to_string(T.Order.size()) + " of " +
          std::to_string(N) + " nodes are reachable from the root";
    return false;
  }
  T.Children = std::move(G);
  return true;
}

inline bool readTree(const std::string &Path, Tree &T, std::string &Err) {
  dpgraph::Csr G;
  if (!dpgraph::readGraph(Path, G, Err))
    return false;
  if (!makeTree(std::move(G), T, Err)) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

inline std::string describeTree(const Tree &T) {
  return "nodes=" + std::to_string(T.numNodes()) +
         " internal=" + std::to_string(T.Internal) +
         " height=" + std::to_string(T.Height) +
         " max_children=" + std::to_string(T.MaxChildren);
}

} // namespace dptree
