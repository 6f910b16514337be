//===- SiteChecks.h - When a device-side launch can be rewritten -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The conditions every pass that replaces a device-side launch statement and
// copies the child's body shares. Each returns the reason a site must be left
// unchanged, with its id -- it becomes a "missed" remark -- or nothing.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_SITECHECKS_H
#define DPOPT_PASSES_SITECHECKS_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Support/DiagnosticIds.h"

#include <optional>
#include <string>

namespace dpopt {

/// The launch statement itself: device side, a statement of its own, not in
/// a macro, not in a __host__ __device__ function, not switched off, and a
/// kernel whose definition is in this file.
std::optional<Refusal> launchStatementBlocker(const LaunchSite &Site,
                                              ProgramAnalysis &A);

/// '#pragma dp skip(...)' or a --tuning entry's skip(...) naming \p Pass:
/// the pass leaves the launch alone (the others still may transform it).
std::optional<Refusal> skipBlocker(const LaunchSite &Site,
                                   llvm::StringRef Pass);

/// The part of launchStatementBlocker about how the launch is written, for
/// host launches too: '#pragma dp off', a macro, inside a larger expression.
std::optional<Refusal> launchFormBlocker(const LaunchSite &Site);

/// For a launch into a stream variable: "; it is not a stream the thread
/// created ...: <why>" (empty when dpopt has no reason to give).
std::string ownStreamNote(const LaunchSite &Site);

/// For a pass that runs the child's work before the launching thread goes
/// on (threshold's serial path, remove-launch): why the launch's stream
/// forbids that, or nothing. Only the implicit stream (whose order among the
/// launches of one thread the pass keeps) and cudaStreamFireAndForget allow
/// it; a tail launch must run after the whole parent grid and its other
/// children, and a device-created stream may order the child after launches
/// of other threads.
std::optional<Refusal> earlyRunStreamBlocker(const LaunchSite &Site);

/// For a pass that makes a thread do something between its launches that
/// CUDA 13 does not survive before a tail launch of the same grid -- run a
/// child grid serially (threshold, remove-launch's T4) or move the launch to
/// the end of the kernel (aggregate): the first tail launch that code running
/// \p Site can also make, as "'K' tail-launches at file:line", or nothing. On
/// an H200 with CUDA 13.0 both shapes hung where the original ran
/// (docs/cdp2-semantics.md).
std::optional<Refusal> tailLaunchBlocker(ProgramAnalysis &A,
                                         const LaunchSite &Site);

/// For a pass that runs a child grid serially in the launching thread
/// (threshold, remove-launch's T4): a launch on another path of an 'if' or
/// 'switch' around \p Site (written there, or made by a function called
/// there), which warp-mates of the serial lanes could be inside while those
/// run their child; CUDA 13 hung such warps (docs/cdp2-semantics.md). Only
/// the branches in \p Site's own function are seen.
std::optional<Refusal> siblingLaunchBlocker(ProgramAnalysis &A,
                                            const LaunchSite &Site);

/// For a pass that encloses the statements around \p Site so that their
/// lanes leave together (WarpConvergence.h: aggregate, remove-launch's T4):
/// a launch elsewhere, or any other device-runtime call, in a statement it
/// would enclose, as the remark's reason, or nothing. Lanes held at an
/// enclosure's end while warp-mates were inside such calls hung warps on
/// CUDA 13 (tester seeds 4, 11, 48, 77, 100; docs/cdp2-semantics.md).
/// Statements in \p Dropped are deleted or rewritten by the pass (and the
/// calls around them, dpopt's wrappers) and not counted.
std::optional<Refusal>
enclosedRuntimeUseBlocker(ProgramAnalysis &A, const LaunchSite &Site,
                          llvm::ArrayRef<const clang::Stmt *> Dropped = {});

/// For a pass that counts a thread out of its launch group at the end of
/// \p Site's kernel (aggregate, consolidate): the kernel's first early
/// `return` and a device-runtime call elsewhere in it (a launch that is not
/// in \p Dropped, or any other call), as the remark's reason, or nothing.
/// A thread that returns early reaches the group's epilogue, where it waits
/// for its warp-mates (syncLanes), while they may still be inside that
/// call: CUDA 13 hung such warps (tester seed 1074 program 3,
/// docs/cdp2-semantics.md).
std::optional<Refusal>
earlyExitRuntimeUseBlocker(ProgramAnalysis &A, const LaunchSite &Site,
                           llvm::ArrayRef<const clang::Stmt *> Dropped = {});

/// For a pass that turns the early returns of \p Kernel into jumps to the
/// kernel's end, where the thread still has work to do (aggregate and
/// consolidate count it out of its launch group there; their clones run
/// the child's body the same way): an early return together with a
/// barrier, which the thread would then never reach while its block waits
/// for it, as the remark's reason, or nothing. \p Role names the kernel
/// ("the parent 'k'", "'k'").
std::optional<Refusal>
earlyExitBarrierBlocker(ProgramAnalysis &A, const clang::FunctionDecl *Kernel,
                        const std::string &Role);

/// For a launch into a stream its thread created for it alone (OwnStream):
/// the creating and destroying statements, which a pass that takes the
/// launch out of the stream (aggregate, consolidate) deletes, since nothing
/// uses the stream any more. Empty for other launches, and where the
/// caller reads the thread's last error (which a failed creation sets).
std::vector<const clang::Stmt *>
droppableOwnStreamCalls(ProgramAnalysis &A, const LaunchSite &Site);

/// A loop that launches besides \p Site, in the site's function or in a
/// kernel launched in this file that runs it: lanes leave such a loop at
/// different iterations, so a thread that runs the site's child serially
/// could do so while warp-mates are inside a launch (differential tester,
/// seed 6307 program 7, remove-launch T4: hung 2 of 2 runs, 2026-11-29).
std::optional<Refusal> loopedLaunchBlocker(ProgramAnalysis &A,
                                           const LaunchSite &Site);

/// tailLaunchBlocker, loopedLaunchBlocker and siblingLaunchBlocker, with the
/// consequence written out: why the launching thread must not run \p Site's
/// child serially, or nothing.
std::optional<Refusal> serialLaneBlocker(ProgramAnalysis &A,
                                         const LaunchSite &Site);

/// The block size, in threads, of every launch of kernel \p K in this file,
/// when there is at least one and they all have one compile-time constant
/// size (a launch in another file is not seen).
std::optional<uint64_t> launchBlockThreads(ProgramAnalysis &A,
                                           const clang::FunctionDecl *K);

/// The most threads per block a launch of \p Kernel accepts: 1,024, or its
/// __launch_bounds__ when that is a constant.
unsigned maxBlockThreads(const clang::FunctionDecl *Kernel);

/// What in a child's code (its facts \p F) dpopt cannot see through when it
/// moves the child's body somewhere else: cooperative groups, inline
/// assembly (\p AsmEffect, e.g. ", which could read the block index", says
/// why it matters to the pass) or a call dpopt cannot see into. \p Name is
/// the child's quoted name.
std::optional<Refusal> opaqueCodeBlocker(const WorkingCopy &WC,
                                         const FunctionFacts &F,
                                         const std::string &Name,
                                         llvm::StringRef AsmEffect);

/// For a pass that runs a child's threads in another thread (serially, or
/// in the parent's block): why a child whose facts are \p F cannot be --
/// it calls the device runtime, whose per-thread state (the last error,
/// say) would be the parent thread's -- or nothing. \p Name is quoted.
std::optional<Refusal> runtimeCallBlocker(const WorkingCopy &WC,
                                          const FunctionFacts &F,
                                          const std::string &Name);

/// Where something is, for remarks: "file:line".
std::string whereIs(const WorkingCopy &WC, clang::SourceLocation Loc);

} // namespace dpopt

#endif // DPOPT_PASSES_SITECHECKS_H
