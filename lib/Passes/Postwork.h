//===- Postwork.h - CDP1 postwork moved into a tail launch ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CDP1 code waits for a child grid with a device-side cudaDeviceSynchronize()
// and then runs the *postwork* (Wu, Li, Becchi, IPDPS'16, Fig. 1), which may
// read what the children wrote:
//
//   child<<<g, b>>>(Args...);
//   cudaDeviceSynchronize();
//   ...postwork...          // the thread's last statements
//
// CUDA 12+ has no device-side synchronization for sm_90. A grouped launch
// (consolidate) instead buffers the postwork's inputs with the work item and
// runs the postwork of every item in one kernel launched into
// cudaStreamTailLaunch after the consolidated child: a tail launch starts
// after its grid and everything that grid launched. Running each thread's
// postwork after *all* children (not only its block's) is one of the
// schedules the original allows: the postwork of different threads was
// never ordered, and no thread's postwork was needed by a child.
//
// Here is the shape check (which sites have postwork, and why one cannot
// move) and the code the move needs. The postwork's inputs are copied, not
// recomputed (the paper duplicates the prework): the prework may have side
// effects or read memory the children change.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_POSTWORK_H
#define DPOPT_LIB_PASSES_POSTWORK_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Passes/PassOptions.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Support/DiagnosticIds.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dpopt {

/// Working-text ranges [first, second).
using TextRanges = std::vector<std::pair<unsigned, unsigned>>;

/// The postwork after one launch.
struct Postwork {
  /// Working text of the cudaDeviceSynchronize() statement and every
  /// statement after it: [Begin, End). The statements after it start at
  /// CodeBegin (== End when there are none).
  unsigned Begin = 0, CodeBegin = 0, End = 0;
  /// The code the launching thread runs after the statements that hold the
  /// launch, out to the kernel's end: per enclosing { } block, innermost
  /// first, the working text [first, second) of its statements after the
  /// one that holds the launch (none where they do nothing). It is
  /// postwork too, and stays in the kernel for the threads that did not
  /// launch.
  TextRanges Outer;
  /// Local variables and parameters the postwork reads from before the
  /// launch, in order of first use.
  std::vector<const clang::VarDecl *> LiveIns;
  /// Built-in variables it reads (the launching thread's position).
  std::vector<BuiltinVar> Builtins;
};

/// What findPostwork saw: no legacy synchronization in the launching kernel
/// (neither set), postwork that can move (Found), or why the site must stay
/// (Blocker).
struct PostworkFinding {
  std::optional<Postwork> Found;
  std::optional<Refusal> Blocker;
};

/// The postwork of \p S when its kernel synchronizes on its children. With
/// \p BarriersAfter, '__syncthreads();' statements after the statements
/// that hold the launch count as doing nothing (not in Postwork::Outer): for
/// a caller that keeps them in place for every thread.
PostworkFinding findPostwork(const LaunchSite &S, ProgramAnalysis &A,
                             bool BarriersAfter = false);

/// True when a '#pragma dp consldt' on \p S or --consldt asks consolidate
/// for it.
bool consolidationAsked(const LaunchSite &S, const PassOptions &O);

/// The granularity consolidate gives \p S: its '#pragma dp consldt''s, else
/// --consldt's, else grid where a kernel launches itself and then waits for
/// that child (CDP1 postwork, findPostwork), else none. The default replaces
/// the continuation pass's tail launch per suspended block with one
/// consolidated launch and one postwork launch per level of the recursion
/// (docs/passes/consolidate.md has the measurements).
std::optional<Granularity> consolidationLevel(const LaunchSite &S,
                                              ProgramAnalysis &A,
                                              const PassOptions &O);

/// For a pass that runs before consolidate and rewrites launch statements
/// (threshold, coarsen): \p S is to be consolidated (consolidationLevel)
/// in a kernel that calls cudaDeviceSynchronize(), by a consolidate pass
/// later in the pipeline; consolidate moves the postwork only of 'launch;
/// cudaDeviceSynchronize();' as written. \p Pass is the asking pass's name.
std::optional<Refusal> postworkSiteBlocker(const LaunchSite &S,
                                           ProgramAnalysis &A,
                                           const PassOptions &O,
                                           llvm::StringRef Pass);

/// The record fields that carry \p P's inputs: the new ones (their names,
/// types and the expressions that fill them at the launch), and per
/// built-in and live-in, in that order, the field it is read from.
/// \p Existing names a field the record already has with a live-in's value
/// (a buffered launch argument that is just that variable), or "".
struct PostworkFields {
  std::vector<std::string> Names, Types, Values;
  std::vector<std::string> Reads;
};
PostworkFields postworkFields(
    const Postwork &P, const clang::ASTContext &Ctx, NameAllocator &Names,
    llvm::function_ref<std::string(const clang::VarDecl *)> Existing);

/// Names of what the move generates for one child's record type.
struct PostworkNames {
  /// The function that runs one item's postwork, the consolidated tail
  /// kernel (every item of a buffer) and the one-item tail kernel (for a
  /// thread whose item found no room), and the kernel such a thread
  /// launches instead of the child (it launches the child, then tail
  /// launches the one-item kernel).
  std::string Run, Consolidated, One, Alone;
};
PostworkNames postworkNames(NameAllocator &Names, llvm::StringRef Base);

/// The text of the postwork functions of \p P for records of type \p Rec
/// (whose '__args' has \p Fields): Run, Consolidated and One. \p Records,
/// \p Count, \p Mine and \p Item are fresh names.
std::string postworkFunctions(const ParsedUnit &U, const Postwork &P,
                              const PostworkFields &Fields,
                              const PostworkNames &N, llvm::StringRef Rec,
                              llvm::StringRef Records, llvm::StringRef Count,
                              llvm::StringRef Mine, llvm::StringRef Item);

/// The statement that tail-launches the consolidated postwork of \p Count
/// records at \p Records.
std::string postworkTailLaunch(unsigned SiteId, const PostworkNames &N,
                               llvm::StringRef Records, llvm::StringRef Count);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_POSTWORK_H
