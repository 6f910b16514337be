//===- CoarsenPass.cpp - Fewer, fuller child blocks ----------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Postwork.h"

#include "dpopt/Passes/CoarsenPass.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Passes/SitePass.h"
#include "dpopt/Rewrite/BodyInLoop.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Support/Runtime.h"

#include <algorithm>
#include <climits>
#include <map>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "coarsen";
constexpr BuiltinSet CoarsenedVars =
    builtinBit(BuiltinVar::BlockIdx) | builtinBit(BuiltinVar::GridDim);

/// Identifiers the pass writes, fresh against the working text (see
/// ThresholdPass.cpp).
struct GeneratedNames {
  explicit GeneratedNames(NameAllocator &A)
      : Grid(A.fresh("grid")), GridDim(A.fresh("gridDim")), Bx(A.fresh("bx")),
        By(A.fresh("by")), Bz(A.fresh("bz")), Next(A.fresh("next_block")),
        In(A.fresh("in") + "_") {}
  std::string Grid, GridDim, Bx, By, Bz;
  /// The label that ends one original block, and the prefix of the names
  /// that hold parameters the body modifies.
  std::string Next, In;
};

struct ChildPlan {
  const FunctionDecl *Child = nullptr;
  std::string Name;
  unsigned GridDims = 1;
};

const Tunable CoarsenFactor{
    "DPOPT_COARSEN_FACTOR", "",
    [](const PragmaDirective &P) { return P.Coarsen; },
    [](const PassOptions &O) { return O.CoarsenFactor; }, DefaultCoarsenFactor};

class CoarsenPass : public SitePass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "give each child block the work of several original blocks (Olabi "
           "et al. CGO'22, section IV)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Core};
  }

protected:
  StringRef verb() const override { return "coarsening"; }
  std::optional<Refusal> optionBlocker(const LaunchSite &S, ProgramAnalysis &A,
                                       const PassOptions &O) const override {
    return postworkSiteBlocker(S, A, O, PassName);
  }
  const Tunable *tunable() const override { return &CoarsenFactor; }

  std::string summary(const LaunchSite &S, ProgramAnalysis &,
                      const PassOptions &O) const override {
    return "launches a clone of '" + S.CalleeName +
           "' with the grid divided by " + describeTunable(CoarsenFactor, S, O);
  }

  std::unique_ptr<SiteRewriter> makeRewriter(SiteRun &Run) const override;

  std::optional<Refusal> blocker(const LaunchSite &S,
                                 ProgramAnalysis &A) const override {
    if (std::optional<Refusal> Why = launchStatementBlocker(S, A))
      return Why;
    const FunctionFacts &F = A.transitiveFacts(S.Callee);
    const FunctionFacts &Own = A.localFacts(S.Callee);
    const WorkingCopy &WC = A.workingCopy();
    std::string Name = "'" + S.CalleeName + "'";
    if (!Own.EarlyReturns.empty() && !F.Barriers.empty())
      return Refusal{
          DiagId::CoarsenEarlyReturnBarrier,
          Name + " returns early (" + whereIs(WC, Own.EarlyReturns[0].Loc) +
              ") and synchronizes its threads (" + F.Barriers[0].What + " at " +
              whereIs(WC, F.Barriers[0].Loc) +
              "): a thread leaving one original block early could meet the "
              "others at a barrier of the next"};
    if (!Own.EarlyReturns.empty() && !F.WarpOps.empty())
      return Refusal{
          DiagId::CoarsenEarlyReturnWarpOp,
          Name + " returns early (" + whereIs(WC, Own.EarlyReturns[0].Loc) +
              ") and uses the warp-level operation " + F.WarpOps[0].What};
    if (std::optional<Refusal> Why = opaqueCodeBlocker(
            WC, F, Name, ", which could read the block index"))
      return Why;
    if (!F.LegacyDeviceSyncs.empty())
      return Refusal{DiagId::ChildLegacySync,
                     Name + " calls cudaDeviceSynchronize() at " +
                         whereIs(WC, F.LegacyDeviceSyncs[0].Loc)};
    // Each thread would launch once per original block it runs; on an H200
    // (CUDA 13.0) a coarsened recursive child ran >1000x slower or hung
    // (docs/passes/coarsen.md).
    if (!F.Launches.empty())
      return Refusal{
          DiagId::CoarsenChildLaunches,
          Name + " launches kernels itself (" + whereIs(WC, F.Launches[0].Loc) +
              "): coarsened, each thread would launch once per original block"};
    if (std::optional<std::string> Why =
            loopBodyBlocker(WC.unit(), getWrittenDefinition(S.Callee)))
      return Refusal{DiagId::BodyNotLoopable, *Why};
    NameAllocator Scratch("");
    BuiltinCloner Cloner(A, CoarsenedVars, Scratch, "coarse");
    if (std::optional<std::string> Why = Cloner.plan(S.Callee))
      return Refusal{DiagId::CloneBlocked,
                     Name + " cannot be coarsened: " + *Why};
    return std::nullopt;
  }
};

/// The body of the coarsened clone of P.Child.
Expected<std::string> coarsenedBody(const ParsedUnit &U, ProgramAnalysis &A,
                                    const ChildPlan &P,
                                    const EditList &SiteEdits,
                                    const BuiltinCloner &Cloner,
                                    const GeneratedNames &Gen) {
  const FunctionDecl *Def = getWrittenDefinition(P.Child);
  Expected<FunctionPieces> F = readFunction(U, Def);
  if (!F)
    return F.takeError();
  // The clone gets this pass's own rewrites of launches inside the body (a
  // recursive child launches its coarsened self) and redirected calls.
  EditList BodyEdits("");
  if (F->InMainFile) // offsets of the working text; a header's child has none
    BodyEdits.addWithin(SiteEdits, F->BodyBegin, F->BodyEnd);
  if (Error E = Cloner.redirectCalls(U, Def, BodyEdits))
    return std::move(E);
  Expected<LoopBody> Body = bodyForLoop(U, Def, BodyEdits, Gen.Next, Gen.In);
  if (!Body)
    return Body.takeError();

  const FunctionFacts &Facts = A.transitiveFacts(P.Child);
  std::string S = "{\n";
  auto Loop = [&](const std::string &Var, const char *Dim) {
    S += "  for (unsigned " + Var + " = blockIdx." + Dim + "; " + Var + " < " +
         Gen.GridDim + "." + Dim + "; " + Var + " += gridDim." + Dim + ")\n";
  };
  if (P.GridDims >= 3)
    Loop(Gen.Bz, "z");
  if (P.GridDims >= 2)
    Loop(Gen.By, "y");
  Loop(Gen.Bx, "x");
  S += "  {\n";
  if (Facts.usesIndex(BuiltinVar::BlockIdx))
    S += "    const uint3 blockIdx = make_uint3(" + Gen.Bx + ", " +
         (P.GridDims >= 2 ? Gen.By : "0u") + ", " +
         (P.GridDims >= 3 ? Gen.Bz : "0u") + ");\n";
  if (Facts.usesIndex(BuiltinVar::GridDim))
    S += "    const dim3 gridDim = " + Gen.GridDim + ";\n";
  // One original block: 'return' jumps to the end of it, and parameters the
  // body modifies are copied afresh (BodyInLoop.h).
  S += Body->text(Gen.Next) + "\n";
  if (!Facts.Shared.empty() && !Facts.Barriers.empty())
    S += "    // The next original block reuses this block's shared memory.\n"
         "    __syncthreads();\n";
  S += "  }\n}";
  return S;
}

class CoarsenRewriter : public SiteRewriter {
public:
  explicit CoarsenRewriter(SiteRun &Run)
      : Run(Run), Gen(Run.Names),
        Cloner(Run.A, CoarsenedVars, Run.Names, "coarse") {}

  Error rewrite(const LaunchSite &S, const LaunchText &L) override {
    const ParsedUnit &U = Run.U;
    const FunctionDecl *Key = canonicalFunction(S.Callee);
    auto [It, New] = Plans.try_emplace(Key);
    ChildPlan &P = It->second;
    if (New) {
      P.Child = S.Callee;
      P.Name = Run.Names.fresh("coarse_" + S.Callee->getNameAsString());
      if (std::optional<std::string> Refused = Cloner.plan(S.Callee))
        return createStringError(inconvertibleErrorCode(), *Refused);
      Order.push_back(Key);
    }
    P.GridDims = std::max(P.GridDims, S.Grid.DimsKnown ? S.Grid.Dims : 3u);

    std::string Factor = Run.tunableInCode(S);
    std::optional<std::string> Shmem, Stream;
    if (S.SharedMem.isWritten() || S.Stream.isWritten())
      Shmem = S.SharedMem.isWritten() ? S.SharedMem.Text : "0";
    if (S.Stream.isWritten())
      Stream = S.Stream.Text;
    std::string Args = StringRef(L.Args).trim().empty() ? "" : ", " + L.Args;
    std::string Text =
        "{ // dpopt coarsen: fewer, fuller child blocks\n"
        "  dim3 " +
        Gen.Grid + " = " + S.Grid.Text + ";\n  " +
        deviceLaunchStatement(
            S.Id, launchStatement(
                      L.calleeNamed(P.Name),
                      rt::coarsenGrid + "(" + Gen.Grid + ", " + Factor + ")",
                      S.Block.Text, Shmem, Stream, Gen.Grid + Args)) +
        "\n}";
    Run.Edits.replace(
        S.StmtBegin, S.StmtEnd - S.StmtBegin,
        indentLines(Text, indentationAt(U.getText(), S.StmtBegin)));
    Run.passed(S, DiagId::CoarsenLaunchedClone,
               "launching a clone of '" + S.CalleeName +
                   "' whose blocks each run " + Run.tunableForRemark(S) +
                   " original blocks");
    return Error::success();
  }

  Error finish() override {
    if (Order.empty())
      return Error::success();
    const ParsedUnit &U = Run.U;
    EditList &Edits = Run.Edits;
    // Clone bodies see the site rewrites made above.
    EditList SiteEdits = Edits;
    for (const FunctionDecl *Key : Order) {
      const ChildPlan &P = Plans[Key];
      Expected<std::string> Body =
          coarsenedBody(U, Run.A, P, SiteEdits, Cloner, Gen);
      if (!Body)
        return Body.takeError();
      Expected<FunctionPieces> F =
          readFunction(U, getWrittenDefinition(P.Child));
      if (!F)
        return F.takeError();
      std::string Head =
          (F->TemplateHeader.empty() ? "" : F->TemplateHeader + "\n") +
          "static __global__ " +
          (F->LaunchBounds.empty() ? "" : F->LaunchBounds + " ") + "void " +
          P.Name + "(dim3 " + Gen.GridDim;
      auto FullHead = [&](StringRef Params) {
        bool None = Params.trim().empty() || Params.trim() == "void";
        return Head + (None ? "" : ", " + Params.str()) + ")";
      };
      if (Error E =
              addDerivedFunction(U, Edits, P.Child, FullHead, *Body,
                                 "'" + P.Child->getNameAsString() +
                                     "' coarsened: each block runs a stride of "
                                     "original blocks (coarsen)"))
        return E;
    }
    if (Error E = Cloner.emitClones(U, Edits))
      return E;
    Run.Ctx.Needs.add(RuntimeHeader::Core);
    return Error::success();
  }

private:
  SiteRun &Run;
  GeneratedNames Gen;
  BuiltinCloner Cloner;
  std::map<const FunctionDecl *, ChildPlan> Plans;
  std::vector<const FunctionDecl *> Order;
};

std::unique_ptr<SiteRewriter> CoarsenPass::makeRewriter(SiteRun &Run) const {
  return std::make_unique<CoarsenRewriter>(Run);
}

} // namespace

std::unique_ptr<Pass> createCoarsenPass() {
  return std::make_unique<CoarsenPass>();
}

} // namespace dpopt
