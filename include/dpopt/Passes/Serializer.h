//===- Serializer.h - A child grid run by one thread ------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// threshold (a small child grid) and remove-launch T4 (every child grid of a
// parent thread) run a child's whole grid in the launching thread. Both call
//
//   static __device__ void __dpopt_serial_child(dim3 __dpopt_gridDim,
//                                               dim3 __dpopt_blockDim, params)
//
// a copy of the child that loops over its blocks and threads (z, y, x; only
// the dimensions the launches may use) with threadIdx, blockIdx, blockDim and
// gridDim shadowed by locals of the loop's values, so the body is copied
// unchanged. 'return' ends one child thread's iteration and parameters the
// body modifies are copied per iteration (BodyInLoop.h); device functions
// that read the built-ins are cloned to take them as parameters
// (BuiltinParams.h).
//
// A serial version is only correct for a child whose threads never wait for
// or talk to each other: serializationBlocker says when that cannot be
// shown.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_SERIALIZER_H
#define DPOPT_PASSES_SERIALIZER_H

#include "dpopt/Analysis/CombinableAtomics.h"
#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Support/DiagnosticIds.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dpopt {

/// Why \p Child cannot run serially in one thread, or nothing: barriers,
/// warp-level operations, shared memory, cooperative groups, inline asm,
/// calls dpopt cannot see into, and -- unless \p AllowLaunches, when the
/// caller deals with them -- launches of its own and device-side
/// cudaDeviceSynchronize().
std::optional<Refusal> serializationBlocker(ProgramAnalysis &A,
                                            const clang::FunctionDecl *Child,
                                            bool AllowLaunches = false);

/// Why the text of \p Child cannot be turned into a serial version (returns
/// in macros, device functions that cannot be cloned), or nothing.
std::optional<Refusal> serialRewriteBlocker(ProgramAnalysis &A,
                                            const clang::FunctionDecl *Child);

/// Plans and writes the serial versions of the children a pass runs
/// serially: one per child kernel, however many launches use it.
class Serializer {
public:
  /// Allocates the loop's identifiers from \p Names (fresh against the
  /// working text). With \p FoldAtomics, a serial version folds its
  /// child's combinable atomics (CombinableAtomics.h) into one per run, and
  /// with \p FoldFloatingAdds its floating-point atomicAdds too.
  Serializer(ProgramAnalysis &A, NameAllocator &Names, bool FoldAtomics = false,
             bool FoldFloatingAdds = false);

  /// The name of \p Child's serial version, planned on the first request; the
  /// version loops over at least \p GridDims and \p BlockDims dimensions.
  /// Fails when the child's device functions cannot be cloned.
  llvm::Expected<std::string> request(const clang::FunctionDecl *Child,
                                      unsigned GridDims, unsigned BlockDims);

  /// Adds every requested serial version after its child's definition, and
  /// the clones of device functions, to \p Edits. \p BodyEdits are edits the
  /// pass makes inside the children's bodies (launches it rewrote); the
  /// serial copies get them too. \p PassName ends each version's comment.
  llvm::Error emit(const ParsedUnit &U, EditList &Edits,
                   const EditList &BodyEdits, llvm::StringRef PassName);

  bool empty() const { return Order.empty(); }

  /// The atomics of \p Child's requested serial version that it folds into
  /// one per run (none without FoldAtomics).
  llvm::ArrayRef<CombinableAtomic>
  foldedAtomics(const clang::FunctionDecl *Child) const;

private:
  struct Plan {
    const clang::FunctionDecl *Child = nullptr;
    std::string Name;
    unsigned GridDims = 1, BlockDims = 1;
    /// The atomics the version folds, found once when it is planned.
    std::vector<CombinableAtomic> Folded;
  };
  llvm::Expected<std::string> serialBody(const ParsedUnit &U, const Plan &P,
                                         const EditList &BodyEdits,
                                         std::string &HeadOut) const;

  ProgramAnalysis &A;
  NameAllocator &Names;
  bool FoldAtomics, FoldFloatingAdds;
  std::string GridDim, BlockDim, Bx, By, Bz, Tx, Ty, Tz;
  /// The label that ends one serialized child thread, and the prefix of the
  /// names that hold parameters the body modifies.
  std::string Next, In;
  BuiltinCloner Cloner;
  std::map<const clang::FunctionDecl *, Plan> Plans;
  std::vector<const clang::FunctionDecl *> Order;
};

} // namespace dpopt

#endif // DPOPT_PASSES_SERIALIZER_H
