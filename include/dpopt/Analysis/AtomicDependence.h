//===- AtomicDependence.h - Launches decided by atomics ---------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Whether a device-side launch happens can hang on the value an atomic
// operation returned: recursive graph searches launch for a vertex only when
// their atomicMin or atomicCAS claimed it (bfsrec). How much such a program
// launches then depends on the order in which its grids run, which a
// transformation changes; the aggregate pass's choice of group size looks
// at it (docs/passes/aggregate.md). This is a cost question, not a
// correctness one: the answer may err towards "decided by an atomic".
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_ATOMICDEPENDENCE_H
#define DPOPT_ANALYSIS_ATOMICDEPENDENCE_H

#include "dpopt/Analysis/LaunchSite.h"

#include "clang/AST/Expr.h"

namespace dpopt {

/// An atomic operation that may decide whether a launch happens.
struct AtomicDecision {
  /// The atomic call (or the call of a function that makes one).
  const clang::Expr *Atomic = nullptr;
  /// What it is called, for remarks ("atomicMin").
  std::string Name;
};

/// The first atomic operation whose result may decide whether \p S
/// launches, or nothing: one that a condition of a statement around the
/// launch calls, or of an `if` that may return before it, directly, through
/// a function it calls, or through the local variables the condition reads
/// (their initializers and every value assigned to them, transitively).
std::optional<AtomicDecision> launchDecidedByAtomic(const LaunchSite &S);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_ATOMICDEPENDENCE_H
