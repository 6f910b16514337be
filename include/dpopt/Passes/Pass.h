//===- Pass.h - The interface every dpopt pass implements -------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A pass is an independent .cu -> .cu rewrite: it reads the current parse of
// the working text and the analysis of it, and returns edits to that text.
// The driver applies them and re-parses before the next pass, so passes
// compose in any order and never see each other's internals. A pass must
// leave any site it cannot prove safe unchanged and say why in a remark.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_PASS_H
#define DPOPT_PASSES_PASS_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Passes/PassOptions.h"
#include "dpopt/Passes/Remarks.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <string>

namespace dpopt {

class WorkingCopy;

/// What the rewritten file needs beyond its text.
struct OutputNeeds {
  /// Code calls dpopt's device runtime: the output includes it.
  bool Runtime = false;
  /// Code calls the aggregate pass's runtime (dpopt/aggregate.cuh).
  bool Aggregate = false;
  /// Code calls remove-launch's persistent-grid runtime (dpopt/persist.cuh).
  bool Persist = false;
};

struct PassContext {
  const WorkingCopy &WC;
  ProgramAnalysis &Analysis;
  const PassOptions &Options;
  RemarkEngine &Remarks;
  OutputNeeds &Needs;
};

/// Whether a pass would transform a site, and why; shown in reports.
struct SiteAssessment {
  bool Applicable = false;
  std::string Reason;
};

class Pass {
public:
  virtual ~Pass();
  virtual llvm::StringRef name() const = 0;
  virtual llvm::StringRef description() const = 0;

  /// The pass's verdict on \p Site without rewriting anything.
  virtual SiteAssessment assess(const LaunchSite &Site, ProgramAnalysis &Analysis,
                                const PassOptions &Options) const = 0;

  /// Rewrites what it can; edits are offsets into Ctx.WC.text().
  virtual llvm::Expected<clang::tooling::Replacements> run(PassContext &Ctx) = 0;
};

} // namespace dpopt

#endif // DPOPT_PASSES_PASS_H
