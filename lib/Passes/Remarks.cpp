//===- Remarks.cpp - Every decision a pass makes, explained --------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/Remarks.h"

namespace dpopt {

void RemarkEngine::passed(llvm::StringRef Pass, UserLocation Loc,
                          std::string Msg) {
  All.push_back({Remark::Passed, Pass.str(), std::move(Loc), std::move(Msg)});
}

void RemarkEngine::missed(llvm::StringRef Pass, UserLocation Loc,
                          std::string Msg) {
  All.push_back({Remark::Missed, Pass.str(), std::move(Loc), std::move(Msg)});
}

void RemarkEngine::analysis(llvm::StringRef Pass, UserLocation Loc,
                            std::string Msg) {
  All.push_back({Remark::Analysis, Pass.str(), std::move(Loc), std::move(Msg)});
}

Diagnostic RemarkEngine::toDiagnostic(const Remark &R, const WorkingCopy &WC) {
  Diagnostic D = WC.diagnosticAt(R.Loc, Severity::Remark, R.Message);
  const char *Flag = R.K == Remark::Passed   ? "-Rpass="
                     : R.K == Remark::Missed ? "-Rpass-missed="
                                             : "-Rpass-analysis=";
  D.Option = Flag + R.Pass;
  return D;
}

} // namespace dpopt
