//===- PassOptions.h - Options shared by the pipeline's passes --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_PASSOPTIONS_H
#define DPOPT_PASSES_PASSOPTIONS_H

#include <optional>

namespace dpopt {

/// Command-line settings; a '#pragma dp' on a site overrides them there.
struct PassOptions {
  /// --threshold=N: the default for the THRESHOLD macro of threshold.
  std::optional<unsigned> Threshold;
  /// --coarsen-factor=N: the default for the coarsening factor macro.
  std::optional<unsigned> CoarsenFactor;
};

} // namespace dpopt

#endif // DPOPT_PASSES_PASSOPTIONS_H
