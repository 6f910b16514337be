//===- Remarks.cpp - Every decision a pass makes, explained --------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/Remarks.h"

namespace dpopt {

void RemarkEngine::add(Remark::Kind K, llvm::StringRef Pass, UserLocation Loc,
                       DiagId Id, std::string Msg) {
  // A remark's id says what kind of remark it is; a mismatch is a typo in
  // the pass.
  assert(diagIdKind(Id) == (K == Remark::Passed   ? DiagKind::Passed
                            : K == Remark::Missed ? DiagKind::Missed
                                                  : DiagKind::Analysis) &&
         "remark with an id of another kind");
  All.push_back({K, Id, Pass.str(), std::move(Loc), std::move(Msg)});
}

void RemarkEngine::passed(llvm::StringRef Pass, UserLocation Loc, DiagId Id,
                          std::string Msg) {
  add(Remark::Passed, Pass, std::move(Loc), Id, std::move(Msg));
}

void RemarkEngine::missed(llvm::StringRef Pass, UserLocation Loc, DiagId Id,
                          std::string Msg) {
  add(Remark::Missed, Pass, std::move(Loc), Id, std::move(Msg));
}

void RemarkEngine::analysis(llvm::StringRef Pass, UserLocation Loc, DiagId Id,
                            std::string Msg) {
  add(Remark::Analysis, Pass, std::move(Loc), Id, std::move(Msg));
}

Diagnostic RemarkEngine::toDiagnostic(const Remark &R, const WorkingCopy &WC) {
  Diagnostic D = WC.diagnosticAt(R.Loc, Severity::Remark, R.Message);
  const char *Flag = R.K == Remark::Passed   ? "-Rpass="
                     : R.K == Remark::Missed ? "-Rpass-missed="
                                             : "-Rpass-analysis=";
  D.Option = Flag + R.Pass;
  D.Id = R.Id;
  return D;
}

} // namespace dpopt
