//===- LocalVariables.h - Seeing through local definitions ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Launch configurations are often built in local variables first
// (dim3 grid(n / 256 + 1); kid<<<grid, 256>>>(...)). Looking through such a
// variable to its initializer is only sound when nothing changes the variable
// after its definition; this decides that conservatively: any use that is not
// plainly a read counts as a change.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_LOCALVARIABLES_H
#define DPOPT_ANALYSIS_LOCALVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <utility>

namespace dpopt {

/// True when every use of \p VD inside \p Scope reads it.
bool isNeverModified(const clang::VarDecl *VD, const clang::Stmt *Scope);

/// If \p E names a local variable of \p Scope that has an initializer and is
/// never modified, the initializer (implicit nodes stripped); else null.
const clang::Expr *localDefinition(const clang::Expr *E,
                                   const clang::Stmt *Scope);

/// How many of x, y, z a grid or block expression may set to something other
/// than 1, looking through unmodified local variables; {3, false} when it
/// cannot tell.
std::pair<unsigned, bool> configDimensions(const clang::Expr *E,
                                           const clang::Stmt *Scope);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_LOCALVARIABLES_H
