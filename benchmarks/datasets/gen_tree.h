//===- datasets/gen_tree.h - Synthetic trees for TH and TD -----*- C++ -*-===//
//
// Trees of Wu et al. (IPDPS'16, from Li et al. ICPP'15), written as .dpg
// children lists (common/tree.h). See benchmarks/README.md ("Datasets") for
// the sizes and why tree-d1 has one level less than tree-d2.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "generators.h"
#include "graph.h"

#include <cstdint>
#include <string>

namespace dpgen {

/// Shape of a random tree: every node at depth < Levels - 1 has children
/// with probability ExpandProb (the root always has), and a node with
/// children has a uniform number of them in [MinChildren, MaxChildren]
/// (the root: the midpoint, so that the size hardly varies with the seed).
struct TreeShape {
  int Levels =
      5; ///< Levels of nodes: the root has depth 0, leaves <= Levels-1.
  int MinChildren = 32;
  int MaxChildren = 128;
  double ExpandProb = 1.0;
};

/// A tree of shape S numbered in breadth-first order (the children of a
/// node are consecutive ids). P.Scale (clamped to at most 1) multiplies the
/// expansion probability of the deepest level that can expand: the smaller
/// trees keep the fanout, which sets the child grid sizes, and lose most of
/// their (last-level) nodes. Tag separates the random streams of different
/// shapes.
dpgraph::Csr generateTree(const TreeShape &S, const GenParams &P, uint64_t Tag);

/// dataset1: 128..256 children, half of the non-leaf nodes expanded,
/// depths 0..3.
dpgraph::Csr generateTreeD1(const GenParams &P);
/// dataset2: 32..128 children, all non-leaf nodes expanded, depths 0..4.
dpgraph::Csr generateTreeD2(const GenParams &P);

bool writeTreeD1(const GenParams &P, const std::string &Path, std::string &Err);
bool writeTreeD2(const GenParams &P, const std::string &Path, std::string &Err);

} // namespace dpgen
