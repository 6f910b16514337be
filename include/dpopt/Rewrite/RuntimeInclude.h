//===- RuntimeInclude.h - Rewritten files include the runtime ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REWRITE_RUNTIMEINCLUDE_H
#define DPOPT_REWRITE_RUNTIMEINCLUDE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace dpopt {

/// The line that makes a rewritten file include \p Header of dpopt's device
/// runtime (nvcc needs -I <dpopt>/runtime).
std::string runtimeIncludeLine(llvm::StringRef Header = "runtime.cuh");

/// \p Text with the include added at the top unless it is already there.
/// Only the output gets it: while dpopt works, the parse-only prelude
/// includes the runtime, so the file's precompiled preamble stays valid.
std::string withRuntimeInclude(llvm::StringRef Text,
                               llvm::StringRef Header = "runtime.cuh");

} // namespace dpopt

#endif // DPOPT_REWRITE_RUNTIMEINCLUDE_H
