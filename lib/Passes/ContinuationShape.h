//===- ContinuationShape.h - Where a CDP1 kernel waits -------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The decision half of the continuation pass (ContinuationPass.cpp writes):
// for each kernel of the main file that calls the legacy device-side
// cudaDeviceSynchronize() itself, which waits can simply go and which end a
// phase of the kernel, the points where a thread may be suspended (the
// waits and the __syncthreads() barriers), the locals that are in scope at
// such a point (they are kept in the thread's frame), the kernel's
// __shared__ variables (saved with the block) -- or why the kernel must stay
// as it is.
//
// A wait is *dead* when nothing but barriers, empty statements and
// 'return;' can follow it to the kernel's end: a CDP2 grid is complete only
// after its children, so dropping the wait changes nothing anyone can see.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_LIB_PASSES_CONTINUATIONSHAPE_H
#define DPOPT_LIB_PASSES_CONTINUATIONSHAPE_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Support/DiagnosticIds.h"

#include "clang/AST/Stmt.h"

#include <optional>
#include <string>
#include <vector>

namespace dpopt {

struct ContinuationShape {
  /// The kernel's written definition.
  const clang::FunctionDecl *Kernel = nullptr;
  /// Wait statements ('cudaDeviceSynchronize();') that go, and those that
  /// end a phase, in source order.
  std::vector<const clang::Stmt *> DeadSyncs, LiveSyncs;
  /// '__syncthreads();' statements (a thread may suspend at each).
  std::vector<const clang::Stmt *> Barriers;
  /// Calls of cudaGetLastError() and cudaPeekAtLastError() in the kernel's
  /// body: the thread's last error is carried into the next phase.
  std::vector<const clang::CallExpr *> ErrorCalls;
  /// The kernel's 'return;' statements.
  std::vector<const clang::ReturnStmt *> Returns;
  /// Locals in scope at a suspension point, in source order, and every
  /// reference to them.
  std::vector<const clang::VarDecl *> Hoisted;
  std::vector<const clang::DeclRefExpr *> HoistedUses;
  /// The declarations that declare them (each replaced by assignments).
  std::vector<const clang::DeclStmt *> HoistedDecls;
  /// The kernel's static __shared__ locals (moved to file scope, saved with
  /// the block), their uses, and whether it declares dynamic shared memory.
  std::vector<const clang::VarDecl *> Shared;
  std::vector<const clang::DeclStmt *> SharedDecls;
  std::vector<const clang::DeclRefExpr *> SharedUses;
  bool DynamicShared = false;
  /// Why the kernel stays as it is (the waits stay too); set only when it
  /// has live waits.
  std::optional<Refusal> Blocker;
  /// Set when a later pass of the pipeline handles the kernel's wait
  /// (consolidate moves its postwork): why, for the remark. The kernel then
  /// stays as it is here.
  std::optional<std::string> LeftTo;
  /// Where remarks about the kernel go: its first live wait, else its first
  /// wait.
  clang::SourceLocation At;

  bool continues() const { return !LiveSyncs.empty() && !Blocker && !LeftTo; }
};

/// Every function defined in the main file whose own body calls
/// cudaDeviceSynchronize(), in source order, with its shape. A device
/// function's waits stay (a phase is a kernel's): it is listed blocked.
std::vector<ContinuationShape> findContinuations(ProgramAnalysis &A);

} // namespace dpopt

#endif // DPOPT_LIB_PASSES_CONTINUATIONSHAPE_H
