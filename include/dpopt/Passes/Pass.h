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
// A pass decides before it writes: plan() computes its decision on every
// launch site (with the reason) once per parse, and run(), --report and unit
// tests all read that plan. A pass that decides over several sites at once
// (remove-launch) extends PassPlan with what run() needs. Per-site passes
// derive from SitePass (SitePass.h), which owns the site loop.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_PASS_H
#define DPOPT_PASSES_PASS_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Passes/PassOptions.h"
#include "dpopt/Passes/Remarks.h"
#include "dpopt/Support/Runtime.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace dpopt {

class WorkingCopy;

/// What the rewritten file needs beyond its text: the runtime headers its
/// generated code calls into.
class OutputNeeds {
public:
  void add(RuntimeHeader H) { Bits |= 1u << static_cast<unsigned>(H); }
  bool has(RuntimeHeader H) const {
    return Bits & (1u << static_cast<unsigned>(H));
  }
  /// The headers added, in include order.
  std::vector<RuntimeHeader> headers() const;

private:
  unsigned Bits = 0;
};

struct PassContext {
  const WorkingCopy &WC;
  ProgramAnalysis &Analysis;
  const PassOptions &Options;
  RemarkEngine &Remarks;
  OutputNeeds &Needs;
};

/// Whether a pass transforms a site, and why; shown in reports and remarks.
struct SiteVerdict {
  const LaunchSite *Site = nullptr;
  bool Transforms = false;
  std::string Reason;
  /// The id of the refusal when the pass does not transform the site.
  std::optional<DiagId> Id;
};

/// A pass's decisions on one parse: a verdict for every launch site of the
/// analysis, in its order.
class PassPlan {
public:
  virtual ~PassPlan();
  void add(SiteVerdict V) {
    Index[V.Site] = Verdicts.size();
    Verdicts.push_back(std::move(V));
  }
  const std::vector<SiteVerdict> &verdicts() const { return Verdicts; }
  /// The verdict on \p Site (every site of the analysis has one).
  const SiteVerdict &verdictFor(const LaunchSite &Site) const;

private:
  std::vector<SiteVerdict> Verdicts;
  /// Position in Verdicts by site: run() and reports look up every site.
  llvm::DenseMap<const LaunchSite *, size_t> Index;
};

class Pass {
public:
  virtual ~Pass();
  virtual llvm::StringRef name() const = 0;
  virtual llvm::StringRef description() const = 0;

  /// The runtime headers the code this pass writes may call. Every parse
  /// includes them (in the parse-only prelude) so that text the pass wrote
  /// parses; no other runtime header is parsed, which keeps parses cheap
  /// (persist.cuh brings in cooperative_groups).
  virtual std::vector<RuntimeHeader> runtimeHeaders() const { return {}; }

  /// Decides, without writing anything, what the pass does to each site.
  virtual std::unique_ptr<PassPlan> plan(ProgramAnalysis &Analysis,
                                         const PassOptions &Options) const = 0;

  /// Carries out \p Plan (made by this pass's plan() on Ctx's analysis);
  /// edits are offsets into Ctx.WC.text().
  virtual llvm::Expected<clang::tooling::Replacements>
  run(PassContext &Ctx, const PassPlan &Plan) = 0;
};

} // namespace dpopt

#endif // DPOPT_PASSES_PASS_H
