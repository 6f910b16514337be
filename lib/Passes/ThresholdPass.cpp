//===- ThresholdPass.cpp - Serialize small child grids -------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Postwork.h"

#include "dpopt/Passes/ThresholdPass.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/MemoryReads.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/Serializer.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Passes/SitePass.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Support/Runtime.h"

#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <climits>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "threshold";

/// The identifiers the pass writes at a site, fresh against the working
/// text: a launch already rewritten by another pass (or by this one before)
/// uses the same stems, and a nested declaration of the same name would be
/// initialized from itself. The serial version's come from Serializer.
struct GeneratedNames {
  explicit GeneratedNames(NameAllocator &A)
      : Alloc(A), Grid(A.fresh("grid")), Block(A.fresh("block")),
        Shmem(A.fresh("shmem")), Stream(A.fresh("stream")),
        Warp(A.fresh("warp")) {}
  /// The variable holding the thread count of grid dimension I.
  const std::string &n(size_t I) {
    while (N.size() <= I)
      N.push_back(Alloc.fresh("n" + std::to_string(N.size())));
    return N[I];
  }
  NameAllocator &Alloc;
  std::string Grid, Block, Shmem, Stream, Warp;
  std::vector<std::string> N;
};

/// Where \p E is written in the main file. An expression that is a whole
/// macro argument counts as written where the argument is, if evaluating it
/// once instead of as often as the macro uses it changes nothing.
std::optional<std::pair<unsigned, unsigned>> fileRange(const ParsedUnit &U,
                                                       const Expr *E) {
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = U.getASTContext().getLangOpts();
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  if (B.isMacroID() && End.isMacroID() && SM.isMacroArgExpansion(B) &&
      SM.isMacroArgExpansion(End) && !E->HasSideEffects(U.getASTContext())) {
    B = SM.getSpellingLoc(B);
    End = SM.getSpellingLoc(End);
  }
  CharSourceRange R =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(B, End), SM, LO);
  if (R.isInvalid() || !SM.isWrittenInMainFile(R.getBegin()))
    return std::nullopt;
  return std::make_pair(SM.getFileOffset(R.getBegin()),
                        SM.getFileOffset(R.getEnd()));
}

/// The grid expression with each N written in it replaced by the variable
/// that holds it; fails (nullopt) when an N is not plain text inside it.
std::optional<std::string> substituteThreadCounts(const ParsedUnit &U,
                                                  const LaunchSite &S,
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

const Tunable ThresholdValue{
    "DPOPT_THRESHOLD", "", [](const PragmaDirective &P) { return P.Threshold; },
    [](const PassOptions &O) { return O.Threshold; }, DefaultThreshold};

class ThresholdPass : public SitePass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "run small child grids serially in the parent thread (Olabi et al. "
           "CGO'22, section III)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Core};
  }

protected:
  StringRef verb() const override { return "thresholding"; }
  std::optional<Refusal> optionBlocker(const LaunchSite &S, ProgramAnalysis &A,
                                       const PassOptions &O) const override {
    return postworkSiteBlocker(S, A, O, PassName);
  }
  const Tunable *tunable() const override { return &ThresholdValue; }

  std::string summary(const LaunchSite &S, ProgramAnalysis &,
                      const PassOptions &O) const override {
    DesiredThreads D = findDesiredThreads(S);
    std::string Threads = D.found() ? "its desired thread count"
                                    : "grid x block threads (" + D.Why + ")";
    return "serializes '" + S.CalleeName + "' in the parent thread when " +
           Threads + " is below " + describeTunable(ThresholdValue, S, O);
  }

  std::unique_ptr<SiteRewriter> makeRewriter(SiteRun &Run) const override;

  std::optional<Refusal> blocker(const LaunchSite &S,
                                 ProgramAnalysis &A) const override {
    if (std::optional<Refusal> Why = launchStatementBlocker(S, A))
      return Why;
    if (std::optional<Refusal> Why = earlyRunStreamBlocker(S))
      return Why;
    if (std::optional<Refusal> Why = serializationBlocker(A, S.Callee))
      return Why;
    if (std::optional<Refusal> Why = orderBlocker(S, A))
      return Why;
    if (std::optional<Refusal> Why = serialLaneBlocker(A, S))
      return Why;
    return serialRewriteBlocker(A, S.Callee);
  }

  /// Serial work runs at once, in the parent thread; a launch runs later. A
  /// thread that launches more than once could rely on the first child
  /// finishing before the second starts (stream order), which running one
  /// of them serially would break: only one launch per parent thread is
  /// thresholded.
  static std::optional<Refusal> orderBlocker(const LaunchSite &S,
                                             ProgramAnalysis &A) {
    if (S.Kind != CallerKind::Global)
      return Refusal{
          DiagId::ThresholdCalledFunction,
          std::string("the launch is in '" + S.CallerName +
                      "', which a thread may call more than once: a later "
                      "launch could rely on this child having finished")};
    if (S.inLoop())
      return Refusal{
          DiagId::ThresholdLaunchInLoop,
          std::string("the launch is in a loop: a later iteration's child "
                      "could rely on this one having finished")};
    const FunctionFacts &F = A.transitiveFacts(S.Caller);
    if (F.Launches.size() > 1)
      return Refusal{
          DiagId::ThresholdSeveralLaunches,
          "'" + S.CallerName + "' launches " +
              std::to_string(F.Launches.size()) +
              " times per thread: a later child could rely on this one having "
              "finished"};
    return std::nullopt;
  }
};

/// The threshold's text at one site.
Expected<std::string> siteText(const ParsedUnit &U, const LaunchSite &S,
                               const LaunchText &L, const DesiredThreads &D,
                               const std::string &SerialName,
                               const std::string &Threshold,
                               const std::string &Compared,
                               GeneratedNames &Gen) {
  std::string Out = "{ // dpopt threshold: launch only when worth it\n";
  std::string Grid = S.Grid.Text;
  std::string Threads;
  if (D.found()) {
    std::optional<std::string> Substituted =
        substituteThreadCounts(U, S, D, Gen);
    if (!Substituted)
      return createStringError(inconvertibleErrorCode(), "no substitution");
    Grid = *Substituted;
    for (size_t I = 0; I < D.Parts.size(); ++I) {
      std::optional<std::pair<unsigned, unsigned>> Range =
          fileRange(U, D.Parts[I].N);
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
    Threads = "(unsigned long long)" + G + ".x * " + G + ".y * " + G + ".z * " +
              B + ".x * " + B + ".y * " + B + ".z";
  }
  ConfigLocals Config =
      declareConfig(S, Grid, Gen.Grid, Gen.Block, Gen.Shmem, Gen.Stream);
  Out += Config.Text;
  std::optional<std::string> Shmem = Config.Shmem, Stream = Config.Stream;
  if (!Stream) {
    // Launches the user left in the block's implicit stream go to
    // cudaStreamFireAndForget: serializing siblings already gives up the
    // implicit stream's order among them, and on an H200 (CUDA 13.0) the
    // implicit stream hung when some threads of a block launched while others
    // ran serial versions (docs/passes/threshold.md).
    Stream = "cudaStreamFireAndForget";
    if (!Shmem)
      Shmem = "0";
  }
  // A grid the GPU would reject, or one far larger than its thread count
  // says ((n - 1) / B + 1 with an unsigned n of 0), is launched as written:
  // it fails, or runs, as it did.
  unsigned MaxThreads = maxBlockThreads(S.Callee);
  Out += "  " + reconvergeBegin(Gen.Warp);
  Out += "  if (" + Threads + " >= " + Compared + " ||\n      !" +
         rt::runsSerially + "(" + Gen.Grid + ", " + Gen.Block + ", " +
         (Shmem ? *Shmem : std::string("0")) + ", (unsigned long long)(" +
         Threshold + ") + " + rt::blockThreads + "(" + Gen.Block + ")" +
         (MaxThreads < 1024 ? ", " + std::to_string(MaxThreads) : "") +
         "))\n    ";
  Out +=
      deviceLaunchStatement(S.Id, launchStatement(L.Callee, Gen.Grid, Gen.Block,
                                                  Shmem, Stream, L.Args));
  std::string Args = StringRef(L.Args).trim().empty() ? "" : ", " + L.Args;
  Out += "\n  else\n    " + L.calleeNamed(SerialName) + "(" + Gen.Grid + ", " +
         Gen.Block + Args + ");\n  " + reconvergeEnd(Gen.Warp) + "}";
  return Out;
}

class ThresholdRewriter : public SiteRewriter {
public:
  explicit ThresholdRewriter(SiteRun &Run)
      : Run(Run), Gen(Run.Names), Serial(Run.A, Run.Names, /*FoldAtomics=*/true,
                                         Run.Ctx.Options.FoldFpAtomics) {}

  Error rewrite(const LaunchSite &S, const LaunchText &L) override {
    const ParsedUnit &U = Run.U;
    Expected<std::string> SerialName =
        Serial.request(S.Callee, S.Grid.DimsKnown ? S.Grid.Dims : 3u,
                       S.Block.DimsKnown ? S.Block.Dims : 3u);
    if (!SerialName)
      return SerialName.takeError();

    DesiredThreads D = findDesiredThreads(S);
    std::string Threshold = Run.tunableInCode(S);
    // The default threshold follows the parent grid's size where the child
    // waits on memory (gridScaledThreshold); a value the user chose, by
    // pragma, tuning entry or option, is used as written.
    bool Chosen = S.setting(ThresholdValue.FromPragma).has_value() ||
                  ThresholdValue.FromOption(Run.Ctx.Options).has_value();
    const Stmt *Read = Chosen ? nullptr : firstMemoryRead(S.Callee);
    std::string Compared =
        Read ? rt::gridScaledThreshold + "(" + Threshold + ")" : Threshold;
    Expected<std::string> Text =
        siteText(U, S, L, D, *SerialName, Threshold, Compared, Gen);
    if (!Text && D.found()) {
      consumeError(Text.takeError());
      D.Parts.clear();
      D.Why = "the thread count is written inside a macro";
      Text = siteText(U, S, L, D, *SerialName, Threshold, Compared, Gen);
    }
    if (!Text)
      return Text.takeError();
    Run.Edits.replace(
        S.StmtBegin, S.StmtEnd - S.StmtBegin,
        indentLines(*Text, indentationAt(U.getText(), S.StmtBegin)));
    Run.Ctx.Needs.add(RuntimeHeader::Core);
    Run.passed(
        S, DiagId::ThresholdWrapped,
        "launching '" + S.CalleeName + "' only when " +
            (D.found() ? "its desired thread count" : "its thread count") +
            " reaches " + Run.tunableForRemark(S) +
            (Read ? " scaled down to the parent grid's share of the GPU's "
                    "resident threads (at least DPOPT_THRESHOLD_MIN, 32)"
                  : "") +
            ", else running it serially in the parent thread");
    if (!Chosen)
      Run.analysis(
          S, DiagId::ThresholdScaling,
          Read ? "'" + S.CalleeName + "' reads memory (" +
                     whereIs(Run.A.workingCopy(), Read->getBeginLoc()) +
                     "): a small parent grid whose threads run such children "
                     "serially leaves the GPU idle while they wait, so it "
                     "launches smaller children"
               : "'" + S.CalleeName +
                     "' reads no memory: a serial run costs its parent "
                     "thread little, so the threshold does not follow the "
                     "parent grid's size");
    for (const CombinableAtomic &Atomic : Serial.foldedAtomics(S.Callee))
      Run.analysis(
          S, DiagId::SerialAtomicsFolded,
          "the serial version of '" + S.CalleeName + "' makes the atomic" +
              Atomic.Op + " at " +
              whereIs(Run.A.workingCopy(), Atomic.Call->getBeginLoc()) +
              " once per run, with the values its threads give folded "
              "in a register: each thread makes it last, to an address "
              "every thread computes alike" +
              (Atomic.Floating ? " (--fold-fp-atomics: the folded sum "
                                 "may round differently)"
                               : ""));
    if (!D.found())
      Run.analysis(S, DiagId::ThresholdNoDesiredCount,
                   "no desired thread count found (" + D.Why +
                       "): comparing the grid's total threads (grid x block)");
    return Error::success();
  }

  Error finish() override {
    // Threshold never serializes a child that launches: no edits inside the
    // children's bodies.
    return Serial.emit(Run.U, Run.Edits, EditList(""), PassName);
  }

private:
  SiteRun &Run;
  GeneratedNames Gen;
  Serializer Serial;
};

std::unique_ptr<SiteRewriter> ThresholdPass::makeRewriter(SiteRun &Run) const {
  return std::make_unique<ThresholdRewriter>(Run);
}

} // namespace

std::unique_ptr<Pass> createThresholdPass() {
  return std::make_unique<ThresholdPass>();
}

} // namespace dpopt
