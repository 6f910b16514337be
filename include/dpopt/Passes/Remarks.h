//===- Remarks.h - Every decision a pass makes, explained -------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Like clang's -Rpass family: a pass says what it did to a site (passed), why
// it left a site unchanged (missed), or a fact it decided from (analysis).
// Remarks are collected during the run and printed, in clang's format, when
// the user asks for them (-R / --remarks) or a --diag-warn/--diag-error
// names their id. Every remark has an id (DiagnosticIds.def): the engine
// takes none without one, and a missed remark takes the Refusal its blocker
// returned.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_REMARKS_H
#define DPOPT_PASSES_REMARKS_H

#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Support/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace dpopt {

struct Remark {
  enum Kind { Passed, Missed, Analysis };
  Kind K = Passed;
  DiagId Id = DiagId::LaunchTextUnreadable;
  std::string Pass;
  UserLocation Loc;
  std::string Message;
};

class RemarkEngine {
public:
  void passed(llvm::StringRef Pass, UserLocation Loc, DiagId Id,
              std::string Message);
  void missed(llvm::StringRef Pass, UserLocation Loc, DiagId Id,
              std::string Message);
  void analysis(llvm::StringRef Pass, UserLocation Loc, DiagId Id,
                std::string Message);

  const std::vector<Remark> &remarks() const { return All; }

  /// Formats \p R like clang:
  /// "file:line:col: remark: ... [-Rpass=name] [DP4001]".
  static Diagnostic toDiagnostic(const Remark &R, const WorkingCopy &WC);

private:
  void add(Remark::Kind K, llvm::StringRef Pass, UserLocation Loc, DiagId Id,
           std::string Msg);
  std::vector<Remark> All;
};

} // namespace dpopt

#endif // DPOPT_PASSES_REMARKS_H
