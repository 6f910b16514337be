//===- ParameterAccesses.h - Memory reached from the arguments -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every memory access of a small kernel's body, written as an lvalue over the
// kernel's parameters alone ('*Sum', 'Out[Level * 2 + 1]', 'P->Count'), so
// that generated code can compute, from one launch's arguments and before
// running it, each address the launch would read or write. flatten-recursion
// uses it to run the gathered tail launches of a grid's blocks at once when
// their addresses show that no two of them touch the same memory with a
// write (docs/passes/flatten-recursion.md).
//
// An access is listed only when its address is certain: the pointer and the
// index are built from the parameters, constants and operators only (no
// memory read, call, local or global in them), and no parameter is ever
// changed. Accesses under conditions are listed too (a superset is safe).
// Anything else -- a call other than an atomic, a pointer kept in a local, a
// global variable, a macro -- makes the whole body unknown.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_PARAMETERACCESSES_H
#define DPOPT_LIB_PASSES_PARAMETERACCESSES_H

#include "dpopt/Frontend/ParseSession.h"

#include "clang/AST/Decl.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// One access: the lvalue as written, the parameters it names, its type's
/// size in bytes, and whether it may write.
struct MemoryAccess {
  std::string Lvalue;
  std::vector<const clang::ParmVarDecl *> Params;
  uint64_t Bytes = 0;
  bool Write = false;
};

/// The accesses of \p Kernel's body, or nothing (then \p Why, if given, says
/// which construct stops it).
std::optional<std::vector<MemoryAccess>>
parameterAccesses(const ParsedUnit &U, const clang::FunctionDecl *Kernel,
                  std::string *Why = nullptr);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_PARAMETERACCESSES_H
