//===- DiagnosticIds.h - Stable ids of everything dpopt says ----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every error, warning and remark dpopt itself makes carries an id from
// DiagnosticIds.def, printed as "[DP3013]" after the message, so that users
// can search for it (docs/diagnostics.md) and silence or promote it
// (--diag-suppress, --diag-warn, --diag-error). Numbers never change once
// released; new ids take new numbers.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_DIAGNOSTICIDS_H
#define DPOPT_SUPPORT_DIAGNOSTICIDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace dpopt {

enum class DiagId : unsigned {
#define DPOPT_DIAG(Name, Number, Kind, Summary) Name,
#include "dpopt/Support/DiagnosticIds.def"
};

/// What an id is about; fixed by its number's thousand (1: input errors,
/// 15xx: input warnings, 2: option and driver errors, 3: missed remarks,
/// 4: passed remarks, 5: analysis remarks).
enum class DiagKind { Error, Warning, Missed, Passed, Analysis };

/// "DP3013".
std::string diagIdCode(DiagId Id);
unsigned diagIdNumber(DiagId Id);
DiagKind diagIdKind(DiagId Id);
/// The one-line summary docs/diagnostics.md starts each entry with.
llvm::StringRef diagIdSummary(DiagId Id);
/// "TailLaunchOrder": the name in DiagnosticIds.def.
llvm::StringRef diagIdName(DiagId Id);
/// "DP3013" or "3013" (case-insensitive prefix); nothing for an unknown id.
std::optional<DiagId> diagIdFromCode(llvm::StringRef Code);
/// Every id, in the .def's order.
llvm::ArrayRef<DiagId> allDiagIds();
llvm::StringRef diagKindName(DiagKind K);

/// Why a site is left unchanged, with the id of that reason: what every
/// blocker returns, so that the id travels with the text to the remark.
struct Refusal {
  DiagId Id;
  std::string Reason;

  /// The same reason with \p Suffix appended ("...: consequence").
  Refusal operator+(const std::string &Suffix) const {
    return {Id, Reason + Suffix};
  }
};

} // namespace dpopt

#endif // DPOPT_SUPPORT_DIAGNOSTICIDS_H
