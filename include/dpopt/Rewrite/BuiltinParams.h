//===- BuiltinParams.h - Device functions that take the indices -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// When a pass runs a child's body somewhere threadIdx, blockIdx, blockDim or
// gridDim mean something else (a serial loop in the parent thread, a
// coarsening loop), it declares local variables of those names that shadow
// the built-ins, so the copied body reads the right values unchanged. Device
// functions the body calls that read the built-ins themselves cannot see
// those locals: they are cloned with parameters of the same names, and the
// calls are redirected to the clones, transitively.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_BUILTINPARAMS_H
#define DPOPT_REWRITE_BUILTINPARAMS_H

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Rewrite/FunctionText.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace dpopt {

class ProgramAnalysis;

/// A set of BuiltinVar bits (1 << BuiltinVar).
using BuiltinSet = unsigned;
constexpr BuiltinSet builtinBit(BuiltinVar V) {
  return 1u << static_cast<unsigned>(V);
}
constexpr BuiltinSet AllBuiltins = (1u << NumBuiltinVars) - 1;

/// "uint3 threadIdx, dim3 gridDim" for the variables in \p Vars.
std::string builtinParameterList(BuiltinSet Vars);
/// "threadIdx, gridDim" for the variables in \p Vars.
std::string builtinArgumentList(BuiltinSet Vars);

/// The device functions reached from a kernel's body through calls that read
/// some of the built-ins in Vars, with the names of their clones.
class BuiltinCloner {
public:
  BuiltinCloner(ProgramAnalysis &A, BuiltinSet Vars, NameAllocator &Names,
                llvm::StringRef Stem)
      : A(A), Vars(Vars), Names(Names), Stem(Stem) {}

  /// Finds what \p Kernel's body needs cloned. Returns a reason when it
  /// cannot be done (a function outside the file, a method, a call dpopt
  /// cannot redirect); the clones are then not made.
  std::optional<std::string> plan(const clang::FunctionDecl *Kernel);

  /// Edits that redirect the calls in \p Owner's body to the clones.
  llvm::Error redirectCalls(const ParsedUnit &U,
                            const clang::FunctionDecl *Owner,
                            EditList &Out) const;

  /// Adds each planned clone after its original's definition (once per
  /// cloner, however many kernels it planned for).
  llvm::Error emitClones(const ParsedUnit &U, EditList &Out);

  bool empty() const { return Order.empty(); }

private:
  ProgramAnalysis &A;
  BuiltinSet Vars;
  NameAllocator &Names;
  std::string Stem;
  std::vector<const clang::FunctionDecl *> Order;
  std::map<const clang::FunctionDecl *, std::string>
      NewNames; // canonical -> name
  /// The built-ins each clone takes: those of Vars the function reads itself
  /// or through its callees (a function that already takes, say, a blockIdx
  /// parameter reads no built-in blockIdx and gets no second one).
  std::map<const clang::FunctionDecl *, BuiltinSet> CloneVars;
  std::set<const clang::FunctionDecl *> Emitted;
};

} // namespace dpopt

#endif // DPOPT_REWRITE_BUILTINPARAMS_H
