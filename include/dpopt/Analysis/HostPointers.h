//===- HostPointers.h - Which allocation a host pointer is ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host half of proving two launches independent: the arguments the
// kernels access memory through must point into different allocations.
// dpopt proves that only for the plainest pattern, local pointer variables
// that nothing but a device allocator ever writes:
//
//   float *d_a, *d_b = nullptr;
//   cudaMalloc(&d_a, n);  cudaMallocManaged((void **)&d_b, n);
//   kA<<<g, b>>>(d_a + 1, n);  kB<<<g, b>>>(d_b, n);
//
// Each allocator call returns memory distinct from every live allocation,
// so two such variables hold distinct allocations (or null) wherever they
// are read; reading one after freeing it is undefined anyway. Anything else
// (parameters, globals, statics, an assignment from another pointer, an
// address that escapes, a capture by reference) is not provable, and the
// reason says which.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_HOSTPOINTERS_H
#define DPOPT_ANALYSIS_HOSTPOINTERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace dpopt {

/// The variable host pointer expression \p E points into: \p E with
/// parentheses, pointer conversions (implicit or written: '(float *)d',
/// reinterpret_cast), '+'/'-' of an integer, '&x[i]', '&*p', and
/// .get()/.data() calls and thrust::raw_pointer_cast stripped, when what
/// remains names a variable (local, parameter or global); else null ('&d'
/// itself, 'p[i]', calls, conditionals).
const clang::VarDecl *pointerBase(const clang::Expr *E);

/// Why \p A and \p B may share an allocation, for a remark ("'d_a' is a
/// parameter of 'run'", "'d_b' is assigned at 12:3"), or std::nullopt when
/// they provably do not: both are distinct, non-static local pointer
/// variables of \p F (a lambda's call operator for launches in a lambda),
/// each declared without an initializer or with a null one, whose only
/// writes in \p F are cudaMalloc, cudaMallocManaged, cudaMallocAsync,
/// cudaMallocPitch or cudaMallocFromPoolAsync(&v, ...) (casts of &v
/// allowed) and assignments of null, whose address is taken nowhere else
/// and which no lambda captures by reference.
std::optional<std::string>
distinctAllocationsBlocker(const clang::VarDecl *A, const clang::VarDecl *B,
                           const clang::FunctionDecl *F);

/// True when distinctAllocationsBlocker finds nothing.
inline bool provablyDistinctAllocations(const clang::VarDecl *A,
                                        const clang::VarDecl *B,
                                        const clang::FunctionDecl *F) {
  return !distinctAllocationsBlocker(A, B, F).has_value();
}

/// Why \p V alone may share an allocation with another variable of \p F,
/// or std::nullopt when it holds only its own device allocations (or null).
/// distinctAllocationsBlocker is this for both, plus A != B.
std::optional<std::string> ownAllocationBlocker(const clang::VarDecl *V,
                                                const clang::FunctionDecl *F);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_HOSTPOINTERS_H
