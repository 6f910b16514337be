//===- CudaInstallation.h - Locating the CUDA toolkit -----------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// dpopt parses CUDA against the headers of the toolkit the user builds with.
// The search order is the one users know from other CUDA tools: --cuda-path,
// $CUDA_HOME, $CUDA_PATH, the nvcc on PATH, /usr/local/cuda.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_CUDAINSTALLATION_H
#define DPOPT_FRONTEND_CUDAINSTALLATION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace dpopt {

struct CudaInstallation {
  std::string Root;
  /// <root>/include/cccl on CUDA 13 (CUB, Thrust, libcu++); empty when the
  /// toolkit keeps them directly under include/.
  std::string CCCLIncludeDir;
  /// CUDA_VERSION from cuda.h, e.g. 13000; 0 when unknown.
  unsigned Version = 0;
  /// How it was found, for --version and error messages.
  std::string FoundBy;
};

/// Finds the toolkit. \p ExplicitPath is the --cuda-path value (may be empty).
/// The error message says what was tried and how to point dpopt at CUDA.
llvm::Expected<CudaInstallation>
findCudaInstallation(llvm::StringRef ExplicitPath);

} // namespace dpopt

#endif // DPOPT_FRONTEND_CUDAINSTALLATION_H
