//===- RemoveLaunchT3.cpp - The parent block runs its threads' children --===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RemoveLaunchT3.h"

#include "RemoveLaunchSyncs.h"
#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/BodyInLoop.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Rewrite/SharedBuffer.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// Static shared memory a kernel may declare (48 KiB on every GPU CUDA 13
/// supports; more needs dynamic shared memory and an opt-in).
constexpr uint64_t StaticSharedLimit = 48 * 1024;
/// The block version records one flag per parent thread.
constexpr unsigned MaxBlockThreads = 1024;

} // namespace

/// Why a parameter of type \p T cannot be copied through shared memory (a
/// __shared__ variable can have no initializer, so no constructor).
std::optional<std::string> parameterTypeBlocker(const ASTContext &Ctx,
                                                QualType T) {
  if (T->isDependentType())
    return std::string("depends on a template parameter");
  if (T->isReferenceType())
    return std::string("is a reference");
  if (!T.isTriviallyCopyableType(Ctx))
    return std::string("is not trivially copyable");
  if (const CXXRecordDecl *R = T->getAsCXXRecordDecl()) {
    if (!R->hasTrivialDefaultConstructor())
      return std::string(
          "has a default constructor that does something, which a "
          "__shared__ variable cannot run");
    if (!R->getIdentifier())
      return std::string("is an unnamed type");
  }
  return std::nullopt;
}

bool containsGoto(const Stmt *S) {
  if (!S)
    return false;
  if (isa<GotoStmt, IndirectGotoStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false; // a lambda's gotos stay in the lambda
  for (const Stmt *C : S->children())
    if (containsGoto(C))
      return true;
  return false;
}

namespace {} // namespace

std::optional<std::string> t3SiteBlocker(ProgramAnalysis &A,
                                         const LaunchSite &S, T3Shape *Out) {
  const WorkingCopy &WC = A.workingCopy();
  const ParsedUnit &U = WC.unit();
  if (S.Kind != CallerKind::Global)
    return std::string("the launch is not in a kernel's own body (it is in ") +
           callerKindName(S.Kind) +
           " code), so dpopt cannot show that every "
           "thread of the block reaches it";
  if (S.InTemplate)
    return std::string(
        "the launching kernel is a template: T3 is not implemented "
        "for template parents");
  const FunctionDecl *Def = getWrittenDefinition(S.Caller);
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body)
    return std::string("the launching kernel's body is not in this file");
  if (containsGoto(Body))
    return "'" + S.CallerName +
           "' uses goto: dpopt cannot show that every thread of "
           "the block reaches the launch";
  const FunctionFacts &Parent = A.transitiveFacts(S.Caller);
  if (!Parent.InlineAsm.empty())
    return "'" + S.CallerName + "' contains inline assembly (" +
           whereIs(WC, Parent.InlineAsm[0].Loc) +
           "), which could use the named barrier the child's threads "
           "synchronize with";
  if (!Parent.UnknownCalls.empty())
    return "'" + S.CallerName + "' makes a call dpopt cannot see into (" +
           Parent.UnknownCalls[0].What + " at " +
           whereIs(WC, Parent.UnknownCalls[0].Loc) +
           "), which could keep a thread from the block's barrier";

  // The launch statement is replaced by a record of the launch, and the
  // block runs the recorded launches right after the top-level statement
  // that contains it. So nothing the thread does may come between the two
  // (the launch ends each block on its path), and the path may only choose
  // (if/else), never repeat.
  T3Shape Shape;
  for (const Stmt *C : Body->body()) {
    auto [B, E] = U.getOffsetRange(C->getSourceRange());
    if (S.StmtBegin < B || S.StmtBegin >= std::max(E, B + 1))
      continue;
    Shape.Begin = B;
    Shape.End = std::max(E, S.StmtEnd);
    Shape.TopLevel = U.getOffset(C->getBeginLoc()) == S.StmtBegin;
    const Stmt *Cur = C;
    while (U.getOffset(Cur->getBeginLoc()) != S.StmtBegin) {
      auto Contains = [&](const Stmt *X) {
        if (!X)
          return false;
        auto [XB, XE] = U.getOffsetRange(X->getSourceRange());
        return XB <= S.StmtBegin && S.StmtBegin < std::max(XE, XB + 1);
      };
      if (const auto *If = dyn_cast<IfStmt>(Cur)) {
        if (If->getInit() || If->getConditionVariable() || If->isConstexpr() ||
            If->isConsteval())
          return std::string(
              "an if-statement around the launch declares a variable or "
              "is constexpr/consteval: dpopt does not restructure it");
        Cur = Contains(If->getThen()) ? If->getThen() : If->getElse();
        if (!Cur || !Contains(Cur))
          return std::string(
              "dpopt could not find the launch in its if-statement");
        continue;
      }
      if (const auto *CS = dyn_cast<CompoundStmt>(Cur)) {
        const Stmt *Next = nullptr;
        for (const Stmt *X : CS->body())
          if (Contains(X))
            Next = X;
        if (!Next)
          return std::string("dpopt could not find the launch in its block");
        if (Next != CS->body_back())
          return "statements follow the launch in its block (" +
                 whereIs(WC, CS->body_back()->getBeginLoc()) +
                 "): they would run before the child, which the block runs "
                 "after "
                 "the enclosing top-level statement";
        Cur = Next;
        continue;
      }
      return std::string("the launch is inside a ") +
             (isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(Cur) ? "loop"
              : isa<SwitchStmt>(Cur) ? "switch statement"
                                     : "statement") +
             " of '" + S.CallerName +
             "': dpopt cannot show that every thread of the block reaches it "
             "once "
             "(T3 needs the launch in the kernel's top-level statements or "
             "under "
             "if-statements and blocks there)";
    }
    Expected<unsigned> End = statementEnd(U, C);
    if (!End) {
      consumeError(End.takeError());
      return std::string(
          "dpopt cannot find the end of the statement around the launch");
    }
    Shape.End = std::max(Shape.End, *End);
    break;
  }
  if (Shape.End == 0)
    return std::string(
               "dpopt could not find the launch among the statements of '") +
           S.CallerName + "'";
  for (const Occurrence &R : A.localFacts(S.Caller).Returns)
    if (U.getOffset(R.Loc) < Shape.End)
      return "'" + S.CallerName +
             "' may return before the block runs the child (" +
             whereIs(WC, R.Loc) +
             "): threads that return would never reach the block's barrier";
  // One record per top-level statement: a second launch there would need
  // the block to run two records after it.
  for (const LaunchSite *Other : A.deviceSites())
    if (Other != &S && Other->Caller == S.Caller && !Shape.TopLevel &&
        Other->StmtBegin >= Shape.Begin && Other->StmtBegin < Shape.End)
      return "the statement around the launch holds another launch (of '" +
             Other->CalleeName + "' at " +
             whereIs(WC, Other->Call->getBeginLoc()) +
             "): T3 restructures one launch per top-level statement";
  if (Out)
    *Out = std::move(Shape);
  return std::nullopt;
}

std::optional<std::string> t3ChildBlocker(ProgramAnalysis &A,
                                          const LaunchSite &S,
                                          bool ParentDynamicShared) {
  const WorkingCopy &WC = A.workingCopy();
  const ASTContext &Ctx = WC.unit().getASTContext();
  const FunctionDecl *Child = S.Callee;
  if (!Child)
    return std::string("dpopt cannot tell which kernel is launched");
  std::string Name = "'" + Child->getNameAsString() + "'";
  if (Child->isTemplateInstantiation() || Child->getDescribedFunctionTemplate())
    return Name + " is a template: T3 is not implemented for template children";
  const FunctionFacts &F = A.transitiveFacts(Child);
  if (!F.WarpOps.empty())
    return Name + " uses the warp-level operation " + F.WarpOps[0].What +
           " at " + whereIs(WC, F.WarpOps[0].Loc);
  if (std::optional<Refusal> Why = opaqueCodeBlocker(WC, F, Name, ""))
    return Why->Reason;
  if (!F.Launches.empty())
    return Name + " launches kernels itself (" +
           whereIs(WC, F.Launches[0].Loc) +
           "): T3 does not run launching children";
  if (std::optional<Refusal> Why = runtimeCallBlocker(WC, F, Name))
    return Why->Reason;
  if (!F.LegacyDeviceSyncs.empty())
    return Name + " calls cudaDeviceSynchronize() at " +
           whereIs(WC, F.LegacyDeviceSyncs[0].Loc);
  if (std::optional<std::string> Api = launchApiCall(A, Child))
    return Name + " uses the launch API (" + *Api + ")";
  for (const Occurrence &B : F.Barriers) {
    if (B.What != "__syncthreads")
      return Name + " uses " + B.What + " (" + whereIs(WC, B.Loc) +
             "): T3 turns only __syncthreads() into a barrier of the child's "
             "threads";
    if (canonicalFunction(B.In) != canonicalFunction(Child))
      return Name + " synchronizes in the device function '" +
             B.In->getNameAsString() + "' (" + whereIs(WC, B.Loc) +
             "): T3 rewrites barriers only in the child's "
             "own body";
  }
  if (!F.Barriers.empty()) {
    std::optional<uint64_t> Threads = constantThreadCount(S.Block.E, Ctx);
    if (!Threads || *Threads % 32 != 0 || *Threads > MaxBlockThreads)
      return Name + " synchronizes its threads (" +
             whereIs(WC, F.Barriers[0].Loc) + ") and its block size '" +
             S.Block.Text +
             "' is not a constant multiple of 32 (at most 1024): the partial "
             "barrier T3 uses counts whole warps";
    // A launch of the parent in this file whose block is smaller would
    // always stop at the run-time check: say so now instead.
    for (const LaunchSite &P : A.sites())
      if (P.Callee &&
          canonicalFunction(P.Callee) == canonicalFunction(S.Caller))
        if (std::optional<uint64_t> ParentThreads =
                constantThreadCount(P.Block.E, Ctx))
          if (*ParentThreads < *Threads)
            return "'" + S.CallerName + "' is launched with " +
                   std::to_string(*ParentThreads) +
                   (*ParentThreads == 1 ? " thread" : " threads") +
                   " per block (" + whereIs(WC, P.Call->getBeginLoc()) +
                   "), fewer than the " + std::to_string(*Threads) + " of " +
                   Name + ", which synchronizes: its block cannot run it";
    const FunctionFacts &L = A.localFacts(Child);
    if (!L.EarlyReturns.empty())
      return Name + " synchronizes its threads and may return early (" +
             whereIs(WC, L.EarlyReturns[0].Loc) +
             "): a thread that returned would never reach the partial barrier";
  }

  // The child's arrays are separate from the parent's (the paper's "separate
  // arrays"); sharing one, or not fitting, would need reuse or save/restore.
  const FunctionFacts &P = A.transitiveFacts(S.Caller);
  std::set<const VarDecl *> ParentVars;
  uint64_t Bytes = MaxBlockThreads + 6 * 4;
  for (const SharedVariable &V : P.Shared) {
    if (V.Dynamic && ParentDynamicShared)
      continue;
    if (V.Dynamic)
      return "'" + S.CallerName + "' uses dynamic shared memory ('" +
             V.Var->getNameAsString() +
             "'): dpopt cannot show that the child's "
             "shared memory fits next to it";
    if (ParentVars.insert(V.Var->getCanonicalDecl()).second)
      Bytes += V.Bytes;
  }
  std::set<const VarDecl *> ChildVars;
  for (const SharedVariable &V : F.Shared) {
    if (V.Dynamic)
      return Name + " uses dynamic shared memory ('" +
             V.Var->getNameAsString() +
             "'): T3 does not run children with extern __shared__ arrays";
    if (ParentVars.count(V.Var->getCanonicalDecl()))
      return Name + " and '" + S.CallerName +
             "' use the same shared variable '" + V.Var->getNameAsString() +
             "': T3 gives the child separate arrays only (no reuse or "
             "save/restore)";
    if (ChildVars.insert(V.Var->getCanonicalDecl()).second)
      Bytes += V.Bytes;
  }
  for (const ParmVarDecl *Param : Child->parameters()) {
    if (std::optional<std::string> Why =
            parameterTypeBlocker(Ctx, Param->getType()))
      return "the parameter '" + Param->getNameAsString() + "' of " + Name +
             " " + *Why + ": T3 passes the arguments through shared memory";
    Bytes += Ctx.getTypeSizeInChars(Param->getType()).getQuantity();
  }
  if (Bytes > StaticSharedLimit && !t3SaveRestore(A, S))
    return "the shared memory of " + Name + ", of '" + S.CallerName +
           "' and of the launch record (" + std::to_string(Bytes) +
           " bytes) would not fit in 48 KiB, and the child's arrays cannot lie "
           "on the "
           "parent's (save/restore needs both functions' own fixed-size "
           "__shared__ "
           "variables, one T3 launch in the parent, and the overlay to fit)";

  if (std::optional<std::string> Why =
          loopBodyBlocker(WC.unit(), getWrittenDefinition(Child)))
    return Why;
  NameAllocator Scratch("");
  BuiltinCloner Cloner(A, AllBuiltins, Scratch, "team");
  if (std::optional<std::string> Why = Cloner.plan(Child))
    return Name + " cannot run as a team: " + *Why;
  for (const Occurrence &B : F.Barriers)
    if (B.Loc.isMacroID())
      return Name + " has a __syncthreads() written inside a macro";
  // Every barrier must be one the team version rewrites: a __syncthreads()
  // left as it is would wait for the threads that do not run the child.
  std::vector<const CallExpr *> Syncs;
  findSyncthreads(getWrittenDefinition(Child)->getBody(), Syncs);
  if (Syncs.size() != F.Barriers.size())
    return Name +
           " synchronizes in a way T3 cannot rewrite (a barrier in a lambda, "
           "or one dpopt does not find in its body)";
  return std::nullopt;
}

std::optional<SharedReuse> t3SaveRestore(ProgramAnalysis &A,
                                         const LaunchSite &S) {
  const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
  if (!S.Callee || !S.Caller ||
      A.transitiveFacts(S.Caller).Launches.size() != 1)
    return std::nullopt;
  std::optional<SharedReuse> Overlay = overlayableShared(A, S.Caller, S.Callee);
  if (!Overlay)
    return std::nullopt;
  const SharedReuse &R = *Overlay;
  // Separate arrays would not fit (else they are used); the overlay must.
  uint64_t Record = MaxBlockThreads + 6 * 4;
  for (const ParmVarDecl *Param : S.Callee->parameters())
    Record += Ctx.getTypeSizeInChars(Param->getType()).getQuantity();
  if (Record + R.ParentBytes + R.ChildBytes <= StaticSharedLimit ||
      Record + std::max(R.ParentBytes, R.ChildBytes) > StaticSharedLimit)
    return std::nullopt;
  return Overlay;
}

std::string t3Note(ProgramAnalysis &A, const LaunchSite &S) {
  std::string Saved;
  if (std::optional<SharedReuse> R = t3SaveRestore(A, S))
    Saved = "; its shared arrays (" + std::to_string(R->ChildBytes) +
            " bytes) and the parent's (" + std::to_string(R->ParentBytes) +
            " bytes) do not fit side by side, so the block saves the parent's "
            "first " +
            std::to_string(std::min(R->ParentBytes, R->ChildBytes)) +
            " bytes, runs the child on top of them and restores them (§2.3 "
            "save/restore)";
  if (!S.Callee || A.transitiveFacts(S.Callee).Barriers.empty())
    return Saved;
  std::optional<uint64_t> Threads =
      constantThreadCount(S.Block.E, A.workingCopy().unit().getASTContext());
  return "; '" + S.CalleeName +
         "' synchronizes, so the parent block must have at least " +
         (Threads ? std::to_string(*Threads) : S.Block.Text) +
         " threads (checked when it runs: the block stops with __trap() "
         "otherwise)" +
         Saved;
}

BlockRunner::BlockRunner(ProgramAnalysis &A, NameAllocator &Names)
    : A(A), Names(Names), GridDim(Names.fresh("t3_gridDim")),
      BlockDim(Names.fresh("t3_blockDim")), Bx(Names.fresh("t3_bx")),
      By(Names.fresh("t3_by")), Bz(Names.fresh("t3_bz")),
      T(Names.fresh("t3_t")), Self(Names.fresh("t3_self")),
      Team(Names.fresh("t3_team")), Size(Names.fresh("t3_size")),
      Next(Names.fresh("t3_next_thread")), In(Names.fresh("t3_in") + "_"),
      Flags(Names.fresh("t3_launched")), Config(Names.fresh("t3_config")),
      Slot(Names.fresh("t3_slot")), Launching(Names.fresh("t3_launches")),
      Grid(Names.fresh("t3_grid")), Block(Names.fresh("t3_block")),
      Arg(Names.fresh("t3_arg")), First(Names.fresh("t3_first")),
      Count(Names.fresh("t3_count")), Total(Names.fresh("t3_total")),
      End(Names.fresh("t3_end")), Linear(Names.fresh("t3_linear")),
      SharedBuffer(Names.fresh("p_shared")), Any(Names.fresh("t3_any")),
      Stash(Names.fresh("t3_saved")), Shmem(Names.fresh("t3_shmem")),
      Stream(Names.fresh("t3_stream")), Cloner(A, AllBuiltins, Names, "team") {}

Expected<std::string> BlockRunner::request(const FunctionDecl *Child,
                                           uint64_t SaveBytes) {
  Expected<std::string> Team = requestTeam(Child, SaveBytes > 0);
  if (!Team)
    return Team.takeError();
  Plan &P = Plans[{canonicalFunction(Child), SaveBytes > 0}];
  P.NeedsBlock = true;
  P.SaveBytes = std::max(P.SaveBytes, SaveBytes);
  return P.Block;
}

Expected<std::string> BlockRunner::requestTeam(const FunctionDecl *Child,
                                               bool InBuffer) {
  const PlanKey Key{canonicalFunction(Child), InBuffer};
  auto [It, New] = Plans.try_emplace(Key);
  Plan &P = It->second;
  if (New) {
    P.Child = Child;
    P.InBuffer = InBuffer;
    std::string Stem = Child->getNameAsString();
    P.Block = Names.fresh("block_" + Stem);
    P.Team = Names.fresh((InBuffer ? "pteam_" : "team_") + Stem);
    P.HasBarriers = !A.transitiveFacts(Child).Barriers.empty();
    // One barrier function per child, whichever versions use it.
    if (P.HasBarriers) {
      std::string &Barrier = Barriers[Key.first];
      if (Barrier.empty())
        Barrier = Names.fresh("team_barrier_" + Stem);
      P.Barrier = Barrier;
    }
    if (InBuffer) {
      uint64_t Bytes = 0;
      if (std::optional<std::string> Why =
              sharedIntoBuffer(A, Child, SharedBuffer, nullptr, Bytes)) {
        Plans.erase(It);
        return createStringError(inconvertibleErrorCode(), *Why);
      }
    }
    if (std::optional<std::string> Why = Cloner.plan(Child)) {
      Plans.erase(It);
      return createStringError(inconvertibleErrorCode(), *Why);
    }
    Order.push_back(Key);
  }
  return P.Team;
}

Error BlockRunner::rewriteSite(const ParsedUnit &U, const LaunchSite &S,
                               const T3Shape &Shape, bool SizeFallback,
                               EditList &Edits) {
  if (SizeFallback)
    LimitAt = std::min(LimitAt, outermostDeclBegin(U, S.Caller));
  // §2.3 save/restore: the parent's shared variables move into a buffer the
  // child's then lie on.
  std::optional<SharedReuse> Save = t3SaveRestore(A, S);
  Expected<std::string> BlockName = request(
      S.Callee, Save ? std::min(Save->ParentBytes, Save->ChildBytes) : 0);
  if (!BlockName)
    return BlockName.takeError();
  std::string Buffer;
  if (Save) {
    Buffer = Names.fresh("t3_shared_" + S.CallerName);
    const FunctionDecl *Parent = getWrittenDefinition(S.Caller);
    Expected<FunctionPieces> F = readFunction(U, Parent);
    if (!F)
      return F.takeError();
    uint64_t Bytes = 0;
    if (std::optional<std::string> Why =
            sharedIntoBuffer(A, Parent, Buffer, &Edits, Bytes))
      return createStringError(inconvertibleErrorCode(), *Why);
    uint64_t Size = alignTo(std::max(Save->ParentBytes, Save->ChildBytes),
                            SharedBufferAlign);
    Edits.insert(
        F->BodyBegin + 1,
        "\n  // dpopt remove-launch T3 (save/restore): this kernel's shared "
        "variables, and\n  // '" +
            S.CalleeName +
            "''s while the block runs it.\n"
            "  __shared__ __align__(" +
            std::to_string(SharedBufferAlign) + ") unsigned char " + Buffer +
            "[" + std::to_string(Size) + "];");
  }
  return recordSite(U, S, Shape, *BlockName, SizeFallback, Edits, Buffer);
}

Error BlockRunner::recordSite(const ParsedUnit &U, const LaunchSite &S,
                              const T3Shape &Shape, StringRef BlockName,
                              bool SizeFallback, EditList &Edits,
                              StringRef SavedBuffer) const {
  const ASTContext &Ctx = U.getASTContext();
  Expected<LaunchText> L = readLaunchText(U, S);
  if (!L)
    return L.takeError();
  std::vector<std::string> Decls = {"bool " + Launching + " = false;",
                                    "dim3 " + Grid + ", " + Block + ";"};
  std::vector<std::string> Set = {Grid + " = dim3(" + S.Grid.Text + ");",
                                  Block + " = dim3(" + S.Block.Text + ");"};
  // The shared-memory size and the stream are only needed by the launch left
  // for a grid that cannot be run here; they are evaluated where the launch
  // evaluated them.
  std::optional<std::string> ShmemVar, StreamVar;
  if (S.SharedMem.isWritten()) {
    Set.push_back("auto " + Shmem + " = (" + S.SharedMem.Text + ");");
    ShmemVar = Shmem;
  }
  if (S.Stream.isWritten()) {
    Set.push_back("cudaStream_t " + Stream + " = (" + S.Stream.Text + ");");
    StreamVar = Stream;
  }
  uint64_t ChildShared = A.transitiveFacts(S.Callee).staticSharedBytes();
  unsigned MaxThreads = maxBlockThreads(S.Callee);
  std::string Limits =
      ", " + std::to_string(MaxThreads) + ", " + std::to_string(ChildShared);
  std::string Check = SizeFallback
                          ? rt::runsSerially + "(" + Grid + ", " + Block +
                                ", " + ShmemVar.value_or("0") +
                                ", DPOPT_BLOCK_RUN_LIMIT" + Limits + ")"
                          : rt::launchable + "(" + Grid + ", " + Block + ", " +
                                ShmemVar.value_or("0") + Limits + ")";
  Set.push_back("if (" + Check + ") {");
  Set.push_back("  " + Launching + " = true;");
  std::string CallArgs = (SavedBuffer.empty() ? "" : SavedBuffer.str() + ", ") +
                         Launching + ", " + Grid + ", " + Block;
  const auto Params = S.Callee->parameters();
  for (size_t I = 0; I < Params.size() && I < S.Args.size(); ++I) {
    std::string Name = Arg + std::to_string(I);
    Decls.push_back(spelledType(Ctx, Params[I]->getType(), Name) + "{};");
    Set.push_back("  " + Name + " = " + S.Args[I].Text + ";");
    CallArgs += ", " + Name;
  }
  Set.push_back("} else {");
  Set.push_back(
      "  " + deviceLaunchStatement(S.Id, launchStatement(L->Callee, Grid, Block,
                                                         ShmemVar, StreamVar,
                                                         L->Args)));
  Set.push_back("}");
  std::string Head =
      "{ // dpopt remove-launch T3: the block runs the child grids its "
      "threads launch here\n";
  // Named as the launch names the child (a namespace qualifier included):
  // the block function is written beside the child.
  std::string Call = L->calleeNamed(BlockName) + "(" + CallArgs + ");";
  std::string Indent = indentationAt(U.getText(), Shape.Begin);
  if (Shape.TopLevel) {
    Edits.replace(Shape.Begin, Shape.End - Shape.Begin,
                  indentLines(Head + indentedLines(Decls, "  ") + "  {\n" +
                                  indentedLines(Set, "    ") + "  }\n  " +
                                  Call + "\n}",
                              Indent));
    return Error::success();
  }
  // The statement stays where it is, inside a new block that declares the
  // record first and runs it last.
  Edits.insert(Shape.Begin,
               Head + indentedLines(Decls, Indent + "  ") + Indent);
  std::string SetText = "{ // dpopt remove-launch T3: record the launch\n" +
                        indentedLines(Set, "  ") + "}";
  Edits.replace(S.StmtBegin, S.StmtEnd - S.StmtBegin,
                indentLines(SetText, indentationAt(U.getText(), S.StmtBegin)));
  Edits.insert(Shape.End, "\n" + Indent + "  " + Call + "\n" + Indent + "}");
  return Error::success();
}

Expected<std::string> BlockRunner::teamBody(const ParsedUnit &U,
                                            const Plan &P) const {
  const FunctionDecl *Def = getWrittenDefinition(P.Child);
  EditList Edits("");
  if (Error E = Cloner.redirectCalls(U, Def, Edits))
    return std::move(E);
  std::vector<const CallExpr *> Syncs;
  findSyncthreads(Def->getBody(), Syncs);
  for (const CallExpr *C : Syncs) {
    auto [B, E] = U.getOffsetRange(C->getSourceRange());
    Edits.replace(B, E - B, P.Barrier + "(" + Size + ")");
  }
  uint64_t Bytes = 0;
  if (P.InBuffer)
    if (std::optional<std::string> Why =
            sharedIntoBuffer(A, P.Child, SharedBuffer, &Edits, Bytes))
      return createStringError(inconvertibleErrorCode(), *Why);
  Expected<LoopBody> Body = bodyForLoop(U, Def, Edits, Next, In);
  if (!Body)
    return Body.takeError();
  bool Barriers = !Syncs.empty();
  std::string S = "{\n";
  S += "  const unsigned " + Self +
       " = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * "
       "threadIdx.z);\n";
  S +=
      "  const unsigned " + Team + " = blockDim.x * blockDim.y * blockDim.z;\n";
  S += "  const unsigned " + Size + " = " + BlockDim + ".x * " + BlockDim +
       ".y * " + BlockDim + ".z;\n";
  if (Barriers)
    S += "  // The child's threads synchronize: they must all run at once.\n"
         "  if (" +
         Size + " > " + Team + ")\n    __trap();\n";
  // Child blocks [First, First + Count) in linear order, x fastest (T3 and
  // T2 run them all, T1 one).
  S += "  const unsigned long long " + Total + " = (unsigned long long)" +
       GridDim + ".x * " + GridDim + ".y * " + GridDim + ".z;\n";
  S += "  const unsigned long long " + End + " = " + First + " >= " + Total +
       " ? " + First + " : " + Count + " < " + Total + " - " + First + " ? " +
       First + " + " + Count + " : " + Total + ";\n";
  S += "  for (unsigned long long " + Linear + " = " + First + "; " + Linear +
       " < " + End + "; ++" + Linear + ") {\n";
  S += "    const unsigned " + Bx + " = " + Linear + " % " + GridDim + ".x;\n";
  S += "    const unsigned " + By + " = " + Linear + " / " + GridDim + ".x % " +
       GridDim + ".y;\n";
  S += "    const unsigned " + Bz + " = " + Linear +
       " / ((unsigned long long)" + GridDim + ".x * " + GridDim + ".y);\n";
  S += "    for (unsigned " + T + " = " + Self + "; " + T + " < " + Size +
       "; " + T + " += " + Team + ") {\n";
  // Locals named like the built-ins shadow them for the copied body.
  S += "    const uint3 blockIdx = make_uint3(" + Bx + ", " + By + ", " + Bz +
       ");\n";
  S += "    const uint3 threadIdx = make_uint3(" + T + " % " + BlockDim +
       ".x, " + T + " / " + BlockDim + ".x % " + BlockDim + ".y, " + T +
       " / (" + BlockDim + ".x * " + BlockDim + ".y));\n";
  S += "    const dim3 gridDim = " + GridDim + ";\n";
  S += "    const dim3 blockDim = " + BlockDim + ";\n";
  S += "    (void)blockIdx; (void)threadIdx; (void)gridDim; (void)blockDim;\n";
  S += Body->text(Next) + "\n    }\n";
  S += "    // The next child block reuses the child's shared arrays.\n";
  S += "    __syncthreads();\n  }\n}";
  return S;
}

std::string BlockRunner::blockBody(const Plan &P) const {
  const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
  const auto Params = P.Child->parameters();
  std::vector<std::string> Shared, Publish, Read;
  // After the grid, the block and the range of child blocks (all of them).
  std::string TeamArgs;
  for (size_t I = 0; I < Params.size(); ++I) {
    std::string SlotName = Slot + std::to_string(I),
                ArgName = Arg + std::to_string(I);
    Shared.push_back("__shared__ " +
                     spelledType(Ctx, Params[I]->getType(), SlotName) + ";");
    Publish.push_back(SlotName + " = " + ArgName + ";");
    Read.push_back(spelledType(Ctx, Params[I]->getType(), ArgName + "_") +
                   " = " + SlotName + ";");
    TeamArgs += ", " + ArgName + "_";
  }
  std::string S = "{\n";
  S += "  __shared__ unsigned char " + Flags + "[" +
       std::to_string(MaxBlockThreads) + "];\n";
  S += "  __shared__ unsigned " + Config + "[6];\n";
  S += indentedLines(Shared, "  ");
  S += "  const unsigned " + Self +
       " = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * "
       "threadIdx.z);\n";
  S +=
      "  const unsigned " + Team + " = blockDim.x * blockDim.y * blockDim.z;\n";
  S += "  " + Flags + "[" + Self + "] = " + Launching + ";\n";
  // §2.3 save/restore: the child's shared variables lie on the parent's, so
  // the first SaveBytes of the buffer go to the threads' local memory first.
  uint64_t Words = (P.SaveBytes + 3) / 4, PerThread = (Words + 31) / 32;
  if (P.InBuffer) {
    S += "  // Some thread launched: the parent's shared memory the child will "
         "use\n"
         "  // (" +
         std::to_string(P.SaveBytes) +
         " bytes) is saved, 32-bit words spread over the "
         "threads.\n";
    S += "  const bool " + Any + " = __syncthreads_or(" + Launching + ");\n";
    S += "  unsigned " + Stash + "[" + std::to_string(PerThread) + "];\n";
    S += "  if (" + Any + ") {\n";
    S += "    if (" + Team + " * " + std::to_string(PerThread) + "u < " +
         std::to_string(Words) +
         "u)\n      __trap(); // fewer than 32 threads cannot hold the saved "
         "words\n";
    S += "    for (unsigned " + T + " = " + Self + ", " + Next + " = 0; " + T +
         " < " + std::to_string(Words) + "u; " + T + " += " + Team + ", ++" +
         Next + ")\n";
    S += "      " + Stash + "[" + Next +
         "] = reinterpret_cast<const unsigned *>(" + SharedBuffer + ")[" + T +
         "];\n";
    S += "  }\n  __syncthreads();\n";
  } else {
    S += "  __syncthreads();\n";
  }
  S += "  // Launches in thread order; every thread reads the same flags.\n";
  S += "  for (unsigned " + T + " = 0; " + T + " < " + Team + "; ++" + T +
       ") {\n";
  S += "    if (!" + Flags + "[" + T + "])\n      continue;\n";
  S += "    if (" + Self + " == " + T + ") {\n";
  S += "      " + Config + "[0] = " + GridDim + ".x; " + Config +
       "[1] = " + GridDim + ".y; " + Config + "[2] = " + GridDim + ".z;\n";
  S += "      " + Config + "[3] = " + BlockDim + ".x; " + Config +
       "[4] = " + BlockDim + ".y; " + Config + "[5] = " + BlockDim + ".z;\n";
  S += indentedLines(Publish, "      ");
  S += "    }\n    __syncthreads();\n";
  S += "    const dim3 " + Grid + "(" + Config + "[0], " + Config + "[1], " +
       Config + "[2]);\n";
  S += "    const dim3 " + Block + "(" + Config + "[3], " + Config + "[4], " +
       Config + "[5]);\n";
  S += indentedLines(Read, "    ");
  S += "    // Everyone has read the record before the next launcher writes "
       "it.\n";
  S += "    __syncthreads();\n";
  S += "    " + P.Team + "(" + Grid + ", " + Block + ", 0, ~0ull" +
       (P.InBuffer ? ", " + SharedBuffer : "") + TeamArgs + ");\n  }\n";
  if (P.InBuffer) {
    S += "  // The parent's shared memory back, as it was before the "
         "launches.\n";
    S += "  if (" + Any + ")\n";
    S += "    for (unsigned " + T + " = " + Self + ", " + Next + " = 0; " + T +
         " < " + std::to_string(Words) + "u; " + T + " += " + Team + ", ++" +
         Next + ")\n";
    S += "      reinterpret_cast<unsigned *>(" + SharedBuffer + ")[" + T +
         "] = " + Stash + "[" + Next + "];\n";
  }
  S += "  // Everyone has read the flags before the next use of this "
       "function.\n";
  S += "  __syncthreads();\n}";
  return S;
}

Error BlockRunner::emit(const ParsedUnit &U, EditList &Edits,
                        StringRef PassName) {
  const ASTContext &Ctx = U.getASTContext();
  std::set<const FunctionDecl *> BarrierDone;
  for (const PlanKey &Key : Order) {
    const Plan &P = Plans[Key];
    std::string Child = "'" + P.Child->getNameAsString() + "'";
    Expected<std::string> Team = teamBody(U, P);
    if (!Team)
      return Team.takeError();
    std::string BarrierBody =
        "{\n  // Barrier 1 (0 is __syncthreads()): only the first __threads "
        "threads, whole\n"
        "  // warps, take part; the block's other threads do not wait.\n"
        "  asm volatile(\"barrier.sync 1, %0;\" : : \"r\"(__threads) : "
        "\"memory\");\n}";
    if (P.HasBarriers && BarrierDone.insert(Key.first).second)
      if (Error E = addDerivedFunction(
              U, Edits, P.Child,
              [&](StringRef) {
                return "static __device__ __forceinline__ void " + P.Barrier +
                       "(unsigned __threads)";
              },
              BarrierBody,
              "the barrier of " + Child + "'s threads when a block runs it (" +
                  PassName.str() + " T3)"))
        return E;
    if (Error E = addDerivedFunction(
            U, Edits, P.Child,
            [&](StringRef Params) {
              bool None = Params.trim().empty() || Params.trim() == "void";
              return "static __device__ void " + P.Team + "(dim3 " + GridDim +
                     ", dim3 " + BlockDim + ", unsigned long long " + First +
                     ", unsigned long long " + Count +
                     (P.InBuffer ? ", unsigned char *" + SharedBuffer : "") +
                     (None ? "" : ", " + Params.str()) + ")";
            },
            *Team,
            Child + " run by the threads of a block (" + PassName.str() +
                (P.InBuffer
                     ? " T1/T2; its shared arrays in the parent's buffer)"
                     : " T3)")))
      return E;
    if (!P.NeedsBlock)
      continue;
    std::string BlockParams =
        (P.InBuffer ? "unsigned char *" + SharedBuffer + ", " : "") + "bool " +
        Launching + ", dim3 " + GridDim + ", dim3 " + BlockDim;
    const auto Params = P.Child->parameters();
    for (size_t I = 0; I < Params.size(); ++I)
      BlockParams += ", " + spelledType(Ctx, Params[I]->getType(),
                                        Arg + std::to_string(I));
    if (Error E = addDerivedFunction(
            U, Edits, P.Child,
            [&](StringRef) {
              return "static __device__ void " + P.Block + "(" + BlockParams +
                     ")";
            },
            blockBody(P),
            "the grids of " + Child +
                " a block's threads launched, run by the block (" +
                PassName.str() + " T3)"))
      return E;
  }
  return Cloner.emitClones(U, Edits);
}

} // namespace dpopt
