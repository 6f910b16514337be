//===- ConsolidatePass.cpp - Workload consolidation (Wu et al.) ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/ConsolidatePass.h"

#include "LaunchGroups.h"
#include "PendingLimit.h"
#include "Postwork.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LaunchingThreads.h"
#include "dpopt/Analysis/LocalVariables.h"
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
#include "clang/AST/StmtCXX.h"

#include <map>
#include <set>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "consolidate";

/// The remark's note on a granularity no pragma or option asked for
/// (consolidationLevel's default), or "".
std::string defaultLevelNote(const LaunchSite &S, const PassOptions &O) {
  if (consolidationAsked(S, O))
    return "";
  return " (by default: '" + S.CallerName +
         "' launches itself and waits for that child; the postwork of a "
         "whole level runs in one tail launch)";
}

/// KC_X of §IV.E: how many consolidated kernels of one site may run at once.
unsigned concurrencyOf(Granularity G) {
  switch (G) {
  case Granularity::Warp:
    return 32;
  case Granularity::Block:
  case Granularity::MultiBlock:
    return 16;
  case Granularity::Grid:
    return 1;
  }
  return 1;
}

//===----------------------------------------------------------------------===//
// Which arguments are the same in every thread
//===----------------------------------------------------------------------===//

/// The local variables and parameters \p E reads, in order, without
/// repeats.
void variablesIn(const Stmt *S, std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && !is_contained(Out, VD))
        Out.push_back(VD);
  for (const Stmt *C : S->children())
    variablesIn(C, Out);
}

//===----------------------------------------------------------------------===//
// Child shapes
//===----------------------------------------------------------------------===//

enum class ChildShape { ThreadMapped, SoloBlock, MultiBlock };

const char *shapeName(ChildShape S) {
  switch (S) {
  case ChildShape::ThreadMapped:
    return "thread-mapped";
  case ChildShape::SoloBlock:
    return "solo-block";
  case ChildShape::MultiBlock:
    return "multi-block";
  }
  return "";
}

/// Why the child of \p S cannot run one original thread per consolidated
/// thread, or nothing.
std::optional<std::string> threadMappingBlocker(const LaunchSite &S,
                                                ProgramAnalysis &A) {
  const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
  std::optional<uint64_t> Block = constantThreadCount(S.Block.E, Ctx);
  if (!Block || *Block != 1)
    return std::string("its blocks have more than one thread");
  const FunctionFacts &F = A.transitiveFacts(S.Callee);
  if (!F.Shared.empty())
    return std::string("it uses shared memory, which the threads of a "
                       "consolidated block would share");
  if (!F.Barriers.empty() || !F.WarpOps.empty())
    return std::string("it synchronizes threads");
  if (!F.Launches.empty() || !F.RuntimeCalls.empty())
    return std::string("it calls the device runtime");
  return std::nullopt;
}

/// The passed remark's id: one per granularity.
DiagId consolidatedId(Granularity G) {
  switch (G) {
  case Granularity::Warp:
    return DiagId::ConsolidatedWarp;
  case Granularity::Block:
    return DiagId::ConsolidatedBlock;
  case Granularity::MultiBlock:
  case Granularity::Grid:
    return DiagId::ConsolidatedGrid;
  }
  return DiagId::ConsolidatedGrid;
}

ChildShape shapeOf(const LaunchSite &S, ProgramAnalysis &A) {
  if (!threadMappingBlocker(S, A))
    return ChildShape::ThreadMapped;
  const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
  std::optional<uint64_t> Grid = constantThreadCount(S.Grid.E, Ctx);
  return Grid && *Grid == 1 ? ChildShape::SoloBlock : ChildShape::MultiBlock;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

class ConsolidatePass : public SitePass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "buffer the work of launches per warp, block or grid and launch "
           "one moldable consolidated child for it (Wu, Li, Becchi, "
           "IPDPS'16; '#pragma dp consldt' or --consldt)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Aggregate, RuntimeHeader::Consolidate};
  }

protected:
  StringRef verb() const override { return "consolidating"; }

  std::optional<Refusal> optionBlocker(const LaunchSite &S, ProgramAnalysis &A,
                                       const PassOptions &O) const override {
    if (S.Side == LaunchSide::Device && !consolidationLevel(S, A, O))
      return Refusal{DiagId::ConsolidateNotAsked,
                     "no '#pragma dp consldt' on the launch and no "
                     "--consldt"};
    return std::nullopt;
  }

  std::string summary(const LaunchSite &S, ProgramAnalysis &A,
                      const PassOptions &O) const override {
    Granularity G = consolidationLevel(S, A, O).value_or(Granularity::Block);
    return "consolidates the launches of '" + S.CalleeName + "' per " +
           granularityName(G) + " into one " + shapeName(shapeOf(S, A)) +
           " launch, KC_" + std::to_string(concurrencyOf(G)) +
           defaultLevelNote(S, O);
  }

  std::unique_ptr<SiteRewriter> makeRewriter(SiteRun &Run) const override;

  std::optional<Refusal> blocker(const LaunchSite &S,
                                 ProgramAnalysis &A) const override {
    if (std::optional<Refusal> Why = launchStatementBlocker(S, A))
      return Why;
    bool Asserted = S.Pragma && S.Pragma->Consolidate;
    if (std::optional<Refusal> Why =
            groupedParentBlocker(S, A, Asserted, "consldt(...) work(...)",
                                 "consolidated", /*MovesPostwork=*/true))
      return Why;
    // Which other sites are consolidated depends on the options too, which
    // a blocker does not see: every other launch counts as staying.
    if (std::optional<Refusal> Why = groupedEnclosureBlocker(
            S, A, [](const LaunchSite &) { return false; }))
      return Why;
    PostworkFinding Post = findPostwork(S, A);
    if (Post.Blocker)
      return Post.Blocker;
    // The postwork's inputs are fields of the child's work items: every
    // item of the child must come from this launch.
    if (Post.Found)
      for (const LaunchSite *Other : A.deviceSites())
        if (Other != &S && Other->Callee &&
            canonicalFunction(Other->Callee) == canonicalFunction(S.Callee))
          return Refusal{
              DiagId::ConsolidateChildLaunchedElsewhere,
              "'" + S.CalleeName + "' is also launched at " +
                  whereIs(A.workingCopy(), Other->Call->getBeginLoc()) +
                  ", and the postwork after this launch's "
                  "cudaDeviceSynchronize() is carried in the child's work "
                  "items"};
    const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
    std::optional<uint64_t> Block = constantThreadCount(S.Block.E, Ctx);
    // An earlier pass (coarsen) may have changed the child's shape since the
    // pragma was checked.
    if (S.Pragma && S.Pragma->Threads && threadMappingBlocker(S, A) &&
        Block != S.Pragma->Threads)
      return Refusal{DiagId::ConsolidateThreadsNeedsThreadMapped,
                     "'threads(" + std::to_string(*S.Pragma->Threads) +
                         ")' needs a thread-mapped child, and '" +
                         S.CalleeName + "' runs one original block of " +
                         S.Block.Text + " threads per consolidated block"};
    bool SyncMoved = Post.Found &&
                     canonicalFunction(S.Callee) == canonicalFunction(S.Caller);
    if (S.Pragma && S.Pragma->Blocks && needsLeavingThreads(S, A))
      return Refusal{
          DiagId::ConsolidateBlocksNeedsFixedBlock,
          "'blocks(" + std::to_string(*S.Pragma->Blocks) +
              ")' cannot be kept: '" + S.CalleeName +
              "' synchronizes its threads or uses warp-level operations and "
              "its block size is not a compile-time constant, so each "
              "consolidated block runs one original block, and the grid has "
              "one block per original block"};
    return groupedChildBlocker(S, A, "consolidating", "consolidated",
                               SyncMoved);
  }
};

/// Per child kernel: the record, the launcher, the clone.
struct ChildPlan {
  const FunctionDecl *Child = nullptr;
  std::string Rec, Make, Launch, Clone, CalleeText;
  /// Per parameter: its name (a fresh one when unnamed), type, and whether
  /// it is passed once (uniform in every launch) rather than buffered.
  std::vector<std::string> Names, Types;
  std::vector<bool> Uniform;
  ChildShape Shape = ChildShape::MultiBlock;
  unsigned SiteId = 0;
  /// Records of different block sizes meet the child's barriers or warp
  /// operations: each consolidated block runs one original block, and its
  /// threads past that block leave first.
  bool LeaveBeyond = false;
  /// The CDP1 postwork after the child's one launch, run in a tail launch.
  std::optional<Postwork> Post;
  const FunctionDecl *PostParent = nullptr;
  PostworkFields PostFields;
  PostworkNames PostNames;

  std::vector<std::string> fields() const {
    std::vector<std::string> Out = notPassedOnce(Names, Uniform);
    append_range(Out, PostFields.Names);
    return Out;
  }
  std::vector<std::string> fieldTypes() const {
    std::vector<std::string> Out = notPassedOnce(Types, Uniform);
    append_range(Out, PostFields.Types);
    return Out;
  }
};

class ConsolidateRewriter : public SiteRewriter {
public:
  explicit ConsolidateRewriter(SiteRun &Run)
      : Run(Run), U(Run.U), AST(U.getASTContext()), A(Run.A), Edits(Run.Edits),
        Names(Run.Names), Gen(Names), Cloner(A, AllBuiltins, Names, "cons") {}

  Error rewrite(const LaunchSite &S, const LaunchText &L) override {
    Pending.push_back({&S, L});
    return Error::success();
  }

  Error finish() override;

private:
  struct PendingSite {
    const LaunchSite *S;
    LaunchText L;
  };

  ChildPlan &planChild(const LaunchSite &S, const LaunchText &L);
  void findUniformParameters();
  std::string launcher(const ChildPlan &C, const PassedGroups &Passed) const;
  std::string aloneKernel(const ChildPlan &C) const;
  void raisePendingLimit();
  Expected<std::string> cloneBody(const ChildPlan &C,
                                  const std::vector<const GroupSite *> &Own,
                                  const PassedGroups &Passed,
                                  const FunctionPieces &F);

  SiteRun &Run;
  const ParsedUnit &U;
  const ASTContext &AST;
  ProgramAnalysis &A;
  EditList &Edits;
  NameAllocator &Names;
  GroupNames Gen;
  BuiltinCloner Cloner;
  std::vector<PendingSite> Pending;
  std::map<const FunctionDecl *, ChildPlan> Children;
  std::vector<const FunctionDecl *> ChildOrder;
  GroupSiteTable Sites;
  EditList SiteEdits{""};
  std::vector<const Stmt *> Converging;
};

ChildPlan &ConsolidateRewriter::planChild(const LaunchSite &S,
                                          const LaunchText &L) {
  const FunctionDecl *Key = canonicalFunction(S.Callee);
  auto [It, New] = Children.try_emplace(Key);
  ChildPlan &C = It->second;
  C.LeaveBeyond = C.LeaveBeyond || needsLeavingThreads(S, A);
  if (!New) {
    // One clone serves every site: thread-mapped only if all allow it.
    if (C.Shape != shapeOf(S, A))
      C.Shape = ChildShape::MultiBlock;
    return C;
  }
  C.Child = S.Callee;
  std::string Base = S.Callee->getNameAsString();
  C.Rec = Names.fresh("cons_rec_" + Base);
  C.Make = Names.fresh("make_cons_rec_" + Base);
  C.Launch = Names.fresh("launch_cons_" + Base);
  C.Clone = Names.fresh("cons_" + Base);
  C.CalleeText = L.Callee;
  C.SiteId = S.Id;
  C.Shape = shapeOf(S, A);
  for (const ParmVarDecl *P : getWrittenDefinition(S.Callee)->parameters()) {
    std::string N = P->getName().str();
    C.Uniform.push_back(!N.empty());
    C.Names.push_back(
        N.empty() ? Names.fresh("arg" + std::to_string(C.Names.size())) : N);
    C.Types.push_back(printedType(P->getType(), AST));
  }
  ChildOrder.push_back(Key);
  return C;
}

/// A parameter is passed once when every consolidated launch of the child
/// passes a uniform value for it (uniformParameters).
void ConsolidateRewriter::findUniformParameters() {
  std::vector<const LaunchSite *> All;
  for (const PendingSite &P : Pending)
    All.push_back(P.S);
  for (auto &[Key, Uniform] : uniformParameters(All, /*SharedGroups=*/false))
    Children[Key].Uniform = std::move(Uniform);
}

/// How many original blocks (or, \p ThreadMapped, threads) each block (or
/// thread) of a consolidated grid of \p GridBlocks blocks of \p BlockThreads
/// threads runs for \p Items of them: the records per thread its own groups
/// need, as the clone and its launcher both compute it.
std::string itemRounds(bool ThreadMapped, StringRef Items, StringRef GridBlocks,
                       StringRef BlockThreads) {
  std::string N = Items.str(), G = GridBlocks.str(), B = BlockThreads.str();
  return ThreadMapped ? "((" + N + " + " + G + " * " + B + " - 1u) / (" + G +
                            " * " + B + "))"
                      : "((" + N + " + " + G + " - 1u) / " + G + ")";
}

std::string ConsolidateRewriter::launcher(const ChildPlan &C,
                                          const PassedGroups &Passed) const {
  const std::string &Group = Gen.Group, &Records = Gen.Records,
                    &Count = Gen.Count, &Blocks = Gen.Blocks,
                    &Threads = Gen.Threads;
  const std::string &Kc = Gen.Concurrency, &Want = Gen.WantBlocks,
                    &WantThreads = Gen.WantThreads;
  std::string S = "\n\n// dpopt consolidate: the last thread of a buffer "
                  "launches one consolidated child for its work\n";
  S += "static __device__ void " + C.Launch + "(" + rt::AggGroup + " &" +
       Group + ", unsigned " + Kc + ", unsigned " + Want + ", unsigned " +
       WantThreads;
  std::string Uniform;
  for (size_t I = 0; I < C.Names.size(); ++I)
    if (C.Uniform[I]) {
      S += ", " + C.Types[I] + " " + C.Names[I];
      Uniform += ", " + C.Names[I];
    }
  S += ") {\n  unsigned " + Count + ", " + Blocks + ";\n  " + C.Rec + " *" +
       Records + " = " + rt::aggTake + "<" + C.Rec + ">(" + Group + ", " +
       Count + ", " + Blocks + ");\n  if (!" + Records + ")\n    return;\n";
  bool ThreadMapped = C.Shape == ChildShape::ThreadMapped;
  if (ThreadMapped)
    S += "  const unsigned " + Threads + " = " + WantThreads +
         "; // one original thread per thread\n";
  else
    S += "  const unsigned " + Threads + " = " + rt::aggMaxThreads + "(" +
         Group + "); // one original block per block\n";
  std::string Units =
      ThreadMapped ? rt::consThreadBlocks + "(" + Blocks + ", " + Threads + ")"
                   : Blocks;
  S += "  const unsigned " + Gen.Shmem + " = " + rt::aggMaxShmem + "(" + Group +
       ");\n";
  if (C.LeaveBeyond)
    S += "  const unsigned " + Gen.Grid + " = " + Blocks +
         "; // one block per original block: a block's threads past its "
         "original block leave\n  ";
  else
    S += "  const unsigned " + Gen.Grid + " = " + rt::consGridBlocks +
         "(reinterpret_cast<const void *>(" + C.Clone + "), " + Threads + ", " +
         Gen.Shmem + ", " + Kc + ", " + Units + ", " + Want + ");\n  ";
  std::string Rounds = itemRounds(ThreadMapped, Blocks, Gen.Grid, Threads);
  S += Passed.take(Gen.Grid, Threads, Records, [&](const GroupSite &P) {
    return "(" + P.PerThread + ") * " + Rounds;
  });
  S += deviceLaunchStatement(
      C.SiteId, launchStatement(C.Clone, Gen.Grid, Threads, Gen.Shmem,
                                std::string("cudaStreamFireAndForget"),
                                Records + ", " + Count + ", " + Blocks +
                                    Passed.args() + Uniform));
  if (C.Post)
    S += "\n  // the postwork of every item, after the grid and its children\n "
         " " +
         postworkTailLaunch(C.SiteId, C.PostNames, Records, Count);
  S += "\n}";
  return S;
}

/// The kernel a thread whose work item found no room launches instead of
/// the child: it launches the child and tail-launches the item's postwork.
std::string ConsolidateRewriter::aloneKernel(const ChildPlan &C) const {
  std::string Params, Args;
  for (size_t I = 0; I < C.Names.size(); ++I) {
    Args += (I ? ", " : "");
    if (C.Uniform[I]) {
      Params += ", " + C.Types[I] + " " + C.Names[I];
      Args += C.Names[I];
    } else {
      Args += Gen.R + ".__args." + C.Names[I];
    }
  }
  return "// dpopt consolidate: a work item that found no room runs here: its "
         "child,\n// then its postwork\nstatic __global__ void " +
         C.PostNames.Alone + "(const " + C.Rec + " " + Gen.R + Params +
         ") {\n  " +
         deviceLaunchStatement(
             C.SiteId, launchStatement(C.CalleeText, Gen.R + ".__grid",
                                       Gen.R + ".__block", Gen.R + ".__shmem",
                                       std::nullopt, Args)) +
         "\n  " +
         deviceLaunchStatement(
             C.SiteId,
             launchStatement(C.PostNames.One, "1", "1", std::string("0"),
                             std::string("cudaStreamTailLaunch"), Gen.R)) +
         "\n}\n";
}

Expected<std::string> ConsolidateRewriter::cloneBody(
    const ChildPlan &C, const std::vector<const GroupSite *> &Own,
    const PassedGroups &Passed, const FunctionPieces &F) {
  const FunctionDecl *Def = getWrittenDefinition(C.Child);
  EditList BodyEdits("");
  if (F.InMainFile)
    BodyEdits.addWithin(SiteEdits, F.BodyBegin, F.BodyEnd);
  if (Error E = Cloner.redirectCalls(U, Def, BodyEdits))
    return std::move(E);
  Expected<LoopBody> Body = bodyForLoop(U, Def, BodyEdits, Gen.Next, Gen.In);
  if (!Body)
    return Body.takeError();
  const FunctionFacts &Facts = A.transitiveFacts(C.Child);
  bool ThreadMapped = C.Shape == ChildShape::ThreadMapped;
  const std::string &Item = Gen.Item, &Index = Gen.Index, &Mine = Gen.Mine,
                    &Records = Gen.Records, &Rank = Gen.Rank;

  // Each thread of the clone runs several original threads in turn, and
  // each may make its launch: its groups need room for that many records
  // per thread, or the launches past it would go alone.
  std::string Rounds =
      itemRounds(ThreadMapped, Gen.Blocks, "gridDim.x", "blockDim.x");
  std::vector<GroupSite> Scaled;
  for (const GroupSite *P : Own) {
    Scaled.push_back(*P);
    Scaled.back().PerThread = "(" + P->PerThread + ") * " + Rounds;
  }
  std::vector<const GroupSite *> ScaledRefs;
  for (const GroupSite &P : Scaled)
    ScaledRefs.push_back(&P);
  std::string S = "{\n" + groupPrologue(ScaledRefs, Passed.perSite());
  S += "  const unsigned " + Rank + " = " + rt::aggThreadRank + "();\n";
  if (C.LeaveBeyond)
    S += "  unsigned " + Gen.Threads + " = " + rt::aggBlockThreads +
         "(); // the threads that count out\n";
  if (ThreadMapped)
    S += "  // Each thread runs one original thread (a one-thread block) at a "
         "time\n  // until the work is done.\n  for (unsigned long long " +
         Item +
         " = blockIdx.x * static_cast<unsigned long long>(blockDim.x) "
         "+ " +
         Rank + "; " + Item + " < " + Gen.Blocks + "; " + Item +
         " += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {\n";
  else
    S += "  " + rt::aggConvergeWarp +
         "(); // the lanes start together\n"
         "  // Each block runs one original block at a time until the work is "
         "done.\n  for (unsigned " +
         Item + " = blockIdx.x; " + Item + " < " + Gen.Blocks + "; " + Item +
         " += gridDim.x) {\n";
  S += "    const unsigned " + Index + " = " + rt::aggFind + "(" + Records +
       ", " + Gen.Count + ", static_cast<unsigned>(" + Item + "));\n";
  S += "    const " + C.Rec + " " + Mine + " = " + Records + "[" + Index +
       "];\n";
  if (Facts.usesIndex(BuiltinVar::BlockIdx))
    S += "    const unsigned " + Gen.Local + " = static_cast<unsigned>(" +
         Item + ") - (" + Index + " ? " + Records + "[" + Index +
         " - 1].__end : 0u);\n";
  if (C.LeaveBeyond) {
    S += "    " + Gen.Threads + " = " + rt::aggParticipants + "(" + Mine +
         ");\n";
    S += leaveBeyondRecord(Rank, Gen.Threads, "    ");
  }
  S += "    {\n";
  if (!ThreadMapped)
    S += "    " + reconvergeBegin(Gen.Warp) + "    if (" + Rank + " < " + Mine +
         ".__block.x * " + Mine + ".__block.y * " + Mine + ".__block.z) {\n";
  if (Facts.usesIndex(BuiltinVar::GridDim))
    S += "    const dim3 gridDim = " + Mine + ".__grid;\n";
  if (Facts.usesIndex(BuiltinVar::BlockDim))
    S += "    const dim3 blockDim = " + Mine + ".__block;\n";
  if (Facts.usesIndex(BuiltinVar::BlockIdx))
    S += "    const uint3 blockIdx = " + rt::aggDelinearize + "(" + Gen.Local +
         ", " + Mine + ".__grid);\n";
  if (Facts.usesIndex(BuiltinVar::ThreadIdx))
    S += ThreadMapped ? "    const uint3 threadIdx = make_uint3(0u, 0u, 0u);\n"
                      : "    const uint3 threadIdx = " + rt::aggDelinearize +
                            "(" + Rank + ", " + Mine + ".__block);\n";
  const FunctionDecl *WrittenDef = getWrittenDefinition(C.Child);
  for (size_t I = 0; I < C.Names.size(); ++I)
    if (!C.Uniform[I] && !WrittenDef->getParamDecl(I)->getName().empty())
      S += "    " + C.Types[I] + " " + C.Names[I] + " = " + Mine + ".__args." +
           C.Names[I] + ";\n";
  S += Body->text(Gen.Next) + "\n";
  if (!ThreadMapped)
    S += "    }\n    " + reconvergeEnd(Gen.Warp);
  S += "    }\n";
  if (!ThreadMapped && (!Facts.Shared.empty() || !Facts.Barriers.empty()))
    S += "    __syncthreads(); // the next original block reuses shared "
         "memory\n";
  S += "  }\n";
  if (C.Post)
    S += "  // the records are released by the postwork's tail kernel\n";
  else
    S += "  " + rt::aggChildRelease + "(" + Records + ");\n";
  if (!Own.empty())
    S += "  // dpopt consolidate: count this thread out; the last launches\n" +
         groupEpilogue(Own, Gen.Last, C.LeaveBeyond ? Gen.Threads : "");
  S += "}";
  return S;
}

Error ConsolidateRewriter::finish() {
  if (Pending.empty())
    return Error::success();
  for (const PendingSite &P : Pending)
    planChild(*P.S, P.L);
  findUniformParameters();

  for (const PendingSite &PS : Pending) {
    const LaunchSite &S = *PS.S;
    ChildPlan &C = Children[canonicalFunction(S.Callee)];
    Granularity Level = *consolidationLevel(S, A, Run.Ctx.Options);
    const PragmaDirective *Pragma = S.Pragma ? &*S.Pragma : nullptr;

    GroupSite P;
    P.S = &S;
    P.Level = Level;
    P.Record = C.Rec;
    P.Group = Names.fresh("cons" + std::to_string(S.Id));
    P.PerThread = S.inLoop() || A.transitiveFacts(S.Caller).Launches.size() > 1
                      ? "DPOPT_AGG_LOOP_SLOTS"
                      : "1u";
    if (Pragma && Pragma->Buffer && Pragma->Buffer->PerBufferSize &&
        Level != Granularity::Grid)
      P.Capacity = std::to_string(*Pragma->Buffer->PerBufferSize) + "u";
    // Block and larger buffers hold records for the threads that can launch
    // (as aggregate's groups): a recursion whose thread 0 launches would
    // otherwise reserve a record per thread at every level, more than the
    // pool holds, and its launches would go alone.
    if (Level != Granularity::Warp)
      P.GuardedAxes = guardedThreadAxes(S);
    uint64_t Threads = Pragma && Pragma->Threads
                           ? *Pragma->Threads
                           : uint64_t(DefaultConsolidatedThreads);
    uint64_t Blocks = Pragma && Pragma->Blocks ? *Pragma->Blocks : 0;
    P.Launcher = C.Launch;
    P.LauncherArgs = ", " + std::to_string(concurrencyOf(Level)) + "u, " +
                     std::to_string(Blocks) + "u, " + std::to_string(Threads) +
                     "u";
    std::string MakeArgs, FallbackArgs, Buffered, Once, AloneArgs;
    for (size_t I = 0; I < C.Names.size() && I < S.Args.size(); ++I) {
      std::string Sep = FallbackArgs.empty() ? "" : ", ";
      if (C.Uniform[I]) {
        P.LauncherArgs += ", " + S.Args[I].Text;
        FallbackArgs += Sep + S.Args[I].Text;
        AloneArgs += ", " + S.Args[I].Text;
        Once += (Once.empty() ? "" : ", ") + C.Names[I];
      } else {
        MakeArgs += (MakeArgs.empty() ? "" : ", ") + S.Args[I].Text;
        FallbackArgs += Sep + Gen.R + ".__args." + C.Names[I];
        Buffered += (Buffered.empty() ? "" : ", ") + C.Names[I];
      }
    }
    Sites.add(P);

    std::string Comment = "dpopt consolidate (" +
                          std::string(granularityName(Level)) +
                          "): the launch becomes a work item";
    std::string Text;
    std::string PostNote;
    if (PostworkFinding PW = findPostwork(S, A); PW.Found) {
      C.Post = std::move(PW.Found);
      C.PostParent = S.Caller;
      // A buffered argument that is just a variable already carries its
      // value: nothing runs between the launch and the synchronization.
      auto Existing = [&](const VarDecl *V) {
        for (size_t I = 0; I < C.Names.size() && I < S.Args.size(); ++I)
          if (!C.Uniform[I])
            if (const auto *DRE =
                    dyn_cast<DeclRefExpr>(S.Args[I].E->IgnoreParenImpCasts()))
              if (DRE->getDecl() == V &&
                  V->getType().getCanonicalType().getUnqualifiedType() ==
                      getWrittenDefinition(S.Callee)
                          ->getParamDecl(I)
                          ->getType()
                          .getCanonicalType()
                          .getUnqualifiedType())
                return C.Names[I];
        return std::string();
      };
      C.PostFields = postworkFields(*C.Post, AST, Names, Existing);
      C.PostNames = postworkNames(Names, S.Callee->getNameAsString());
      for (const std::string &V : C.PostFields.Values)
        MakeArgs += (MakeArgs.empty() ? "" : ", ") + V;
      Text = recordStatement(
          P, Comment + ", with its postwork's inputs", C.Rec, C.Make, MakeArgs,
          deviceLaunchStatement(
              S.Id,
              launchStatement(C.PostNames.Alone, "1", "1", std::string("0"),
                              std::string("cudaStreamFireAndForget"),
                              Gen.R + AloneArgs)),
          Gen);
      std::string Moved = "// dpopt consolidate: cudaDeviceSynchronize() and "
                          "the postwork after it run in " +
                          C.PostNames.Consolidated + ", tail-launched";
      if (!C.Post->Outer.empty()) {
        // The code after the blocks that hold the launch is postwork for
        // the launching thread only: it skips that code here.
        std::string Flag = Names.fresh("post_moved");
        SiteEdits.insert(
            U.getOffset(
                getWrittenDefinition(S.Caller)->getBody()->getBeginLoc()) +
                1,
            " bool " + Flag +
                " = false; // dpopt consolidate: this thread's "
                "postwork moved\n");
        Moved = Flag + " = true; " + Moved + " (and the code after it)";
        for (const auto &[Begin, End] : C.Post->Outer) {
          SiteEdits.insert(Begin, "if (!" + Flag + ") { ");
          SiteEdits.insert(End, " }");
        }
      }
      SiteEdits.replace(C.Post->Begin, C.Post->End - C.Post->Begin, Moved);
      PostNote = "; the postwork after cudaDeviceSynchronize() runs in a "
                 "tail launch, with " +
                 join(C.PostFields.Values, ", ") + " carried";
      if (C.PostFields.Values.empty())
        PostNote = "; the postwork after cudaDeviceSynchronize() runs in a "
                   "tail launch";
    } else {
      Text = recordStatement(P, Comment, C.Rec, C.Make, MakeArgs, PS.L.Callee,
                             FallbackArgs, Gen);
    }
    SiteEdits.replace(
        S.StmtBegin, S.StmtEnd - S.StmtBegin,
        indentLines(Text, indentationAt(U.getText(), S.StmtBegin)));
    if (Error E = dropOwnStreamCalls(U, A, S, SiteEdits))
      return E;
    for (const Stmt *B : S.Branches)
      if (!enclosureBlocker(U, B))
        Converging.push_back(B);
    Run.passed(
        S, consolidatedId(Level),
        "consolidating the launches of '" + S.CalleeName + "' per " +
            granularityName(Level) + " into one " + shapeName(C.Shape) +
            " launch of a clone (KC_" + std::to_string(concurrencyOf(Level)) +
            ")" + defaultLevelNote(S, Run.Ctx.Options) +
            "; buffered: " + (Buffered.empty() ? "none" : Buffered) +
            "; passed once: " + (Once.empty() ? "none" : Once) + PostNote);
  }

  if (Error E = encloseForConvergence(U, Converging, Gen.Warp, SiteEdits))
    return E;
  if (Error E =
          rewriteGroupParents(U, Sites, SiteEdits, "consolidate", Gen, Edits))
    return E;

  for (const FunctionDecl *Key : ChildOrder) {
    const ChildPlan &C = Children[Key];
    const FunctionDecl *Def = getWrittenDefinition(C.Child);
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    if (std::optional<std::string> Refused = Cloner.plan(C.Child))
      return createStringError(inconvertibleErrorCode(), *Refused);
    std::string Support =
        recordSupport("// dpopt consolidate: a work item of '" +
                          C.Child->getNameAsString() + "'",
                      C.Rec, C.Make, C.fields(), C.fieldTypes(), Gen);
    Support += "static __device__ void " + C.Launch + "(" + rt::AggGroup +
               " &, unsigned, unsigned, unsigned";
    std::string CloneParams;
    for (size_t I = 0; I < C.Names.size(); ++I)
      if (C.Uniform[I]) {
        Support += ", " + C.Types[I];
        CloneParams += ", " + C.Types[I] + " " + C.Names[I];
      }
    Support += ");\n";
    if (C.Post) {
      Support += "static __global__ void " + C.PostNames.Consolidated +
                 "(const " + C.Rec + " *, unsigned);\n";
      Support +=
          "static __global__ void " + C.PostNames.Alone + "(const " + C.Rec;
      for (size_t I = 0; I < C.Names.size(); ++I)
        if (C.Uniform[I])
          Support += ", " + C.Types[I];
      Support += ");\n";
    }
    insertBeforeFunction(U, Edits, *F, Support);
    // The child's own grid-wide sites run in the clone, whose launcher sets
    // up their groups.
    std::vector<const GroupSite *> Own = Sites.in(C.Child);
    PassedGroups Passed(Own, Names);
    insertAfterFunction(Edits, *F, launcher(C, Passed));
    if (C.Post) {
      // After the kernel the postwork comes from: what it names is declared
      // there.
      Expected<FunctionPieces> PF =
          readFunction(U, getWrittenDefinition(C.PostParent));
      if (!PF)
        return PF.takeError();
      insertAfterFunction(Edits, *PF,
                          postworkFunctions(U, *C.Post, C.PostFields,
                                            C.PostNames, C.Rec, Gen.Records,
                                            Gen.Count, Gen.Mine, Gen.Item) +
                              aloneKernel(C));
    }

    Expected<std::string> Body = cloneBody(C, Own, Passed, *F);
    if (!Body)
      return Body.takeError();
    bool KeepBounds = C.Shape != ChildShape::ThreadMapped;
    std::string Head =
        "static __global__ " +
        (KeepBounds && !F->LaunchBounds.empty() ? F->LaunchBounds + " " : "") +
        "void " + C.Clone + "(const " + C.Rec + " *" + Gen.Records +
        ", unsigned " + Gen.Count + ", unsigned " + Gen.Blocks +
        Passed.params() + CloneParams + ")";
    if (Error E = addDerivedFunction(
            U, Edits, C.Child, [&](StringRef) { return Head; }, *Body,
            "'" + C.Child->getNameAsString() +
                "' consolidated: a moldable kernel that runs buffered work "
                "items until none is left (consolidate)"))
      return E;
  }
  if (Error E = Cloner.emitClones(U, Edits))
    return E;
  raisePendingLimit();
  Run.Ctx.Needs.add(RuntimeHeader::Consolidate);
  return Error::success();
}

/// Consolidated launches stay pending for every level of a recursion at
/// once, and a thread whose item finds no room launches alone (with
/// postwork, through a kernel that launches twice).
void ConsolidateRewriter::raisePendingLimit() {
  std::vector<const FunctionDecl *> Parents;
  for (const PendingSite &P : Pending)
    if (!is_contained(Parents, canonicalFunction(P.S->Caller)))
      Parents.push_back(canonicalFunction(P.S->Caller));
  dpopt::raisePendingLimit(
      A, Edits, Parents, "the consolidated launches in",
      {rt::consPendingLimit, "to DPOPT_CONS_PENDING_LAUNCHES (65,536)"},
      [&](const LaunchSite &H, DiagId Id, const std::string &Message) {
        Run.analysis(H, Id, Message);
      });
}

std::unique_ptr<SiteRewriter>
ConsolidatePass::makeRewriter(SiteRun &Run) const {
  return std::make_unique<ConsolidateRewriter>(Run);
}

//===----------------------------------------------------------------------===//
// Pragma checks
//===----------------------------------------------------------------------===//

/// The local variables and parameters of \p Caller in scope at \p Target.
void visibleAt(const Stmt *S, const Stmt *Target,
               std::vector<const VarDecl *> &Out);

bool contains(const Stmt *S, const Stmt *Target) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  for (const Stmt *C : S->children())
    if (contains(C, Target))
      return true;
  return false;
}

void declsOf(const Stmt *S, std::vector<const VarDecl *> &Out) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Out.push_back(VD);
}

void visibleAt(const Stmt *S, const Stmt *Target,
               std::vector<const VarDecl *> &Out) {
  if (!S || S == Target)
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body()) {
      if (contains(Child, Target))
        return visibleAt(Child, Target, Out);
      declsOf(Child, Out);
    }
    return;
  }
  if (const auto *For = dyn_cast<ForStmt>(S))
    declsOf(For->getInit(), Out);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    declsOf(If->getInit(), Out);
    if (const VarDecl *V = If->getConditionVariable())
      Out.push_back(V);
  }
  if (const auto *W = dyn_cast<WhileStmt>(S))
    if (const VarDecl *V = W->getConditionVariable())
      Out.push_back(V);
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
    if (const VarDecl *V = R->getLoopVariable())
      Out.push_back(V);
  for (const Stmt *Child : S->children())
    if (contains(Child, Target))
      return visibleAt(Child, Target, Out);
}

} // namespace

std::vector<Diagnostic> consolidationPragmaErrors(ProgramAnalysis &A) {
  std::vector<Diagnostic> Out;
  const WorkingCopy &WC = A.workingCopy();
  for (const LaunchSite *S : A.deviceSites()) {
    if (!S->Pragma || !S->Pragma->Consolidate || !S->Caller)
      continue;
    const PragmaDirective &P = *S->Pragma;
    const SiteOrigin *Origin = WC.sites().byId(S->Id);
    UserLocation At;
    At.InMainFile = true;
    At.Offset = Origin ? Origin->PragmaOffset : 0;
    auto Error = [&](std::string Message) {
      Out.push_back(WC.diagnosticAt(At, Severity::Error, std::move(Message),
                                    DiagId::ConsolidatePragmaInvalid));
    };
    const FunctionDecl *Def = getWrittenDefinition(S->Caller);
    std::vector<const VarDecl *> Visible;
    if (Def) {
      for (const ParmVarDecl *Param : Def->parameters())
        Visible.push_back(Param);
      visibleAt(Def->getBody(), S->Call, Visible);
    }
    std::set<const VarDecl *> Work;
    for (const std::string &Name : P.Work) {
      const VarDecl *Found = nullptr;
      for (const VarDecl *V : Visible)
        if (V->getName() == Name)
          Found = V; // the innermost declaration comes last
      if (!Found) {
        Error("'work(" + Name + ")': no local variable or parameter named '" +
              Name + "' is in scope at the launch of '" + S->CalleeName + "'");
        continue;
      }
      Work.insert(Found);
    }
    if (P.Buffer && !P.Buffer->PerBufferSizeVar.empty())
      Error("'buffer(custom, " + P.Buffer->PerBufferSizeVar +
            ")': dpopt sizes a warp's or block's buffer when the kernel "
            "starts, before a variable has its value; give perBufferSize "
            "as an integer");
    if (P.Buffer && P.Buffer->TotalSize)
      Error("'buffer(..., " + std::to_string(*P.Buffer->TotalSize) +
            ")': totalSize is not supported per site; every buffer of the "
            "file comes from one record pool of DPOPT_AGG_POOL_BYTES bytes "
            "(define it when compiling)");
    if (P.Threads && S->Callee) {
      const ASTContext &Ctx = WC.unit().getASTContext();
      bool ThreadMapped = !threadMappingBlocker(*S, A);
      std::optional<uint64_t> Block = constantThreadCount(S->Block.E, Ctx);
      if (!ThreadMapped && (!Block || *Block != *P.Threads))
        Error("'threads(" + std::to_string(*P.Threads) +
              ")': each block of "
              "the consolidated '" +
              S->CalleeName +
              "' runs one original block at a time, with the original "
              "block size (" +
              (Block ? std::to_string(*Block) : S->Block.Text) +
              "); threads(N) sets the block size only of a thread-mapped "
              "child (one thread per block)");
    }
    if (!Def || Work.size() != P.Work.size())
      continue;
    // Every argument that may differ between threads must do so through the
    // work variables (or the built-ins, or memory they index).
    for (const LaunchArgument &Arg : S->Args) {
      auto ParamOK = [&](const ParmVarDecl *Param) {
        return isNeverModified(Param, Def->getBody());
      };
      if (!Arg.E || isUniformArgument(Arg.E, ParamOK))
        continue;
      std::vector<const VarDecl *> Read;
      variablesIn(Arg.E, Read);
      for (const VarDecl *V : Read) {
        const auto *Param = dyn_cast<ParmVarDecl>(V);
        if (Work.count(V) || (Param && ParamOK(Param)))
          continue;
        Error("the argument '" + Arg.Text + "' of the launch of '" +
              S->CalleeName + "' differs between threads through '" +
              V->getName().str() + "', which 'work(...)' does not name");
        break;
      }
    }
  }
  return Out;
}

std::unique_ptr<Pass> createConsolidatePass() {
  return std::make_unique<ConsolidatePass>();
}

} // namespace dpopt
