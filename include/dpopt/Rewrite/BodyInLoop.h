//===- BodyInLoop.h - A kernel body run once per loop iteration -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// threshold and coarsen run a kernel's body once per iteration of a loop (per
// serialized child thread, per original block). Two things must keep their
// meaning there:
//
//  - 'return' ends one iteration, not the function: each return of the body
//    (not those of lambdas inside it) becomes 'goto <label>;' to a label that
//    ends the iteration;
//  - each GPU thread had its own copy of the parameters: a parameter the body
//    modifies is copied afresh at the start of every iteration.
//
// (A first version ran the body in an immediately invoked '[=]() mutable'
// lambda, which gives both for free; on an H200 with CUDA 13.0 that made
// some device-side launches of the enclosing kernel hang, see
// docs/passes/threshold.md.)
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_BODYINLOOP_H
#define DPOPT_REWRITE_BODYINLOOP_H

#include "dpopt/Rewrite/EditList.h"

#include "clang/AST/Decl.h"
#include "llvm/Support/Error.h"

#include <string>

namespace dpopt {

class ParsedUnit;

struct LoopBody {
  /// Declarations to put in the iteration's scope, before Body.
  std::string Prologue;
  /// The body, braces included, to follow Prologue.
  std::string Body;
  /// The body jumps to the label (it had returns): the label must follow.
  bool NeedsLabel = false;

  /// Prologue, body and (when used) the label, indented for a loop body.
  std::string text(llvm::StringRef Label) const {
    return Prologue + "    " + Body +
           (NeedsLabel ? "\n    " + Label.str() + ":;" : "");
  }
};

/// Makes \p Def's body (with \p Edits inside it applied too) safe to run
/// once per iteration of a loop whose iteration ends at \p Label. Fails when
/// a return is written inside a macro.
llvm::Expected<LoopBody> bodyForLoop(const ParsedUnit &U,
                                     const clang::FunctionDecl *Def,
                                     const EditList &Edits,
                                     llvm::StringRef Label,
                                     llvm::StringRef ParamPrefix);

/// Why \p Def's body cannot be made a loop body, or nothing (for
/// assessments, before any text is written).
std::optional<std::string> loopBodyBlocker(const ParsedUnit &U,
                                           const clang::FunctionDecl *Def);

} // namespace dpopt

#endif // DPOPT_REWRITE_BODYINLOOP_H
