//===- td/td.h - Tree descendants: input, CPU reference, check -*- C++ -*-===//
//
// Tree Descendants (TD) of Wu et al. (IPDPS'16): the number of descendants
// of every node of a rooted tree (leaves: 0). The GPU versions traverse the
// tree from the root (cdp.cu: by recursive launches); as postwork, every
// internal node adds its number of children to itself and to each of its
// ancestors with atomicAdd. A node's count is then the sum of the child
// counts of the internal nodes in its subtree, i.e. its number of
// descendants: integer sums, exact in any order. Host-only: the variants hold
// the kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "tree.h"

#include <string>
#include <vector>

struct TdBench {
  static constexpr const char *Name = "td";
  using Value = int;

  struct Input {
    dptree::Tree Tree;
  };

  /// Reads a tree (a .dpg children list rooted at node 0, common/tree.h).
  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dptree::readTree(O.Input, In.Tree, Err))
      throw dpbench::InputError(Err);
    return In;
  }

  static std::string describe(const Input &In) {
    return dptree::describeTree(In.Tree);
  }

  /// Children before parents (reverse breadth-first order).
  static std::vector<int> reference(const Input &In) {
    const dptree::Tree &T = In.Tree;
    std::vector<int> Desc(T.numNodes(), 0);
    for (auto It = T.Order.rbegin(); It != T.Order.rend(); ++It)
      if (T.Parent[*It] >= 0)
        Desc[T.Parent[*It]] += Desc[*It] + 1;
    return Desc;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "descendants");
  }

  /// cdp.cu: every internal node launches one grid over its children, and
  /// all of them descend from the one host-launched grid, so all can be
  /// pending at once.
  static long long pendingLaunches(const Input &In) { return In.Tree.Internal; }
};
