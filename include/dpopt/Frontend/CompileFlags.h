//===- CompileFlags.h - From the user's nvcc flags to clang's ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Users call dpopt from the Makefile rule that runs nvcc, so dpopt takes the
// same flags: those that change how the source parses (-I, -D, -U, -include,
// -std=, -isystem and their nvcc long forms) become clang flags; nvcc-only
// flags that cannot change the parse (-arch, -gencode, -rdc, -O*, -Xcompiler
// ...) are dropped and listed in a note. Anything else goes to clang's
// driver, which reports flags it does not know.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_COMPILEFLAGS_H
#define DPOPT_FRONTEND_COMPILEFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace dpopt {

struct TranslatedFlags {
  /// Flags for clang's driver, in the user's order.
  std::vector<std::string> ClangArgs;
  /// nvcc flags dropped because they do not affect parsing.
  std::vector<std::string> Ignored;
};

/// Translates nvcc-style flags. Relative paths in -I, -isystem and -include
/// are resolved against \p WorkingDir when it is not empty.
TranslatedFlags translateNvccFlags(llvm::ArrayRef<std::string> Flags,
                                   llvm::StringRef WorkingDir = "");

/// Reads the flags for \p File from <BuildDir>/compile_commands.json, drops the
/// compiler, the input, -c and -o, and translates the rest.
llvm::Expected<TranslatedFlags>
flagsFromCompilationDatabase(llvm::StringRef BuildDir, llvm::StringRef File);

} // namespace dpopt

#endif // DPOPT_FRONTEND_COMPILEFLAGS_H
