//===- pw/pw.h - Print walk: input, CPU reference, check --------*- C++ -*-===//
//
// The recursive "print" walk of the CDP samples, on a tree: every node is
// visited once, from its parent, and "prints" a line -- here it adds
// Depth * 1024 + 1 to its own slot, so a node printed twice, never, or at
// the wrong depth shows. The GPU versions walk from the root (cdp.cu: each
// node with children launches a grid over them; nocdp.cu: one kernel per
// level). Host-only: the variants hold the kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "tree.h"

#include <string>
#include <vector>

struct PwBench {
  static constexpr const char *Name = "pw";
  using Value = int;

  struct Input {
    dptree::Tree Tree;
  };

  /// A node's line, Depth * DepthUnit + 1: its depth, and a count of the
  /// times it was printed (the kernels add it; a constant works in device
  /// code, a host function would not).
  static constexpr int DepthUnit = 1024;
  static int line(int Depth) { return Depth * DepthUnit + 1; }

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

  static std::vector<int> reference(const Input &In) {
    std::vector<int> Lines(In.Tree.numNodes());
    for (int V = 0; V < In.Tree.numNodes(); ++V)
      Lines[V] = line(In.Tree.Depth[V]);
    return Lines;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "printed lines");
  }

  /// cdp.cu: every internal node launches one grid over its children, all
  /// descending from the one host-launched grid.
  static long long pendingLaunches(const Input &In) { return In.Tree.Internal; }
};
