//===- AggregatePass.cpp - One launch per group of parent threads --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/AggregatePass.h"

#include "dpopt/AST/CudaAST.h"
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

#include <algorithm>
#include <climits>
#include <map>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "aggregate";

/// The granularity a site uses: its pragma's, else --agg, else the default.
AggregateSpec levelOf(const LaunchSite &S, const PassOptions &O) {
  if (S.Pragma && S.Pragma->Aggregate)
    return *S.Pragma->Aggregate;
  if (O.Aggregate)
    return *O.Aggregate;
  AggregateSpec Default;
  Default.Level = Granularity::MultiBlock;
  Default.GroupBlocks = DefaultGroupBlocks;
  return Default;
}

std::string levelText(const AggregateSpec &L) {
  std::string Text = granularityName(L.Level);
  if (L.Level == Granularity::MultiBlock)
    Text += ":" + std::to_string(L.GroupBlocks.value_or(DefaultGroupBlocks));
  return Text;
}

/// Per child kernel: the record type and the generated functions.
struct ChildPlan {
  const FunctionDecl *Child = nullptr;
  std::string Rec, Make, Launch, Clone;
  /// Record fields: the child's parameters (unnamed ones get a name).
  std::vector<std::string> Fields, FieldTypes, ParamNames;
  unsigned SiteId = 0;
};

/// Per aggregated site.
struct SitePlan {
  const LaunchSite *S = nullptr;
  AggregateSpec Level;
  /// The site's group variable (shared memory) in its kernel.
  std::string Group;
  /// Records each thread may need: 1, or DPOPT_AGG_LOOP_SLOTS in a loop.
  std::string PerThread;
  std::string Threshold;
  const ChildPlan *Child = nullptr;
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

  std::string summary(const LaunchSite &S, ProgramAnalysis &,
                      const PassOptions &O) const override {
    return "aggregates the launches of '" + S.CalleeName + "' per " +
           levelText(levelOf(S, O));
  }

  std::unique_ptr<SiteRewriter> makeRewriter(SiteRun &Run) const override;

  std::optional<std::string> blocker(const LaunchSite &S,
                                     ProgramAnalysis &A) const override;

private:
  static std::optional<std::string> childBlocker(const LaunchSite &S,
                                                 ProgramAnalysis &A);
};

std::optional<std::string> AggregatePass::childBlocker(const LaunchSite &S,
                                                       ProgramAnalysis &A) {
  const FunctionDecl *Def = getWrittenDefinition(S.Callee);
  const WorkingCopy &WC = A.workingCopy();
  std::string Name = "'" + S.CalleeName + "'";
  if (Def->isTemplateInstantiation() || Def->getDescribedFunctionTemplate() ||
      Def->isDependentContext())
    return Name +
           " is a template: aggregating template kernels is not supported yet";
  if (!Def->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return Name +
           " is declared inside a namespace or class: its aggregation record "
           "would be declared where its parameter types may not be visible";
  for (const ParmVarDecl *P : Def->parameters())
    if (P->getType()->isDependentType() || P->getType()->isReferenceType())
      return Name + " has a parameter of a type dpopt cannot store ('" +
             P->getType().getAsString() + "')";
  const FunctionFacts &F = A.transitiveFacts(S.Callee);
  if (std::optional<std::string> Why = opaqueCodeBlocker(
          WC, F, Name,
          ", which could read the hardware's block or thread index"))
    return Why;
  if (!F.LegacyDeviceSyncs.empty())
    return Name + " calls cudaDeviceSynchronize() at " +
           whereIs(WC, F.LegacyDeviceSyncs[0].Loc);
  const ASTContext &Ctx = WC.unit().getASTContext();
  bool FixedBlock = constantThreadCount(S.Block.E, Ctx).has_value();
  if (!FixedBlock && !F.Barriers.empty())
    return Name + " synchronizes its threads (" + F.Barriers[0].What + " at " +
           whereIs(WC, F.Barriers[0].Loc) +
           ") and the block size is not a compile-time constant: threads past "
           "a smaller "
           "original block could not take part in the barrier";
  if (!FixedBlock && !F.WarpOps.empty())
    return Name + " uses the warp-level operation " + F.WarpOps[0].What +
           " at " + whereIs(WC, F.WarpOps[0].Loc) +
           " and the block size is not a compile-time constant: a warp could "
           "be partly "
           "past a smaller original block";
  if (std::optional<std::string> Why = loopBodyBlocker(WC.unit(), Def))
    return Why;
  NameAllocator Scratch("");
  BuiltinCloner Cloner(A, AllBuiltins, Scratch, "agg");
  if (std::optional<std::string> Why = Cloner.plan(S.Callee))
    return Name + " cannot be aggregated: " + *Why;
  return std::nullopt;
}

std::optional<std::string> AggregatePass::blocker(const LaunchSite &S,
                                                  ProgramAnalysis &A) const {
  if (std::optional<std::string> Why = launchStatementBlocker(S, A))
    return Why;
  if (S.Kind != CallerKind::Global)
    return "the launch is in '" + S.CallerName +
           "', not in a kernel's own body: the group's state lives in the "
           "kernel";
  for (const LaunchArgument &Arg : S.Args)
    if (isa<PackExpansionExpr>(Arg.E))
      return "the argument '" + Arg.Text +
             "' expands a parameter pack: the launch record holds one field "
             "per argument";
  const WorkingCopy &WC = A.workingCopy();
  const FunctionFacts &Parent = A.transitiveFacts(S.Caller);
  if (!Parent.InlineAsm.empty())
    return "'" + S.CallerName + "' contains inline assembly at " +
           whereIs(WC, Parent.InlineAsm[0].Loc) +
           ": a thread could leave the kernel without counting itself out of "
           "its group";
  if (std::optional<std::string> Why =
          loopBodyBlocker(WC.unit(), getWrittenDefinition(S.Caller)))
    return Why;
  if (S.InStream != StreamKind::Implicit &&
      S.InStream != StreamKind::FireAndForget)
    return "the launch goes to the stream '" + S.Stream.Text +
           "': the aggregated launch could not keep its order with that "
           "stream's other work";
  // One thread's launches into an ordered stream run one after the other; an
  // aggregated grid runs them together.
  // Fire-and-forget launches carry no order the aggregate would lose.
  bool Asserted = S.InStream == StreamKind::FireAndForget ||
                  (S.Pragma && S.Pragma->Aggregate);
  if (!Asserted) {
    if (S.inLoop())
      return std::string(
          "the launch is in a loop and a thread's launches into the "
          "implicit stream run in order: write '#pragma dp "
          "aggregate(...)' or launch into cudaStreamFireAndForget if the "
          "children are independent");
    if (Parent.Launches.size() > 1)
      return "'" + S.CallerName + "' launches " +
             std::to_string(Parent.Launches.size()) +
             " times per thread into the implicit stream, whose launches run "
             "in order: write '#pragma dp aggregate(...)' or launch into "
             "cudaStreamFireAndForget if the children are independent";
  }
  // The aggregated launch is made when the kernel's threads are done, after
  // any tail launch they made: CUDA 13 hung warps that launched after tail
  // launches (docs/cdp2-semantics.md), and dpopt does not move a launch past
  // one.
  if (std::optional<std::string> Why = tailLaunchBlocker(A, S))
    return *Why + ": the aggregated launch would come after that tail launch";
  // The record step runs in the launch's branch; the lanes that skip the
  // branch must wait for it (WarpConvergence.h).
  if (!S.Branches.empty())
    if (std::optional<std::string> Why =
            enclosureBlocker(WC.unit(), S.Branches.front()))
      return "the statement around the launch (" +
             whereIs(WC, S.Branches.front()->getBeginLoc()) +
             ") cannot be made to end with its warp's lanes together: " + *Why;
  if (std::optional<std::string> Why = enclosedRuntimeUseBlocker(A, S))
    return Why;
  return childBlocker(S, A);
}

/// Everything one run writes, named fresh against the working text.
struct GeneratedNames {
  explicit GeneratedNames(NameAllocator &A)
      : Grid(A.fresh("grid")), Block(A.fresh("block")), Shmem(A.fresh("shmem")),
        R(A.fresh("r")), Records(A.fresh("records")), Count(A.fresh("count")),
        Blocks(A.fresh("blocks")), Index(A.fresh("index")),
        Group(A.fresh("group")), Threshold(A.fresh("threshold")),
        Mine(A.fresh("mine")), Local(A.fresh("local_block")),
        Rank(A.fresh("rank")), Exit(A.fresh("exit")), Next(A.fresh("done")),
        In(A.fresh("in") + "_"), Warp(A.fresh("warp")), Last(A.fresh("last")) {}
  std::string Grid, Block, Shmem, R, Records, Count, Blocks, Index, Group,
      Threshold, Mine, Local, Rank, Exit, Next, In, Warp, Last;
};

std::string printedType(QualType T, const ASTContext &Ctx) {
  T.removeLocalConst();
  T.removeLocalVolatile();
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  PP.FullyQualifiedName = true;
  return T.getAsString(PP);
}

/// The record type, its maker, and the declaration of the launcher: they go
/// before the child's first declaration. \p G names the maker's own
/// parameters and locals (fresh, so no parameter of the child hides them).
std::string childSupport(const ChildPlan &C, const GeneratedNames &G) {
  std::string S = "// dpopt aggregate: a launch of '" +
                  C.Child->getNameAsString() + "' waiting in its group\n";
  S += "struct " + C.Rec + " : " + rt::AggConfig + " {\n  struct {\n";
  for (size_t I = 0; I < C.Fields.size(); ++I)
    S += "    " + C.FieldTypes[I] + " " + C.Fields[I] + ";\n";
  S += "  } __args;\n};\n";
  S += "static __device__ __forceinline__ " + C.Rec + " " + C.Make + "(dim3 " +
       G.Grid + ", dim3 " + G.Block + ", unsigned " + G.Shmem;
  for (size_t I = 0; I < C.Fields.size(); ++I)
    S += ", " + C.FieldTypes[I] + " " + C.Fields[I];
  S += ") {\n  " + C.Rec + " " + G.R + ";\n  " + G.R + ".__grid = " + G.Grid +
       ";\n  " + G.R + ".__block = " + G.Block + ";\n  " + G.R +
       ".__shmem = " + G.Shmem + ";\n  " + G.R + ".__end = 0;\n";
  for (const std::string &F : C.Fields)
    S += "  " + G.R + ".__args." + F + " = " + F + ";\n";
  S += "  return " + G.R + ";\n}\n";
  S += "static __device__ void " + C.Launch + "(" + rt::AggGroup +
       " &, unsigned);\n";
  return S;
}

std::string recordArgs(const ChildPlan &C, const std::string &Rec) {
  std::string Out;
  for (const std::string &F : C.Fields)
    Out += (Out.empty() ? "" : ", ") + Rec + ".__args." + F;
  return Out;
}

/// The launcher, run by a group's last thread: after the child's definition.
std::string childLauncher(const ChildPlan &C, const std::string &CalleeText,
                          const GeneratedNames &G) {
  const std::string &Group = G.Group, &Threshold = G.Threshold,
                    &Records = G.Records, &Count = G.Count, &Blocks = G.Blocks,
                    &I = G.Index;
  std::string One = Records + "[" + I + "]";
  std::string S = "\n\n// dpopt aggregate: the last thread of a group launches "
                  "its records\n";
  S += "static __device__ void " + C.Launch + "(" + rt::AggGroup + " &" +
       Group + ", unsigned " + Threshold +
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
           C.SiteId, launchStatement(CalleeText, One + ".__grid",
                                     One + ".__block", One + ".__shmem",
                                     std::string("cudaStreamFireAndForget"),
                                     recordArgs(C, One))) +
       "\n    " + rt::aggGiveBack + "();\n    return;\n  }\n  " +
       deviceLaunchStatement(
           C.SiteId, launchStatement(C.Clone, Blocks,
                                     rt::aggMaxThreads + "(" + Group + ")",
                                     rt::aggMaxShmem + "(" + Group + ")",
                                     std::string("cudaStreamFireAndForget"),
                                     Records + ", " + Count)) +
       "\n}";
  return S;
}

std::string groupRef(const SitePlan &P) {
  switch (P.Level.Level) {
  case Granularity::Warp:
    return rt::aggWarpGroup + "(" + P.Group + ")";
  case Granularity::Block:
    return P.Group;
  case Granularity::MultiBlock:
  case Granularity::Grid:
    return P.Group + ".__slot->__group";
  }
  return P.Group;
}

std::string groupBlocks(const SitePlan &P) {
  if (P.Level.Level == Granularity::Grid)
    return "0ull";
  return std::to_string(P.Level.GroupBlocks.value_or(DefaultGroupBlocks)) +
         "ull";
}

/// Sets up the groups of \p Sites at the start of a kernel.
std::string prologue(const std::vector<const SitePlan *> &Sites) {
  std::string S;
  for (const SitePlan *P : Sites) {
    std::string Where =
        " // aggregation group of the launch of '" + P->S->CalleeName + "'\n";
    switch (P->Level.Level) {
    case Granularity::Warp:
      S += "  __shared__ " + rt::AggGroup + " " + P->Group + "[32];" + Where;
      S += "  " + rt::aggBeginWarp + "(" + P->Group + ", " + P->PerThread +
           ");\n";
      break;
    case Granularity::Block:
      S += "  __shared__ " + rt::AggGroup + " " + P->Group + ";" + Where;
      S += "  " + rt::aggBeginBlock + "(" + P->Group + ", " + P->PerThread +
           ");\n";
      break;
    case Granularity::MultiBlock:
    case Granularity::Grid:
      S += "  __shared__ " + rt::AggBlockLink + " " + P->Group + ";" + Where;
      S += "  " + rt::aggBeginMultiBlock + "(" + P->Group + ", " +
           std::to_string(P->S->Id) + "u, " + groupBlocks(*P) + ", " +
           P->PerThread + ");\n";
      break;
    }
  }
  return S;
}

/// Counts the thread out of each group; the last one launches. \p Last
/// names the slot of a multi-block or grid group that the last block gets.
std::string epilogue(const std::vector<const SitePlan *> &Sites,
                     const std::string &Last) {
  std::string S;
  for (const SitePlan *P : Sites) {
    switch (P->Level.Level) {
    case Granularity::Warp:
      S += "  if (" + rt::aggArrive + "(" + groupRef(*P) + ", " +
           rt::aggWarpMembers + "()))\n";
      S += "    " + P->Child->Launch + "(" + groupRef(*P) + ", " +
           P->Threshold + ");\n";
      break;
    case Granularity::Block:
      S += "  if (" + rt::aggArrive + "(" + P->Group + ", " +
           rt::aggBlockThreads + "()))\n";
      S += "    " + P->Child->Launch + "(" + P->Group + ", " + P->Threshold +
           ");\n";
      break;
    case Granularity::MultiBlock:
    case Granularity::Grid:
      S += "  if (" + rt::AggTableSlot + " *" + Last + " = " +
           rt::aggArriveMultiBlock + "(" + P->Group + ", " + groupBlocks(*P) +
           ")) {\n";
      S += "    " + P->Child->Launch + "(" + Last + "->__group, 0u);\n";
      S += "    " + rt::aggLeave + "(" + Last + ");\n  }\n";
      break;
    }
  }
  return S;
}

class AggregateRewriter : public SiteRewriter {
public:
  explicit AggregateRewriter(SiteRun &Run)
      : Run(Run), U(Run.U), AST(U.getASTContext()), A(Run.A), Edits(Run.Edits),
        Names(Run.Names), Gen(Names), Cloner(A, AllBuiltins, Names, "agg") {
    Sites.reserve(A.deviceSites().size());
  }

  Error rewrite(const LaunchSite &S, const LaunchText &L) override {
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
      if (std::optional<std::string> Refused = Cloner.plan(S.Callee))
        return createStringError(inconvertibleErrorCode(), *Refused);
      ChildOrder.push_back(Key);
      CalleeText[Key] = L.Callee;
    }

    SitePlan P;
    P.S = &S;
    P.Child = &C;
    P.Level = levelOf(S, Run.Ctx.Options);
    P.Group = Names.fresh("agg" + std::to_string(S.Id));
    P.PerThread = S.inLoop() || A.transitiveFacts(S.Caller).Launches.size() > 1
                      ? "DPOPT_AGG_LOOP_SLOTS"
                      : "1u";
    bool Counted = P.Level.Level == Granularity::Warp ||
                   P.Level.Level == Granularity::Block;
    P.Threshold = Counted ? Run.tunableInCode(S) : "0u";
    const FunctionDecl *Parent = canonicalFunction(S.Caller);
    if (!SitesIn.count(Parent))
      ParentOrder.push_back(Parent);
    SitesIn[Parent].push_back(Sites.size());
    Sites.push_back(P);

    // The launch becomes a record; a thread that finds no room launches.
    std::string Grid = Gen.Grid, Block = Gen.Block, Rec = Gen.R;
    std::string Args = StringRef(L.Args).trim().empty() ? "" : ", " + L.Args;
    unsigned MaxThreads = maxBlockThreads(S.Callee);
    std::string Text =
        "{ // dpopt aggregate (" + levelText(P.Level) +
        "): one launch per group\n"
        "  dim3 " +
        Grid + " = " + S.Grid.Text +
        ";\n"
        "  dim3 " +
        Block + " = " + S.Block.Text +
        ";\n"
        "  " +
        C.Rec + " " + Rec + " = " + C.Make + "(" + Grid + ", " + Block + ", " +
        (S.SharedMem.isWritten() ? "(" + S.SharedMem.Text + ")" : "0u") + Args +
        ");\n"
        "  if (!" +
        rt::aggRecord + "(" + groupRef(P) + ", " + Rec +
        (MaxThreads < 1024 ? ", " + std::to_string(MaxThreads) + "u"
                           : std::string()) +
        "))\n    " +
        deviceLaunchStatement(
            S.Id, launchStatement(L.Callee, Rec + ".__grid", Rec + ".__block",
                                  Rec + ".__shmem",
                                  std::string("cudaStreamFireAndForget"),
                                  recordArgs(C, Rec))) +
        "\n}";
    SiteEdits.replace(
        S.StmtBegin, S.StmtEnd - S.StmtBegin,
        indentLines(Text, indentationAt(U.getText(), S.StmtBegin)));
    for (const Stmt *B : S.Branches)
      if (!enclosureBlocker(U, B))
        Converging.push_back(B);
    Run.passed(S, "aggregating the launches of '" + S.CalleeName + "' per " +
                      levelText(P.Level) + " into one launch of a clone");
    return Error::success();
  }

  Error finish() override;

private:
  SiteRun &Run;
  const ParsedUnit &U;
  const ASTContext &AST;
  ProgramAnalysis &A;
  EditList &Edits;
  NameAllocator &Names;
  GeneratedNames Gen;
  BuiltinCloner Cloner;
  std::map<const FunctionDecl *, ChildPlan> Children;
  std::vector<const FunctionDecl *> ChildOrder;
  std::vector<SitePlan> Sites;
  std::map<const FunctionDecl *, std::vector<size_t>> SitesIn; // by parent
  std::vector<const FunctionDecl *> ParentOrder;
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

  auto SitesOf = [&](const FunctionDecl *Kernel) {
    std::vector<const SitePlan *> Out;
    auto It = SitesIn.find(canonicalFunction(Kernel));
    if (It != SitesIn.end())
      for (size_t I : It->second)
        Out.push_back(&Sites[I]);
    return Out;
  };

  // Parents: their bodies get the site rewrites, a prologue and an epilogue
  // that every way out of the kernel reaches.
  for (const FunctionDecl *Parent : ParentOrder) {
    const FunctionDecl *Def = getWrittenDefinition(Parent);
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    Expected<LoopBody> Body = bodyForLoop(U, Def, SiteEdits, Gen.Exit, Gen.In);
    if (!Body)
      return Body.takeError();
    std::vector<const SitePlan *> Mine = SitesOf(Parent);
    std::string Text =
        "\n  // dpopt aggregate: set up the launch groups\n" + prologue(Mine) +
        "  " + rt::aggConvergeWarp + "(); // the lanes start together\n" +
        Body->Prologue + "  " + Body->Body + "\n" +
        (Body->NeedsLabel ? Gen.Exit + ":;\n" : "") +
        "  // dpopt aggregate: count this thread out; the last launches\n" +
        epilogue(Mine, Gen.Last);
    Edits.replace(F->BodyBegin + 1, F->BodyEnd - F->BodyBegin - 2, Text);
  }

  // Children: the record type, its launcher, and the disaggregating clone.
  for (const FunctionDecl *Key : ChildOrder) {
    const ChildPlan &C = Children[Key];
    const FunctionDecl *Def = getWrittenDefinition(C.Child);
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    insertBeforeFunction(U, Edits, *F, childSupport(C, Gen));
    insertAfterFunction(Edits, *F, childLauncher(C, CalleeText[Key], Gen));

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
    std::vector<const SitePlan *> Own = SitesOf(C.Child);
    std::string S = "{\n" + prologue(Own);
    S += "  // Find this block's original launch (the first record whose "
         "blocks end\n"
         "  // past it), copy it, and let the chunk go once every block has.\n";
    S += "  const unsigned " + Gen.Index + " = " + rt::aggFind + "(" +
         Gen.Records + ", " + Gen.Count + ", blockIdx.x);\n";
    S += "  const " + C.Rec + " " + Gen.Mine + " = " + Gen.Records + "[" +
         Gen.Index + "];\n";
    if (Facts.usesIndex(BuiltinVar::BlockIdx))
      S += "  const unsigned " + Gen.Local + " = blockIdx.x - (" + Gen.Index +
           " ? " + Gen.Records + "[" + Gen.Index + " - 1].__end : 0u);\n";
    S += "  const unsigned " + Gen.Rank + " = " + rt::aggThreadRank + "();\n";
    S += "  " + rt::aggChildRelease + "(" + Gen.Records + ");\n";
    // Threads past the original block's size wait for the others here (not
    // in the epilogue while their warp-mates launch: WarpConvergence.h).
    S += "  " + rt::aggConvergeWarp + "(); // the lanes start together\n";
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
    for (size_t I = 0; I < C.Fields.size(); ++I)
      if (!C.ParamNames[I].empty())
        S += "    " + C.FieldTypes[I] + " " + C.ParamNames[I] + " = " +
             Gen.Mine + ".__args." + C.Fields[I] + ";\n";
    S += Body->text(Gen.Next) + "\n  }\n";
    S += "  " + reconvergeEnd(Gen.Warp) + "  }\n";
    if (!Own.empty())
      S += "  // dpopt aggregate: count this thread out; the last launches\n" +
           epilogue(Own, Gen.Last);
    S += "}";
    std::string Head = "static __global__ " +
                       (F->LaunchBounds.empty() ? "" : F->LaunchBounds + " ") +
                       "void " + C.Clone + "(const " + C.Rec + " *" +
                       Gen.Records + ", unsigned " + Gen.Count + ")";
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

std::unique_ptr<SiteRewriter> AggregatePass::makeRewriter(SiteRun &Run) const {
  return std::make_unique<AggregateRewriter>(Run);
}

} // namespace

std::unique_ptr<Pass> createAggregatePass() {
  return std::make_unique<AggregatePass>();
}

} // namespace dpopt
