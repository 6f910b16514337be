//===- RemoveLaunchPlan.cpp - Which launches remove-launch removes -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RemoveLaunchPlan.h"

#include "RemoveLaunchPersistent.h"
#include "RemoveLaunchT3.h"
#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/Serializer.h"
#include "dpopt/Passes/SiteChecks.h"

#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace dpopt {

const char *techniqueName(Technique T) {
  switch (T) {
  case Technique::T1:
    return "T1";
  case Technique::T2:
    return "T2";
  case Technique::T3:
    return "T3";
  case Technique::T4:
    return "T4";
  }
  return "T4";
}

const char *persistModeName(PersistMode M) {
  switch (M) {
  case PersistMode::T1:
    return "T1";
  case PersistMode::T2:
    return "T2";
  case PersistMode::Select:
    return "T1/T2";
  }
  return "T1/T2";
}

const SiteDecision *RemoveLaunchPlan::decisionFor(const LaunchSite &S) const {
  for (const SiteDecision &D : Sites)
    if (D.Site == &S || (D.Site->Call == S.Call))
      return &D;
  return nullptr;
}

namespace {

/// The most threads T4 runs in one thread, and T3 in one block, when the
/// grid's size is only known at run time and the launch may stay (the
/// runtime's DPOPT_SERIAL_LIMIT and DPOPT_BLOCK_RUN_LIMIT defaults); a
/// constant grid up to these needs no check.
constexpr uint64_t SerialLimit = 1ull << 20;
constexpr uint64_t BlockRunLimit = 1ull << 24;

/// Why T4's lanes could hang \p S's warp: the serial-lane hazards, and a
/// device-runtime call in a statement T4 would enclose around the site.
std::optional<std::string> t4LaneBlocker(ProgramAnalysis &A,
                                         const LaunchSite &S) {
  // The text goes into remove-launch's own composed reasons.
  if (std::optional<Refusal> Why = serialLaneBlocker(A, S))
    return Why->Reason;
  if (std::optional<Refusal> Why = enclosedRuntimeUseBlocker(A, S))
    return Why->Reason;
  return std::nullopt;
}

/// The technique the launch's pragma or tuning entry names, if any.
std::optional<RemoveLaunchMode> askedMode(const LaunchSite &S) {
  return S.setting([](const PragmaDirective &D) { return D.RemoveLaunch; });
}

RemoveLaunchMode requestedMode(const LaunchSite &S, const PassOptions &O) {
  if (std::optional<RemoveLaunchMode> M = askedMode(S))
    return *M;
  return O.RemoveLaunch.value_or(RemoveLaunchMode::Auto);
}

std::string modeSource(const LaunchSite &S) {
  if (S.Pragma && S.Pragma->RemoveLaunch)
    return "'#pragma dp remove_launch(" +
           std::string(removeLaunchModeName(*S.Pragma->RemoveLaunch)) + ")'";
  if (S.Tuning && S.Tuning->RemoveLaunch)
    return "'remove_launch(" +
           std::string(removeLaunchModeName(*S.Tuning->RemoveLaunch)) +
           ")' in the tuning entry at " + S.TuningFrom;
  return "--remove-launch";
}

const char *techniqueSummary(RemoveLaunchMode M) {
  switch (M) {
  case RemoveLaunchMode::T1:
    return "T1 (child blocks spread over persistent parent blocks)";
  case RemoveLaunchMode::T2:
    return "T2 (child grids spread over persistent parent blocks)";
  case RemoveLaunchMode::T3:
    return "T3 (the parent block runs its threads' child grids)";
  default:
    return "T4 (the launching thread runs the child grid)";
  }
}

/// What keeps the launching thread from running the child's grid serially,
/// leaving aside the child's own launches (the plan's fixpoint decides
/// those).
std::optional<std::string> serialBlocker(const LaunchSite &S,
                                         ProgramAnalysis &A) {
  if (std::optional<Refusal> Why =
          serializationBlocker(A, S.Callee, /*AllowLaunches=*/true))
    return Why->Reason;
  if (std::optional<Refusal> Why = serialRewriteBlocker(A, S.Callee))
    return Why->Reason;
  return std::nullopt;
}

class Planner {
public:
  Planner(ProgramAnalysis &A, const PassOptions &O, RemoveLaunchPlan &P)
      : A(A), O(O), P(P), WC(A.workingCopy()) {}

  void run() {
    for (LegacySync &S : findLegacySyncs(WC.unit()))
      P.Syncs.push_back({std::move(S), false, ""});
    for (const LaunchSite *S : A.deviceSites()) {
      ByLoc[S->Call->getBeginLoc().getRawEncoding()] = P.Sites.size();
      P.Sites.push_back(decideAlone(*S));
    }
    findKernels();
    for (SiteDecision &D : P.Sites)
      if (D.Chosen)
        decideBound(D);
    // A child that launches runs in its parent only if its own launches are
    // removed, and a child run in its thread must not overtake a launch of
    // the same thread that stays: drop such sites until nothing changes.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (SiteDecision &D : P.Sites) {
        if (!D.Chosen)
          continue;
        std::optional<std::string> Why = nestedBlocker(D.Site->Callee);
        if (!Why)
          Why = keptLaunchBlocker(*D.Site);
        if (Why) {
          demote(D, *Why);
          Changed = true;
        }
      }
    }
    for (SiteDecision &D : P.Sites)
      if (D.Persist == PersistMode::Select && D.Chosen &&
          childSizeIsConstant(A, *D.Site)) {
        D.HostFallsBack = true;
        D.Reason += "; the child grids all have the same size, so a host "
                    "launch whose grid "
                    "has no fewer blocks than can be resident runs '" +
                    D.Site->CallerName + "' itself (Fig. 7(a))";
      }
    for (SiteDecision &D : P.Sites)
      if (D.Chosen && !A.transitiveFacts(D.Site->Callee).Launches.empty())
        D.Reason +=
            "; the launches '" + D.Site->CalleeName + "' makes are removed too";
    // Only-asked (the default pipeline): a wait in a kernel none of whose
    // launches was asked for is the continuation pass's, which runs later.
    if (O.RemoveLaunchOnlyAsked)
      llvm::erase_if(P.Syncs, [&](const SyncDecision &S) {
        return llvm::none_of(A.transitiveFacts(S.Sync.Function).Launches,
                             [&](const Occurrence &L) {
                               const SiteDecision *D = siteAt(L.Loc);
                               return D && askedMode(*D->Site);
                             });
      });
    for (SyncDecision &S : P.Syncs)
      decideSync(S);
  }

private:
  SiteDecision decideAlone(const LaunchSite &S) {
    SiteDecision D;
    D.Site = &S;
    // In the default pipeline remove-launch runs first, and only where a
    // pragma or a tuning entry names it (the driver adds it then); the
    // other passes take the rest. Named with --passes, it takes them all.
    if (O.RemoveLaunchOnlyAsked && !askedMode(S)) {
      D.Id = DiagId::RemoveNotAsked;
      D.Reason = "in the default pipeline remove-launch takes only the "
                 "launches that '#pragma dp remove_launch' or a tuning entry "
                 "names";
      return D;
    }
    if (std::optional<Refusal> Why = launchStatementBlocker(S, A)) {
      D.Reason = Why->Reason;
      D.Id = Why->Id;
      return D;
    }
    if (S.Recursive) {
      D.Id = DiagId::RemoveRecursive;
      D.Reason = "'" + S.CalleeName + "' can launch '" + S.CallerName +
                 "' again: running a recursive child in its parent would nest "
                 "without bound";
      return D;
    }
    if (std::optional<Refusal> Why = earlyRunStreamBlocker(S)) {
      D.Reason = Why->Reason;
      D.Id = Why->Id;
      return D;
    }
    RemoveLaunchMode M = requestedMode(S, O);
    if (M == RemoveLaunchMode::T1 || M == RemoveLaunchMode::T2) {
      if (std::optional<std::string> Why =
              persistentBlocker(A, S, &D.HostLaunches)) {
        D.Reason = std::string(techniqueSummary(M)) + ", requested by " +
                   modeSource(S) + ", cannot be used: " + *Why;
        D.Id = DiagId::RemoveRequestedBlocked;
        return D;
      }
      D.Persist = M == RemoveLaunchMode::T1 ? PersistMode::T1 : PersistMode::T2;
      D.Reason =
          std::string(techniqueName(
              M == RemoveLaunchMode::T1 ? Technique::T1 : Technique::T2)) +
          ", requested by " + modeSource(S) + persistentNote(D);
      return D;
    }
    if (M == RemoveLaunchMode::T3) {
      if (std::optional<std::string> Why = t3Blocker(S)) {
        D.Reason =
            "T3, requested by " + modeSource(S) + ", cannot be used: " + *Why;
        D.Id = DiagId::RemoveRequestedBlocked;
        return D;
      }
      D.Chosen = Technique::T3;
      D.Reason = "T3, requested by " + modeSource(S) + t3Note(A, S);
      return D;
    }
    std::optional<std::string> Serial = serialBlocker(S, A);
    if (M == RemoveLaunchMode::T4) {
      if (!Serial)
        Serial = t4LaneBlocker(A, S);
      if (Serial) {
        D.Reason = "T4, requested by " + modeSource(S) +
                   ", cannot be used: " + *Serial;
        D.Id = DiagId::RemoveRequestedBlocked;
        return D;
      }
      D.Chosen = Technique::T4;
      D.Reason = "T4, requested by " + modeSource(S);
      return D;
    }
    decideAuto(S, D, Serial);
    return D;
  }

  /// auto, Fig. 7. (a), host side: a persistent grid (T1/T2, chosen per
  /// round on the device as (b) does) unless the child's sizes are known to
  /// be equal and the parent's grid has at least as many blocks as can be
  /// resident -- told only when it runs, so the launcher decides then -- in
  /// which case the parent runs with T4 or T3. Where the parent cannot be
  /// made persistent, and for its launches that stay with the kernel itself,
  /// T4 for a child that runs serially (no barriers, no record), else T3.
  /// (Fig. 7's "over half of the threads launch" is not known before the
  /// kernel runs; dpopt takes T4 where it can.)
  void decideAuto(const LaunchSite &S, SiteDecision &D,
                  const std::optional<std::string> &Serial) {
    decideOwn(S, D, Serial);
    std::vector<const LaunchSite *> Hosts;
    std::optional<std::string> NoPersist = persistentBlocker(A, S, &Hosts);
    if (NoPersist) {
      D.Reason += "; not T1/T2: " + *NoPersist;
      return;
    }
    D.Persist = PersistMode::Select;
    D.HostLaunches = std::move(Hosts);
    std::string Own = D.Chosen ? D.Reason : "";
    D.Reason = "auto chose T1/T2 (Fig. 7)" + persistentNote(D);
    if (D.Chosen)
      D.Reason += "; in '" + S.CallerName + "' itself: " + Own;
  }

  std::string persistentNote(const SiteDecision &D) {
    std::string Where;
    for (const LaunchSite *H : D.HostLaunches)
      Where +=
          (Where.empty() ? "" : ", ") + whereIs(WC, H->Call->getBeginLoc());
    return ": the host launch" +
           std::string(D.HostLaunches.size() > 1 ? "es at " : " at ") + Where +
           (D.HostLaunches.size() > 1 ? " run" : " runs") +
           " a persistent version of '" + D.Site->CallerName +
           "' (no more blocks than can be resident, each playing its original "
           "blocks "
           "one per round; the round's children then run on all of them" +
           (D.Persist == PersistMode::T1 ? ", one child block at a time"
            : D.Persist == PersistMode::T2
                ? ", one child grid at a time"
                : ", by child block (T1) or by child grid (T2) "
                  "as Fig. 7(b) picks per round") +
           ")" + reuseNote(*D.Site);
  }

  std::string reuseNote(const LaunchSite &S) {
    std::optional<SharedReuse> R = persistentSharedReuse(A, S);
    if (!R)
      return "";
    return "; the child's shared arrays (" + std::to_string(R->ChildBytes) +
           " bytes) reuse the parent's (" + std::to_string(R->ParentBytes) +
           " bytes), which are dead while the round's children run (§2.3)";
  }

  void decideOwn(const LaunchSite &S, SiteDecision &D,
                 const std::optional<std::string> &Serial) {
    // The child can run in one thread (Serial empty) but its warp-mates
    // could hang it there (LaneHazard), or it cannot.
    std::optional<std::string> LaneHazard =
        Serial ? std::nullopt : t4LaneBlocker(A, S);
    if (!Serial && !LaneHazard) {
      D.Chosen = Technique::T4;
      D.Reason = "auto chose T4: the threads of '" + S.CalleeName +
                 "' never wait for each other (no barriers, shared memory "
                 "or warp-level operations), so the launching thread can "
                 "run its grid";
      return;
    }
    if (std::optional<std::string> Why = t3Blocker(S)) {
      if (LaneHazard)
        D.Reason = "neither T4 nor T3 applies: T4 cannot be used (" +
                   *LaneHazard + "); T3 cannot be used: " + *Why;
      else // The same property of the child often stops both.
        D.Reason =
            "neither T4 nor T3 applies: T4 needs a child whose threads "
            "never wait for each other, and " +
            *Serial +
            (Serial->rfind(*Why, 0) == 0 ? "; T3 cannot run it either"
                                         : "; T3 cannot be used: " + *Why);
      return;
    }
    D.Chosen = Technique::T3;
    D.Reason =
        "auto chose T3: T4 " +
        (LaneHazard ? "cannot be used (" + *LaneHazard
                    : "cannot run the child in one thread (" + *Serial) +
        "), and every thread of the block reaches the launch, so the block "
        "runs the child grids its threads launch" +
        t3Note(A, S);
  }

  /// Every kernel defined in the main file (template patterns included).
  void findKernels() {
    const ParsedUnit &U = WC.unit();
    std::vector<const DeclContext *> Work{
        U.getASTContext().getTranslationUnitDecl()};
    while (!Work.empty()) {
      const DeclContext *DC = Work.back();
      Work.pop_back();
      for (const Decl *D : DC->decls()) {
        if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
          Work.push_back(NS);
          continue;
        }
        if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
          D = T->getTemplatedDecl();
        const auto *FD = dyn_cast<FunctionDecl>(D);
        if (FD && FD->doesThisDeclarationHaveABody() &&
            getCudaTarget(FD) == CudaTarget::Global &&
            U.isInMainFile(FD->getLocation()))
          Kernels.push_back(FD);
      }
    }
  }

  /// T3/T4 on a grid of unknown size: may the site launch as written when
  /// the grid is too large to run in the parent? Only where that launch
  /// cannot reorder the thread's launches: a fire-and-forget child, or the
  /// only launch the thread makes. Otherwise the grid must be a constant
  /// that fits, unless a legacy cudaDeviceSynchronize() needs every launch
  /// of its kernel gone: CDP1 code runs no other way on sm_90.
  void decideBound(SiteDecision &D) {
    const LaunchSite &S = *D.Site;
    const ASTContext &Ctx = WC.unit().getASTContext();
    std::optional<uint64_t> Grid = constantThreadCount(S.Grid.E, Ctx);
    std::optional<uint64_t> Block = constantThreadCount(S.Block.E, Ctx);
    uint64_t Limit = *D.Chosen == Technique::T4 ? SerialLimit : BlockRunLimit;
    if (Grid && Block && *Grid * *Block <= Limit)
      return;
    const FunctionFacts &F = A.transitiveFacts(S.Caller);
    bool OnlyLaunch = S.Kind == CallerKind::Global && !S.inLoop() &&
                      F.Launches.size() == 1 &&
                      !containsGoto(getWrittenDefinition(S.Caller)->getBody());
    if ((isUnorderedStream(S.InStream) || OnlyLaunch) &&
        !inSyncContext(S.Caller)) {
      D.SizeFallback = true;
      return;
    }
    if (inSyncContext(S.Caller)) {
      D.Reason +=
          "; the child grid runs in the parent however large it is, since a "
          "legacy cudaDeviceSynchronize() can only go when no launch is left";
      return;
    }
    demote(
        D,
        std::string(techniqueName(*D.Chosen)) +
            " cannot be used: the child's grid is not a compile-time constant, "
            "and "
            "where it is too large to run in the parent (a grid of (n - 1) / B "
            "+ 1 "
            "blocks with an unsigned n of 0 has 2^32 / B) the launch would "
            "have to "
            "stay, which could put it after this thread's later children; the "
            "thread makes other launches" +
            std::string(S.inLoop() ? " (the launch is in a loop)" : ""));
  }

  /// The launch stays in its kernel after all, because of \p Why.
  static void demote(SiteDecision &D, const std::string &Why) {
    D.Chosen.reset();
    D.Id = DiagId::RemoveKeptForOrder;
    D.SizeFallback = false;
    if (D.Persist)
      D.Reason +=
          "; in '" + D.Site->CallerName + "' itself the launch stays: " + Why;
    else
      D.Reason = Why;
  }

  /// True when a kernel that calls a legacy cudaDeviceSynchronize() can run
  /// \p Caller's code, itself or through the children it launches.
  bool inSyncContext(const FunctionDecl *Caller) {
    for (const SyncDecision &S : P.Syncs)
      if (A.canReach(S.Sync.Function, Caller, /*ThroughLaunches=*/true))
        return true;
    return false;
  }

  /// A child run in the launching thread starts at once; launched into the
  /// implicit stream it would have started only after the thread's earlier
  /// launches there finished. So no launch that stays, of the same thread,
  /// into an ordered stream may come before it: the site must precede every
  /// such launch in its kernel's own body (in source order, no loop around
  /// both, no goto).
  std::optional<std::string> keptLaunchBlocker(const LaunchSite &R) {
    if (isUnorderedStream(R.InStream))
      return std::nullopt;
    for (const FunctionDecl *K : Kernels) {
      if (!A.canReach(K, R.Caller, /*ThroughLaunches=*/false))
        continue;
      for (const SiteDecision &O : P.Sites) {
        const LaunchSite &L = *O.Site;
        if (&L == &R || O.Chosen || isUnorderedStream(L.InStream) ||
            L.InStream == StreamKind::TailLaunch)
          continue;
        if (!A.canReach(K, L.Caller, /*ThroughLaunches=*/false) ||
            precedes(R, L, K))
          continue;
        return "'" + K->getNameAsString() + "' also launches '" + L.CalleeName +
               "' at " + whereIs(WC, L.Call->getBeginLoc()) +
               ", which stays a launch; this child, run in the launching "
               "thread, could "
               "start before that one has finished, where the " +
               std::string(L.InStream == StreamKind::Implicit ? "implicit "
                                                              : "") +
               "stream would have run it after";
      }
    }
    return std::nullopt;
  }

  /// True when a thread of kernel \p K that reaches \p L has run \p R
  /// before: \p R is in \p K's own body, and \p L there too or in a
  /// function that \p K calls only after \p R (in the text, with no loop
  /// around both and no goto).
  bool precedes(const LaunchSite &R, const LaunchSite &L,
                const FunctionDecl *K) {
    if (R.Kind != CallerKind::Global ||
        canonicalFunction(R.Caller) != canonicalFunction(K) ||
        containsGoto(getWrittenDefinition(K)->getBody()))
      return false;
    auto After = [&](unsigned Offset, const std::vector<const Stmt *> &Loops) {
      if (R.Offset >= Offset)
        return false;
      for (const Stmt *Loop : R.Loops)
        if (std::find(Loops.begin(), Loops.end(), Loop) != Loops.end())
          return false;
      return true;
    };
    if (canonicalFunction(L.Caller) == canonicalFunction(K))
      return After(L.Offset, L.Loops);
    // Every call of K that can lead to L's function must come after R.
    bool All = true;
    forEachCall(
        getWrittenDefinition(K)->getBody(), {},
        [&](const CallExpr *C, const std::vector<const Stmt *> &Loops) {
          const FunctionDecl *Callee = C->getDirectCallee();
          bool Reaches = !Callee || A.canReach(Callee, L.Caller,
                                               /*ThroughLaunches=*/false);
          if (Reaches && !After(WC.unit().getOffset(C->getBeginLoc()), Loops))
            All = false;
        });
    return All;
  }

  /// Calls \p Fn for every call (not launch) in \p S with the loops around
  /// it, innermost first.
  static void
  forEachCall(const Stmt *S, std::vector<const Stmt *> Loops,
              llvm::function_ref<void(const CallExpr *,
                                      const std::vector<const Stmt *> &)>
                  Fn) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (!isa<CUDAKernelCallExpr>(C) && !isExecConfigCall(C))
        Fn(C, Loops);
    if (isLoop(S))
      Loops.insert(Loops.begin(), S);
    for (const Stmt *Child : S->children())
      forEachCall(Child, Loops, Fn);
  }

  std::optional<std::string> t3Blocker(const LaunchSite &S) {
    if (std::optional<std::string> Why = t3SiteBlocker(A, S))
      return Why;
    return t3ChildBlocker(A, S);
  }

  const SiteDecision *siteAt(SourceLocation Loc) const {
    auto It = ByLoc.find(Loc.getRawEncoding());
    return It == ByLoc.end() ? nullptr : &P.Sites[It->second];
  }

  std::optional<std::string> nestedBlocker(const FunctionDecl *Child) {
    const FunctionFacts &T = A.transitiveFacts(Child);
    const FunctionFacts &L = A.localFacts(Child);
    std::string Name = "'" + Child->getNameAsString() + "'";
    if (std::optional<std::string> Api = launchApiCall(A, Child))
      return Name + " launches through the launch API (" + *Api +
             "), which dpopt does not remove";
    if (T.Launches.empty() && T.LegacyDeviceSyncs.empty())
      return std::nullopt;
    for (const Occurrence &Launch : T.Launches)
      if (canonicalFunction(Launch.In) != canonicalFunction(Child))
        return Name + " launches kernels in the device function '" +
               Launch.In->getNameAsString() + "' (" + whereIs(WC, Launch.Loc) +
               "): dpopt runs a launching child in its parent only when it "
               "launches in its own body";
    for (const Occurrence &Sync : T.LegacyDeviceSyncs)
      if (canonicalFunction(Sync.In) != canonicalFunction(Child))
        return Name +
               " calls cudaDeviceSynchronize() in the device function '" +
               Sync.In->getNameAsString() + "' (" + whereIs(WC, Sync.Loc) + ")";
    if (!L.Launches.empty()) {
      NameAllocator Scratch("");
      BuiltinCloner Cloner(A, AllBuiltins, Scratch, "serial");
      if (Cloner.plan(Child) || !Cloner.empty())
        return Name +
               " launches kernels and calls device functions that read the "
               "thread position: dpopt does not run such a child in its "
               "parent";
    }
    for (const Occurrence &Launch : T.Launches) {
      const SiteDecision *D = siteAt(Launch.Loc);
      if (D && D->Chosen == Technique::T3)
        return Name + " launches '" + D->Site->CalleeName + "' at " +
               whereIs(WC, Launch.Loc) +
               ", which its blocks run (T3) with barriers one thread cannot "
               "run";
      if (!D || !D->Chosen)
        return Name + " launches " +
               (D ? "'" + D->Site->CalleeName + "'" : std::string("a kernel")) +
               " at " + whereIs(WC, Launch.Loc) + ", which stays a launch" +
               (D ? " (" + D->Reason + ")" : "");
      if (D->SizeFallback)
        return Name + " launches '" + D->Site->CalleeName + "' at " +
               whereIs(WC, Launch.Loc) +
               " with a grid known only at run time: one too large to run in "
               "place "
               "would stay a launch, made by the parent's thread instead of "
               "the child's";
    }
    for (const SyncDecision &S : P.Syncs)
      if (canonicalFunction(S.Sync.Function) == canonicalFunction(Child) &&
          !S.Sync.NotEditable.empty())
        return Name + " calls cudaDeviceSynchronize() at " +
               whereIs(WC, S.Sync.Call->getBeginLoc()) + ", and " +
               S.Sync.NotEditable;
    return std::nullopt;
  }

  void decideSync(SyncDecision &S) {
    const FunctionDecl *K = S.Sync.Function;
    std::string Name = "'" + K->getNameAsString() + "'";
    if (getCudaTarget(K) != CudaTarget::Global) {
      S.Id = DiagId::RemoveSyncNotInKernel;
      S.Reason = "it is in " + Name +
                 ", which is not a kernel: dpopt removes it only from kernels, "
                 "where it sees every launch the block can make";
      return;
    }
    if (!S.Sync.NotEditable.empty()) {
      S.Reason = S.Sync.NotEditable;
      return;
    }
    if (std::optional<std::string> Api = launchApiCall(A, K)) {
      S.Id = DiagId::RemoveSyncLaunchApi;
      S.Reason = Name + " launches through the launch API (" + *Api + ")";
      return;
    }
    const FunctionFacts &T = A.transitiveFacts(K);
    for (const Occurrence &Launch : T.Launches) {
      const SiteDecision *D = siteAt(Launch.Loc);
      if (!D || !D->Chosen) {
        S.Id = DiagId::RemoveSyncLaunchStays;
        S.Reason =
            "it waits for the launch of " +
            (D ? "'" + D->Site->CalleeName + "'" : std::string("a kernel")) +
            " at " + whereIs(WC, Launch.Loc) + ", which stays";
        return;
      }
    }
    bool ByBlock = false;
    for (const Occurrence &Launch : T.Launches)
      ByBlock |= siteAt(Launch.Loc)->Chosen == Technique::T3;
    S.Remove = true;
    S.Reason =
        T.Launches.empty()
            ? Name + " launches no kernel, so it had nothing to wait for"
        : ByBlock ? "every launch " + Name +
                        " can make now runs in the launching thread or its "
                        "block before the code after the launch, so it had "
                        "nothing left to wait for"
                  : "every launch " + Name +
                        " can make now runs in the launching thread, so it had "
                        "nothing left to wait for";
  }

  ProgramAnalysis &A;
  const PassOptions &O;
  RemoveLaunchPlan &P;
  const WorkingCopy &WC;
  llvm::DenseMap<clang::SourceLocation::UIntTy, size_t> ByLoc;
  std::vector<const FunctionDecl *> Kernels;
};

} // namespace

RemoveLaunchPlan planRemoveLaunch(ProgramAnalysis &A, const PassOptions &O) {
  RemoveLaunchPlan P;
  Planner(A, O, P).run();
  return P;
}

} // namespace dpopt
