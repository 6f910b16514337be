//===- BlockUniform.h - Values every thread of a block agrees on -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A pass that turns a kernel's early returns into jumps to its end (aggregate
// and consolidate count the thread out of its launch group there) keeps the
// thread alive past the block's later barriers. That is harmless when the
// whole block returns together, and hangs the block when only some threads
// do. This decides, conservatively, which returns the whole block takes.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_BLOCKUNIFORM_H
#define DPOPT_ANALYSIS_BLOCKUNIFORM_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace dpopt {

/// True when every thread of a block evaluates \p E, in \p Kernel's body, to
/// the same value: literals and constants, blockIdx, blockDim and gridDim,
/// parameters and locals never modified (locals with such an initializer),
/// operators over those, and loads at such addresses. A load counts because
/// another thread or grid writing the location while the block reads it
/// would be a race the program has anyway.
bool isBlockUniform(const clang::Expr *E, const clang::FunctionDecl *Kernel);

/// The first of \p Kernel's own early returns that some threads of a block
/// may take without the others: one under an if, loop or switch whose
/// condition is not block-uniform, or inside a loop. Null when none.
const clang::ReturnStmt *
divergentEarlyReturn(const clang::FunctionDecl *Kernel);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_BLOCKUNIFORM_H
