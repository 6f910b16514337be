//===- AggregatePass.cpp - One launch per group of parent threads --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/AggregatePass.h"

#include "LaunchGroups.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/AtomicDependence.h"
#include "dpopt/Analysis/IdleThreads.h"
#include "dpopt/Analysis/LaunchingThreads.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Passes/SitePass.h"
#include "dpopt/Rewrite/BodyInLoop.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Rewrite/WarpConvergence.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "aggregate";

/// A site's granularity and, where dpopt chose it, why (for the remark).
struct LevelChoice {
  AggregateSpec Spec;
  /// Multi-block groups sized at run time: the whole grid when its records
  /// fit in the budget, else as many blocks as fit (aggFittingGroupBlocks).
  bool Fit = false;
  std::string Why;

  /// " (why)" for the remark, or nothing.
  std::string note() const { return Why.empty() ? "" : " (" + Why + ")"; }
};

/// True when each thread of \p S's child does its own work: a guard says
/// which threads do nothing (IdleThreads.h), and no barrier or warp-level
/// operation ties the threads of a block together.
bool threadMappedChild(const LaunchSite &S, ProgramAnalysis &A) {
  if (!S.Callee || !idleThreadBound(S.Callee).Bound)
    return false;
  const FunctionFacts &F = A.transitiveFacts(S.Callee);
  return F.Barriers.empty() && F.WarpOps.empty();
}

/// The default's granularity for \p S. A non-recursive site aggregates per
/// grid, as far as the grid's records fit in the group budget
/// (DPOPT_AGG_GROUP_BYTES): the group size is chosen at run time from the
/// grid and block (aggFittingGroupBlocks), so a grid too large for one
/// group is split into as few groups as fit, never fewer than
/// DefaultGroupBlocks blocks each. Measured on an H200 (2026-11-28): 1.11x
/// geomean over multiblock:32 on full data on the benchmarks whose sites are
/// not recursive (bfs, sssp, gc, pagerank 1.2-1.7x), 1.01x on quick data;
/// tc/kron 0.95x, slower with any group above 32 blocks. A recursive launch
/// keeps multiblock:32 (grid
/// groups ran qs 0.34-0.39x as fast), except for a thread-mapped child that
/// does not hang on an atomic's result: then each level of the recursion is
/// one launch; with groups of blocks, the widest levels of a tree walk make
/// thousands. Measured on an H200 (full data, 2026-11-28): grid groups ran
/// the tree walks pw, td and th 1.09-1.34x faster than multiblock:32, and
/// the recursive BFS (bfsrec), whose launches depend on an atomicMin, 0.42x
/// as fast; the recursive children with barriers (qs, qt) gained nothing
/// either way.
LevelChoice defaultLevel(const LaunchSite &S, ProgramAnalysis &A) {
  LevelChoice C;
  C.Spec.Level = Granularity::MultiBlock;
  C.Spec.GroupBlocks = DefaultGroupBlocks;
  if (!S.Recursive) {
    C.Fit = true;
    C.Why = "the default for a launch that is not recursive";
    return C;
  }
  if (!threadMappedChild(S, A))
    return C;
  if (std::optional<AtomicDecision> D = launchDecidedByAtomic(S)) {
    C.Why = "not a grid per level of the recursion: whether it launches "
            "depends on what '" +
            D->Name + "' returns at " +
            whereIs(A.workingCopy(), D->Atomic->getBeginLoc()) +
            ", so what the recursion launches depends on the order its grids "
            "run in";
    return C;
  }
  C.Spec.Level = Granularity::Grid;
  C.Spec.GroupBlocks.reset();
  C.Why = "chosen for a recursive launch of a child whose threads each do "
          "their own work: one launch per level of the recursion";
  return C;
}

/// The granularity a site uses: its pragma's or tuning entry's, else --agg,
/// else the default's (defaultLevel).
LevelChoice levelOf(const LaunchSite &S, const PassOptions &O,
                    ProgramAnalysis &A) {
  if (std::optional<AggregateSpec> L =
          S.setting([](const PragmaDirective &D) { return D.Aggregate; }))
    return {*L, false, ""};
  if (O.Aggregate)
    return {*O.Aggregate, false, ""};
  return defaultLevel(S, A);
}

/// The passed remark's id: one per granularity, so that a build can insist
/// on, or silence, one kind of aggregation.
DiagId aggregatedId(const AggregateSpec &L) {
  switch (L.Level) {
  case Granularity::Warp:
    return DiagId::AggregatedWarp;
  case Granularity::Block:
    return DiagId::AggregatedBlock;
  case Granularity::MultiBlock:
    return DiagId::AggregatedMultiBlock;
  case Granularity::Grid:
    return DiagId::AggregatedGrid;
  }
  return DiagId::AggregatedGrid;
}

std::string levelText(const LevelChoice &C) {
  const AggregateSpec &L = C.Spec;
  if (C.Fit)
    return "grid, as far as its records fit";
  std::string Text = granularityName(L.Level);
  if (L.Level == Granularity::MultiBlock)
    Text += ":" + std::to_string(L.GroupBlocks.value_or(DefaultGroupBlocks));
  return Text;
}

/// Per child kernel: the record type and the generated functions.
struct ChildPlan {
  const FunctionDecl *Child = nullptr;
  std::string Rec, Make, Launch, Clone;
  /// Per parameter of the child: its name in the record and the launcher
  /// (unnamed ones get one), its written name, its type, and whether it is
  /// passed once (uniformParameters) rather than stored in every record.
  std::vector<std::string> Fields, FieldTypes, ParamNames;
  std::vector<bool> Uniform;
  unsigned SiteId = 0;
  /// Records of different block sizes meet the child's barriers or warp
  /// operations: the clone's threads past a record's block leave first.
  bool LeaveBeyond = false;
  /// Set when the clone is packed: each of its threads runs one original
  /// thread that does something (packingBlocker), and records count their
  /// threads. Otherwise each block runs one original block.
  std::optional<IdleBound> Packed;
  /// For the remarks: how the clone runs the records, and why.
  std::string PackingNote;

  /// ", T Name" for each parameter passed once: the launcher's and the
  /// clone's extra parameters.
  std::string onceParams() const {
    std::string Out;
    for (size_t I = 0; I < Fields.size(); ++I)
      if (Uniform[I])
        Out += ", " + FieldTypes[I] + " " + Fields[I];
    return Out;
  }
  /// ", Name" for each parameter passed once.
  std::string onceArgs() const {
    std::string Out;
    for (size_t I = 0; I < Fields.size(); ++I)
      if (Uniform[I])
        Out += ", " + Fields[I];
    return Out;
  }
};

const Tunable AggThreshold{
    "DPOPT_AGG_THRESHOLD", "u",
    [](const PragmaDirective &P) { return P.AggThreshold; },
    [](const PassOptions &O) { return O.AggThreshold; }, DefaultAggThreshold};

class AggregatePass : public SitePass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "launch one aggregated child per warp, block, group of blocks or "
           "grid (Olabi et al. CGO'22, sections II-B and V)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Aggregate};
  }

protected:
  StringRef verb() const override { return "aggregating"; }
  const Tunable *tunable() const override { return &AggThreshold; }

  std::string summary(const LaunchSite &S, ProgramAnalysis &A,
                      const PassOptions &O) const override {
    return "aggregates the launches of '" + S.CalleeName + "' per " +
           levelText(levelOf(S, O, A));
  }

  std::unique_ptr<SiteRewriter> makeRewriter(SiteRun &Run) const override;

  std::optional<Refusal> optionBlocker(const LaunchSite &, ProgramAnalysis &,
                                       const PassOptions &O) const override {
    if (O.Consolidate)
      return Refusal{DiagId::AggregateLeftToConsolidate,
                     "--consldt asks for consolidation: the consolidate "
                     "pass handles the launches"};
    return std::nullopt;
  }

  std::optional<Refusal> blocker(const LaunchSite &S,
                                 ProgramAnalysis &A) const override;

public:
  /// True when this pass rewrites \p S (as the enclosure rule asks).
  bool rewrites(const LaunchSite &S, ProgramAnalysis &A) const;

private:
  static std::optional<Refusal> childBlocker(const LaunchSite &S,
                                             ProgramAnalysis &A);
  /// Every check but the enclosures' (groupedEnclosureBlocker).
  static std::optional<Refusal> blockerBeforeEnclosures(const LaunchSite &S,
                                                        ProgramAnalysis &A);
};

bool launchTextReadable(const LaunchSite &S, ProgramAnalysis &A);

std::optional<Refusal> AggregatePass::childBlocker(const LaunchSite &S,
                                                   ProgramAnalysis &A) {
  return groupedChildBlocker(S, A, "aggregating", "aggregated");
}

std::optional<Refusal>
AggregatePass::blockerBeforeEnclosures(const LaunchSite &S,
                                       ProgramAnalysis &A) {
  if (std::optional<Refusal> Why = launchStatementBlocker(S, A))
    return Why;
  if (S.Pragma && S.Pragma->Consolidate)
    return Refusal{DiagId::AggregateLeftToConsolidate,
                   "'#pragma dp consldt' asks for consolidation: the "
                   "consolidate pass handles this launch"};
  bool Asserted = S.Pragma && S.Pragma->Aggregate;
  if (std::optional<Refusal> Why =
          groupedParentBlocker(S, A, Asserted, "aggregate(...)", "aggregated"))
    return Why;
  return childBlocker(S, A);
}

std::optional<Refusal> AggregatePass::blocker(const LaunchSite &S,
                                              ProgramAnalysis &A) const {
  if (std::optional<Refusal> Why = blockerBeforeEnclosures(S, A))
    return Why;
  // optionBlocker stops every site or none (--consldt), so the other sites
  // that pass these checks, and whose launch text SitePass can read, are
  // aggregated too.
  return groupedEnclosureBlocker(S, A, [&](const LaunchSite &O) {
    return !skipBlocker(O, PassName) && !blockerBeforeEnclosures(O, A) &&
           launchTextReadable(O, A);
  });
}

/// True when SitePass can read \p S's launch text (it skips a site whose
/// text it cannot).
bool launchTextReadable(const LaunchSite &S, ProgramAnalysis &A) {
  Expected<LaunchText> L = readLaunchText(A.workingCopy().unit(), S);
  if (!L) {
    consumeError(L.takeError());
    return false;
  }
  return true;
}

bool AggregatePass::rewrites(const LaunchSite &S, ProgramAnalysis &A) const {
  return !skipBlocker(S, PassName) && !blocker(S, A) &&
         launchTextReadable(S, A);
}

/// True for a function whose effects are scoped to the thread block
/// (atomicAdd_block, __nvvm_atom_cta_*, libcu++'s scoped atomics): threads
/// of one original block may run in different blocks of a packed clone.
bool blockScoped(const FunctionDecl *F) {
  std::string Name = F->getNameAsString();
  StringRef N(Name);
  if (N.ends_with("_block") || N.contains("_cta") || N.contains("cta_"))
    return true;
  for (const DeclContext *C = F->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getName() == "cuda")
        return true;
  return false;
}

/// Why the clone of \p S's child cannot be packed (its threads run original
/// threads of different blocks, and only those that do something), or
/// nothing. \p Rewritten says whether the pass rewrites a launch.
std::optional<std::string>
packingBlocker(const LaunchSite &S, ProgramAnalysis &A,
               llvm::function_ref<bool(const LaunchSite &)> Rewritten) {
  const FunctionFacts &F = A.transitiveFacts(S.Callee);
  std::string Child = "'" + S.CalleeName + "'";
  if (!F.Barriers.empty())
    return Child + " synchronizes its threads";
  if (!F.WarpOps.empty())
    return Child + " uses warp-level operations";
  if (!F.Shared.empty())
    return Child + " uses shared memory";
  if (!F.CooperativeGroups.empty())
    return Child + " uses cooperative groups";
  if (!F.InlineAsm.empty())
    return Child + " has inline assembly";
  if (!F.UnknownCalls.empty())
    return Child + " makes calls dpopt cannot see into";
  if (!F.LegacyDeviceSyncs.empty())
    return Child + " calls cudaDeviceSynchronize()";
  for (const Occurrence &O : F.Fences)
    if (StringRef(O.What).contains("block") ||
        StringRef(O.What).contains("cta"))
      return Child + " uses a block-scope fence";
  // The functions the child runs: none may act per block, and the launches
  // that stay in them may not go into the block's implicit stream (or a
  // stream dpopt cannot tell apart from it).
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
  std::vector<const FunctionDecl *> Work{canonicalFunction(S.Callee)};
  Seen.insert(Work.front());
  while (!Work.empty()) {
    const FunctionDecl *Fn = Work.back();
    Work.pop_back();
    for (const FunctionDecl *Callee : A.localFacts(Fn).Callees) {
      if (blockScoped(Callee))
        return Child + " calls '" + Callee->getNameAsString() +
               "', which acts per thread block";
      if (Seen.insert(canonicalFunction(Callee)).second)
        Work.push_back(canonicalFunction(Callee));
    }
  }
  for (const LaunchSite *O : A.deviceSites())
    if (Seen.count(canonicalFunction(O->Caller)) &&
        (O->InStream == StreamKind::Implicit ||
         O->InStream == StreamKind::Other) &&
        !Rewritten(*O))
      return "the launch at " +
             whereIs(A.workingCopy(), O->Call->getBeginLoc()) + " in " + Child +
             " stays, into " +
             (O->InStream == StreamKind::Implicit
                  ? "the implicit stream, which its thread block shares"
                  : "a stream its thread block may share");
  IdleBoundResult Bound = idleThreadBound(S.Callee);
  if (!Bound.Bound)
    return "dpopt cannot tell which threads of " + Child +
           " do nothing: " + Bound.WhyNot;
  return std::nullopt;
}

/// The child's arguments for a launch of record \p Rec: the record's
/// fields, and for the parameters passed once \p Once(I).
std::string recordArgs(const ChildPlan &C, const std::string &Rec,
                       llvm::function_ref<std::string(size_t)> Once) {
  std::string Out;
  for (size_t I = 0; I < C.Fields.size(); ++I)
    Out += (I ? ", " : "") +
           (C.Uniform[I] ? Once(I) : Rec + ".__args." + C.Fields[I]);
  return Out;
}

/// The launcher, run by a group's last thread: after the child's definition.
/// It sets up the clone's grid-wide groups (\p Passed).
std::string childLauncher(const ChildPlan &C, const std::string &CalleeText,
                          const PassedGroups &Passed, const GroupNames &G) {
  const std::string &Group = G.Group, &Threshold = G.Threshold,
                    &Records = G.Records, &Count = G.Count, &Blocks = G.Blocks,
                    &I = G.Index;
  std::string One = Records + "[" + I + "]";
  std::string S = "\n\n// dpopt aggregate: the last thread of a group launches "
                  "its records\n";
  S += "static __device__ void " + C.Launch + "(" + rt::AggGroup + " &" +
       Group + ", unsigned " + Threshold + C.onceParams() +
       ") {\n"
       "  unsigned " +
       Count + ", " + Blocks +
       ";\n"
       "  " +
       C.Rec + " *" + Records + " = " + rt::aggTake + "<" + C.Rec + ">(" +
       Group + ", " + Count + ", " + Blocks +
       ");\n"
       "  if (!" +
       Records +
       ")\n    return;\n"
       "  if (" +
       Count + " < " + Threshold +
       ") { // too few to be worth aggregating\n"
       "    for (unsigned " +
       I + " = 0; " + I + " < " + Count + "; ++" + I + ")\n      " +
       deviceLaunchStatement(
           C.SiteId,
           launchStatement(
               CalleeText, One + ".__grid", One + ".__block", One + ".__shmem",
               std::string("cudaStreamFireAndForget"),
               recordArgs(C, One, [&](size_t P) { return C.Fields[P]; }))) +
       "\n    " + rt::aggGiveBack + "();\n    return;\n  }\n  " +
       (C.Packed ? "if (" + Blocks +
                       " == 0) { // no record has a thread "
                       "that does anything\n    " +
                       rt::aggGiveBack + "();\n    return;\n  }\n  "
                 : "");
  std::string CloneBlocks =
      C.Packed ? rt::aggPackedBlocks + "(" + Blocks + ", " + Group + ")"
               : Blocks;
  std::string CloneThreads = rt::aggMaxThreads + "(" + Group + ")";
  S += Passed.take(CloneBlocks, CloneThreads, Records,
                   [](const GroupSite &P) { return P.PerThread; });
  S += deviceLaunchStatement(
           C.SiteId, launchStatement(C.Clone, CloneBlocks, CloneThreads,
                                     rt::aggMaxShmem + "(" + Group + ")",
                                     std::string("cudaStreamFireAndForget"),
                                     Records + ", " + Count + Passed.args() +
                                         C.onceArgs())) +
       "\n}";
  return S;
}

class AggregateRewriter : public SiteRewriter {
public:
  AggregateRewriter(const AggregatePass &Pass, SiteRun &Run)
      : Pass(Pass), Run(Run), U(Run.U), AST(U.getASTContext()), A(Run.A),
        Edits(Run.Edits), Names(Run.Names), Gen(Names),
        Cloner(A, AllBuiltins, Names, "agg") {}

  Error rewrite(const LaunchSite &S, const LaunchText &L) override {
    // Which parameters are passed once depends on every site the pass
    // rewrites (recursion, shared groups): found before the first, over the
    // sites the plan gives the run (a superset only makes fewer uniform).
    if (!UniformByChild) {
      std::vector<const LaunchSite *> All;
      for (const LaunchSite *O : A.deviceSites())
        if (Run.planned(*O))
          All.push_back(O);
      UniformByChild = uniformParameters(All, /*SharedGroups=*/true);
    }
    const FunctionDecl *Key = canonicalFunction(S.Callee);
    auto [It, New] = Children.try_emplace(Key);
    ChildPlan &C = It->second;
    if (New) {
      C.Child = S.Callee;
      std::string Base = S.Callee->getNameAsString();
      C.Rec = Names.fresh("rec_" + Base);
      C.Make = Names.fresh("make_rec_" + Base);
      C.Launch = Names.fresh("launch_agg_" + Base);
      C.Clone = Names.fresh("agg_" + Base);
      C.SiteId = S.Id;
      const FunctionDecl *Def = getWrittenDefinition(S.Callee);
      for (const ParmVarDecl *P : Def->parameters()) {
        std::string N = P->getName().str();
        C.ParamNames.push_back(N);
        C.Fields.push_back(
            N.empty() ? Names.fresh("arg" + std::to_string(C.Fields.size()))
                      : N);
        C.FieldTypes.push_back(printedType(P->getType(), AST));
      }
      C.Uniform = (*UniformByChild)[Key];
      if (std::optional<std::string> Refused = Cloner.plan(S.Callee))
        return createStringError(inconvertibleErrorCode(), *Refused);
      ChildOrder.push_back(Key);
      CalleeText[Key] = L.Callee;
      planPacking(S, C);
    }
    C.LeaveBeyond = C.LeaveBeyond || needsLeavingThreads(S, A);

    GroupSite P;
    P.S = &S;
    P.Record = C.Rec;
    const LevelChoice Choice = levelOf(S, Run.Ctx.Options, A);
    const AggregateSpec &Level = Choice.Spec;
    P.Level = Level.Level;
    P.GroupBlocks = Level.GroupBlocks.value_or(DefaultGroupBlocks);
    if (Choice.Fit) {
      P.Fit = true;
      // Only a hint for the group's size: a group of any size aggregates
      // correctly, so a launch of the parent that dpopt cannot see (another
      // file) or a clone of it run with other blocks costs at most speed.
      if (S.Kind == CallerKind::Global)
        P.FitBlockThreads = launchBlockThreads(A, S.Caller);
    }
    P.Group = Names.fresh("agg" + std::to_string(S.Id));
    P.PerThread = S.inLoop() || A.transitiveFacts(S.Caller).Launches.size() > 1
                      ? "DPOPT_AGG_LOOP_SLOTS"
                      : "1u";
    // Block and larger groups size their records by the threads that can
    // launch (a warp group's 32 lanes are few enough).
    if (P.Level != Granularity::Warp)
      P.GuardedAxes = guardedThreadAxes(S);
    bool Counted =
        P.Level == Granularity::Warp || P.Level == Granularity::Block;
    P.Launcher = C.Launch;
    const std::string Threshold = Counted ? Run.tunableInCode(S) : "0u";
    P.LauncherArgs = ", " + Threshold;
    // The parameters passed once go to the launcher, evaluated again by the
    // group's last thread (isUniformArgument: same value, no side effect);
    // the others make the record.
    std::string MakeArgs, Once;
    for (size_t I = 0; I < C.Fields.size(); ++I) {
      if (C.Uniform[I]) {
        P.LauncherArgs += ", " + S.Args[I].Text;
        Once += (Once.empty() ? "" : ", ") + C.Fields[I];
      } else {
        MakeArgs += (MakeArgs.empty() ? "" : ", ") + S.Args[I].Text;
      }
    }
    if (C.Packed) {
      size_t Bound = C.Packed->Param;
      std::string Count = C.Uniform[Bound]
                              ? "(" + S.Args[Bound].Text + ")"
                              : Gen.R + ".__args." + C.Fields[Bound];
      P.RecordThreads = rt::aggUsefulThreads + "(" + Gen.R + ", static_cast<" +
                        printedType(C.Packed->CompareType, AST) + ">(" + Count +
                        "), " + (C.Packed->AnyDims ? "true" : "false") + ")";
    }
    // Sites of one child in one parent share a group: each site passed the
    // checks alone, so its launches carry no order with the others' (their
    // streams are unordered, or a pragma says so), and one grid of all the
    // records is what each site's own grids were, fewer. A child with
    // barriers or warp-level operations needs every record's block to have
    // the group's size.
    SharedGroup Mine;
    Mine.Parent = canonicalFunction(S.Caller);
    Mine.Child = Key;
    Mine.Level = levelText(Choice);
    Mine.Threshold = Threshold;
    Mine.LauncherArgs = P.LauncherArgs;
    const FunctionFacts &ChildFacts = A.transitiveFacts(S.Callee);
    if (!ChildFacts.Barriers.empty() || !ChildFacts.WarpOps.empty())
      Mine.BlockThreads = constantThreadCount(S.Block.E, AST);
    Mine.FirstSite = &S;
    std::string Joined;
    SharedGroup *Same = nullptr;
    const SharedGroup *Other = nullptr;
    for (SharedGroup &G : SharedGroups)
      if (G.Parent == Mine.Parent && G.Child == Mine.Child) {
        if (G.joins(Mine))
          Same = &G;
        else if (!Other)
          Other = &G;
      }
    if (Same) {
      GroupSite &Group = Sites.site(Same->Index);
      Group.PerThread = "(" + Group.PerThread + " + " + P.PerThread + ")";
      Group.GuardedAxes &= P.GuardedAxes;
      P.Group = Group.Group;
      Joined = ", in one group with the launch at " +
               whereIs(A.workingCopy(), Same->FirstSite->Call->getBeginLoc());
    } else {
      Mine.Index = Sites.add(P);
      if (Other)
        Joined = ", in a group of its own: " + Other->whyApart(Mine, A);
      SharedGroups.push_back(Mine);
    }

    // The launch becomes a record; a thread that finds no room launches.
    std::string Text = recordStatement(
        P, "dpopt aggregate (" + levelText(Choice) + "): one launch per group",
        C.Rec, C.Make, MakeArgs, L.Callee,
        recordArgs(C, Gen.R, [&](size_t I) { return S.Args[I].Text; }), Gen);
    SiteEdits.replace(
        S.StmtBegin, S.StmtEnd - S.StmtBegin,
        indentLines(Text, indentationAt(U.getText(), S.StmtBegin)));
    if (Error E = dropOwnStreamCalls(U, A, S, SiteEdits))
      return E;
    for (const Stmt *B : S.Branches)
      if (!enclosureBlocker(U, B))
        Converging.push_back(B);
    Run.passed(
        S, aggregatedId(Level),
        "aggregating the launches of '" + S.CalleeName + "' per " +
            levelText(Choice) + Choice.note() + " into one launch of a clone" +
            Joined + "; " + C.PackingNote +
            (Once.empty() ? "" : "; passed once, not in each record: " + Once));
    return Error::success();
  }

  Error finish() override;

private:
  /// Decides whether \p C's clone is packed, with the note for remarks.
  void planPacking(const LaunchSite &S, ChildPlan &C) {
    std::optional<std::string> Why =
        Run.Ctx.Options.AggPack.value_or(true)
            ? packingBlocker(
                  S, A,
                  [&](const LaunchSite &O) { return Pass.rewrites(O, A); })
            : std::optional<std::string>("--agg-pack=off");
    if (Why) {
      C.PackingNote = "its blocks run whole: " + *Why;
      return;
    }
    C.Packed = idleThreadBound(S.Callee).Bound;
    StringRef Guard = Lexer::getSourceText(
        CharSourceRange::getTokenRange(C.Packed->Guard->getSourceRange()),
        AST.getSourceManager(), AST.getLangOpts());
    C.PackingNote = "threads packed: the clone runs only the threads that " +
                    std::string(C.Packed->ReturnForm ? "the early return '"
                                                     : "pass the guard '") +
                    Guard.str() + (C.Packed->ReturnForm ? "' lets on" : "'") +
                    ", the others do nothing";
  }
  /// The packed clone's body up to the child's own code.
  std::string packedClonePrologue(const ChildPlan &C,
                                  const FunctionFacts &Facts) const;

  const AggregatePass &Pass;
  SiteRun &Run;
  const ParsedUnit &U;
  const ASTContext &AST;
  ProgramAnalysis &A;
  EditList &Edits;
  NameAllocator &Names;
  GroupNames Gen;
  BuiltinCloner Cloner;
  std::map<const FunctionDecl *, ChildPlan> Children;
  std::vector<const FunctionDecl *> ChildOrder;
  /// Per child: its parameters passed once (uniformParameters).
  std::optional<std::map<const FunctionDecl *, std::vector<bool>>>
      UniformByChild;
  GroupSiteTable Sites;
  /// A launch group of one child in one parent, and what the sites that
  /// join it must agree on.
  struct SharedGroup {
    const FunctionDecl *Parent = nullptr, *Child = nullptr;
    std::string Level, Threshold, LauncherArgs;
    /// Set when the child has barriers or warp-level operations.
    std::optional<uint64_t> BlockThreads;
    size_t Index = 0; // in Sites
    const LaunchSite *FirstSite = nullptr;

    bool joins(const SharedGroup &O) const {
      return Level == O.Level && LauncherArgs == O.LauncherArgs &&
             BlockThreads == O.BlockThreads;
    }
    std::string whyApart(const SharedGroup &O, ProgramAnalysis &A) const {
      std::string At = "the launch at " +
                       whereIs(A.workingCopy(), FirstSite->Call->getBeginLoc());
      if (Level != O.Level)
        return At + " is aggregated per " + Level;
      if (Threshold != O.Threshold)
        return At + " has another aggregation threshold";
      if (LauncherArgs != O.LauncherArgs)
        return At + " passes other values for the parameters passed once";
      bool Barriers = !A.transitiveFacts(FirstSite->Callee).Barriers.empty();
      return "'" + FirstSite->CalleeName + "' " +
             (Barriers ? "synchronizes its threads"
                       : "uses warp-level operations") +
             " and " + At + " has blocks of another size";
    }
  };
  std::vector<SharedGroup> SharedGroups;
  std::map<const FunctionDecl *, std::string> CalleeText;
  /// The site rewrites, which parent and child bodies are built from.
  EditList SiteEdits{""};
  std::vector<const Stmt *> Converging; // the branches around the sites
};

Error AggregateRewriter::finish() {
  if (Sites.empty())
    return Error::success();
  if (Error E = encloseForConvergence(U, Converging, Gen.Warp, SiteEdits))
    return E;

  if (Error E =
          rewriteGroupParents(U, Sites, SiteEdits, "aggregate", Gen, Edits))
    return E;

  // Children: the record type, its launcher, and the disaggregating clone.
  for (const FunctionDecl *Key : ChildOrder) {
    const ChildPlan &C = Children[Key];
    const FunctionDecl *Def = getWrittenDefinition(C.Child);
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    insertBeforeFunction(
        U, Edits, *F,
        recordSupport("// dpopt aggregate: a launch of '" +
                          C.Child->getNameAsString() + "' waiting in its group",
                      C.Rec, C.Make, notPassedOnce(C.Fields, C.Uniform),
                      notPassedOnce(C.FieldTypes, C.Uniform), Gen) +
            "static __device__ void " + C.Launch + "(" + rt::AggGroup +
            " &, unsigned" + C.onceParams() + ");\n");
    // The child's own grid-wide sites run in the clone, whose launcher sets
    // up their groups.
    std::vector<const GroupSite *> Own = Sites.in(C.Child);
    PassedGroups Passed(Own, Names);
    insertAfterFunction(Edits, *F,
                        childLauncher(C, CalleeText[Key], Passed, Gen));

    // The child's own sites were rewritten in SiteEdits (recursion); a
    // child of an included header has none there (dpopt does not rewrite
    // headers), and those edits are offsets of the working text.
    EditList BodyEdits("");
    if (F->InMainFile)
      BodyEdits.addWithin(SiteEdits, F->BodyBegin, F->BodyEnd);
    if (Error E = Cloner.redirectCalls(U, Def, BodyEdits))
      return E;
    Expected<LoopBody> Body = bodyForLoop(U, Def, BodyEdits, Gen.Next, Gen.In);
    if (!Body)
      return Body.takeError();
    const FunctionFacts &Facts = A.transitiveFacts(C.Child);
    std::string S = "{\n" + groupPrologue(Own, Passed.perSite());
    // Threads past the original block's size wait for the others here (not
    // in the epilogue while their warp-mates launch: WarpConvergence.h).
    // With LeaveBeyond, the threads that run the record's block.
    std::string Participants =
        C.LeaveBeyond ? rt::aggParticipants + "(" + Gen.Mine + ")" : "";
    if (C.Packed) {
      S += packedClonePrologue(C, Facts);
    } else {
      S += "  // Find this block's original launch (the first record whose "
           "blocks end\n"
           "  // past it), copy it, and let the chunk go once every block "
           "has.\n";
      S += "  const unsigned " + Gen.Index + " = " + rt::aggFind + "(" +
           Gen.Records + ", " + Gen.Count + ", blockIdx.x);\n";
      S += "  const " + C.Rec + " " + Gen.Mine + " = " + Gen.Records + "[" +
           Gen.Index + "];\n";
      if (Facts.usesIndex(BuiltinVar::BlockIdx))
        S += "  const unsigned " + Gen.Local + " = blockIdx.x - (" + Gen.Index +
             " ? " + Gen.Records + "[" + Gen.Index + " - 1].__end : 0u);\n";
      S += "  const unsigned " + Gen.Rank + " = " + rt::aggThreadRank + "();\n";
      S += "  " + rt::aggChildRelease + "(" + Gen.Records + ");\n";
      S += "  " + rt::aggConvergeWarp + "(); // the lanes start together\n";
      if (C.LeaveBeyond)
        S += leaveBeyondRecord(Gen.Rank, Participants, "  ");
      S += "  {\n  " + reconvergeBegin(Gen.Warp);
      S += "  if (" + Gen.Rank + " < " + Gen.Mine + ".__block.x * " + Gen.Mine +
           ".__block.y * " + Gen.Mine + ".__block.z) {\n";
      if (Facts.usesIndex(BuiltinVar::GridDim))
        S += "    const dim3 gridDim = " + Gen.Mine + ".__grid;\n";
      if (Facts.usesIndex(BuiltinVar::BlockDim))
        S += "    const dim3 blockDim = " + Gen.Mine + ".__block;\n";
      if (Facts.usesIndex(BuiltinVar::BlockIdx))
        S += "    const uint3 blockIdx = " + rt::aggDelinearize + "(" +
             Gen.Local + ", " + Gen.Mine + ".__grid);\n";
      if (Facts.usesIndex(BuiltinVar::ThreadIdx))
        S += "    const uint3 threadIdx = " + rt::aggDelinearize + "(" +
             Gen.Rank + ", " + Gen.Mine + ".__block);\n";
    }
    for (size_t I = 0; I < C.Fields.size(); ++I)
      if (!C.ParamNames[I].empty() && !C.Uniform[I])
        S += "    " + C.FieldTypes[I] + " " + C.ParamNames[I] + " = " +
             Gen.Mine + ".__args." + C.Fields[I] + ";\n";
    S += Body->text(Gen.Next) + "\n  }\n";
    S += "  " + reconvergeEnd(Gen.Warp) + "  }\n";
    if (!Own.empty())
      S += "  // dpopt aggregate: count this thread out; the last launches\n" +
           groupEpilogue(Own, Gen.Last, Participants);
    S += "}";
    std::string Head = "static __global__ " +
                       (F->LaunchBounds.empty() ? "" : F->LaunchBounds + " ") +
                       "void " + C.Clone + "(const " + C.Rec + " *" +
                       Gen.Records + ", unsigned " + Gen.Count +
                       Passed.params() + C.onceParams() + ")";
    if (Error E = addDerivedFunction(
            U, Edits, C.Child, [&](StringRef) { return Head; }, S,
            "'" + C.Child->getNameAsString() +
                "' aggregated: each block finds and runs one original launch's "
                "block (aggregate)"))
      return E;
  }
  if (Error E = Cloner.emitClones(U, Edits))
    return E;
  Run.Ctx.Needs.add(RuntimeHeader::Aggregate);
  return Error::success();
}

std::string
AggregateRewriter::packedClonePrologue(const ChildPlan &C,
                                       const FunctionFacts &Facts) const {
  // Each thread finds its record by its index among the records' threads,
  // which count only the threads that do something (aggUsefulThreads).
  std::string Size = Gen.Mine + ".__block.x * " + Gen.Mine + ".__block.y * " +
                     Gen.Mine + ".__block.z";
  std::string S =
      "  // Packed: find this thread's original launch (the first record "
      "whose threads\n"
      "  // end past it) and thread, and let the chunk go once every block "
      "has.\n";
  S += "  const unsigned " + Gen.Thread +
       " = blockIdx.x * blockDim.x + threadIdx.x;\n";
  S += "  const unsigned " + Gen.Threads + " = " + Gen.Records + "[" +
       Gen.Count + " - 1].__end;\n";
  S += "  const unsigned " + Gen.Index + " = " + Gen.Thread + " < " +
       Gen.Threads + " ? " + rt::aggFind + "(" + Gen.Records + ", " +
       Gen.Count + ", " + Gen.Thread + ") : 0u;\n";
  S += "  const " + C.Rec + " " + Gen.Mine + " = " + Gen.Records + "[" +
       Gen.Index + "];\n";
  S += "  const unsigned " + Gen.LocalThread + " = " + Gen.Thread + " - (" +
       Gen.Index + " ? " + Gen.Records + "[" + Gen.Index +
       " - 1].__end : 0u);\n";
  S += "  " + rt::aggChildRelease + "(" + Gen.Records + ");\n";
  S += "  " + rt::aggConvergeWarp + "(); // the lanes start together\n";
  S += "  {\n  " + reconvergeBegin(Gen.Warp);
  S += "  if (" + Gen.Thread + " < " + Gen.Threads + ") {\n";
  if (Facts.usesIndex(BuiltinVar::GridDim))
    S += "    const dim3 gridDim = " + Gen.Mine + ".__grid;\n";
  if (Facts.usesIndex(BuiltinVar::BlockDim))
    S += "    const dim3 blockDim = " + Gen.Mine + ".__block;\n";
  if (Facts.usesIndex(BuiltinVar::BlockIdx))
    S += "    const uint3 blockIdx = " + rt::aggDelinearize + "(" +
         Gen.LocalThread + " / (" + Size + "), " + Gen.Mine + ".__grid);\n";
  if (Facts.usesIndex(BuiltinVar::ThreadIdx))
    S += "    const uint3 threadIdx = " + rt::aggDelinearize + "(" +
         Gen.LocalThread + " % (" + Size + "), " + Gen.Mine + ".__block);\n";
  return S;
}

std::unique_ptr<SiteRewriter> AggregatePass::makeRewriter(SiteRun &Run) const {
  return std::make_unique<AggregateRewriter>(*this, Run);
}

} // namespace

std::unique_ptr<Pass> createAggregatePass() {
  return std::make_unique<AggregatePass>();
}

} // namespace dpopt
