//===- Diagnostic.h - Clang-style messages about the user's file -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Everything dpopt says about a place in the user's code -- clang's errors,
// pragma errors, pass remarks -- is printed in clang's format so editors and
// build logs treat it like compiler output:
//
//   file:line:col: error: message
//     source line
//     ^
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_DIAGNOSTIC_H
#define DPOPT_SUPPORT_DIAGNOSTIC_H

#include "dpopt/Support/DiagnosticIds.h"
#include "dpopt/Support/SourceText.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace dpopt {

enum class Severity { Error, Warning, Remark, Note };

struct Diagnostic {
  Severity Level = Severity::Error;
  std::string File; // empty: a message about no particular place
  unsigned Line = 0;
  unsigned Column = 0;
  std::string LineText; // printed with a caret under Column when not empty
  std::string Message;
  std::string Option; // e.g. "-Rpass=threshold", printed as " [...]"
  /// dpopt's own diagnostics: printed as " [DP3013]" after the option.
  /// Clang's diagnostics have none.
  std::optional<DiagId> Id;
};

/// A diagnostic at \p Offset of the user's file.
Diagnostic makeDiagnostic(const SourceText &Source, unsigned Offset,
                          Severity Level, std::string Message,
                          std::optional<DiagId> Id = std::nullopt);

/// A diagnostic about the command line or the environment, not a place in
/// a file: printed "dpopt: error: ... [DPnnnn]".
Diagnostic toolDiagnostic(Severity Level, DiagId Id, std::string Message);

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D);

const char *severityName(Severity S);

} // namespace dpopt

#endif // DPOPT_SUPPORT_DIAGNOSTIC_H
