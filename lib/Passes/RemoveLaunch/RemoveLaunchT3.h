//===- RemoveLaunchT3.h - The parent block runs its threads' children -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// remove-launch T3 (Chen & Shen's CKi -> PBi): the threads of the parent
// block run, together, every child grid a thread of the block launched at
// the site. It is the technique for children whose threads wait for each
// other (__syncthreads) or share memory, which T4 cannot run in one thread.
//
// At the site, which every thread of the parent block must reach (see
// t3SiteBlocker),
//
//   if (c) { x = 1; child<<<grid, block>>>(a0, a1); } else y = 2;
//
// becomes
//
//   { bool L = false; dim3 G, B; T0 A0{}; T1 A1{};
//     if (c) { x = 1; { L = true; G = dim3(grid); B = dim3(block);
//                       A0 = a0; A1 = a1; } } else y = 2;
//     __dpopt_block_child(L, G, B, A0, A1); }
//
// __dpopt_block_child records which threads launched (shared memory), and
// after a __syncthreads() the block takes the launches in thread order: the
// launching thread publishes its configuration and arguments in shared
// memory, and every thread calls __dpopt_team_child, which runs the child's
// blocks one after another with the block's threads as the child's threads
// (threadIdx, blockIdx, blockDim, gridDim shadowed as in Serializer.h) and a
// __syncthreads() after each child block. A child block smaller than the
// parent block uses its first threads; the child's __syncthreads() becomes
// a partial barrier of exactly those threads (PTX 'barrier.sync 1, count'),
// so the idle threads do not take part. A child block larger than the
// parent block is looped over when the child has no barriers, and stops
// the kernel (__trap) otherwise -- it cannot be run without splitting the
// child at its barriers, which dpopt does not do.
//
// The child's __shared__ arrays stay declared in its copied body: they are
// the paper's "separate arrays" (§2.3), allocated next to the parent's.
//
// The partial barrier is a generated one-line function next to the team
// version rather than a runtime header, so that T3 output needs no include
// beyond what the file has.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHT3_H
#define DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHT3_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/SharedBuffer.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// Where a T3 site is: [Begin, End) of the working text is the top-level
/// statement of the kernel that contains the launch (the launch itself when
/// TopLevel).
struct T3Shape {
  unsigned Begin = 0, End = 0;
  bool TopLevel = false;
};

/// Why a value of type \p T cannot be copied through a __shared__ variable
/// or a record (no initializer, so no constructor, may run).
std::optional<std::string> parameterTypeBlocker(const clang::ASTContext &Ctx,
                                                clang::QualType T);

/// True when \p S contains a goto (not counting lambdas in it).
bool containsGoto(const clang::Stmt *S);

/// Why the block of \p S's caller cannot run the child at the site, or
/// nothing (then \p Out is filled in). Every thread of the block must reach
/// the site once: it must be in a top-level statement of the kernel, on a
/// path of if/else branches and blocks (no loops or switches) that the
/// launch ends; no return may come before the end of that statement, the
/// statement holds no other launch, and the kernel has no goto, no inline
/// asm (named barriers) and no call dpopt cannot see into.
std::optional<std::string>
t3SiteBlocker(ProgramAnalysis &A, const LaunchSite &S, T3Shape *Out = nullptr);

/// Why the block cannot run \p S's child as a team: warp-level operations,
/// cooperative groups, inline asm, launches, calls dpopt cannot see into,
/// dynamic shared memory, barriers other than __syncthreads() in its own
/// body, and -- with barriers -- a block size that is not a constant
/// multiple of 32 or an early return; parameter types that cannot live in
/// shared memory; shared memory that would not fit or that the parent uses
/// too. With \p ParentDynamicShared, the parent's dynamic shared memory is
/// no reason (a persistent parent's launch finds out at run time whether
/// it fits next to the child's, and launches the original otherwise).
std::optional<std::string> t3ChildBlocker(ProgramAnalysis &A,
                                          const LaunchSite &S,
                                          bool ParentDynamicShared = false);

/// §2.3 save/restore for T3: the parent's and the child's own shared
/// variables, when they do not fit side by side (with the launch record) in
/// 48 KiB but do on top of each other, both can move into one buffer (see
/// SharedBuffer.h), and the parent has this one launch.
std::optional<SharedReuse> t3SaveRestore(ProgramAnalysis &A,
                                         const LaunchSite &S);

/// What the remark for a T3 site should add: for a child that synchronizes,
/// that its block must fit in the parent block (checked when it runs).
std::string t3Note(ProgramAnalysis &A, const LaunchSite &S);

/// Plans and writes the block and team versions of the children T3 runs.
class BlockRunner {
public:
  BlockRunner(ProgramAnalysis &A, NameAllocator &Names);

  /// The name of \p Child's block version, planned on the first request.
  /// With \p SaveBytes, the save/restore version (§2.3): it takes the
  /// parent's shared buffer first, saves its first SaveBytes bytes before the
  /// child runs on top of them and restores them after.
  llvm::Expected<std::string> request(const clang::FunctionDecl *Child,
                                      uint64_t SaveBytes = 0);
  /// The name of \p Child's team version alone (T1 and T2 call it with the
  /// child blocks a persistent block runs):
  ///   team(dim3 Grid, dim3 Block, unsigned long long First,
  ///        unsigned long long Count, <the child's parameters>)
  /// runs child blocks [First, First + Count) (linear, x fastest) of the grid.
  /// With \p InBuffer, the version that takes an `unsigned char *` buffer
  /// after Count and keeps the child's shared variables in it (see
  /// SharedBuffer.h); fails when they cannot be moved there.
  llvm::Expected<std::string> requestTeam(const clang::FunctionDecl *Child,
                                          bool InBuffer = false);

  /// Adds to \p Edits the rewrite of the site \p Shape of \p S: the launch
  /// becomes a record of it, and the child's block version (requested here)
  /// runs the records after the top-level statement. With save/restore
  /// (t3SaveRestore), the parent's shared variables move into a buffer its
  /// body declares, which the block version is given.
  /// A launch whose grid the GPU would reject -- or, with \p SizeFallback,
  /// one of more than DPOPT_BLOCK_RUN_LIMIT threads -- is launched as written
  /// by its thread instead of recorded.
  llvm::Error rewriteSite(const ParsedUnit &U, const LaunchSite &S,
                          const T3Shape &Shape, bool SizeFallback,
                          EditList &Edits);

  /// Whether a site rewritten so far checks DPOPT_BLOCK_RUN_LIMIT, and where
  /// its default must be defined (before the first such site's kernel).
  bool usesBlockRunLimit() const { return LimitAt != ~0u; }
  unsigned limitMacroAt() const { return LimitAt; }

  /// Adds the planned versions after their children's definitions, and the
  /// clones of the device functions they call.
  llvm::Error emit(const ParsedUnit &U, EditList &Edits,
                   llvm::StringRef PassName);

private:
  struct Plan {
    const clang::FunctionDecl *Child = nullptr;
    std::string Block, Team, Barrier;
    /// The child's __syncthreads() calls become calls of Barrier.
    bool HasBarriers = false;
    /// T3 asked for the block version too.
    bool NeedsBlock = false;
    /// The child's shared variables live in a buffer parameter.
    bool InBuffer = false;
    /// For the block version of an InBuffer plan: the bytes it saves.
    uint64_t SaveBytes = 0;
  };
  using PlanKey = std::pair<const clang::FunctionDecl *, bool>;
  llvm::Error recordSite(const ParsedUnit &U, const LaunchSite &S,
                         const T3Shape &Shape, llvm::StringRef BlockName,
                         bool SizeFallback, EditList &Edits,
                         llvm::StringRef SavedBuffer) const;
  llvm::Expected<std::string> teamBody(const ParsedUnit &U,
                                       const Plan &P) const;
  std::string blockBody(const Plan &P) const;

  ProgramAnalysis &A;
  NameAllocator &Names;
  /// Identifiers of the generated code (fresh against the working text).
  std::string GridDim, BlockDim, Bx, By, Bz, T, Self, Team, Size, Next, In,
      Flags, Config, Slot, Launching, Grid, Block, Arg, First, Count, Total,
      End, Linear, SharedBuffer, Any, Stash, Shmem, Stream;
  unsigned LimitAt = ~0u;
  BuiltinCloner Cloner;
  std::map<PlanKey, Plan> Plans;
  std::vector<PlanKey> Order;
  /// The partial-barrier function of each child (canonical).
  std::map<const clang::FunctionDecl *, std::string> Barriers;
};

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_REMOVELAUNCH_REMOVELAUNCHT3_H
