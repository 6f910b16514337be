//===- SiteChecks.cpp - When a device-side launch can be rewritten -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/SiteChecks.h"

#include "dpopt/Analysis/BlockUniform.h"
#include "dpopt/Analysis/ThreadCount.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Rewrite/WarpConvergence.h"

#include "clang/AST/Attr.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace dpopt {

std::string whereIs(const WorkingCopy &WC, SourceLocation Loc) {
  UserLocation L = WC.locate(Loc);
  return llvm::sys::path::filename(L.File).str() + ":" + std::to_string(L.Line);
}

std::optional<Refusal> opaqueCodeBlocker(const WorkingCopy &WC,
                                         const FunctionFacts &F,
                                         const std::string &Name,
                                         llvm::StringRef AsmEffect) {
  if (!F.CooperativeGroups.empty())
    return Refusal{DiagId::CooperativeGroups,
                   Name + " uses cooperative groups (" +
                       F.CooperativeGroups[0].What + " at " +
                       whereIs(WC, F.CooperativeGroups[0].Loc) + ")"};
  if (!F.InlineAsm.empty())
    return Refusal{DiagId::InlineAssembly,
                   Name + " contains inline assembly at " +
                       whereIs(WC, F.InlineAsm[0].Loc) + AsmEffect.str()};
  if (!F.UnknownCalls.empty())
    return Refusal{DiagId::OpaqueCall,
                   Name + " makes a call dpopt cannot see into (" +
                       F.UnknownCalls[0].What + " at " +
                       whereIs(WC, F.UnknownCalls[0].Loc) + ")"};
  return std::nullopt;
}

std::optional<Refusal> runtimeCallBlocker(const WorkingCopy &WC,
                                          const FunctionFacts &F,
                                          const std::string &Name) {
  if (F.RuntimeCalls.empty())
    return std::nullopt;
  return Refusal{DiagId::ChildCallsRuntime,
                 Name + " calls the device runtime (" + F.RuntimeCalls[0].What +
                     " at " + whereIs(WC, F.RuntimeCalls[0].Loc) +
                     "), whose per-thread state would be the parent thread's"};
}

std::string ownStreamNote(const LaunchSite &S) {
  if (S.NotOwnStream.empty())
    return "";
  return "; it is not a stream the thread created non-blocking for this "
         "launch alone: " +
         S.NotOwnStream;
}

std::optional<Refusal> earlyRunStreamBlocker(const LaunchSite &S) {
  switch (S.InStream) {
  case StreamKind::Implicit:
  case StreamKind::FireAndForget:
  case StreamKind::OwnStream:
    return std::nullopt;
  case StreamKind::TailLaunch:
    return Refusal{
        DiagId::TailLaunchStream,
        "the launch goes to cudaStreamTailLaunch: its grid runs only after "
        "the parent grid and all the parent's other children have finished, "
        "which running it in the parent would not keep"};
  case StreamKind::Other:
    break;
  }
  return Refusal{DiagId::StreamForbidsEarlyRun,
                 "the launch goes to the stream '" + S.Stream.Text +
                     "', which may order the child after other launches (a "
                     "device-created stream, or one dpopt cannot see "
                     "through)" +
                     ownStreamNote(S)};
}

std::optional<Refusal> tailLaunchBlocker(ProgramAnalysis &A,
                                         const LaunchSite &Site) {
  std::vector<const LaunchSite *> TailLaunches;
  for (const LaunchSite *T : A.deviceSites())
    if (T != &Site && T->InStream == StreamKind::TailLaunch)
      TailLaunches.push_back(T);
  if (TailLaunches.empty())
    return std::nullopt;
  // The kernels that can run the site's code: its caller if that is a kernel,
  // and every kernel launched in this file that calls it.
  std::vector<const FunctionDecl *> Kernels;
  if (Site.Kind == CallerKind::Global)
    Kernels.push_back(Site.Caller);
  llvm::append_range(Kernels, A.kernelsRunning(Site.Caller));
  for (const LaunchSite *T : TailLaunches) {
    ArrayRef<const FunctionDecl *> Runners = A.kernelsRunning(T->Caller);
    for (const FunctionDecl *K : Kernels) {
      // A kernel launched in this file is among the runners of what it
      // reaches; the site's own kernel may be launched only elsewhere.
      bool Runs = llvm::is_contained(Runners, K) ||
                  (K == Site.Caller &&
                   (canonicalFunction(K) == canonicalFunction(T->Caller) ||
                    A.canReach(K, T->Caller, /*ThroughLaunches=*/false)));
      if (Runs)
        return Refusal{DiagId::TailLaunchOrder,
                       "'" + K->getNameAsString() + "' tail-launches at " +
                           whereIs(A.workingCopy(), T->Call->getBeginLoc())};
    }
  }
  return std::nullopt;
}

namespace {

/// True when \p S is or contains \p Target.
bool containsStmt(const Stmt *S, const Stmt *Target) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  for (const Stmt *C : S->children())
    if (containsStmt(C, Target))
      return true;
  return false;
}

/// The first call in \p S outside \p Except that launches -- a launch
/// expression, or a call of a function that launches -- or, with
/// \p AnyRuntimeCall, that calls the device runtime in any other way.
/// Statements in \p Dropped (which the pass deletes or rewrites: own-stream
/// calls, other sites' launches) are not looked at, nor are the calls
/// around them (dpopt's wrapper lambdas).
const Expr *firstRuntimeUse(ProgramAnalysis &A, const Stmt *S,
                            const Stmt *Except, bool AnyRuntimeCall,
                            ArrayRef<const Stmt *> Dropped = {}) {
  if (!S || S == Except || llvm::is_contained(Dropped, S))
    return nullptr;
  // A call around \p Except (dpopt's parse wraps each device launch in a
  // lambda that it calls at once) is looked into, not counted.
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    bool Uses = isa<CUDAKernelCallExpr>(C);
    if (FD && !Uses) {
      const FunctionFacts &F = A.transitiveFacts(FD);
      Uses = !F.Launches.empty() ||
             (AnyRuntimeCall &&
              (isDeviceRuntimeFunction(FD) || !F.RuntimeCalls.empty()));
    }
    if (Uses && !containsStmt(C, Except) &&
        llvm::none_of(Dropped,
                      [&](const Stmt *D) { return containsStmt(C, D); }))
      return C;
  }
  for (const Stmt *C : S->children())
    if (const Expr *E = firstRuntimeUse(A, C, Except, AnyRuntimeCall, Dropped))
      return E;
  return nullptr;
}

} // namespace

std::optional<Refusal> siblingLaunchBlocker(ProgramAnalysis &A,
                                            const LaunchSite &Site) {
  for (const Stmt *B : Site.Branches) {
    const Expr *Other = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(B)) {
      const Stmt *Side = containsStmt(If->getThen(), Site.Call) ? If->getElse()
                                                                : If->getThen();
      Other = firstRuntimeUse(A, Side, Site.Call, /*AnyRuntimeCall=*/false);
    } else if (const auto *Sw = dyn_cast<SwitchStmt>(B)) {
      Other = firstRuntimeUse(A, Sw->getBody(), Site.Call,
                              /*AnyRuntimeCall=*/false);
    }
    if (Other)
      return Refusal{
          DiagId::SiblingLaunch,
          "the '" + std::string(isa<IfStmt>(B) ? "if" : "switch") + "' at " +
              whereIs(A.workingCopy(), B->getBeginLoc()) +
              " launches on another path (" +
              whereIs(A.workingCopy(), Other->getBeginLoc()) +
              "), where warp-mates could be launching while this thread runs "
              "the child serially, which hung warps on CUDA 13 "
              "(docs/cdp2-semantics.md)"};
  }
  return std::nullopt;
}

std::vector<const Stmt *> droppableOwnStreamCalls(ProgramAnalysis &A,
                                                  const LaunchSite &Site) {
  if (Site.InStream != StreamKind::OwnStream)
    return {};
  // A failed creation leaves an error that cudaGetLastError() would read.
  // Postwork after a legacy cudaDeviceSynchronize() may be moved, with
  // what it holds, by the pass itself.
  const FunctionFacts &F = A.transitiveFacts(Site.Caller);
  if (!F.LegacyDeviceSyncs.empty())
    return {};
  if (llvm::any_of(F.RuntimeCalls, readsLastError))
    return {};
  return Site.OwnStreamCalls;
}

std::optional<Refusal>
enclosedRuntimeUseBlocker(ProgramAnalysis &A, const LaunchSite &Site,
                          ArrayRef<const Stmt *> Dropped) {
  const WorkingCopy &WC = A.workingCopy();
  for (const Stmt *B : Site.Branches) {
    if (enclosureBlocker(WC.unit(), B))
      continue; // not enclosed: no lane waits at its end
    if (const Expr *Other = firstRuntimeUse(A, B, Site.Call,
                                            /*AnyRuntimeCall=*/true, Dropped))
      return Refusal{
          DiagId::EnclosedRuntimeUse,
          "the statement around the launch (" + whereIs(WC, B->getBeginLoc()) +
              "), whose lanes must leave it together, also calls the device "
              "runtime (" +
              whereIs(WC, Other->getBeginLoc()) +
              "): lanes waiting at its end while a warp-mate was inside such "
              "a call hung warps on CUDA 13 (docs/cdp2-semantics.md)"};
  }
  return std::nullopt;
}

namespace {

/// The first `return` in \p S that leaves the kernel before its end: any
/// return but a last statement of the body itself.
const ReturnStmt *firstEarlyReturn(const Stmt *S, const Stmt *Last) {
  if (!S)
    return nullptr;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return R == Last ? nullptr : R;
  if (isa<LambdaExpr>(S))
    return nullptr; // a lambda's return leaves the lambda
  for (const Stmt *C : S->children())
    if (const ReturnStmt *R = firstEarlyReturn(C, Last))
      return R;
  return nullptr;
}

} // namespace

std::optional<Refusal>
earlyExitRuntimeUseBlocker(ProgramAnalysis &A, const LaunchSite &Site,
                           ArrayRef<const Stmt *> Dropped) {
  const FunctionDecl *Def = getWrittenDefinition(Site.Caller);
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body)
    return std::nullopt;
  const ReturnStmt *Early =
      firstEarlyReturn(Body, Body->body_empty() ? nullptr : Body->body_back());
  if (!Early)
    return std::nullopt;
  const Expr *Other = firstRuntimeUse(A, Body, Site.Call,
                                      /*AnyRuntimeCall=*/true, Dropped);
  if (!Other)
    return std::nullopt;
  const WorkingCopy &WC = A.workingCopy();
  return Refusal{
      DiagId::EarlyExitRuntimeUse,
      "'" + Site.CallerName + "' returns early (" +
          whereIs(WC, Early->getBeginLoc()) +
          ") and also calls the device runtime (" +
          whereIs(WC, Other->getBeginLoc()) +
          "): a thread that returned waits for its warp-mates at the "
          "kernel's end, where it counts out of the launch group, while they "
          "may be inside that call, which hung warps on CUDA 13 "
          "(docs/cdp2-semantics.md)"};
}

std::optional<Refusal> earlyExitBarrierBlocker(ProgramAnalysis &A,
                                               const FunctionDecl *Kernel,
                                               const std::string &Role) {
  if (!Kernel)
    return std::nullopt;
  // Block barriers only: a warp's (__syncwarp, dpopt's syncLanes) names
  // its lanes, and the returned lanes wait with their warp-mates' at the
  // end.
  const FunctionFacts &All = A.transitiveFacts(Kernel);
  auto Barrier = llvm::find_if(
      All.Barriers, [](const Occurrence &B) { return B.What != "__syncwarp"; });
  if (Barrier == All.Barriers.end())
    return std::nullopt;
  // A return the whole block takes together leaves no thread at a barrier.
  const ReturnStmt *R = divergentEarlyReturn(Kernel);
  if (!R)
    return std::nullopt;
  const WorkingCopy &WC = A.workingCopy();
  return Refusal{
      DiagId::EarlyExitBarrier,
      Role + " returns early (" + whereIs(WC, R->getBeginLoc()) +
          ") where dpopt cannot show the whole block returns together, and "
          "synchronizes its block (" +
          Barrier->What + " at " + whereIs(WC, Barrier->Loc) +
          "): rewritten, a thread that returns waits at the end for its "
          "warp-mates instead of leaving, and a warp-mate at the barrier "
          "waits for it: the block would hang"};
}

namespace {

/// True when \p E names the variable \p V (through casts).
bool namesVar(const Expr *E, const VarDecl *V) {
  const auto *R = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return R && R->getDecl() == V;
}

/// True when \p E has the same value in every thread that runs \p F: any
/// block-uniform value in a kernel (isBlockUniform), a constant elsewhere
/// (a device function's parameters may differ from thread to thread).
bool sameInEveryThread(const Expr *E, const FunctionDecl *F) {
  if (!E)
    return false;
  if (F->hasAttr<CUDAGlobalAttr>())
    return isBlockUniform(E, F);
  Expr::EvalResult R;
  return !E->isValueDependent() && E->EvaluateAsInt(R, F->getASTContext());
}

/// True when \p S, the body of a loop over \p V, may leave the loop early
/// (a break of the loop, a return or a goto) or change \p V.
bool leavesOrChanges(const Stmt *S, const VarDecl *V, bool InNested) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S))
    return true;
  if (isa<BreakStmt>(S) && !InNested)
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
        namesVar(U->getSubExpr(), V))
      return true;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    if (B->isAssignmentOp() && namesVar(B->getLHS(), V))
      return true;
  const bool Nested =
      InNested ||
      isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (leavesOrChanges(C, V, Nested))
      return true;
  return false;
}

/// True when every thread of \p F that starts loop \p S runs it the same
/// number of times: `for (T V = A; V < B; ++V)` (any comparison, ++, --,
/// += or -= by such a value) with A, B and the step the same in every thread
/// and a body that neither leaves the loop early nor changes V.
bool sameTrips(const Stmt *S, const FunctionDecl *F) {
  const auto *For = dyn_cast<ForStmt>(S);
  const auto *Init = For ? dyn_cast_or_null<DeclStmt>(For->getInit()) : nullptr;
  if (!Init || !Init->isSingleDecl())
    return false;
  const auto *V = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!V || !sameInEveryThread(V->getInit(), F))
    return false;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isComparisonOp())
    return false;
  const Expr *Bound = namesVar(Cond->getLHS(), V)   ? Cond->getRHS()
                      : namesVar(Cond->getRHS(), V) ? Cond->getLHS()
                                                    : nullptr;
  if (!sameInEveryThread(Bound, F))
    return false;
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Steps = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    Steps = U->isIncrementDecrementOp() && namesVar(U->getSubExpr(), V);
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    Steps =
        (C->getOpcode() == BO_AddAssign || C->getOpcode() == BO_SubAssign) &&
        namesVar(C->getLHS(), V) && sameInEveryThread(C->getRHS(), F);
  return Steps && !leavesOrChanges(For->getBody(), V, /*InNested=*/false);
}

/// True when \p S is a loop that threads of \p F may leave at different
/// iterations (any loop but one sameTrips shows even).
bool isUnevenLoop(const Stmt *S, const FunctionDecl *F) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
         !sameTrips(S, F);
}

/// A loop in \p S (code of \p F) that threads may leave at different
/// iterations and that launches besides \p Site (around it or not); its
/// launch in \p Launch. Loops every thread runs equally often are looked
/// into, not counted.
const Stmt *launchingLoop(ProgramAnalysis &A, const Stmt *S,
                          const FunctionDecl *F, const Expr *Site,
                          const Expr *&Launch) {
  if (!S)
    return nullptr;
  if (isUnevenLoop(S, F)) {
    if (const Expr *L = firstRuntimeUse(A, S, Site, /*AnyRuntimeCall=*/false)) {
      Launch = L;
      return S;
    }
    return nullptr; // no loop inside launches either
  }
  for (const Stmt *C : S->children())
    if (const Stmt *Loop = launchingLoop(A, C, F, Site, Launch))
      return Loop;
  return nullptr;
}

/// The innermost loop of \p S (code of \p F) around \p Site that threads
/// may leave at different iterations, or null.
const Stmt *divergentLoopAround(const Stmt *S, const FunctionDecl *F,
                                const Expr *Site) {
  if (!S || !containsStmt(S, Site))
    return nullptr;
  for (const Stmt *C : S->children())
    if (const Stmt *Inner = divergentLoopAround(C, F, Site))
      return Inner;
  return isUnevenLoop(S, F) ? S : nullptr;
}

} // namespace

std::optional<uint64_t> launchBlockThreads(ProgramAnalysis &A,
                                           const FunctionDecl *K) {
  std::optional<uint64_t> Threads;
  for (const LaunchSite &S : A.sites()) {
    if (!S.Callee || canonicalFunction(S.Callee) != canonicalFunction(K))
      continue;
    std::optional<uint64_t> N =
        constantThreadCount(S.Block.E, K->getASTContext());
    if (!N || (Threads && *Threads != *N))
      return std::nullopt;
    Threads = N;
  }
  return Threads;
}

std::optional<Refusal> loopedLaunchBlocker(ProgramAnalysis &A,
                                           const LaunchSite &Site) {
  // The site's function, and every kernel launched in this file that runs
  // it (where a loop before the call of a device function counts the same).
  ArrayRef<const FunctionDecl *> Kernels = A.kernelsRunning(Site.Caller);
  // A driver kernel launched with one thread (benchmarks/ccl/cdp1.cu's) has
  // no warp-mates to be launching (as kernelsRunning, this knows only the
  // launches in this file).
  if (!Kernels.empty() && llvm::all_of(Kernels, [&](const FunctionDecl *K) {
        return launchBlockThreads(A, K) == 1u;
      }))
    return std::nullopt;
  std::vector<const FunctionDecl *> Runners = {Site.Caller};
  llvm::append_range(Runners, Kernels);
  const WorkingCopy &WC = A.workingCopy();
  // The site in such a loop, and another launch anywhere: threads still in
  // the loop would run the child serially while those that left launch.
  if (const FunctionDecl *Own = getWrittenDefinition(Site.Caller))
    if (const Stmt *Loop = divergentLoopAround(Own->getBody(), Own, Site.Call))
      for (const FunctionDecl *F : Runners) {
        const FunctionDecl *Def = getWrittenDefinition(F);
        const Expr *Other = Def ? firstRuntimeUse(A, Def->getBody(), Site.Call,
                                                  /*AnyRuntimeCall=*/false)
                                : nullptr;
        if (Other)
          return Refusal{
              DiagId::LoopedLaunch,
              "the launch is in a loop whose threads can leave it at "
              "different iterations (" +
                  whereIs(WC, Loop->getBeginLoc()) + "), and '" +
                  F->getNameAsString() + "' also launches (" +
                  whereIs(WC, Other->getBeginLoc()) +
                  "), so warp-mates could be launching while this thread "
                  "runs the child serially, which hung warps on CUDA 13 "
                  "(docs/cdp2-semantics.md)"};
      }
  for (const FunctionDecl *F : Runners) {
    const FunctionDecl *Def = getWrittenDefinition(F);
    const Expr *Launch = nullptr;
    const Stmt *Loop =
        Def ? launchingLoop(A, Def->getBody(), Def, Site.Call, Launch)
            : nullptr;
    if (!Loop)
      continue;
    return Refusal{
        DiagId::LoopedLaunch,
        "the loop at " + whereIs(WC, Loop->getBeginLoc()) + " in '" +
            F->getNameAsString() + "' launches (" +
            whereIs(WC, Launch->getBeginLoc()) +
            "): its threads can leave it at different iterations, so "
            "warp-mates could still be launching while this thread runs the "
            "child serially, which hung warps on CUDA 13 "
            "(docs/cdp2-semantics.md)"};
  }
  return std::nullopt;
}

std::optional<Refusal> serialLaneBlocker(ProgramAnalysis &A,
                                         const LaunchSite &Site) {
  if (std::optional<Refusal> Why = tailLaunchBlocker(A, Site))
    return *Why + ": a thread that ran a child grid serially and then "
                  "tail-launched hung its warp on CUDA 13 "
                  "(docs/cdp2-semantics.md)";
  if (std::optional<Refusal> Why = siblingLaunchBlocker(A, Site))
    return Why;
  return loopedLaunchBlocker(A, Site);
}

unsigned maxBlockThreads(const FunctionDecl *Kernel) {
  const FunctionDecl *Def = Kernel ? getWrittenDefinition(Kernel) : nullptr;
  for (const FunctionDecl *D : {Kernel, Def}) {
    if (!D)
      continue;
    if (const auto *LB = D->getAttr<CUDALaunchBoundsAttr>()) {
      Expr::EvalResult R;
      if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent() &&
          LB->getMaxThreads()->EvaluateAsInt(R, D->getASTContext())) {
        int64_t V = R.Val.getInt().getExtValue();
        if (V > 0 && V < 1024)
          return static_cast<unsigned>(V);
      }
    }
  }
  return 1024;
}

std::optional<Refusal> skipBlocker(const LaunchSite &S, StringRef Pass) {
  if (S.Pragma && S.Pragma->skips(Pass))
    return Refusal{DiagId::PassSkipped,
                   "'#pragma dp " + S.Pragma->str() + "' skips this pass"};
  if (S.Tuning && S.Tuning->skips(Pass))
    return Refusal{DiagId::PassSkipped, "the tuning entry at " + S.TuningFrom +
                                            " ('" + S.Tuning->str() +
                                            "') skips this pass"};
  return std::nullopt;
}

std::optional<Refusal> launchFormBlocker(const LaunchSite &S) {
  if (S.Pragma && S.Pragma->Off)
    return Refusal{DiagId::PragmaOff, "switched off by '#pragma dp off'"};
  if (S.Tuning && S.Tuning->Off)
    return Refusal{DiagId::PragmaOff,
                   "switched off by 'off' in the tuning entry at " +
                       S.TuningFrom};
  if (S.FromMacro)
    return Refusal{DiagId::LaunchInMacro,
                   "the launch comes from a macro expansion"};
  if (!S.IsStatement)
    return Refusal{DiagId::LaunchInExpression,
                   "the launch is part of a larger expression"};
  return std::nullopt;
}

std::optional<Refusal> launchStatementBlocker(const LaunchSite &S,
                                              ProgramAnalysis &A) {
  if (S.Side != LaunchSide::Device)
    return Refusal{DiagId::HostLaunch, "the launch is made by host code"};
  if (std::optional<Refusal> Why = launchFormBlocker(S))
    return Why;
  if (S.Kind != CallerKind::Lambda &&
      getCudaTarget(S.Caller) == CudaTarget::HostDevice)
    return Refusal{DiagId::HostDeviceCaller,
                   "the caller '" + S.CallerName +
                       "' is __host__ __device__: its host version cannot "
                       "run the child's work"};
  if (!S.Callee)
    return Refusal{DiagId::UnresolvedKernel,
                   "the launched kernel cannot be resolved"};
  for (const FunctionDecl *C : S.Candidates)
    if (canonicalFunction(C) != canonicalFunction(S.Callee))
      return Refusal{DiagId::KernelPerInstantiation,
                     "the launch calls different kernels ('" +
                         printedName(S.Candidates[0]) + "', '" +
                         printedName(C) +
                         "') in different instantiations "
                         "of '" +
                         S.CallerName + "'"};
  for (const LaunchArgument &Arg : S.Args)
    if (Arg.Text.empty())
      return Refusal{DiagId::DefaultArgument,
                     "the launch relies on a default argument of '" +
                         S.CalleeName + "'"};
  const FunctionDecl *Def = getWrittenDefinition(S.Callee);
  const SourceManager &SM = A.workingCopy().unit().getSourceManager();
  // A kernel defined in a header this file includes is seen and copied
  // like one of the file's own; only a definition in another translation
  // unit is unknown.
  if (!Def || !Def->hasBody())
    return Refusal{DiagId::KernelNotInFile,
                   "kernel '" + S.CalleeName +
                       "' is not defined in this translation unit (the file "
                       "and the headers it includes)"};
  if (SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    return Refusal{DiagId::KernelInSystemHeader,
                   "kernel '" + S.CalleeName +
                       "' is defined in a system header"};
  return std::nullopt;
}

} // namespace dpopt
