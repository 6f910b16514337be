//===- CombinableAtomics.h - Atomics a serial child run can combine -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A child whose threads each end by adding into one counter the whole grid
// shares ('atomicAdd(&Count[U], Found)', U a parameter) makes one atomic per
// thread. Where threshold runs such a child serially in its parent thread,
// those atomics all come from one thread, one after another, and can be one:
// the thread folds the values in a register and makes a single atomic when
// the run ends. This finds the atomic statements of a kernel for which that
// is exact:
//  - an integer atomicAdd, atomicMin, atomicMax, atomicAnd, atomicOr or
//    atomicXor whose result is unused: the operation is associative and
//    commutative, so the folded value is what the atomics would have left
//    (floating-point additions are not: their rounding depends on the order);
//  - to an address every thread of the grid computes alike: built only from
//    parameters the kernel never writes, constants, '&', '[]' and integer
//    arithmetic, with no memory read;
//  - the last thing its thread does to memory: no loop or switch around it
//    in the kernel, nothing after it but 'return's and empty statements, and
//    no goto in the kernel. The combined run is then the schedule in which
//    every thread runs up to its atomic and the atomics come last, back to
//    back: a schedule the grid itself could have taken.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_COMBINABLEATOMICS_H
#define DPOPT_ANALYSIS_COMBINABLEATOMICS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace dpopt {

/// One atomic statement a serial run may fold.
struct CombinableAtomic {
  /// The call, a statement of the kernel's written body.
  const clang::CallExpr *Call = nullptr;
  /// "Add", "Min", "Max", "And", "Or" or "Xor".
  std::string Op;
  /// The pointee type of the atomic's address, as written in C++.
  std::string ValueType;
  /// A floating-point addition (folded only with --fold-fp-atomics).
  bool Floating = false;
};

/// The atomics of \p Kernel's written body that a serial run of its grid
/// may fold into one per run (see above), in source order. With
/// \p FloatingAdds, floating-point atomicAdds too: the user accepts that the
/// folded sum rounds differently (--fold-fp-atomics).
std::vector<CombinableAtomic>
combinableAtomics(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                  bool FloatingAdds = false);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_COMBINABLEATOMICS_H
