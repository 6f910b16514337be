//===- IdleThreads.h - Threads of a kernel that do nothing ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Child kernels of CDP code are launched with whole blocks over a count
// ('kid<<<(n + 127) / 128, 128>>>(..., n)') and guard their body with
// 'if (i < n)', where i = blockIdx.x * blockDim.x + threadIdx.x. For small n
// most of the launched threads do nothing: a graph child over a road
// network's 3 neighbours runs 125 idle threads of 128. Aggregation can leave
// such threads out (aggregate's packed clone) when it knows which they are.
// This finds them: the kernel parameter n such that every thread whose
// linear index in a one-dimensional launch is at least n has no effect.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_IDLETHREADS_H
#define DPOPT_ANALYSIS_IDLETHREADS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace dpopt {

/// The parameter that bounds a kernel's working threads.
struct IdleBound {
  /// Index of the parameter n in the kernel's parameter list.
  unsigned Param = 0;
  /// The type the guard compares in (the usual arithmetic conversions of
  /// the index and n): a thread of index l is idle when l, converted to
  /// it, is not below n converted to it. An integer type.
  clang::QualType CompareType;
  /// The index is the thread's linear rank in the grid ('bid * tpb + tid'
  /// with bid, tpb and tid the linear block rank, block size and linear
  /// thread rank), so the bound holds for launches of any shape; otherwise
  /// it is 'blockIdx.x * blockDim.x + threadIdx.x' and holds for
  /// one-dimensional launches.
  bool AnyDims = false;
  /// The guard is an early return's condition (true for idle threads).
  bool ReturnForm = false;
  /// The comparison, for remarks.
  const clang::Expr *Guard = nullptr;
};

/// What idleThreadBound found: a bound, or why there is none.
struct IdleBoundResult {
  std::optional<IdleBound> Bound;
  std::string WhyNot;
};

/// The bound of \p Kernel's written body, which must be, after local
/// declarations whose initializers read only parameters, locals, constants
/// and the built-in indices:
///  - 'if (C) S' as its last statement, with no else, where C is false for
///    idle threads, or
///  - 'if (C) return;' where C is true for idle threads,
/// where C is 'i < n' ('n > i'; 'i >= n', 'n <= i' for the return form) or a
/// chain of && (|| for the return form) whose first operand is. i is
/// 'blockIdx.x * blockDim.x + threadIdx.x' or the linear rank (AnyDims), in
/// any operand order, directly, through never-modified local variables of
/// integer types of at least 32 bits, or as the result of a function
/// without parameters that computes it; n is a parameter that the body
/// never modifies. A body that is
/// a block-stride loop around such a body ('for (unsigned b = blockIdx.x; b
/// < E; b += gridDim.x) { const uint3 blockIdx = make_uint3(b, ...); {
/// body } }', the coarsen pass's clone) has the same bound: every iteration
/// sees an index at least the thread's own.
IdleBoundResult idleThreadBound(const clang::FunctionDecl *Kernel);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_IDLETHREADS_H
