//===- DiagnosticIds.cpp - Stable ids of everything dpopt says -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/DiagnosticIds.h"

#include "llvm/ADT/StringExtras.h"

namespace dpopt {
namespace {

struct IdInfo {
  DiagId Id;
  unsigned Number;
  DiagKind Kind;
  llvm::StringLiteral Name;
  llvm::StringLiteral Summary;
};

const IdInfo Infos[] = {
#define DPOPT_DIAG(Name, Number, Kind, Summary)                                \
  {DiagId::Name, Number, DiagKind::Kind, #Name, Summary},
#include "dpopt/Support/DiagnosticIds.def"
};

const DiagId AllIds[] = {
#define DPOPT_DIAG(Name, Number, Kind, Summary) DiagId::Name,
#include "dpopt/Support/DiagnosticIds.def"
};

const IdInfo &info(DiagId Id) { return Infos[static_cast<unsigned>(Id)]; }

} // namespace

unsigned diagIdNumber(DiagId Id) { return info(Id).Number; }
DiagKind diagIdKind(DiagId Id) { return info(Id).Kind; }
llvm::StringRef diagIdSummary(DiagId Id) { return info(Id).Summary; }
llvm::StringRef diagIdName(DiagId Id) { return info(Id).Name; }
llvm::ArrayRef<DiagId> allDiagIds() { return AllIds; }

std::string diagIdCode(DiagId Id) {
  return "DP" + std::to_string(diagIdNumber(Id));
}

std::optional<DiagId> diagIdFromCode(llvm::StringRef Code) {
  Code = Code.trim();
  if (Code.starts_with_insensitive("dp"))
    Code = Code.drop_front(2);
  unsigned Number;
  if (Code.empty() || !llvm::all_of(Code, llvm::isDigit) ||
      Code.getAsInteger(10, Number))
    return std::nullopt;
  for (const IdInfo &I : Infos)
    if (I.Number == Number)
      return I.Id;
  return std::nullopt;
}

llvm::StringRef diagKindName(DiagKind K) {
  switch (K) {
  case DiagKind::Error:
    return "error";
  case DiagKind::Warning:
    return "warning";
  case DiagKind::Missed:
    return "missed remark";
  case DiagKind::Passed:
    return "passed remark";
  case DiagKind::Analysis:
    return "analysis remark";
  }
  return "error";
}

} // namespace dpopt
