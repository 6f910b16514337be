//===- RemoveLaunchPersistent.h - Persistent parents (T1, T2) -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// remove-launch T1 (CB* -> PB*) and T2 (CK* -> PB*), Chen & Shen §2.3-2.4:
// the parent kernel K gets a persistent version that its host launches in
// this file use instead; K itself stays (other files and device code may
// launch it).
//
//   __global__ void K(P p) { ...; child<<<g, b>>>(a); ... }
//   ...
//   K<<<G, B, S, St>>>(p);
//
// becomes, next to K,
//
//   struct Rec { unsigned long long First; dim3 Grid, Block; A a; };
//   static __device__ void Body(uint3 blockIdx, dim3 gridDim, State *, Rec *,
//                               unsigned long long Round, P p) {
//     ...; { claim record i; R[i] = {first, g, b, a}; } ...   // K's body
//   }
//   __global__ void Persistent(State *S, Rec *R, dim3 G, P p) {
//     for each round: Body(<this block's original block of the round>, G, ...);
//                     grid barrier;
//                     all blocks run the round's records: T1 spreads child
//                     blocks, T2 child grids (or Fig. 7(b) picks per round);
//                     grid barrier
//   }
//   static cudaError_t Launch(dim3 G, dim3 B, size_t S, cudaStream_t St, P p)
//     -- dpopt::rt::launchPersistent (runtime/dpopt/persist.cuh): occupancy,
//        cooperative launch; with Fig. 7(a)'s host side, K itself when its
//        grid has no fewer blocks than can be resident
//
// and the host launch becomes Launch(G, B, S, St, p). The records run after
// the round's parent blocks have finished -- a schedule CUDA allows for an
// asynchronous launch (the parent cannot wait for its child on CUDA 12+).
// Each parent block gets a round of its own and every thread launches at
// most once per round (one launch site, not in a loop), so a thread's
// children keep their order and the list (one record per persistent thread)
// cannot overflow. The child runs as T3's team version (RemoveLaunchT3.h),
// with its shared arrays on top of the parent's when both functions' own
// static shared variables can move into one buffer (§2.3's "reuse": the
// parent's are dead while the round's children run), else separate from
// them (§2.3's "separate arrays").
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHPERSISTENT_H
#define DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHPERSISTENT_H

#include "RemoveLaunchPlan.h"
#include "RemoveLaunchT3.h"
#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// Why \p S's parent cannot run as a persistent grid that runs the child
/// (T1/T2), or nothing; then \p HostLaunches gets the host launches of the
/// parent in this file that will use the persistent version (at least one).
std::optional<std::string>
persistentBlocker(ProgramAnalysis &A, const LaunchSite &S,
                  std::vector<const LaunchSite *> *HostLaunches = nullptr);

/// §2.3's "reuse" scenario: the bytes of the parent's and the child's own
/// static shared variables, when both have some and all can move into one
/// buffer that the child then reuses after the round's parents.
std::optional<SharedReuse> persistentSharedReuse(ProgramAnalysis &A,
                                                 const LaunchSite &S);

/// True when \p S's child grid and block sizes are compile-time constants
/// (Fig. 7(a): the spread of child sizes is then known to be zero).
bool childSizeIsConstant(ProgramAnalysis &A, const LaunchSite &S);

/// Writes the persistent versions of parents, and the host launches' calls.
class PersistentWriter {
public:
  PersistentWriter(ProgramAnalysis &A, NameAllocator &Names,
                   BlockRunner &Blocks);

  /// Adds to \p Edits everything the decision \p D (with D.Persist set)
  /// needs, except the child's team version, which Blocks emits.
  llvm::Error add(const ParsedUnit &U, const SiteDecision &D, EditList &Edits);

  /// Adds the clones of device functions the parents' bodies call that read
  /// blockIdx or gridDim.
  llvm::Error emit(const ParsedUnit &U, EditList &Edits);

  bool empty() const { return Count == 0; }

private:
  ProgramAnalysis &A;
  NameAllocator &Names;
  BlockRunner &Blocks;
  BuiltinCloner Cloner;
  /// Identifiers shared by every persistent version (fresh against the
  /// working text).
  std::string State, Records, Round, OrigGrid, Rounds, OrigBlocks, Block, Work,
      Index, Rec, Grid, ChildBlock, First, Shmem, Stream, Resident, Per, Last,
      End, Take, SharedBuffer;
  unsigned Count = 0;
};

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHPERSISTENT_H
