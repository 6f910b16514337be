//===- ThresholdPass.cpp - Serialize small child grids -------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/ThresholdPass.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/BodyInLoop.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"

#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <climits>
#include <map>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "threshold";

/// Every identifier the pass writes, fresh against the working text: a
/// launch already rewritten by another pass (or by this one before) uses the
/// same stems, and a nested declaration of the same name would be
/// initialized from itself.
struct GeneratedNames {
  explicit GeneratedNames(NameAllocator &A)
      : Alloc(A), Grid(A.fresh("grid")), Block(A.fresh("block")),
        Shmem(A.fresh("shmem")), Stream(A.fresh("stream")), GridDim(A.fresh("gridDim")),
        BlockDim(A.fresh("blockDim")), Bx(A.fresh("bx")), By(A.fresh("by")),
        Bz(A.fresh("bz")), Tx(A.fresh("tx")), Ty(A.fresh("ty")), Tz(A.fresh("tz")),
        Next(A.fresh("next_thread")), In(A.fresh("in") + "_") {}
  /// The variable holding the thread count of grid dimension I.
  const std::string &n(size_t I) {
    while (N.size() <= I)
      N.push_back(Alloc.fresh("n" + std::to_string(N.size())));
    return N[I];
  }
  NameAllocator &Alloc;
  std::string Grid, Block, Shmem, Stream, GridDim, BlockDim, Bx, By, Bz, Tx, Ty, Tz;
  /// The label that ends one serialized child thread, and the prefix of the
  /// names that hold parameters the body modifies.
  std::string Next, In;
  std::vector<std::string> N;
};

/// A serial version to write for one child kernel.
struct ChildPlan {
  const FunctionDecl *Child = nullptr;
  std::string Name;
  /// The most grid and block dimensions any of its launches may use.
  unsigned GridDims = 1, BlockDims = 1;
};

/// Where \p E is written in the main file. An expression that is a whole
/// macro argument counts as written where the argument is, if evaluating it
/// once instead of as often as the macro uses it changes nothing.
std::optional<std::pair<unsigned, unsigned>> fileRange(const ParsedUnit &U, const Expr *E) {
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = U.getASTContext().getLangOpts();
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  if (B.isMacroID() && End.isMacroID() && SM.isMacroArgExpansion(B) &&
      SM.isMacroArgExpansion(End) &&
      !E->HasSideEffects(U.getASTContext())) {
    B = SM.getSpellingLoc(B);
    End = SM.getSpellingLoc(End);
  }
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(B, End), SM, LO);
  if (R.isInvalid() || !SM.isWrittenInMainFile(R.getBegin()))
    return std::nullopt;
  return std::make_pair(SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd()));
}

/// The grid expression with each N written in it replaced by the variable
/// that holds it; fails (nullopt) when an N is not plain text inside it.
std::optional<std::string> substituteThreadCounts(const ParsedUnit &U, const LaunchSite &S,
                                                  const DesiredThreads &D,
                                                  GeneratedNames &Gen) {
  // The grid as written: a macro invocation counts as a whole.
  std::optional<std::pair<unsigned, unsigned>> Grid =
      U.getOffsetRange(S.Grid.E->getSourceRange());
  std::vector<std::tuple<unsigned, unsigned, std::string>> Subst;
  for (size_t I = 0; I < D.Parts.size(); ++I) {
    if (!D.Parts[I].InLaunch)
      continue;
    auto N = fileRange(U, D.Parts[I].N);
    if (!N || N->first < Grid->first || N->second > Grid->second)
      return std::nullopt;
    Subst.emplace_back(N->first, N->second, Gen.n(I));
  }
  std::sort(Subst.begin(), Subst.end());
  std::string Out;
  unsigned At = Grid->first;
  for (const auto &[Begin, End, Name] : Subst) {
    if (Begin < At)
      return std::nullopt;
    Out += U.getText().slice(At, Begin).str() + Name;
    At = End;
  }
  return Out + U.getText().slice(At, Grid->second).str();
}

class ThresholdPass : public Pass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "run small child grids serially in the parent thread (Olabi et al. "
           "CGO'22, section III)";
  }

  SiteAssessment assess(const LaunchSite &S, ProgramAnalysis &A,
                        const PassOptions &O) const override {
    if (std::optional<std::string> Why = blocker(S, A))
      return {false, *Why};
    DesiredThreads D = findDesiredThreads(S);
    std::string Threads =
        D.found() ? "its desired thread count"
                  : "grid x block threads (" + D.Why + ")";
    return {true, "serializes '" + S.CalleeName + "' in the parent thread when " +
                      Threads + " is below " + thresholdText(S, O)};
  }

  Expected<tooling::Replacements> run(PassContext &Ctx) override;

private:
  static std::optional<std::string> blocker(const LaunchSite &S, ProgramAnalysis &A) {
    if (std::optional<std::string> Why = launchStatementBlocker(S, A))
      return Why;
    if (std::optional<std::string> Why = serializationBlocker(A, S.Callee))
      return Why;
    if (std::optional<std::string> Why = orderBlocker(S, A))
      return Why;
    if (std::optional<std::string> Why =
            loopBodyBlocker(A.workingCopy().unit(), getWrittenDefinition(S.Callee)))
      return Why;
    NameAllocator Scratch("");
    BuiltinCloner Cloner(A, AllBuiltins, Scratch, "serial");
    if (std::optional<std::string> Why = Cloner.plan(S.Callee))
      return "'" + S.CalleeName + "' cannot run serially: " + *Why;
    return std::nullopt;
  }

  /// Serial work runs at once, in the parent thread; a launch runs later. A
  /// thread that launches more than once could rely on the first child
  /// finishing before the second starts (stream order), which running one
  /// of them serially would break: only one launch per parent thread is
  /// thresholded.
  static std::optional<std::string> orderBlocker(const LaunchSite &S, ProgramAnalysis &A) {
    if (S.Kind != CallerKind::Global)
      return std::string("the launch is in '" + S.CallerName +
                         "', which a thread may call more than once: a later "
                         "launch could rely on this child having finished");
    if (S.inLoop())
      return std::string("the launch is in a loop: a later iteration's child "
                         "could rely on this one having finished");
    const FunctionFacts &F = A.transitiveFacts(S.Caller);
    if (F.Launches.size() > 1)
      return "'" + S.CallerName + "' launches " + std::to_string(F.Launches.size()) +
             " times per thread: a later child could rely on this one having "
             "finished";
    return std::nullopt;
  }

  static std::string thresholdText(const LaunchSite &S, const PassOptions &O) {
    if (S.Pragma && S.Pragma->Threshold)
      return std::to_string(*S.Pragma->Threshold);
    return "DPOPT_THRESHOLD (" + std::to_string(O.Threshold.value_or(DefaultThreshold)) + ")";
  }

  static Expected<std::string> siteText(const ParsedUnit &U, const LaunchSite &S,
                                        const LaunchText &L, const DesiredThreads &D,
                                        const std::string &SerialName,
                                        const std::string &Threshold, GeneratedNames &Gen);
  static Expected<std::string> serialFunction(const ParsedUnit &U, ProgramAnalysis &A,
                                              const ChildPlan &P,
                                              const BuiltinCloner &Cloner,
                                              const GeneratedNames &Gen, std::string &HeadOut);
};

Expected<std::string> ThresholdPass::siteText(const ParsedUnit &U, const LaunchSite &S,
                                              const LaunchText &L, const DesiredThreads &D,
                                              const std::string &SerialName,
                                              const std::string &Threshold,
                                              GeneratedNames &Gen) {
  std::string Out = "{ // dpopt threshold: launch only when worth it\n";
  std::string Grid = S.Grid.Text;
  std::string Threads;
  if (D.found()) {
    std::optional<std::string> Substituted = substituteThreadCounts(U, S, D, Gen);
    if (!Substituted)
      return createStringError(inconvertibleErrorCode(), "no substitution");
    Grid = *Substituted;
    for (size_t I = 0; I < D.Parts.size(); ++I) {
      std::optional<std::pair<unsigned, unsigned>> Range = fileRange(U, D.Parts[I].N);
      if (!Range)
        return createStringError(inconvertibleErrorCode(), "no text");
      std::string N = U.getText().slice(Range->first, Range->second).str();
      std::string Value;
      if (D.Parts[I].InLaunch) {
        Value = Gen.n(I);
        Out += "  auto " + Value + " = (" + N + ");\n";
      } else {
        Value = "(" + N + ")";
      }
      Threads += (Threads.empty() ? "" : " * ") +
                 (D.Parts.size() > 1 ? "(long long)" + Value : Value);
    }
  } else {
    const std::string &G = Gen.Grid, &B = Gen.Block;
    Threads = "(unsigned long long)" + G + ".x * " + G + ".y * " + G + ".z * " + B +
              ".x * " + B + ".y * " + B + ".z";
  }
  Out += "  dim3 " + Gen.Grid + "(" + Grid + ");\n";
  Out += "  dim3 " + Gen.Block + "(" + S.Block.Text + ");\n";
  std::optional<std::string> Shmem, Stream;
  if (S.SharedMem.isWritten()) {
    Out += "  auto " + Gen.Shmem + " = (" + S.SharedMem.Text + ");\n";
    Shmem = Gen.Shmem;
  }
  if (S.Stream.isWritten()) {
    Out += "  auto " + Gen.Stream + " = (" + S.Stream.Text + ");\n";
    Stream = Gen.Stream;
  } else {
    // Launches the user left in the block's implicit stream go to
    // cudaStreamFireAndForget: serializing siblings already gives up the
    // implicit stream's order among them, and on an H200 (CUDA 13.0) the
    // implicit stream hung when some threads of a block launched while others
    // ran serial versions (docs/passes/threshold.md).
    Stream = "cudaStreamFireAndForget";
    if (!Shmem)
      Shmem = "0";
  }
  Out += "  if (" + Threads + " >= " + Threshold + ")\n    ";
  Out += deviceLaunchStatement(S.Id, launchStatement(L.Callee, Gen.Grid, Gen.Block, Shmem,
                                                     Stream, L.Args));
  std::string Args = StringRef(L.Args).trim().empty() ? "" : ", " + L.Args;
  Out += "\n  else\n    " + L.calleeNamed(SerialName) + "(" + Gen.Grid + ", " + Gen.Block +
         Args + ");\n}";
  return Out;
}

Expected<std::string> ThresholdPass::serialFunction(const ParsedUnit &U, ProgramAnalysis &A,
                                                    const ChildPlan &P,
                                                    const BuiltinCloner &Cloner,
                                                    const GeneratedNames &Gen,
                                                    std::string &HeadOut) {
  const FunctionDecl *Def = getWrittenDefinition(P.Child);
  Expected<FunctionPieces> F = readFunction(U, Def);
  if (!F)
    return F.takeError();
  EditList Redirects("");
  if (Error E = Cloner.redirectCalls(U, Def, Redirects))
    return std::move(E);
  Expected<LoopBody> Body = bodyForLoop(U, Def, Redirects, Gen.Next, Gen.In);
  if (!Body)
    return Body.takeError();

  const FunctionFacts &Facts = A.transitiveFacts(P.Child);
  auto Uses = [&](BuiltinVar V) { return Facts.usesIndex(V); };
  std::string S = "{\n";
  auto Loop = [&](const std::string &Var, const std::string &Bound) {
    S += "  for (unsigned " + Var + " = 0; " + Var + " < " + Bound + "; ++" + Var + ")\n";
  };
  if (P.GridDims >= 3)
    Loop(Gen.Bz, Gen.GridDim + ".z");
  if (P.GridDims >= 2)
    Loop(Gen.By, Gen.GridDim + ".y");
  Loop(Gen.Bx, Gen.GridDim + ".x");
  if (P.BlockDims >= 3)
    Loop(Gen.Tz, Gen.BlockDim + ".z");
  if (P.BlockDims >= 2)
    Loop(Gen.Ty, Gen.BlockDim + ".y");
  Loop(Gen.Tx, Gen.BlockDim + ".x");
  S += "  {\n";
  // Locals named like the built-ins shadow them for the copied body.
  auto Index = [](const std::string &X, unsigned Dims, const std::string &Y,
                  const std::string &Z) {
    return "make_uint3(" + X + ", " + (Dims >= 2 ? Y : "0u") + ", " +
           (Dims >= 3 ? Z : "0u") + ")";
  };
  if (Uses(BuiltinVar::BlockIdx))
    S += "    const uint3 blockIdx = " + Index(Gen.Bx, P.GridDims, Gen.By, Gen.Bz) + ";\n";
  if (Uses(BuiltinVar::ThreadIdx))
    S += "    const uint3 threadIdx = " + Index(Gen.Tx, P.BlockDims, Gen.Ty, Gen.Tz) + ";\n";
  if (Uses(BuiltinVar::GridDim))
    S += "    const dim3 gridDim = " + Gen.GridDim + ";\n";
  if (Uses(BuiltinVar::BlockDim))
    S += "    const dim3 blockDim = " + Gen.BlockDim + ";\n";
  // One child thread: its 'return's jump to the end of the iteration, and
  // parameters it modifies are its own copies (BodyInLoop.h).
  S += Body->text(Gen.Next) + "\n  }\n}";

  std::string Header = F->TemplateHeader.empty() ? "" : F->TemplateHeader + "\n";
  HeadOut = Header + "static __device__ void " + P.Name + "(dim3 " + Gen.GridDim +
            ", dim3 " + Gen.BlockDim;
  return S;
}

Expected<tooling::Replacements> ThresholdPass::run(PassContext &Ctx) {
  const WorkingCopy &WC = Ctx.WC;
  const ParsedUnit &U = WC.unit();
  ProgramAnalysis &A = Ctx.Analysis;
  EditList Edits(WC.original().path().str());
  NameAllocator Names(U.getText());
  GeneratedNames Gen(Names);
  BuiltinCloner Cloner(A, AllBuiltins, Names, "serial");
  std::map<const FunctionDecl *, ChildPlan> Plans;
  std::vector<const FunctionDecl *> Order;
  unsigned MacroAt = UINT_MAX;

  for (const LaunchSite *S : A.deviceSites()) {
    UserLocation Loc = WC.locate(S->Call->getBeginLoc());
    if (std::optional<std::string> Why = blocker(*S, A)) {
      Ctx.Remarks.missed(PassName, Loc, "not thresholding this launch of '" + S->CalleeName +
                                            "': " + *Why);
      continue;
    }
    Expected<LaunchText> L = readLaunchText(U, *S);
    if (!L) {
      Ctx.Remarks.missed(PassName, Loc, "not thresholding this launch of '" + S->CalleeName +
                                            "': " + toString(L.takeError()));
      continue;
    }
    const FunctionDecl *Key = canonicalFunction(S->Callee);
    auto [It, New] = Plans.try_emplace(Key);
    ChildPlan &P = It->second;
    if (New) {
      P.Child = S->Callee;
      P.Name = Names.fresh("serial_" + S->Callee->getNameAsString());
      if (std::optional<std::string> Why = Cloner.plan(S->Callee))
        return createStringError(inconvertibleErrorCode(), *Why);
      Order.push_back(Key);
    }
    P.GridDims = std::max(P.GridDims, S->Grid.DimsKnown ? S->Grid.Dims : 3u);
    P.BlockDims = std::max(P.BlockDims, S->Block.DimsKnown ? S->Block.Dims : 3u);

    DesiredThreads D = findDesiredThreads(*S);
    bool FromPragma = S->Pragma && S->Pragma->Threshold;
    std::string Threshold =
        FromPragma ? std::to_string(*S->Pragma->Threshold) : "DPOPT_THRESHOLD";
    Expected<std::string> Text = siteText(U, *S, *L, D, P.Name, Threshold, Gen);
    if (!Text && D.found()) {
      consumeError(Text.takeError());
      D.Parts.clear();
      D.Why = "the thread count is written inside a macro";
      Text = siteText(U, *S, *L, D, P.Name, Threshold, Gen);
    }
    if (!Text)
      return Text.takeError();
    Edits.replace(S->StmtBegin, S->StmtEnd - S->StmtBegin,
                  indentLines(*Text, indentationAt(U.getText(), S->StmtBegin)));
    if (!FromPragma)
      MacroAt = std::min(MacroAt, outermostDeclBegin(U, S->Caller));
    Ctx.Remarks.passed(PassName, Loc,
                       "launching '" + S->CalleeName + "' only when " +
                           (D.found() ? "its desired thread count" : "its thread count") +
                           " reaches " + thresholdText(*S, Ctx.Options) +
                           ", else running it serially in the parent thread");
    if (!D.found())
      Ctx.Remarks.analysis(PassName, Loc,
                           "no desired thread count found (" + D.Why +
                               "): comparing the grid's total threads (grid x block)");
  }

  for (const FunctionDecl *Key : Order) {
    const ChildPlan &P = Plans[Key];
    std::string Head;
    Expected<std::string> Body = serialFunction(U, A, P, Cloner, Gen, Head);
    if (!Body)
      return Body.takeError();
    auto FullHead = [&](StringRef Params) {
      bool None = Params.trim().empty() || Params.trim() == "void";
      return Head + (None ? "" : ", " + Params.str()) + ")";
    };
    if (Error E = addDerivedFunction(U, Edits, P.Child, FullHead, *Body,
                                     "'" + P.Child->getNameAsString() +
                                         "' run serially by one thread (threshold)"))
      return std::move(E);
  }
  if (Error E = Cloner.emitClones(U, Edits))
    return std::move(E);
  if (MacroAt != UINT_MAX)
    Edits.insert(MacroAt, "#ifndef DPOPT_THRESHOLD\n#define DPOPT_THRESHOLD " +
                              std::to_string(Ctx.Options.Threshold.value_or(DefaultThreshold)) +
                              "\n#endif\n");
  return Edits.build();
}

} // namespace

std::optional<std::string> serializationBlocker(ProgramAnalysis &A, const FunctionDecl *Child) {
  const FunctionFacts &F = A.transitiveFacts(Child);
  const WorkingCopy &WC = A.workingCopy();
  std::string Name = "'" + Child->getNameAsString() + "'";
  if (!F.Barriers.empty())
    return Name + " synchronizes its threads (" + F.Barriers[0].What + " at " +
           whereIs(WC, F.Barriers[0].Loc) + ")";
  if (!F.WarpOps.empty())
    return Name + " uses the warp-level operation " + F.WarpOps[0].What + " at " +
           whereIs(WC, F.WarpOps[0].Loc);
  if (!F.Shared.empty())
    return Name + " uses shared memory ('" + F.Shared[0].Var->getNameAsString() + "' at " +
           whereIs(WC, F.Shared[0].Var->getLocation()) + ")";
  if (!F.CooperativeGroups.empty())
    return Name + " uses cooperative groups (" + F.CooperativeGroups[0].What + " at " +
           whereIs(WC, F.CooperativeGroups[0].Loc) + ")";
  if (!F.InlineAsm.empty())
    return Name + " contains inline assembly at " + whereIs(WC, F.InlineAsm[0].Loc) +
           ", whose effect on other threads dpopt cannot see";
  if (!F.UnknownCalls.empty())
    return Name + " makes a call dpopt cannot see into (" + F.UnknownCalls[0].What +
           " at " + whereIs(WC, F.UnknownCalls[0].Loc) + ")";
  if (!F.LegacyDeviceSyncs.empty())
    return Name + " calls cudaDeviceSynchronize() at " +
           whereIs(WC, F.LegacyDeviceSyncs[0].Loc);
  // A serial version that launches would make one parent thread issue the
  // launches of a whole child grid into one stream; on an H200 (CUDA 13.0)
  // that hung recursive children (docs/passes/threshold.md).
  if (!F.Launches.empty())
    return Name + " launches kernels itself (" + whereIs(WC, F.Launches[0].Loc) +
           "): its serial version would issue a whole grid's launches from one "
           "thread";
  return std::nullopt;
}

std::unique_ptr<Pass> createThresholdPass() { return std::make_unique<ThresholdPass>(); }

} // namespace dpopt
