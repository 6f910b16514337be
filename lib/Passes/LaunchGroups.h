//===- LaunchGroups.h - Launches collected per group of threads -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aggregate and consolidate both turn a device-side launch into a record in a
// group of the parent's threads (a warp, a block, N consecutive blocks or the
// grid) and let the group's last thread launch one grid for all the records
// (runtime/dpopt/aggregate.cuh). They differ in what a record holds and in
// the grid launched for the records. What they share is here, written once:
//
//  - the blockers of the parent side (where the launch is, its stream, the
//    warp convergence the record step needs) and of the child side (what a
//    clone that runs the child's body for a record can copy);
//  - the record type and its maker;
//  - the statement that replaces the launch (record, or launch alone when
//    there is no room);
//  - the parent's prologue (set up the groups) and epilogue (count the
//    thread out; the last one calls the pass's launcher), and the rewrite of
//    every parent body around the site edits.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_LAUNCHGROUPS_H
#define DPOPT_LIB_PASSES_LAUNCHGROUPS_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Pragma/PragmaDirective.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Support/DiagnosticIds.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// Everything one run writes, named fresh against the working text.
struct GroupNames {
  explicit GroupNames(NameAllocator &A);
  std::string Grid, Block, Shmem, R, Records, Count, Blocks, Index, Group,
      Threshold, Mine, Local, Rank, Exit, Next, In, Warp, Last, Item, Threads,
      Concurrency, WantBlocks, WantThreads, Thread, LocalThread;
};

/// One grouped site.
struct GroupSite {
  const LaunchSite *S = nullptr;
  Granularity Level = Granularity::Block;
  /// N of multiblock:N (ignored for the other levels).
  uint64_t GroupBlocks = 0;
  /// The record type of the group's launches: the group takes room for its
  /// records when it is set up (rt::aggInitGroup).
  std::string Record;
  /// Multi-block only: the group's size is chosen at run time instead of
  /// GroupBlocks: the whole grid where its records fit in the group budget
  /// (rt::aggFittingGroupBlocks).
  bool Fit = false;
  /// With Fit: the parent block's threads, when every launch of the parent
  /// in the file has this one constant block size; the group size is then a
  /// compile-time constant (rt::aggFittingGroupBlocksFor), which costs the
  /// parent no registers.
  std::optional<uint64_t> FitBlockThreads;
  /// The site's group variable (shared memory) in its kernel.
  std::string Group;
  /// Records each thread may need: "1u", or DPOPT_AGG_LOOP_SLOTS in a loop.
  std::string PerThread;
  /// Records a warp or block group holds in all, when set ("256u"): the
  /// consolidation buffer's perBufferSize. Overrides PerThread.
  std::string Capacity;
  /// The threadIdx components (x = 1, y = 2, z = 4) every launching thread
  /// of the group's sites has one value of: the records are sized by the
  /// threads that can launch (guardedThreadAxes).
  unsigned GuardedAxes = 0;
  /// For a child run by a packed clone (aggregate): what a record counts in
  /// the group, its threads that do anything (rt::aggUsefulThreads, written
  /// in terms of the record GroupNames::R). Empty: its blocks.
  std::string RecordThreads;
  /// The function the group's last thread calls with the group, and what
  /// follows the group in that call (", 4u", ", n, a").
  std::string Launcher, LauncherArgs;
};

/// The grouped sites of one run, by the kernel they are in.
class GroupSiteTable {
public:
  /// Adds \p P; the index lets a later site of the same group widen it.
  size_t add(GroupSite P);
  GroupSite &site(size_t I) { return Sites[I]; }
  bool empty() const { return Sites.empty(); }
  /// The sites in \p Kernel, in the order they were added.
  std::vector<const GroupSite *> in(const clang::FunctionDecl *Kernel) const;
  /// The kernels with sites, in the order of their first site.
  llvm::ArrayRef<const clang::FunctionDecl *> parents() const {
    return Parents;
  }

private:
  std::vector<GroupSite> Sites;
  std::map<const clang::FunctionDecl *, std::vector<size_t>> ByParent;
  std::vector<const clang::FunctionDecl *> Parents;
};

/// The C++ spelling of \p T for generated declarations (no cv, full names);
/// with \p Name, a declaration of it ('int Name[4]').
std::string printedType(clang::QualType T, const clang::ASTContext &Ctx,
                        llvm::StringRef Name = "");

/// True when \p E has the same value in every thread of its kernel and
/// evaluating it again at the kernel's end gives that value with no side
/// effect (isStableExpr): the variables are parameters \p ParamOK accepts
/// and constants that are not local to a function. Built-ins are not uniform
/// here: in a clone that runs records, the body's blockDim (say) is the
/// record's, not the clone's.
bool isUniformArgument(
    const clang::Expr *E,
    llvm::function_ref<bool(const clang::ParmVarDecl *)> ParamOK);

/// Per child kernel of \p Sites (canonical declaration), per parameter:
/// true when every one of the sites that launch it passes a uniform value
/// (isUniformArgument) for it. Such a parameter is passed once, to the
/// group's launcher and the clone, rather than stored in every record. In
/// the child's own (recursive) launches, which run in its clone too, only
/// the child's parameters that are themselves passed once are uniform (the
/// others come from the records), so this is a fixed point. Unnamed
/// parameters are never passed once; one the child changes is fine (the
/// clone's body starts from a copy of it: bodyForLoop). With
/// \p SharedGroups (the sites of one parent and child may share a group and
/// its one launcher call), such sites must also pass one text for it.
std::map<const clang::FunctionDecl *, std::vector<bool>>
uniformParameters(llvm::ArrayRef<const LaunchSite *> Sites, bool SharedGroups);

/// The entries of \p All whose parameter is not passed once (\p Uniform,
/// from uniformParameters): the record's fields, or their types.
std::vector<std::string> notPassedOnce(const std::vector<std::string> &All,
                                       const std::vector<bool> &Uniform);

/// The parent-side checks both passes make. \p Asserted: the user said the
/// launches are independent (a pragma of the pass, or fire-and-forget).
/// \p PragmaText is the pass's pragma ("aggregate(...)") and \p Done its
/// participle ("aggregated") in the messages. A kernel that calls the legacy
/// cudaDeviceSynchronize() is refused unless \p MovesPostwork (the pass
/// checks it with findPostwork, Postwork.h). The enclosures around the
/// site are groupedEnclosureBlocker's.
std::optional<Refusal> groupedParentBlocker(const LaunchSite &S,
                                            ProgramAnalysis &A, bool Asserted,
                                            llvm::StringRef PragmaText,
                                            llvm::StringRef Done,
                                            bool MovesPostwork = false);

/// For passes whose record steps are enclosed (WarpConvergence.h): why
/// \p S's enclosures would hold a device-runtime call that stays
/// (enclosedRuntimeUseBlocker), or nothing. The launches of other sites of
/// the same kernel that the pass rewrites too (\p RewrittenOtherwise: no
/// blocker but this one stops them) and the calls of the streams the
/// threads created for such launches alone do not count.
std::optional<Refusal> groupedEnclosureBlocker(
    const LaunchSite &S, ProgramAnalysis &A,
    llvm::function_ref<bool(const LaunchSite &)> RewrittenOtherwise);

/// The child-side checks for a clone that runs the child's body once per
/// record with the built-ins of the record's launch. Records of different
/// block sizes are fine even where the child synchronizes its threads or
/// uses warp-level operations: the clone's threads past a smaller original
/// block leave the kernel first (needsLeavingThreads). \p SyncMoved: the
/// child's cudaDeviceSynchronize() is the one the pass moves (a recursive
/// kernel's postwork).
std::optional<Refusal> groupedChildBlocker(const LaunchSite &S,
                                           ProgramAnalysis &A,
                                           llvm::StringRef Doing,
                                           llvm::StringRef Done,
                                           bool SyncMoved = false);

/// True when the clone of \p S's child may run records of different block
/// sizes in one grid while the child synchronizes its threads or uses
/// warp-level operations: the block size is not a compile-time constant.
/// The clone's threads past a smaller original block then leave the kernel
/// before its code (leaveBeyondRecord), and count out of the clone's own
/// groups with the record's size (groupEpilogue's Participants).
bool needsLeavingThreads(const LaunchSite &S, ProgramAnalysis &A);

/// The statement that makes the threads of a clone's block past its
/// record's block (\p Participants threads, rt::aggParticipants) leave the
/// kernel: a barrier waits only for the threads that have not exited (PTX
/// ISA, "barrier"), as in the original grid, where those threads did not
/// exist. \p Rank is the thread's rank in its block; \p Indent prefixes
/// each line.
std::string leaveBeyondRecord(llvm::StringRef Rank,
                              llvm::StringRef Participants,
                              llvm::StringRef Indent);

/// Deletes the statements that create and destroy the stream of \p S, a
/// launch into a stream its thread created for it alone, which the pass
/// takes out of that stream (droppableOwnStreamCalls, SiteChecks.h).
llvm::Error dropOwnStreamCalls(const ParsedUnit &U, ProgramAnalysis &A,
                               const LaunchSite &S, EditList &Edits);

/// "aggregate(...)" and such: the expression naming the site's group.
std::string groupRef(const GroupSite &P);

/// A clone's grid-wide sites, whose groups the thread that launches the
/// clone sets up and passes to it (rt::aggNewGridGroup), each with the name
/// of the clone's parameter and the launcher's local that carry its slot.
/// Every block of a wide clone would otherwise look its groups up in the
/// group table at its start.
class PassedGroups {
public:
  /// The grid-wide sites among \p Own (a clone's own sites), named by \p A.
  PassedGroups(const std::vector<const GroupSite *> &Own, NameAllocator &A);

  /// The launcher's statements (each ending in "\n  ") that take the slots
  /// for a clone of \p Blocks blocks of \p Threads threads (1-D) launched
  /// for \p Records; \p PerThread gives a site's records per thread as the
  /// clone's blocks would compute them.
  std::string
  take(llvm::StringRef Blocks, llvm::StringRef Threads, llvm::StringRef Records,
       llvm::function_ref<std::string(const GroupSite &)> PerThread) const;
  /// ", rt::AggTableSlot *Name" per site: the clone's extra parameters.
  std::string params() const;
  /// ", Name" per site: the launch's extra arguments.
  std::string args() const;
  /// Per site of the clone (in the order given to the constructor): the
  /// parameter that carries its slot, or "" when it is not passed. For
  /// groupPrologue.
  llvm::ArrayRef<std::string> perSite() const { return PerSite; }

private:
  std::vector<std::pair<const GroupSite *, std::string>> Slots;
  std::vector<std::string> PerSite;
};

/// Sets up the groups of \p Sites at the start of a kernel. A site whose
/// entry in \p Passed (parallel to \p Sites, when given) is not empty gets
/// its group's slot from that kernel parameter (PassedGroups) instead of
/// looking it up.
std::string groupPrologue(const std::vector<const GroupSite *> &Sites,
                          llvm::ArrayRef<std::string> Passed = {});

/// Counts the thread out of each group; the last one calls the launcher.
/// \p Last names the slot of a multi-block or grid group that the last
/// block gets. \p Participants, when given, is the number of the block's
/// first threads that count out (the others have left the kernel);
/// otherwise every thread of the block does.
std::string groupEpilogue(const std::vector<const GroupSite *> &Sites,
                          const std::string &Last,
                          const std::string &Participants = "");

/// A record: the launch configuration (rt::AggConfig) and \p Fields of
/// \p Types in '__args'; its maker \p Make takes the configuration and the
/// fields. \p Comment heads the declarations.
std::string recordSupport(llvm::StringRef Comment, llvm::StringRef Rec,
                          llvm::StringRef Make,
                          const std::vector<std::string> &Fields,
                          const std::vector<std::string> &Types,
                          const GroupNames &G);

/// The statement that replaces \p S's launch: make the record from
/// \p MakeArgs (the launch's per-record arguments) and add it to the group;
/// without room the thread launches \p Callee with \p FallbackArgs (written
/// in terms of the record \p G.R) itself. \p Comment is the first line.
std::string recordStatement(const GroupSite &P, llvm::StringRef Comment,
                            llvm::StringRef Rec, llvm::StringRef Make,
                            llvm::StringRef MakeArgs, llvm::StringRef Callee,
                            llvm::StringRef FallbackArgs, const GroupNames &G);
/// The same with \p Fallback, a statement, run when there is no room.
std::string recordStatement(const GroupSite &P, llvm::StringRef Comment,
                            llvm::StringRef Rec, llvm::StringRef Make,
                            llvm::StringRef MakeArgs, llvm::StringRef Fallback,
                            const GroupNames &G);

/// Rewrites every kernel with sites in \p Sites: its body with \p SiteEdits
/// applied, made to reach the epilogue on every way out, between the
/// prologue and the epilogue of its sites.
llvm::Error rewriteGroupParents(const ParsedUnit &U,
                                const GroupSiteTable &Sites,
                                const EditList &SiteEdits, llvm::StringRef Tag,
                                const GroupNames &G, EditList &Edits);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_LAUNCHGROUPS_H
