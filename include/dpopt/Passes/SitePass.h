//===- SitePass.h - The skeleton of a per-site pass -------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Most passes decide each device launch site on its own and rewrite it on
// its own: threshold, coarsen, aggregate. SitePass owns what they share, so
// that such a pass writes only its decision and its rewrite:
//
//  - plan(): for every site, the pass's blocker() (why it cannot transform
//    the site) or its summary() (what it will do); --report shows these.
//  - run(): the loop over device sites in source order; a blocked site, or
//    one whose launch text cannot be read, gets the missed remark
//    "not <verb> this launch of 'k': <why>"; the others go to the pass's
//    SiteRewriter, which writes the site and then what the sites need.
//  - skip(...) in the site's pragma or --tuning entry keeps the pass off it
//    (skipBlocker), before the pass's own checks.
//  - The pass's tunable value (Tunable), looked up pragma > tuning entry >
//    option > built-in default: a pragma's or entry's value is written into
//    the code as a literal, otherwise the code names a macro (DPOPT_THRESHOLD,
//    ...) whose default the run defines once, with #ifndef, before the first
//    function that uses it, so that nvcc -D... overrides it.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_PASSES_SITEPASS_H
#define DPOPT_PASSES_SITEPASS_H

#include "dpopt/Passes/Pass.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Support/DiagnosticIds.h"

#include <climits>
#include <functional>
#include <optional>

namespace dpopt {

/// A number a site takes from its pragma, else an option, else a default,
/// and the macro generated code names when the pragma does not set it.
struct Tunable {
  llvm::StringLiteral Macro;
  /// Appended to the number where code writes it ("u" for unsigned).
  llvm::StringLiteral Suffix;
  std::function<std::optional<uint64_t>(const PragmaDirective &)> FromPragma;
  std::function<std::optional<unsigned>(const PassOptions &)> FromOption;
  unsigned Default;
};

/// \p T's value at \p S for remarks and reports: "64" (its pragma's), or
/// "DPOPT_THRESHOLD (128)" (the macro and the value it gets by default).
std::string describeTunable(const Tunable &T, const LaunchSite &S,
                            const PassOptions &O);

/// The state one run of a SitePass shares with its rewriter.
class SiteRun {
public:
  SiteRun(PassContext &Ctx, llvm::StringRef PassName, const Tunable *T,
          const PassPlan &Plan);

  PassContext &Ctx;
  const ParsedUnit &U;
  ProgramAnalysis &A;
  /// The pass's edits of the working text.
  EditList Edits;
  /// Fresh names against the working text.
  NameAllocator Names;

  /// How generated code for \p S writes the tunable: the number its pragma
  /// or tuning entry sets, or the macro, whose default this run then
  /// defines.
  std::string tunableInCode(const LaunchSite &S);
  /// The tunable's value for remarks: "64", or "DPOPT_THRESHOLD (128)".
  std::string tunableForRemark(const LaunchSite &S) const;

  /// True when the plan gives \p S to this run (no blocker stopped it): a
  /// superset of the sites rewrite() gets, which also skips a site whose
  /// launch text it cannot read.
  bool planned(const LaunchSite &S) const {
    return Plan.verdictFor(S).Transforms;
  }

  void passed(const LaunchSite &S, DiagId Id, const std::string &Message);
  void analysis(const LaunchSite &S, DiagId Id, const std::string &Message);

private:
  friend class SitePass;
  llvm::StringRef PassName;
  const Tunable *T;
  const PassPlan &Plan;
  unsigned MacroAt = UINT_MAX;
};

/// Writes one pass's sites; made per run.
class SiteRewriter {
public:
  virtual ~SiteRewriter();
  /// Rewrites \p S, which no blocker stopped; \p L is its launch's text.
  virtual llvm::Error rewrite(const LaunchSite &S, const LaunchText &L) = 0;
  /// After the last site: what the rewritten sites need (clones, serial
  /// versions, ...).
  virtual llvm::Error finish() = 0;
};

class SitePass : public Pass {
public:
  std::unique_ptr<PassPlan> plan(ProgramAnalysis &A,
                                 const PassOptions &O) const final;
  llvm::Expected<clang::tooling::Replacements> run(PassContext &Ctx,
                                                   const PassPlan &Plan) final;

protected:
  /// "thresholding": the missed remark says "not thresholding this launch".
  virtual llvm::StringRef verb() const = 0;
  /// Why the options and pragmas keep the pass off \p S (it is not asked
  /// for there), or nothing; checked before blocker().
  virtual std::optional<Refusal> optionBlocker(const LaunchSite &S,
                                               ProgramAnalysis &A,
                                               const PassOptions &O) const {
    return std::nullopt;
  }
  /// Why the pass cannot transform \p S, or nothing.
  virtual std::optional<Refusal> blocker(const LaunchSite &S,
                                         ProgramAnalysis &A) const = 0;
  /// What the pass does to \p S, which no blocker stopped (for reports).
  virtual std::string summary(const LaunchSite &S, ProgramAnalysis &A,
                              const PassOptions &O) const = 0;
  virtual std::unique_ptr<SiteRewriter> makeRewriter(SiteRun &Run) const = 0;
  /// The pass's tunable number, if it has one.
  virtual const Tunable *tunable() const { return nullptr; }
};

} // namespace dpopt

#endif // DPOPT_PASSES_SITEPASS_H
