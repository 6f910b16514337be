//===- ConsolidatePass.h - Workload consolidation ---------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// consolidate (Wu, Li, Becchi, IPDPS'16, §IV). Contract: in a kernel P, the
// device-side launch of child K at a site with '#pragma dp consldt(g)
// work(...)' (or any site, with --consldt=g)
//
//   K<<<grid, block, shmem>>>(args);
//
// becomes a work item in a consolidation buffer of P's warp, block or grid
// (g): the launch's configuration and the arguments that differ between
// P's threads. Arguments the same in every thread of P (P's parameters
// that P never modifies, constants, addresses of globals, arithmetic on
// them) are not buffered: they are passed once. The buffer's last thread
// to finish (every way out of P counts, early returns included; for grid,
// the last thread of the last block) launches one consolidated child,
// __dpopt_cons_K, configured KC_32 / KC_16 / KC_1 for warp / block / grid
// from the occupancy API (threads(N) / blocks(N) override). That moldable
// kernel loops over the buffered work until it is done:
//
//  - thread-mapped (K's block is the constant 1 and K uses no shared
//    memory, barrier, warp operation or launch): each thread takes one
//    original block (one thread) at a time;
//  - block-mapped (solo block when the grid is the constant 1, multi-block
//    otherwise): each block takes one original block at a time, with the
//    largest original block size; threads past a smaller one skip it.
//
// Each work item runs K's body with threadIdx, blockIdx, blockDim and
// gridDim of its original launch. A full buffer (pool or perBufferSize)
// makes the thread launch K itself: no work is lost. A recursive K
// consolidates its own launches in the clone: one launch per level and
// buffer instead of one per thread.
//
// Sites left unchanged, with a remark: those of aggregate's blockers
// (LaunchGroups.h: stream, loop, tail launch, convergence, template or
// namespaced child, ...), and sites without a pragma when --consldt is not
// given. Pragma errors (consolidationPragmaErrors): a 'work' variable not in
// scope at the launch, or an argument that differs per thread through a
// variable 'work' does not name; perBufferSize given as a variable;
// threads(N) for a block-mapped child whose block size it would change.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_CONSOLIDATEPASS_H
#define DPOPT_PASSES_CONSOLIDATEPASS_H

#include "dpopt/Passes/Pass.h"
#include "dpopt/Support/Diagnostic.h"

#include <memory>
#include <vector>

namespace dpopt {

class ProgramAnalysis;

/// Threads per block of a thread-mapped consolidated child without
/// threads(N).
constexpr unsigned DefaultConsolidatedThreads = 128;

std::unique_ptr<Pass> createConsolidatePass();

/// The errors of the '#pragma dp consldt' directives of the file that the
/// parser cannot see (they need the AST): checked before any pass runs.
std::vector<Diagnostic> consolidationPragmaErrors(ProgramAnalysis &A);

} // namespace dpopt

#endif // DPOPT_PASSES_CONSOLIDATEPASS_H
