//===- PassRegistry.h - The passes dpopt knows by name ----------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_PASSREGISTRY_H
#define DPOPT_PASSES_PASSREGISTRY_H

#include "dpopt/Passes/Pass.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace dpopt {

class PassRegistry {
public:
  /// Every pass dpopt ships, in the default pipeline's order.
  static PassRegistry builtin();

  void add(std::unique_ptr<Pass> P);
  Pass *lookup(llvm::StringRef Name) const;
  const std::vector<std::unique_ptr<Pass>> &passes() const { return All; }

  /// The names valid in --passes, 'none' included, for messages and help.
  std::string validNames() const;

  /// Parses a --passes list: names separated by commas, run in that order;
  /// 'none' alone runs no pass. Unknown names are an error that lists the
  /// valid ones.
  llvm::Expected<std::vector<Pass *>> parsePipeline(llvm::StringRef List) const;

  /// The passes run when --passes is not given.
  std::vector<Pass *> defaultPipeline() const;

private:
  std::vector<std::unique_ptr<Pass>> All;
  std::vector<std::string> DefaultOrder;
};

} // namespace dpopt

#endif // DPOPT_PASSES_PASSREGISTRY_H
