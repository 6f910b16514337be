//===- Report.h - What dpopt found in a file, for people and tools -*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// --report prints a readable summary of every launch site and every kernel
// defined in the file; --report=json prints the same as a stable, versioned
// JSON document (docs/report-json.md). Both describe the user's code as
// written: locations point into the user's file and dpopt's internal
// wrapping never shows.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_REPORT_REPORT_H
#define DPOPT_REPORT_REPORT_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Passes/PassRegistry.h"

#include "llvm/Support/raw_ostream.h"

namespace dpopt {

/// Bumped when a field changes meaning or disappears (adding fields does
/// not bump it).
constexpr unsigned ReportJsonVersion = 1;

struct ReportInputs {
  ProgramAnalysis &Analysis;
  const PassRegistry &Registry;
  const PassOptions &Options;
};

void printTextReport(llvm::raw_ostream &OS, const ReportInputs &In);
void printJsonReport(llvm::raw_ostream &OS, const ReportInputs &In);

} // namespace dpopt

#endif // DPOPT_REPORT_REPORT_H
