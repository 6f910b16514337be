//===- ssspq/ssspq.h - SSSPQ: SSSP over a frontier queue -------*- C++ -*-===//
//
// The same problem as sssp (input, CPU reference, exact comparison; see
// sssp/sssp.h), under its own name: ssspq's variants keep sssp/flat.cu's
// queue of active vertices, so its cdp and nocdp variants do the flat peer's
// work, and its results and reference-cache entries must not mix with
// sssp's.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "../sssp/sssp.h"

/// Everything but the name comes from SsspBench. pendingLaunches stays valid:
/// one launch per queue entry, and iteration stamps queue a vertex at most
/// once per round.
struct SsspqBench : SsspBench {
  static constexpr const char *Name = "ssspq";
};
