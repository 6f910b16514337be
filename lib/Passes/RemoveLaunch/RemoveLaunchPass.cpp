//===- RemoveLaunchPass.cpp - Parent threads do the child's work ---------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/RemoveLaunchPass.h"
#include "dpopt/Support/SourceText.h"

#include "RemoveLaunchPersistent.h"
#include "RemoveLaunchPlan.h"
#include "RemoveLaunchT3.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/Serializer.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Rewrite/WarpConvergence.h"
#include "dpopt/Support/Runtime.h"

#include <climits>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "remove-launch";

/// The passed remark's id: one per technique, the persistent parent's
/// first (its remark names it first).
DiagId removedId(const SiteDecision &D) {
  if (D.Persist)
    return *D.Persist == PersistMode::T1   ? DiagId::RemovedT1
           : *D.Persist == PersistMode::T2 ? DiagId::RemovedT2
                                           : DiagId::RemovedT1T2;
  return *D.Chosen == Technique::T3 ? DiagId::RemovedT3 : DiagId::RemovedT4;
}

class RemoveLaunchPass : public Pass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "remove device-side launches: the parent's threads do the child's "
           "work, "
           "and legacy device-side cudaDeviceSynchronize() goes (Chen & Shen "
           "MICRO'15)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Core, RuntimeHeader::Persist};
  }

  std::unique_ptr<PassPlan> plan(ProgramAnalysis &A,
                                 const PassOptions &O) const override {
    auto Plan = std::make_unique<RemoveLaunchPlan>(planRemoveLaunch(A, O));
    for (const LaunchSite &S : A.sites()) {
      const SiteDecision *D = Plan->decisionFor(S);
      if (!D)
        Plan->add(
            {&S, false, "the launch is made by host code", DiagId::HostLaunch});
      else if (!D->removed())
        Plan->add({&S, false, D->Reason, D->Id});
      else
        Plan->add({&S, true,
                   std::string(D->Persist ? persistModeName(*D->Persist)
                                          : techniqueName(*D->Chosen)) +
                       ": " + D->Reason});
    }
    return Plan;
  }

  Expected<tooling::Replacements> run(PassContext &Ctx,
                                      const PassPlan &Planned) override;

private:
  /// The locals a T4 site declares, fresh against the working text.
  struct T4Names {
    std::string Grid, Block, Shmem, Stream, Warp;
  };
  static std::string t4Text(const ParsedUnit &U, const LaunchSite &S,
                            const LaunchText &L, StringRef SerialName,
                            const T4Names &N, bool SizeFallback);
};

/// The T4 replacement of one launch statement: configuration first, then
/// the arguments, as the launch evaluated them. A grid the GPU would reject
/// -- or, with \p SizeFallback, one too large to run in one thread -- is
/// launched as written: it fails, or runs, as it did.
std::string RemoveLaunchPass::t4Text(const ParsedUnit &U, const LaunchSite &S,
                                     const LaunchText &L, StringRef SerialName,
                                     const T4Names &N, bool SizeFallback) {
  std::string Out =
      "{ // dpopt remove-launch T4: this thread runs the child grid\n";
  ConfigLocals Config =
      declareConfig(S, S.Grid.Text, N.Grid, N.Block, N.Shmem, N.Stream);
  Out += Config.Text;
  std::optional<std::string> Shmem = Config.Shmem, Stream = Config.Stream;
  unsigned MaxThreads = maxBlockThreads(S.Callee);
  std::string Bounds =
      MaxThreads < 1024 ? ", " + std::to_string(MaxThreads) : "";
  std::string Check = SizeFallback
                          ? rt::runsSerially + "(" + N.Grid + ", " + N.Block +
                                ", " + Shmem.value_or("0") +
                                ", DPOPT_SERIAL_LIMIT" + Bounds + ")"
                          : rt::launchable + "(" + N.Grid + ", " + N.Block +
                                ", " + Shmem.value_or("0") + Bounds + ")";
  std::string Args = StringRef(L.Args).trim().empty() ? "" : ", " + L.Args;
  Out += "  " + reconvergeBegin(N.Warp);
  Out += "  if (" + Check + ")\n    " + L.calleeNamed(SerialName) + "(" +
         N.Grid + ", " + N.Block + Args + ");\n  else\n    " +
         deviceLaunchStatement(S.Id, launchStatement(L.Callee, N.Grid, N.Block,
                                                     Shmem, Stream, L.Args)) +
         "\n  " + reconvergeEnd(N.Warp) + "}";
  return Out;
}

Expected<tooling::Replacements> RemoveLaunchPass::run(PassContext &Ctx,
                                                      const PassPlan &Planned) {
  const WorkingCopy &WC = Ctx.WC;
  const ParsedUnit &U = WC.unit();
  ProgramAnalysis &A = Ctx.Analysis;
  // This pass's plan() made it.
  const auto &Plan = static_cast<const RemoveLaunchPlan &>(Planned);
  EditList Edits(WC.original().path().str());
  NameAllocator Names(U.getText());
  T4Names T4{Names.fresh("grid"), Names.fresh("block"), Names.fresh("shmem"),
             Names.fresh("stream"), Names.fresh("warp")};
  bool UsesSerialLimit = false;
  unsigned MacroAt = UINT_MAX;
  Serializer Serial(A, Names);
  BlockRunner Blocks(A, Names);

  PersistentWriter Persistent(A, Names, Blocks);
  // The branches around T4 sites: the lanes that skip one wait at its end
  // for those running a child serially (WarpConvergence.h), rather than run
  // on into launches of their own (which hung on CUDA 13). The plan gave no
  // site T4 whose enclosed branches call the device runtime elsewhere
  // (enclosedRuntimeUseBlocker). A branch a lane can leave early is not
  // enclosed -- legacy CDP1 drivers loop with an early return around their
  // launches -- so this narrows the hazard but does not rule it out.
  std::vector<const Stmt *> Converging;

  for (const SiteDecision &D : Plan.Sites) {
    const LaunchSite &S = *D.Site;
    UserLocation Loc = WC.locate(S.Call->getBeginLoc());
    if (!D.removed()) {
      Ctx.Remarks.missed(PassName, Loc, D.Id,
                         "not removing this launch of '" + S.CalleeName +
                             "': " + D.Reason);
      continue;
    }
    // The plan has checked everything that can be checked before writing;
    // what fails now is a dpopt bug, not a reason to leave the site.
    std::string Done =
        "removed this launch of '" + S.CalleeName + "' (" +
        (D.Persist ? persistModeName(*D.Persist) : techniqueName(*D.Chosen)) +
        "): " + D.Reason;
    DiagId DoneId = removedId(D);
    if (D.Persist) {
      if (Error E = Persistent.add(U, D, Edits))
        return std::move(E);
      Ctx.Needs.add(RuntimeHeader::Persist);
      if (!D.Chosen) {
        Ctx.Remarks.passed(PassName, Loc, DoneId, Done);
        continue;
      }
    }
    if (*D.Chosen == Technique::T3) {
      T3Shape Shape;
      if (std::optional<std::string> Why = t3SiteBlocker(A, S, &Shape))
        return createStringError(inconvertibleErrorCode(),
                                 "remove-launch: T3 site no longer fits: " +
                                     *Why);
      if (Error E = Blocks.rewriteSite(U, S, Shape, D.SizeFallback, Edits))
        return std::move(E);
      Ctx.Needs.add(RuntimeHeader::Core);
      Ctx.Remarks.passed(PassName, Loc, DoneId, Done);
      continue;
    }
    Expected<LaunchText> L = readLaunchText(U, S);
    if (!L)
      return L.takeError();
    Expected<std::string> SerialName =
        Serial.request(S.Callee, S.Grid.DimsKnown ? S.Grid.Dims : 3u,
                       S.Block.DimsKnown ? S.Block.Dims : 3u);
    if (!SerialName)
      return SerialName.takeError();
    Edits.replace(S.StmtBegin, S.StmtEnd - S.StmtBegin,
                  indentLines(t4Text(U, S, *L, *SerialName, T4, D.SizeFallback),
                              indentationAt(U.getText(), S.StmtBegin)));
    for (const Stmt *B : S.Branches)
      if (!enclosureBlocker(U, B))
        Converging.push_back(B);
    Ctx.Needs.add(RuntimeHeader::Core);
    if (D.SizeFallback) {
      UsesSerialLimit = true;
      MacroAt = std::min(MacroAt, outermostDeclBegin(U, S.Caller));
    }
    Ctx.Remarks.passed(PassName, Loc, DoneId, Done);
  }

  for (const SyncDecision &S : Plan.Syncs) {
    UserLocation Loc = WC.locate(S.Sync.Call->getBeginLoc());
    if (!S.Remove) {
      Ctx.Remarks.missed(PassName, Loc, S.Id,
                         "not removing this cudaDeviceSynchronize(): " +
                             S.Reason);
      continue;
    }
    Edits.replace(S.Sync.Begin, S.Sync.End - S.Sync.Begin, S.Sync.Replacement);
    Ctx.Remarks.passed(PassName, Loc, DiagId::RemovedSync,
                       "removed this cudaDeviceSynchronize(): " + S.Reason);
  }

  if (Error E = encloseForConvergence(U, Converging, T4.Warp, Edits))
    return std::move(E);
  // Serial versions of children that launched see those launches removed
  // (and their syncs) too.
  EditList BodyEdits = Edits;
  if (Error E = Serial.emit(U, Edits, BodyEdits, PassName))
    return std::move(E);
  if (Error E = Blocks.emit(U, Edits, PassName))
    return std::move(E);
  if (Error E = Persistent.emit(U, Edits))
    return std::move(E);
  if (UsesSerialLimit || Blocks.usesBlockRunLimit()) {
    unsigned At = std::min(MacroAt, Blocks.limitMacroAt());
    Edits.insert(
        At,
        onOwnLines(
            U.getText(), At,
            std::string(
                UsesSerialLimit
                    ? "#ifndef DPOPT_SERIAL_LIMIT\n#define DPOPT_SERIAL_LIMIT "
                      "(1ull << 20)\n#endif\n"
                    : "") +
                (Blocks.usesBlockRunLimit()
                     ? "#ifndef DPOPT_BLOCK_RUN_LIMIT\n#define "
                       "DPOPT_BLOCK_RUN_LIMIT (1ull << 24)\n#endif\n"
                     : "")));
  }
  return Edits.build();
}

} // namespace

std::unique_ptr<Pass> createRemoveLaunchPass() {
  return std::make_unique<RemoveLaunchPass>();
}

} // namespace dpopt
