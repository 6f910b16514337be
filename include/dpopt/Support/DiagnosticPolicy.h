//===- DiagnosticPolicy.h - Silencing and promoting diagnostics -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// --diag-suppress, --diag-warn and --diag-error (nvcc's spelling) take comma
// lists of ids ("DP3013" or "3013") and change how the diagnostics with those
// ids are printed: not at all, as warnings (a remark then shows without -R),
// or as errors (dpopt then exits with 1 and writes no output, so a build can
// insist that a site is transformed). Errors stay errors: suppressing or
// demoting one is itself an option error, as are unknown ids and an id given
// to two of the options. Diagnostics without an id (clang's own) are printed
// as they are.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_DIAGNOSTICPOLICY_H
#define DPOPT_SUPPORT_DIAGNOSTICPOLICY_H

#include "dpopt/Support/Diagnostic.h"
#include "dpopt/Support/DiagnosticIds.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace dpopt {

class DiagnosticPolicy {
public:
  enum class Action { Suppress, Warn, Error };

  /// Each argument holds the values of one option, each a comma list.
  /// Fails with the option error's message, which ends with its id.
  static llvm::Expected<DiagnosticPolicy>
  parse(const std::vector<std::string> &Suppress,
        const std::vector<std::string> &Warn,
        const std::vector<std::string> &Error);

  /// Applies the policy to \p D and says whether to print it. A remark
  /// with no option on its id is printed only when \p ShowRemarks (-R).
  bool apply(Diagnostic &D, bool ShowRemarks) const;

private:
  std::map<DiagId, Action> Actions;
};

/// Prints \p Diags as \p Policy says; true when any was printed as an
/// error.
bool printWithPolicy(llvm::raw_ostream &OS, std::vector<Diagnostic> Diags,
                     const DiagnosticPolicy &Policy, bool ShowRemarks);

} // namespace dpopt

#endif // DPOPT_SUPPORT_DIAGNOSTICPOLICY_H
