//===- OwnStream.h - Streams a thread creates for one launch ----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Recursive CDP code (quicksort above all) gives each child its own stream
// so that siblings run concurrently:
//
//   cudaStream_t S;
//   cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
//   sort<<<1, 256, 0, S>>>(Left);
//   cudaStreamDestroy(S);
//
// A fresh non-blocking stream holds no earlier work and does not wait for
// the implicit stream, so a launch that is the only one into it is ordered
// after nothing: the child may start whenever the device likes, exactly as
// with cudaStreamFireAndForget. (Like fire-and-forget work, it still runs
// before the parent grid's tail launches.) This decides that a launch is
// such a launch, conservatively, from the caller's text.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_OWNSTREAM_H
#define DPOPT_ANALYSIS_OWNSTREAM_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// Why the launch \p Launch in \p Caller, whose stream expression (as
/// written) is \p Stream, is NOT the only launch into a non-blocking stream
/// the thread created for it; std::nullopt when it is. The conditions:
///  - \p Stream names a local cudaStream_t variable declared in \p Caller
///    itself (not captured from an enclosing function), not static, without
///    an initializer;
///  - every use of the variable is one of: '&S' as the first argument of a
///    cudaStreamCreateWithFlags call whose flags are the constant
///    cudaStreamNonBlocking (exactly one such call, itself a statement);
///    this launch's stream (the only launch into it); the argument of
///    cudaStreamDestroy;
///  - the creating statement is a statement of a { } block that contains
///    the launch in a later statement, with no loop between that block and
///    the launch, so each creation is followed by at most one launch;
///  - no cudaStreamDestroy call, and no case or default label, lies between
///    the creation and the launch;
///  - every cudaStreamDestroy call is a statement of its own;
///  - \p Caller has no goto.
/// When it is, \p Calls (if given) receives the creating and destroying
/// statements, in source order: nothing else uses the stream, so a pass that
/// takes the launch out of the stream may drop them.
std::optional<std::string>
notOwnStreamReason(const clang::CUDAKernelCallExpr *Launch,
                   const clang::Expr *Stream, const clang::FunctionDecl *Caller,
                   clang::ASTContext &Ctx,
                   std::vector<const clang::Stmt *> *Calls = nullptr);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_OWNSTREAM_H
