//===- LaunchGroups.cpp - Launches collected per group of threads --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LaunchGroups.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LocalVariables.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/BodyInLoop.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Rewrite/WarpConvergence.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace llvm;

namespace dpopt {

GroupNames::GroupNames(NameAllocator &A)
    : Grid(A.fresh("grid")), Block(A.fresh("block")), Shmem(A.fresh("shmem")),
      R(A.fresh("r")), Records(A.fresh("records")), Count(A.fresh("count")),
      Blocks(A.fresh("blocks")), Index(A.fresh("index")),
      Group(A.fresh("group")), Threshold(A.fresh("threshold")),
      Mine(A.fresh("mine")), Local(A.fresh("local_block")),
      Rank(A.fresh("rank")), Exit(A.fresh("exit")), Next(A.fresh("done")),
      In(A.fresh("in") + "_"), Warp(A.fresh("warp")), Last(A.fresh("last")),
      Item(A.fresh("item")), Threads(A.fresh("threads")),
      Concurrency(A.fresh("kc")), WantBlocks(A.fresh("want_blocks")),
      WantThreads(A.fresh("want_threads")), Thread(A.fresh("thread")),
      LocalThread(A.fresh("local_thread")) {}

std::string printedType(QualType T, const ASTContext &Ctx, StringRef Name) {
  T.removeLocalConst();
  T.removeLocalVolatile();
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  PP.FullyQualifiedName = true;
  std::string Out;
  raw_string_ostream OS(Out);
  T.print(OS, PP, Name);
  return Out;
}

/// A launch other than \p S that a thread of \p S's kernel (whose facts
/// are \p Parent) can make in a stream that may be ordered with the
/// implicit one, or null. Fire-and-forget launches, launches into a stream
/// the thread created for them alone and tail launches (they start after
/// the whole grid, grouped launches included) carry no order with \p S's
/// child; a launch dpopt has no site for counts as ordered.
static const Occurrence *orderedSiblingLaunch(ProgramAnalysis &A,
                                              const LaunchSite &S,
                                              const FunctionFacts &Parent) {
  std::vector<const LaunchSite *> Sites = A.deviceSites();
  for (const Occurrence &O : Parent.Launches) {
    if (O.Loc == S.Call->getBeginLoc())
      continue;
    auto Other = llvm::find_if(Sites, [&](const LaunchSite *T) {
      return T->Call->getBeginLoc() == O.Loc;
    });
    if (Other != Sites.end() && (isUnorderedStream((*Other)->InStream) ||
                                 (*Other)->InStream == StreamKind::TailLaunch))
      continue;
    return &O;
  }
  return nullptr;
}

std::optional<Refusal>
groupedParentBlocker(const LaunchSite &S, ProgramAnalysis &A, bool Asserted,
                     StringRef PragmaText, StringRef Done, bool MovesPostwork) {
  if (S.Kind != CallerKind::Global)
    return Refusal{
        DiagId::GroupLaunchInFunction,
        "the launch is in '" + S.CallerName +
            "', not in a kernel's own body: the group's state lives in the "
            "kernel"};
  for (const LaunchArgument &Arg : S.Args)
    if (isa<PackExpansionExpr>(Arg.E))
      return Refusal{
          DiagId::GroupPackArgument,
          "the argument '" + Arg.Text +
              "' expands a parameter pack: the launch record holds one field "
              "per argument"};
  const WorkingCopy &WC = A.workingCopy();
  const FunctionFacts &Parent = A.transitiveFacts(S.Caller);
  if (!Parent.InlineAsm.empty())
    return Refusal{
        DiagId::GroupParentInlineAsm,
        "'" + S.CallerName + "' contains inline assembly at " +
            whereIs(WC, Parent.InlineAsm[0].Loc) +
            ": a thread could leave the kernel without counting itself out of "
            "its group"};
  if (std::optional<std::string> Why =
          loopBodyBlocker(WC.unit(), getWrittenDefinition(S.Caller)))
    return Refusal{DiagId::BodyNotLoopable, *Why};
  if (S.InStream != StreamKind::Implicit && !isUnorderedStream(S.InStream))
    return Refusal{
        DiagId::GroupOrderedStream,
        "the launch goes to the stream '" + S.Stream.Text + "': the " +
            Done.str() +
            " launch could not keep its order with that stream's other work" +
            ownStreamNote(S)};
  // One thread's launches into an ordered stream run one after the other; a
  // grouped grid runs them together. Fire-and-forget launches carry no
  // order the group would lose, nor do launches into a stream the thread
  // created for them alone.
  if (!Asserted && !isUnorderedStream(S.InStream)) {
    if (S.inLoop())
      return Refusal{
          DiagId::GroupImplicitStreamOrder,
          "the launch is in a loop and a thread's launches into the "
          "implicit stream run in order: write '#pragma dp " +
              PragmaText.str() +
              "' or launch into cudaStreamFireAndForget if the children are "
              "independent"};
    if (const Occurrence *Other = orderedSiblingLaunch(A, S, Parent))
      return Refusal{
          DiagId::GroupImplicitStreamOrder,
          "'" + S.CallerName + "' also launches at " + whereIs(WC, Other->Loc) +
              ", and a thread's launches into the implicit stream run in "
              "order: write '#pragma dp " +
              PragmaText.str() +
              "' or launch into cudaStreamFireAndForget if the children are "
              "independent"};
  }
  // CDP1: the thread waits for its child and then reads what it wrote. The
  // grouped launch is made only when the thread is done.
  if (!MovesPostwork && !Parent.LegacyDeviceSyncs.empty())
    return Refusal{DiagId::GroupParentLegacySync,
                   "'" + S.CallerName + "' calls cudaDeviceSynchronize() at " +
                       whereIs(WC, Parent.LegacyDeviceSyncs[0].Loc) +
                       ", which waits for the children: the " + Done.str() +
                       " launch would come after it"};
  // The grouped launch is made when the kernel's threads are done, after
  // any tail launch they made: CUDA 13 hung warps that launched after tail
  // launches (docs/cdp2-semantics.md), and dpopt does not move a launch past
  // one.
  if (std::optional<Refusal> Why = tailLaunchBlocker(A, S))
    return *Why + ": the " + Done.str() +
           " launch would come after that tail launch";
  // The record step runs in the launch's branch; the lanes that skip the
  // branch must wait for it (WarpConvergence.h).
  if (!S.Branches.empty())
    if (std::optional<std::string> Why =
            enclosureBlocker(WC.unit(), S.Branches.front()))
      return Refusal{
          DiagId::GroupEnclosure,
          "the statement around the launch (" +
              whereIs(WC, S.Branches.front()->getBeginLoc()) +
              ") cannot be made to end with its warp's lanes together: " +
              *Why};
  return std::nullopt;
}

std::optional<Refusal> groupedEnclosureBlocker(
    const LaunchSite &S, ProgramAnalysis &A,
    function_ref<bool(const LaunchSite &)> RewrittenOtherwise) {
  // The sites of S's kernel the pass rewrites if the statements around them
  // allow: each one's enclosures may hold the others, which become records
  // (and their own streams' calls go; a record's rare fallback launch is
  // the kind of launch a site's own enclosure already holds). A site whose
  // enclosures still hold a runtime call stays a launch, which may block
  // others: drop such sites until none is left, S assumed rewritten. S then
  // passes only if it is in the largest set of sites whose enclosures are
  // all clear, so the decisions of all the sites agree.
  std::vector<const LaunchSite *> Set{&S};
  for (const LaunchSite *O : A.deviceSites())
    if (O != &S && O->Caller == S.Caller && RewrittenOtherwise(*O))
      Set.push_back(O);
  auto DroppedFor = [&](const LaunchSite *X) {
    std::vector<const Stmt *> Out = droppableOwnStreamCalls(A, *X);
    for (const LaunchSite *O : Set)
      if (O != X) {
        Out.push_back(O->Call);
        llvm::append_range(Out, droppableOwnStreamCalls(A, *O));
      }
    return Out;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 1; I < Set.size(); ++I)
      if (enclosedRuntimeUseBlocker(A, *Set[I], DroppedFor(Set[I])) ||
          earlyExitRuntimeUseBlocker(A, *Set[I], DroppedFor(Set[I]))) {
        Set.erase(Set.begin() + I);
        Changed = true;
        break;
      }
  }
  if (std::optional<Refusal> Why =
          enclosedRuntimeUseBlocker(A, S, DroppedFor(&S)))
    return Why;
  if (std::optional<Refusal> Why = earlyExitBarrierBlocker(
          A, S.Caller, "the parent '" + S.CallerName + "'"))
    return Why;
  return earlyExitRuntimeUseBlocker(A, S, DroppedFor(&S));
}

std::optional<Refusal> groupedChildBlocker(const LaunchSite &S,
                                           ProgramAnalysis &A, StringRef Doing,
                                           StringRef Done, bool SyncMoved) {
  const FunctionDecl *Def = getWrittenDefinition(S.Callee);
  const WorkingCopy &WC = A.workingCopy();
  std::string Name = "'" + S.CalleeName + "'";
  if (Def->isTemplateInstantiation() || Def->getDescribedFunctionTemplate() ||
      Def->isDependentContext())
    return Refusal{DiagId::GroupTemplateKernel,
                   Name + " is a template: " + Doing.str() +
                       " template kernels is not supported yet"};
  if (!Def->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return Refusal{
        DiagId::GroupNamespacedKernel,
        Name +
            " is declared inside a namespace or class: its launch record "
            "would be declared where its parameter types may not be visible"};
  for (const ParmVarDecl *P : Def->parameters())
    if (P->getType()->isDependentType() || P->getType()->isReferenceType())
      return Refusal{DiagId::GroupParameterType,
                     Name + " has a parameter of a type dpopt cannot store ('" +
                         P->getType().getAsString() + "')"};
  const FunctionFacts &F = A.transitiveFacts(S.Callee);
  if (std::optional<Refusal> Why = opaqueCodeBlocker(
          WC, F, Name,
          ", which could read the hardware's block or thread index"))
    return Why;
  // The clone runs the child's body with its returns made jumps to the
  // clone's end, as the parent's.
  if (std::optional<Refusal> Why = earlyExitBarrierBlocker(A, S.Callee, Name))
    return Why;
  if (!SyncMoved && !F.LegacyDeviceSyncs.empty())
    return Refusal{DiagId::ChildLegacySync,
                   Name + " calls cudaDeviceSynchronize() at " +
                       whereIs(WC, F.LegacyDeviceSyncs[0].Loc)};
  if (std::optional<std::string> Why = loopBodyBlocker(WC.unit(), Def))
    return Refusal{DiagId::BodyNotLoopable, *Why};
  NameAllocator Scratch("");
  BuiltinCloner Cloner(A, AllBuiltins, Scratch, "grp");
  if (std::optional<std::string> Why = Cloner.plan(S.Callee))
    return Refusal{DiagId::CloneBlocked,
                   Name + " cannot be " + Done.str() + ": " + *Why};
  return std::nullopt;
}

bool needsLeavingThreads(const LaunchSite &S, ProgramAnalysis &A) {
  const FunctionFacts &F = A.transitiveFacts(S.Callee);
  if (F.Barriers.empty() && F.WarpOps.empty())
    return false;
  const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
  return !constantThreadCount(S.Block.E, Ctx).has_value();
}

std::string leaveBeyondRecord(StringRef Rank, StringRef Participants,
                              StringRef Indent) {
  std::string I = Indent.str();
  return I +
         "// Threads past the original block leave: its barriers and warp\n" +
         I +
         "// operations then see only its own threads, as in its own grid.\n" +
         I + "if (" + Rank.str() + " >= " + Participants.str() + ")\n" + I +
         "  return;\n";
}

std::string groupRef(const GroupSite &P) {
  switch (P.Level) {
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

namespace {

std::string groupBlocks(const GroupSite &P) {
  if (P.Level == Granularity::Grid)
    return "0ull";
  // The same expression in the prologue and the epilogue: it depends only
  // on the grid and block, so every block of the grid gets the same size.
  if (P.Fit) {
    std::string Bytes = "(" + P.PerThread + ") * sizeof(" + P.Record + ")";
    if (P.FitBlockThreads && !P.GuardedAxes)
      return rt::aggFittingGroupBlocksFor + "(" +
             std::to_string(*P.FitBlockThreads) + "ull * " + Bytes + ")";
    return rt::aggFittingGroupBlocks + "(" + Bytes +
           (P.GuardedAxes ? ", " + std::to_string(P.GuardedAxes) + "u"
                          : std::string()) +
           ")";
  }
  return std::to_string(P.GroupBlocks) + "ull";
}

std::string capacityArgs(const GroupSite &P) {
  if (P.GuardedAxes)
    return P.PerThread + ", " + (P.Capacity.empty() ? "0u" : P.Capacity) +
           ", " + std::to_string(P.GuardedAxes) + "u";
  return P.PerThread + (P.Capacity.empty() ? "" : ", " + P.Capacity);
}

} // namespace

PassedGroups::PassedGroups(const std::vector<const GroupSite *> &Own,
                           NameAllocator &A) {
  for (const GroupSite *P : Own) {
    std::string Name = P->Level == Granularity::Grid ? A.fresh("slot") : "";
    PerSite.push_back(Name);
    if (!Name.empty())
      Slots.emplace_back(P, Name);
  }
}

std::string PassedGroups::take(
    StringRef Blocks, StringRef Threads, StringRef Records,
    function_ref<std::string(const GroupSite &)> PerThread) const {
  if (Slots.empty())
    return "";
  std::string S = "// The clone's grid-wide groups, set up here: its blocks "
                  "need not look them up.\n  ";
  for (const auto &[Site, Name] : Slots)
    S += rt::AggTableSlot + " *" + Name + " = " + rt::aggNewGridGroup +
         "(sizeof(" + Site->Record + "), " + Blocks.str() + ", dim3(" +
         Threads.str() + "), " + PerThread(*Site) + ", " +
         std::to_string(Site->GuardedAxes) + "u, " + Records.str() + ");\n  ";
  return S;
}

std::string PassedGroups::params() const {
  std::string S;
  for (const auto &Slot : Slots)
    S += ", " + rt::AggTableSlot + " *" + Slot.second;
  return S;
}

std::string PassedGroups::args() const {
  std::string S;
  for (const auto &Slot : Slots)
    S += ", " + Slot.second;
  return S;
}

std::string groupPrologue(const std::vector<const GroupSite *> &Sites,
                          ArrayRef<std::string> Passed) {
  std::string S;
  for (size_t I = 0; I < Sites.size(); ++I) {
    const GroupSite *P = Sites[I];
    std::string Where =
        " // launch group of the launch of '" + P->S->CalleeName + "'\n";
    const std::string RecordBytes = "sizeof(" + P->Record + ")";
    switch (P->Level) {
    case Granularity::Warp:
      S += "  __shared__ " + rt::AggGroup + " " + P->Group + "[32];" + Where;
      S += "  " + rt::aggBeginWarp + "(" + P->Group + ", " + RecordBytes +
           ", " + capacityArgs(*P) + ");\n";
      break;
    case Granularity::Block:
      S += "  __shared__ " + rt::AggGroup + " " + P->Group + ";" + Where;
      S += "  " + rt::aggBeginBlock + "(" + P->Group + ", " + RecordBytes +
           ", " + capacityArgs(*P) + ");\n";
      break;
    case Granularity::MultiBlock:
    case Granularity::Grid:
      S += "  __shared__ " + rt::AggBlockLink + " " + P->Group + ";" + Where;
      if (I < Passed.size() && !Passed[I].empty()) {
        S += "  " + rt::aggBeginPassedGroup + "(" + P->Group + ", " +
             RecordBytes + ", " + Passed[I] + ", " + std::to_string(P->S->Id) +
             "u, " + P->PerThread +
             (P->GuardedAxes ? ", " + std::to_string(P->GuardedAxes) + "u"
                             : std::string()) +
             ");\n";
        break;
      }
      S += "  " + rt::aggBeginMultiBlock + "(" + P->Group + ", " + RecordBytes +
           ", " + std::to_string(P->S->Id) + "u, " + groupBlocks(*P) + ", " +
           P->PerThread +
           (P->GuardedAxes ? ", " + std::to_string(P->GuardedAxes) + "u"
                           : std::string()) +
           ");\n";
      break;
    }
  }
  return S;
}

std::string groupEpilogue(const std::vector<const GroupSite *> &Sites,
                          const std::string &Last,
                          const std::string &Participants) {
  std::string S;
  for (const GroupSite *P : Sites) {
    switch (P->Level) {
    case Granularity::Warp:
      S += "  if (" + rt::aggArrive + "(" + groupRef(*P) + ", " +
           rt::aggWarpMembers + "(" + Participants + ")))\n";
      S += "    " + P->Launcher + "(" + groupRef(*P) + P->LauncherArgs + ");\n";
      break;
    case Granularity::Block:
      S += "  if (" + rt::aggArrive + "(" + P->Group + ", " +
           (Participants.empty() ? rt::aggBlockThreads + "()" : Participants) +
           "))\n";
      S += "    " + P->Launcher + "(" + P->Group + P->LauncherArgs + ");\n";
      break;
    case Granularity::MultiBlock:
    case Granularity::Grid:
      S += "  if (" + rt::AggTableSlot + " *" + Last + " = " +
           rt::aggArriveMultiBlock + "(" + P->Group + ", " + groupBlocks(*P) +
           (Participants.empty() ? "" : ", " + Participants) + ")) {\n";
      S += "    " + P->Launcher + "(" + Last + "->__group" + P->LauncherArgs +
           ");\n";
      S += "    " + rt::aggLeave + "(" + Last + ");\n  }\n";
      break;
    }
  }
  return S;
}

std::string recordSupport(StringRef Comment, StringRef Rec, StringRef Make,
                          const std::vector<std::string> &Fields,
                          const std::vector<std::string> &Types,
                          const GroupNames &G) {
  std::string S = Comment.str() + "\n";
  S += "struct " + Rec.str() + " : " + rt::AggConfig + " {\n  struct {\n";
  for (size_t I = 0; I < Fields.size(); ++I)
    S += "    " + Types[I] + " " + Fields[I] + ";\n";
  if (Fields.empty())
    S += "    char __none;\n";
  S += "  } __args;\n};\n";
  S += "static __device__ __forceinline__ " + Rec.str() + " " + Make.str() +
       "(dim3 " + G.Grid + ", dim3 " + G.Block + ", unsigned " + G.Shmem;
  for (size_t I = 0; I < Fields.size(); ++I)
    S += ", " + Types[I] + " " + Fields[I];
  S += ") {\n  " + Rec.str() + " " + G.R + ";\n  " + G.R +
       ".__grid = " + G.Grid + ";\n  " + G.R + ".__block = " + G.Block +
       ";\n  " + G.R + ".__shmem = " + G.Shmem + ";\n  " + G.R +
       ".__end = 0;\n";
  for (const std::string &F : Fields)
    S += "  " + G.R + ".__args." + F + " = " + F + ";\n";
  S += "  return " + G.R + ";\n}\n";
  return S;
}

bool isUniformArgument(const Expr *E,
                       function_ref<bool(const ParmVarDecl *)> ParamOK) {
  return isStableExpr(E, [&](const VarDecl *VD) {
    if (const auto *P = dyn_cast<ParmVarDecl>(VD))
      return ParamOK(P);
    // Not a local constant: the launcher's arguments are evaluated at the
    // kernel's end, where the site's locals are out of scope.
    return !VD->isLocalVarDeclOrParm() &&
           VD->isUsableInConstantExpressions(VD->getASTContext());
  });
}

std::vector<std::string> notPassedOnce(const std::vector<std::string> &All,
                                       const std::vector<bool> &Uniform) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < All.size(); ++I)
    if (I >= Uniform.size() || !Uniform[I])
      Out.push_back(All[I]);
  return Out;
}

std::map<const FunctionDecl *, std::vector<bool>>
uniformParameters(ArrayRef<const LaunchSite *> Sites, bool SharedGroups) {
  std::map<const FunctionDecl *, std::vector<bool>> Uniform;
  for (const LaunchSite *S : Sites) {
    auto [It, New] = Uniform.try_emplace(canonicalFunction(S->Callee));
    if (New)
      for (const ParmVarDecl *P : getWrittenDefinition(S->Callee)->parameters())
        It->second.push_back(!P->getName().empty());
  }
  if (SharedGroups)
    for (const LaunchSite *S : Sites)
      for (const LaunchSite *O : Sites) {
        if (O == S ||
            canonicalFunction(O->Caller) != canonicalFunction(S->Caller) ||
            canonicalFunction(O->Callee) != canonicalFunction(S->Callee))
          continue;
        std::vector<bool> &Child = Uniform[canonicalFunction(S->Callee)];
        for (size_t I = 0; I < Child.size(); ++I)
          if (I >= S->Args.size() || I >= O->Args.size() ||
              S->Args[I].Text != O->Args[I].Text)
            Child[I] = false;
      }
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const LaunchSite *S : Sites) {
      std::vector<bool> &Child = Uniform[canonicalFunction(S->Callee)];
      const FunctionDecl *CallerDef = getWrittenDefinition(S->Caller);
      auto CallerPlan = Uniform.find(canonicalFunction(S->Caller));
      auto ParamOK = [&](const ParmVarDecl *Param) {
        if (!CallerDef || !isNeverModified(Param, CallerDef->getBody()))
          return false;
        if (CallerPlan == Uniform.end())
          return true;
        unsigned I = Param->getFunctionScopeIndex();
        return I < CallerPlan->second.size() && CallerPlan->second[I];
      };
      for (size_t I = 0; I < Child.size(); ++I)
        if (Child[I] && (I >= S->Args.size() || !S->Args[I].E ||
                         !isUniformArgument(S->Args[I].E, ParamOK))) {
          Child[I] = false;
          Changed = true;
        }
    }
  }
  return Uniform;
}

Error dropOwnStreamCalls(const ParsedUnit &U, ProgramAnalysis &A,
                         const LaunchSite &S, EditList &Edits) {
  bool First = true;
  for (const Stmt *Call : droppableOwnStreamCalls(A, S)) {
    Expected<unsigned> End = statementEnd(U, Call);
    if (!End)
      return End.takeError();
    unsigned Begin = U.getOffset(Call->getBeginLoc());
    // The creation (first) leaves '(void)S;': nvcc would warn that the
    // variable is never used.
    Edits.replace(Begin, *End - Begin,
                  (First ? "(void)" + S.Stream.Text + "; " : std::string()) +
                      "/* dpopt: stream '" + S.Stream.Text +
                      "' dropped: nothing is launched into it now */" +
                      (First ? "" : ";"));
    First = false;
  }
  return Error::success();
}

std::string recordStatement(const GroupSite &P, StringRef Comment,
                            StringRef Rec, StringRef Make, StringRef MakeArgs,
                            StringRef Callee, StringRef FallbackArgs,
                            const GroupNames &G) {
  return recordStatement(
      P, Comment, Rec, Make, MakeArgs,
      deviceLaunchStatement(
          P.S->Id, launchStatement(Callee, G.R + ".__grid", G.R + ".__block",
                                   G.R + ".__shmem",
                                   std::string("cudaStreamFireAndForget"),
                                   FallbackArgs)),
      G);
}

std::string recordStatement(const GroupSite &P, StringRef Comment,
                            StringRef Rec, StringRef Make, StringRef MakeArgs,
                            StringRef Fallback, const GroupNames &G) {
  const LaunchSite &S = *P.S;
  std::string Args =
      MakeArgs.trim().empty() ? std::string() : ", " + MakeArgs.str();
  unsigned MaxThreads = maxBlockThreads(S.Callee);
  return "{ // " + Comment.str() + "\n  dim3 " + G.Grid + " = " + S.Grid.Text +
         ";\n  dim3 " + G.Block + " = " + S.Block.Text + ";\n  " + Rec.str() +
         " " + G.R + " = " + Make.str() + "(" + G.Grid + ", " + G.Block + ", " +
         (S.SharedMem.isWritten() ? "(" + S.SharedMem.Text + ")" : "0u") +
         Args + ");\n  if (!" + rt::aggRecord + "(" + groupRef(P) + ", " + G.R +
         (MaxThreads < 1024 || !P.RecordThreads.empty()
              ? ", " + std::to_string(MaxThreads) + "u"
              : std::string()) +
         (P.RecordThreads.empty() ? "" : ", " + P.RecordThreads) + "))\n    " +
         Fallback.str() + "\n}";
}

size_t GroupSiteTable::add(GroupSite P) {
  const FunctionDecl *Parent = canonicalFunction(P.S->Caller);
  auto [It, New] = ByParent.try_emplace(Parent);
  if (New)
    Parents.push_back(Parent);
  It->second.push_back(Sites.size());
  Sites.push_back(std::move(P));
  return Sites.size() - 1;
}

std::vector<const GroupSite *>
GroupSiteTable::in(const FunctionDecl *Kernel) const {
  std::vector<const GroupSite *> Out;
  auto It = ByParent.find(canonicalFunction(Kernel));
  if (It != ByParent.end())
    for (size_t I : It->second)
      Out.push_back(&Sites[I]);
  return Out;
}

Error rewriteGroupParents(const ParsedUnit &U, const GroupSiteTable &Sites,
                          const EditList &SiteEdits, StringRef Tag,
                          const GroupNames &G, EditList &Edits) {
  // Parents: their bodies get the site rewrites, a prologue and an epilogue
  // that every way out of the kernel reaches.
  for (const FunctionDecl *Parent : Sites.parents()) {
    const FunctionDecl *Def = getWrittenDefinition(Parent);
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    Expected<LoopBody> Body = bodyForLoop(U, Def, SiteEdits, G.Exit, G.In);
    if (!Body)
      return Body.takeError();
    std::vector<const GroupSite *> Mine = Sites.in(Parent);
    std::string Text =
        "\n  // dpopt " + Tag.str() + ": set up the launch groups\n" +
        groupPrologue(Mine) + "  " + rt::aggConvergeWarp +
        "(); // the lanes start together\n" + Body->Prologue + "  " +
        Body->Body + "\n" + (Body->NeedsLabel ? G.Exit + ":;\n" : "") +
        "  // dpopt " + Tag.str() +
        ": count this thread out; the last launches\n" +
        groupEpilogue(Mine, G.Last);
    Edits.replace(F->BodyBegin + 1, F->BodyEnd - F->BodyBegin - 2, Text);
  }
  return Error::success();
}

} // namespace dpopt
