//===- ThreadCount.h - The number of threads a launch wants -----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Olabi et al. §III-D: programmers size a child grid by ceiling division of
// the number of threads they want by the block size, written as
//   (N - 1) / b + 1,  (N + b - 1) / b,  N / b + (N % b == 0 ? 0 : 1),
//   ceil((float)N / b),  ceil(N / (float)b),  or dim3(...) of these,
// inline or through local variables defined before the launch. This finds N
// (one per grid dimension) so threshold can compare it with the threshold.
// It is a heuristic for a performance decision only: whatever it finds, the
// rewritten launch computes the same grid.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_THREADCOUNT_H
#define DPOPT_ANALYSIS_THREADCOUNT_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dpopt {

struct LaunchSite;

struct DesiredThreads {
  /// N of each ceiling division; the desired thread count is their product.
  /// Each is either inside the launch's grid expression (InLaunch: the
  /// rewrite evaluates it once and substitutes it there) or in the
  /// initializer of a local variable the grid expression names, and then
  /// only pure reads of values that cannot have changed since (Stable).
  struct Part {
    const clang::Expr *N = nullptr;
    bool InLaunch = false;
  };
  std::vector<Part> Parts;
  /// Why nothing was found, when Parts is empty.
  std::string Why;

  bool found() const { return !Parts.empty(); }
};

DesiredThreads findDesiredThreads(const LaunchSite &Site);

/// If \p E is one of the ceiling-division forms above, its N; else null.
const clang::Expr *matchCeilDivision(const clang::Expr *E,
                                     const clang::ASTContext &Ctx);

/// True when evaluating \p E again later in \p Scope gives the same value
/// without side effects: literals, constants, variables of \p Scope that are
/// never modified, and arithmetic on them.
bool isStableExpr(const clang::Expr *E, const clang::Stmt *Scope);

/// The same walk with the variables \p VarOK accepts (non-volatile, not
/// references): literals, enumerators, addresses of globals, and
/// arithmetic, casts without conversion functions, '.' members and trivial
/// copies of stable expressions. \p LeafOK, when given, accepts further
/// subexpressions as they are (IdleThreads: reads of the built-in indices).
bool isStableExpr(
    const clang::Expr *E,
    llvm::function_ref<bool(const clang::VarDecl *)> VarOK,
    llvm::function_ref<bool(const clang::Expr *)> LeafOK = nullptr);

/// The threads of a grid or block written as a compile-time constant (a
/// positive integer, or dim3(...) of positive integers), or nothing.
std::optional<uint64_t> constantThreadCount(const clang::Expr *Config,
                                            const clang::ASTContext &Ctx);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_THREADCOUNT_H
