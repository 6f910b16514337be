//===- ProgramAnalysis.cpp - Launch sites and kernel facts of a file -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/ProgramAnalysis.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/AST/MainFileVisitor.h"
#include "dpopt/Analysis/LocalVariables.h"
#include "dpopt/Analysis/OwnStream.h"
#include "dpopt/Frontend/LaunchMarkers.h"
#include "dpopt/Frontend/WorkingCopy.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace clang;

namespace dpopt {

const char *launchSideName(LaunchSide S) {
  return S == LaunchSide::Device ? "device" : "host";
}

const char *callerKindName(CallerKind K) {
  switch (K) {
  case CallerKind::Host:
    return "host";
  case CallerKind::Global:
    return "global";
  case CallerKind::Device:
    return "device";
  case CallerKind::Lambda:
    return "lambda";
  }
  return "host";
}

const char *streamKindName(StreamKind K) {
  switch (K) {
  case StreamKind::Implicit:
    return "implicit";
  case StreamKind::FireAndForget:
    return "fire-and-forget";
  case StreamKind::TailLaunch:
    return "tail-launch";
  case StreamKind::OwnStream:
    return "own-stream";
  case StreamKind::Other:
    return "other";
  }
  return "other";
}

const FunctionDecl *canonicalFunction(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  return getWrittenDefinition(FD)->getCanonicalDecl();
}

namespace {

/// What the stream expression \p E (null: not written) of a launch in
/// \p Scope is. cudaStreamTailLaunch and cudaStreamFireAndForget are macros
/// for the constants 3 and 4 cast to cudaStream_t; clang folds such casts to
/// a pointer without a base. Unmodified local variables are looked through.
StreamKind classifyStream(const Expr *E, const Stmt *Scope,
                          const ASTContext &Ctx) {
  if (!E)
    return StreamKind::Implicit;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    const Expr *Def = localDefinition(E, Scope);
    if (!Def)
      break;
    E = Def;
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return StreamKind::Other;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return StreamKind::Other;
  uint64_t Value;
  if (R.Val.isLValue()) {
    if (R.Val.getLValueBase())
      return StreamKind::Other;
    Value = R.Val.isNullPointer() ? 0 : R.Val.getLValueOffset().getQuantity();
  } else if (R.Val.isInt()) {
    Value = R.Val.getInt().getZExtValue();
  } else {
    return StreamKind::Other;
  }
  switch (Value) {
  case 0:
    return StreamKind::Implicit;
  case 3:
    return StreamKind::TailLaunch;
  case 4:
    return StreamKind::FireAndForget;
  default:
    return StreamKind::Other;
  }
}

bool isLambdaOperator(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->getParent()->isLambda();
}

/// Finds the callees that instantiations of a template resolve a dependent
/// launch to, by the launch's source location.
class InstantiatedLaunchFinder
    : public RecursiveASTVisitor<InstantiatedLaunchFinder> {
public:
  explicit InstantiatedLaunchFinder(SourceLocation Loc) : Loc(Loc) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    if (E->getBeginLoc() == Loc)
      if (const FunctionDecl *C = E->getDirectCallee())
        if (std::find(Found.begin(), Found.end(), C) == Found.end())
          Found.push_back(C);
    return true;
  }
  SourceLocation Loc;
  std::vector<const FunctionDecl *> Found;
};

class SiteCollector : public MainFileVisitor<SiteCollector> {
public:
  SiteCollector(const WorkingCopy &WC, std::vector<LaunchSite> &Sites)
      : MainFileVisitor(WC.unit().getSourceManager()), WC(WC), U(WC.unit()),
        Sites(Sites) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    if (!U.isInMainFile(E->getBeginLoc()) || Functions.empty())
      return true;
    LaunchSite S;
    S.Call = E;
    S.Offset = U.getOffset(E->getBeginLoc());
    S.FromMacro = E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID();

    S.Caller = Functions.back();
    S.Side = isDeviceContext(Functions) ? LaunchSide::Device : LaunchSide::Host;
    if (isLambdaOperator(S.Caller)) {
      S.Kind = CallerKind::Lambda;
    } else {
      CudaTarget T = getCudaTarget(S.Caller);
      S.Kind = T == CudaTarget::Global ? CallerKind::Global
               : T == CudaTarget::Host ? CallerKind::Host
                                       : CallerKind::Device;
    }
    S.CallerName = callerName(Functions);
    S.InTemplate = S.Caller->isTemplated();

    if (std::optional<unsigned> MarkedId = locateStatement(S, E)) {
      S.Id = *MarkedId;
    } else if (const SiteOrigin *O =
                   WC.sites().byOffset(WC.toOriginal(S.Offset))) {
      S.Id = O->Id;
    }
    if (const SiteOrigin *O = WC.sites().byId(S.Id)) {
      S.Pragma = O->Pragma;
      S.Tuning = O->Tuning;
      S.TuningFrom = O->TuningFrom;
    }

    resolveCallee(S, E);
    describeConfig(S, E);
    describeArguments(S, E);
    measureNesting(S);
    Sites.push_back(std::move(S));
    return true;
  }

private:
  std::string callerName(ArrayRef<const FunctionDecl *> Enclosing) const {
    // A lambda is named after the function it is written in.
    unsigned Lambdas = 0;
    for (auto It = Enclosing.rbegin(); It != Enclosing.rend(); ++It) {
      if (isLambdaOperator(*It)) {
        ++Lambdas;
        continue;
      }
      std::string Name = (*It)->getQualifiedNameAsString();
      for (unsigned I = 0; I < Lambdas; ++I)
        Name = "lambda in " + Name;
      return Name;
    }
    return "lambda";
  }

  /// Sets the statement's extent; a launch statement a pass wrote starts
  /// with its site's marker, which counts as part of it. Returns the id the
  /// marker names.
  std::optional<unsigned> locateStatement(LaunchSite &S,
                                          const CUDAKernelCallExpr *E) {
    StringRef Text = U.getText();
    const Stmt *Child = E;
    unsigned Up = 1;
    while (isa_and_nonnull<ExprWithCleanups, ConstantExpr>(parentStmt(Up)))
      Child = parentStmt(Up++);
    auto [Begin, End] = U.getOffsetRange(Child->getSourceRange());
    S.StmtBegin = Begin;
    S.StmtEnd = End;
    if (!isStatementPosition(Child, parentStmt(Up)))
      return std::nullopt;
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Up))) {
      S.EnclosingBlock = Block;
      S.BlockChild = Child;
    }
    size_t Semi = End;
    while (Semi < Text.size() && (Text[Semi] == ' ' || Text[Semi] == '\t'))
      ++Semi;
    if (Semi < Text.size() && Text[Semi] == ';') {
      S.IsStatement = true;
      S.StmtEnd = Semi + 1;
    }
    if (S.FromMacro)
      return std::nullopt;
    std::optional<markers::FoundMarker> M =
        markers::markerEndingAt(Text.substr(0, Begin));
    if (!M)
      return std::nullopt;
    S.StmtBegin = Begin - M->Length;
    return M->Id;
  }

  void resolveCallee(LaunchSite &S, const CUDAKernelCallExpr *E) {
    S.Callee = E->getDirectCallee();
    if (!S.Callee && S.InTemplate) {
      // Ask the instantiations of the enclosing template.
      const FunctionDecl *Outer = S.Caller;
      while (Outer && isLambdaOperator(Outer))
        Outer = dyn_cast_or_null<FunctionDecl>(Outer->getParent()->getParent());
      if (const FunctionTemplateDecl *T =
              Outer ? Outer->getDescribedFunctionTemplate() : nullptr) {
        InstantiatedLaunchFinder F(E->getBeginLoc());
        for (FunctionDecl *Spec : T->specializations())
          F.TraverseDecl(Spec);
        S.Candidates = F.Found;
        if (F.Found.size() == 1)
          S.Callee = F.Found.front();
        else if (!F.Found.empty())
          S.Callee = getWrittenDefinition(F.Found.front());
      }
    }
    if (S.Candidates.empty() && S.Callee)
      S.Candidates.push_back(S.Callee);
    S.CalleeName =
        S.Callee && !S.Callee->isTemplated()
            ? printedName(S.Callee)
            : U.getSourceText(E->getCallee()->getSourceRange()).str();
  }

  void describeConfig(LaunchSite &S, const CUDAKernelCallExpr *E) {
    const Stmt *Scope = S.Caller->getBody();
    ConfigExpr *Parts[] = {&S.Grid, &S.Block, &S.SharedMem, &S.Stream};
    WrittenConfig Written = writtenConfig(E);
    for (unsigned I = 0; I < 4; ++I) {
      const Expr *A = Written.Parts[I];
      if (!A)
        continue;
      ConfigExpr &C = *Parts[I];
      C.E = stripImplicit(A);
      C.Text = U.getSourceText(C.E->getSourceRange()).str();
      if (I < 2) {
        auto [Dims, Known] = configDimensions(C.E, Scope);
        C.Dims = Dims;
        C.DimsKnown = Known;
      }
    }
    S.InStream = classifyStream(S.Stream.E, Scope, U.getASTContext());
    if (S.InStream == StreamKind::Other && S.Kind != CallerKind::Host) {
      std::optional<std::string> Why = notOwnStreamReason(
          E, S.Stream.E, S.Caller, U.getASTContext(), &S.OwnStreamCalls);
      if (Why)
        S.NotOwnStream = *Why;
      else
        S.InStream = StreamKind::OwnStream;
    }
  }

  void describeArguments(LaunchSite &S, const CUDAKernelCallExpr *E) {
    PrintingPolicy Policy(U.getASTContext().getLangOpts());
    for (unsigned I = 0; I < E->getNumArgs(); ++I) {
      const Expr *A = E->getArg(I);
      LaunchArgument Arg;
      Arg.E = A;
      if (!isa<CXXDefaultArgExpr>(A))
        Arg.Text = U.getSourceText(stripImplicit(A)->getSourceRange()).str();
      QualType T = A->getType();
      if (S.Callee && I < S.Callee->getNumParams())
        T = S.Callee->getParamDecl(I)->getType();
      Arg.Type = T.getAsString(Policy);
      S.Args.push_back(std::move(Arg));
    }
  }

  void measureNesting(LaunchSite &S) {
    const Stmt *Body = S.Caller->getBody();
    for (unsigned Up = 1; const Stmt *P = parentStmt(Up); ++Up) {
      if (P == Body)
        break;
      if (isa<LambdaExpr>(P))
        break;
      if (isLoop(P)) {
        ++S.LoopDepth;
        S.Loops.push_back(P);
      } else if (isConditional(P))
        ++S.ConditionalDepth;
      if (isLoop(P) || isa<IfStmt, SwitchStmt>(P))
        S.Branches.push_back(P);
    }
  }

  const WorkingCopy &WC;
  const ParsedUnit &U;
  std::vector<LaunchSite> &Sites;
};

} // namespace

ProgramAnalysis::ProgramAnalysis(const WorkingCopy &WC) : WC(WC) {
  collectSites();
}
ProgramAnalysis::~ProgramAnalysis() = default;

void ProgramAnalysis::collectSites() {
  SiteCollector C(WC, Sites);
  C.TraverseDecl(WC.unit().getASTContext().getTranslationUnitDecl());
  std::sort(Sites.begin(), Sites.end(),
            [](const LaunchSite &A, const LaunchSite &B) {
              return std::make_pair(A.Offset, A.StmtEnd) <
                     std::make_pair(B.Offset, B.StmtEnd);
            });
  for (LaunchSite &S : Sites)
    for (const FunctionDecl *C : S.Candidates)
      S.Recursive |= canReach(C, S.Caller, /*ThroughLaunches=*/true);
}

std::vector<const LaunchSite *> ProgramAnalysis::deviceSites() const {
  std::vector<const LaunchSite *> Out;
  for (const LaunchSite &S : Sites)
    if (S.Side == LaunchSide::Device)
      Out.push_back(&S);
  return Out;
}

std::vector<const LaunchSite *> ProgramAnalysis::hostSites() const {
  std::vector<const LaunchSite *> Out;
  for (const LaunchSite &S : Sites)
    if (S.Side == LaunchSide::Host)
      Out.push_back(&S);
  return Out;
}

std::vector<LaunchSequence> ProgramAnalysis::launchSequences() const {
  // A statement's place among its block's statements, empty ones not
  // counted; each block is numbered once, so this is linear in the file.
  llvm::DenseMap<const Stmt *, unsigned> Place;
  llvm::DenseSet<const CompoundStmt *> Numbered;
  auto placeOf = [&](const LaunchSite &S) {
    if (Numbered.insert(S.EnclosingBlock).second) {
      unsigned I = 0;
      for (const Stmt *Child : S.EnclosingBlock->body())
        if (!isa<NullStmt>(Child))
          Place[Child] = I++;
    }
    return Place.lookup(S.BlockChild);
  };

  std::vector<LaunchSequence> Out;
  LaunchSequence Run;
  auto finishRun = [&] {
    if (Run.Sites.size() >= 2)
      Out.push_back(std::move(Run));
    Run = LaunchSequence();
  };
  for (const LaunchSite &S : Sites) {
    if (!S.EnclosingBlock)
      continue;
    const LaunchSite *Last = Run.Sites.empty() ? nullptr : Run.Sites.back();
    if (!Last || Last->EnclosingBlock != S.EnclosingBlock ||
        placeOf(S) != placeOf(*Last) + 1) {
      finishRun();
      Run.Block = S.EnclosingBlock;
    }
    Run.Sites.push_back(&S);
  }
  finishRun();
  return Out;
}

const FunctionFacts &ProgramAnalysis::localFacts(const FunctionDecl *FD) {
  const FunctionDecl *Key = canonicalFunction(FD);
  auto &Slot = Local[Key];
  if (!Slot)
    Slot = std::make_unique<FunctionFacts>(computeFunctionFacts(FD));
  return *Slot;
}

const FunctionFacts &ProgramAnalysis::transitiveFacts(const FunctionDecl *FD) {
  const FunctionDecl *Key = canonicalFunction(FD);
  if (auto It = Transitive.find(Key); It != Transitive.end())
    return *It->second;
  auto Result = std::make_unique<FunctionFacts>(localFacts(FD));
  llvm::DenseSet<const FunctionDecl *> Visited{Key};
  std::vector<const FunctionDecl *> Work(Result->Callees.begin(),
                                         Result->Callees.end());
  while (!Work.empty()) {
    const FunctionDecl *Callee = Work.back();
    Work.pop_back();
    if (!Visited.insert(canonicalFunction(Callee)).second)
      continue;
    const FunctionFacts &F = localFacts(Callee);
    Result->merge(F);
    Work.insert(Work.end(), F.Callees.begin(), F.Callees.end());
  }
  return *(Transitive[Key] = std::move(Result));
}

ArrayRef<const FunctionDecl *>
ProgramAnalysis::kernelsRunning(const FunctionDecl *F) {
  if (!Runners) {
    Runners.emplace();
    llvm::DenseSet<const FunctionDecl *> Seen;
    for (const LaunchSite &L : Sites) {
      if (!L.Callee || !Seen.insert(canonicalFunction(L.Callee)).second)
        continue;
      // Every function the kernel's code calls, transitively.
      llvm::DenseSet<const FunctionDecl *> Visited;
      std::vector<const FunctionDecl *> Work{L.Callee};
      while (!Work.empty()) {
        const FunctionDecl *G = Work.back();
        Work.pop_back();
        if (!Visited.insert(canonicalFunction(G)).second)
          continue;
        (*Runners)[canonicalFunction(G)].push_back(L.Callee);
        const FunctionFacts &Facts = localFacts(G);
        Work.insert(Work.end(), Facts.Callees.begin(), Facts.Callees.end());
      }
    }
  }
  auto It = Runners->find(canonicalFunction(F));
  if (It == Runners->end())
    return {};
  return It->second;
}

bool ProgramAnalysis::canReach(const FunctionDecl *From, const FunctionDecl *To,
                               bool ThroughLaunches) {
  const FunctionDecl *Target = canonicalFunction(To);
  auto Key = std::make_pair(canonicalFunction(From), Target);
  auto Known = Reach[ThroughLaunches].find(Key);
  if (Known != Reach[ThroughLaunches].end())
    return Known->second;
  return Reach[ThroughLaunches][Key] = search(From, Target, ThroughLaunches);
}

bool ProgramAnalysis::search(const FunctionDecl *From,
                             const FunctionDecl *Target, bool ThroughLaunches) {
  llvm::DenseSet<const FunctionDecl *> Visited;
  std::vector<const FunctionDecl *> Work{From};
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back();
    Work.pop_back();
    const FunctionDecl *Key = canonicalFunction(F);
    if (Key == Target)
      return true;
    if (!Visited.insert(Key).second)
      continue;
    const FunctionFacts &Facts = localFacts(F);
    Work.insert(Work.end(), Facts.Callees.begin(), Facts.Callees.end());
    if (ThroughLaunches)
      Work.insert(Work.end(), Facts.LaunchedKernels.begin(),
                  Facts.LaunchedKernels.end());
  }
  return false;
}

} // namespace dpopt
