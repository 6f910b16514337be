//===- PendingLimit.h - Raising the pending-launch limit ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Rewritten code can keep more launches pending at once than the original:
// consolidated launches stay pending for every level of a recursion, and a
// continued kernel adds a tail launch per block and a level of nesting.
// Where host code in the file launches a kernel that reaches such code, the
// device runtime's pending-launch limit is raised first by a runtime
// function the pass names (consolidate: dpopt::rt::consPendingLimit(), to
// DPOPT_CONS_PENDING_LAUNCHES; continuation: dpopt::rt::contPendingLimit(),
// which also raises the device heap), unless the file sets that limit
// itself.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_PENDINGLIMIT_H
#define DPOPT_LIB_PASSES_PENDINGLIMIT_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Support/DiagnosticIds.h"
#include "dpopt/Support/Runtime.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace dpopt {

/// How one pass raises the limit: the runtime function called, and how
/// remarks describe what it does.
struct PendingRaise {
  const RuntimeEntry &Raise;
  llvm::StringRef Effect; // "to DPOPT_CONS_PENDING_LAUNCHES (65,536)"
};

/// Raises the limit before each host launch that reaches one of \p Kernels
/// (through calls and launches). \p What names them in remarks ("the
/// consolidated launches in"); \p Note receives the remark for each host
/// launch concerned.
void raisePendingLimit(
    ProgramAnalysis &A, EditList &Edits,
    llvm::ArrayRef<const clang::FunctionDecl *> Kernels, llvm::StringRef What,
    const PendingRaise &How,
    llvm::function_ref<void(const LaunchSite &, DiagId, const std::string &)>
        Note);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_PENDINGLIMIT_H
