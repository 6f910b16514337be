//===- WarpConvergence.h - Lanes leave a statement together ----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CUDA 13's device runtime hangs a warp when some of its lanes are inside a
// device-side launch (or another device-runtime call) while others run
// ordinary code on another path (docs/cdp2-semantics.md): the lanes in the
// runtime wait for the others, which are never scheduled. Unchanged programs
// rarely get there, because the compiler makes lanes that skip a branch wait
// for the lanes in it; code dpopt puts into a branch (aggregation's record
// step, with its atomics loops) can lose that wait, and the lanes that
// skipped the branch run on into their own launches.
//
// So dpopt encloses the branches around such code:
//
//   { const unsigned M = __activemask();
//     if (...) { ... } dpopt::rt::syncLanes(M); }
//
// The lanes that enter the statement together leave it together. This is
// only correct when every lane that enters the statement reaches its end:
// no return, goto, or break/continue out of it.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_WARPCONVERGENCE_H
#define DPOPT_REWRITE_WARPCONVERGENCE_H

#include "dpopt/Rewrite/EditList.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace dpopt {

class ParsedUnit;

/// True when every lane that starts \p S ends it: no return, goto,
/// indirect goto, or break/continue whose target lies outside \p S.
bool leavesOnlyAtItsEnd(const clang::Stmt *S);

/// Why \p S cannot be enclosed (it can be left early, or its end is not
/// in the text), or nothing.
std::optional<std::string> enclosureBlocker(const ParsedUnit &U,
                                            const clang::Stmt *S);

/// Encloses each statement of \p Scopes (statements in a function body that
/// enclosureBlocker accepts) as above, with \p Mask as the mask's (fresh) name.
/// Nested scopes are fine: an inner one closes first.
llvm::Error encloseForConvergence(const ParsedUnit &U,
                                  llvm::ArrayRef<const clang::Stmt *> Scopes,
                                  llvm::StringRef Mask, EditList &Edits);

} // namespace dpopt

#endif // DPOPT_REWRITE_WARPCONVERGENCE_H
