//===- SitePass.cpp - The skeleton of a per-site pass --------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/SitePass.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Support/SourceText.h"

#include "dpopt/Frontend/WorkingCopy.h"

#include <algorithm>

using namespace llvm;

namespace dpopt {

SiteRewriter::~SiteRewriter() = default;

SiteRun::SiteRun(PassContext &Ctx, StringRef PassName, const Tunable *T,
                 const PassPlan &Plan)
    : Ctx(Ctx), U(Ctx.WC.unit()), A(Ctx.Analysis),
      Edits(Ctx.WC.original().path().str()), Names(U.getText()),
      PassName(PassName), T(T), Plan(Plan) {}

std::string SiteRun::tunableInCode(const LaunchSite &S) {
  assert(T && "the pass has no tunable");
  if (std::optional<uint64_t> V = S.setting(T->FromPragma))
    return std::to_string(*V) + T->Suffix.str();
  MacroAt = std::min(MacroAt, outermostDeclBegin(U, S.Caller));
  return T->Macro.str();
}

std::string describeTunable(const Tunable &T, const LaunchSite &S,
                            const PassOptions &O) {
  if (std::optional<uint64_t> V = S.setting(T.FromPragma))
    return std::to_string(*V);
  return T.Macro.str() + " (" +
         std::to_string(T.FromOption(O).value_or(T.Default)) + ")";
}

std::string SiteRun::tunableForRemark(const LaunchSite &S) const {
  assert(T && "the pass has no tunable");
  return describeTunable(*T, S, Ctx.Options);
}

void SiteRun::passed(const LaunchSite &S, DiagId Id,
                     const std::string &Message) {
  Ctx.Remarks.passed(PassName, Ctx.WC.locate(S.Call->getBeginLoc()), Id,
                     Message);
}

void SiteRun::analysis(const LaunchSite &S, DiagId Id,
                       const std::string &Message) {
  Ctx.Remarks.analysis(PassName, Ctx.WC.locate(S.Call->getBeginLoc()), Id,
                       Message);
}

std::unique_ptr<PassPlan> SitePass::plan(ProgramAnalysis &A,
                                         const PassOptions &O) const {
  auto Plan = std::make_unique<PassPlan>();
  for (const LaunchSite &S : A.sites()) {
    std::optional<Refusal> Why = skipBlocker(S, name());
    if (!Why)
      Why = optionBlocker(S, A, O);
    if (!Why)
      Why = blocker(S, A);
    if (Why)
      Plan->add({&S, false, Why->Reason, Why->Id});
    else
      Plan->add({&S, true, summary(S, A, O), std::nullopt});
  }
  return Plan;
}

Expected<clang::tooling::Replacements> SitePass::run(PassContext &Ctx,
                                                     const PassPlan &Plan) {
  SiteRun Run(Ctx, name(), tunable(), Plan);
  std::unique_ptr<SiteRewriter> Rewriter = makeRewriter(Run);
  for (const LaunchSite *S : Ctx.Analysis.deviceSites()) {
    const SiteVerdict &V = Plan.verdictFor(*S);
    Expected<LaunchText> L = V.Transforms
                                 ? readLaunchText(Run.U, *S)
                                 : Expected<LaunchText>(createStringError(
                                       inconvertibleErrorCode(), V.Reason));
    if (!L) {
      // A launch the plan accepted whose text dpopt cannot read has a
      // reason of its own.
      Ctx.Remarks.missed(name(), Ctx.WC.locate(S->Call->getBeginLoc()),
                         V.Id.value_or(DiagId::LaunchTextUnreadable),
                         "not " + verb().str() + " this launch of '" +
                             S->CalleeName + "': " + toString(L.takeError()));
      continue;
    }
    if (Error E = Rewriter->rewrite(*S, *L))
      return std::move(E);
  }
  if (Error E = Rewriter->finish())
    return std::move(E);
  if (Run.MacroAt != UINT_MAX) {
    const Tunable &T = *Run.T;
    Run.Edits.insert(
        Run.MacroAt,
        onOwnLines(
            Ctx.WC.text(), Run.MacroAt,
            "#ifndef " + T.Macro.str() + "\n#define " + T.Macro.str() + " " +
                std::to_string(T.FromOption(Ctx.Options).value_or(T.Default)) +
                T.Suffix.str() + "\n#endif\n"));
  }
  return Run.Edits.build();
}

} // namespace dpopt
