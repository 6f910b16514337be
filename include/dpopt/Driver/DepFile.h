//===- DepFile.h - Make-style dependencies of an output ---------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// --depfile=FILE writes 'OUTPUT: INPUT HEADER...' in the syntax of make and
// of CMake's and Ninja's depfiles, so that a build runs dpopt again when
// the input or a header it includes changes. Headers are the user's: those
// found through system include directories (the CUDA toolkit, -isystem)
// and dpopt's own parse-only prelude are left out, as -MMD does.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_DRIVER_DEPFILE_H
#define DPOPT_DRIVER_DEPFILE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace dpopt {

class ParsedUnit;

/// The depfile text for \p Target, made from \p Input and the user headers
/// \p Unit read (also those of its precompiled preamble), sorted.
std::string makeDepFile(const ParsedUnit &Unit, llvm::StringRef Target,
                        llvm::StringRef Input);

} // namespace dpopt

#endif // DPOPT_DRIVER_DEPFILE_H
