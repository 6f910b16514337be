//===- DiagnosticPolicy.cpp - Silencing and promoting diagnostics --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/DiagnosticPolicy.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace dpopt {
namespace {

const char *optionName(DiagnosticPolicy::Action A) {
  switch (A) {
  case DiagnosticPolicy::Action::Suppress:
    return "--diag-suppress";
  case DiagnosticPolicy::Action::Warn:
    return "--diag-warn";
  case DiagnosticPolicy::Action::Error:
    return "--diag-error";
  }
  return "--diag-error";
}

Error optionError(const Twine &Msg, DiagId Id) {
  return createStringError(inconvertibleErrorCode(),
                           Msg + " [" + diagIdCode(Id) + "]");
}

} // namespace

Expected<DiagnosticPolicy>
DiagnosticPolicy::parse(const std::vector<std::string> &Suppress,
                        const std::vector<std::string> &Warn,
                        const std::vector<std::string> &Error) {
  DiagnosticPolicy P;
  for (auto [Values, A] :
       {std::pair{&Suppress, Action::Suppress}, std::pair{&Warn, Action::Warn},
        std::pair{&Error, Action::Error}}) {
    for (const std::string &Value : *Values) {
      SmallVector<StringRef, 8> Codes;
      StringRef(Value).split(Codes, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
      for (StringRef Code : Codes) {
        std::optional<DiagId> Id = diagIdFromCode(Code);
        if (!Id)
          return optionError("unknown diagnostic id '" + Code.trim() + "' in " +
                                 optionName(A) +
                                 " (docs/diagnostics.md lists them)",
                             DiagId::UnknownDiagId);
        // An error means the output would be wrong or missing: it cannot
        // be hidden or let through.
        if (diagIdKind(*Id) == DiagKind::Error && A != Action::Error)
          return optionError(
              diagIdCode(*Id) + " is an error, which " + optionName(A) +
                  " cannot " + (A == Action::Suppress ? "suppress" : "demote"),
              DiagId::ErrorNotDemotable);
        auto [It, New] = P.Actions.try_emplace(*Id, A);
        if (!New && It->second != A)
          return optionError(diagIdCode(*Id) + " is given to both " +
                                 optionName(It->second) + " and " +
                                 optionName(A),
                             DiagId::ConflictingDiagOptions);
      }
    }
  }
  return P;
}

bool DiagnosticPolicy::apply(Diagnostic &D, bool ShowRemarks) const {
  if (!D.Id)
    return true;
  auto It = Actions.find(*D.Id);
  if (It == Actions.end())
    return D.Level != Severity::Remark || ShowRemarks;
  switch (It->second) {
  case Action::Suppress:
    return false;
  case Action::Warn:
    D.Level = Severity::Warning;
    return true;
  case Action::Error:
    D.Level = Severity::Error;
    return true;
  }
  return true;
}

bool printWithPolicy(raw_ostream &OS, std::vector<Diagnostic> Diags,
                     const DiagnosticPolicy &Policy, bool ShowRemarks) {
  bool Errors = false;
  for (Diagnostic &D : Diags) {
    if (!Policy.apply(D, ShowRemarks))
      continue;
    printDiagnostic(OS, D);
    Errors |= D.Level == Severity::Error;
  }
  return Errors;
}

} // namespace dpopt
