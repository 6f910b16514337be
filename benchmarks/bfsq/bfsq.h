//===- bfsq/bfsq.h - BFSQ: BFS over a frontier queue -----------*- C++ -*-===//
//
// The same problem as bfs (input, CPU reference, exact comparison; see
// bfs/bfs.h), under its own name: bfsq's variants keep bfs/flat.cu's frontier
// queue, so its cdp and nocdp variants do the flat peer's work, and its
// results and reference-cache entries must not mix with bfs's.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "../bfs/bfs.h"

/// Everything but the name comes from BfsBench. pendingLaunches stays valid:
/// one launch per queue entry, and a vertex enters the queue once.
struct BfsqBench : BfsBench {
  static constexpr const char *Name = "bfsq";
};
