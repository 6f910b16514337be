//===- th/th.h - Tree heights: input, CPU reference, check -----*- C++ -*-===//
//
// Tree Heights (TH) of Wu et al. (IPDPS'16): the height of every node of a
// rooted tree, i.e. the number of edges on the longest downward path from
// the node to a leaf (leaves: 0). The GPU versions traverse the tree from
// the root (cdp.cu: by recursive launches) and every leaf raises its
// ancestors' heights with atomicMax, so the result is exact and does not
// depend on the order. Host-only: the variants hold the kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "tree.h"

#include <string>
#include <vector>

struct ThBench {
  static constexpr const char *Name = "th";
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
    std::vector<int> Height(T.numNodes(), 0);
    for (auto It = T.Order.rbegin(); It != T.Order.rend(); ++It)
      if (T.Parent[*It] >= 0)
        Height[T.Parent[*It]] =
            std::max(Height[T.Parent[*It]], Height[*It] + 1);
    return Height;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "height");
  }

  /// cdp.cu: every internal node launches one grid over its children, and
  /// all of them descend from the one host-launched grid, so all can be
  /// pending at once.
  static long long pendingLaunches(const Input &In) { return In.Tree.Internal; }
};
