//===- RemoveLaunchPersistent.cpp - Persistent parents (T1, T2) ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RemoveLaunchPersistent.h"

#include "RemoveLaunchSyncs.h"
#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Rewrite/SharedBuffer.h"
#include "dpopt/Support/Runtime.h"

#include <set>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr BuiltinSet ParentPosition =
    builtinBit(BuiltinVar::BlockIdx) | builtinBit(BuiltinVar::GridDim);

/// Why the host launch \p H of the parent cannot be replaced by a call of
/// the persistent version's launcher.
std::optional<std::string> hostLaunchBlocker(const LaunchSite &H,
                                             const FunctionDecl *Parent) {
  if (std::optional<Refusal> Why = launchFormBlocker(H))
    return Why->Reason;
  if (H.Kind != CallerKind::Host)
    return std::string("the launch is in ") + callerKindName(H.Kind) + " code";
  if (H.InTemplate)
    return std::string("the launch is in a template");
  if (H.Args.size() != Parent->getNumParams())
    return std::string("the launch relies on default arguments");
  for (const LaunchArgument &Arg : H.Args)
    if (Arg.Text.empty())
      return std::string("the launch relies on default arguments");
  return std::nullopt;
}

/// A rough size of a child block's work, in the unit of one step of T1's
/// search for a child block's record (Fig. 7(b)'s subtask length): the
/// statements and calls of the child's body.
unsigned long long subtaskCost(const Stmt *S) {
  if (!S)
    return 0;
  unsigned long long N = (!isa<Expr>(S) || isa<CallExpr>(S)) ? 1 : 0;
  for (const Stmt *C : S->children())
    N += subtaskCost(C);
  return N;
}

} // namespace

std::optional<std::string>
persistentBlocker(ProgramAnalysis &A, const LaunchSite &S,
                  std::vector<const LaunchSite *> *HostLaunches) {
  const WorkingCopy &WC = A.workingCopy();
  if (S.Kind != CallerKind::Global)
    return std::string("the launch is not in a kernel's own body (it is in ") +
           callerKindName(S.Kind) +
           " code): T1/T2 make the launching kernel persistent";
  if (S.InTemplate)
    return std::string("the launching kernel is a template");
  const FunctionDecl *Parent = S.Caller;
  const FunctionDecl *Def = getWrittenDefinition(Parent);
  if (!Def || !Def->hasBody())
    return std::string("the launching kernel's body is not in this file");
  std::string Name = "'" + S.CallerName + "'";
  if (!Def->getDeclContext()->isTranslationUnit() ||
      !getWrittenDefinition(S.Callee)->getDeclContext()->isTranslationUnit())
    return Name + " or '" + S.CalleeName +
           "' is declared in a namespace or class: dpopt writes persistent "
           "versions at "
           "file scope only";
  for (const ParmVarDecl *P : Def->parameters())
    if (P->getName().empty())
      return Name + " has an unnamed parameter, which its persistent version "
                    "could not "
                    "pass on";
  if (S.inLoop())
    return "the launch is in a loop: a thread could launch more than once per "
           "round, "
           "and the persistent blocks would run those children together (CUDA "
           "runs "
           "them in order)";
  if (containsGoto(Def->getBody()))
    return Name + " uses goto: a thread could reach the launch more than once "
                  "per round";
  const FunctionFacts &T = A.transitiveFacts(Parent);
  if (T.Launches.size() != 1)
    return Name + " can launch at " + std::to_string(T.Launches.size()) +
           " places: T1/T2 take one launch per thread and round, so that a "
           "thread's "
           "children keep their order";
  if (!T.LegacyDeviceSyncs.empty())
    return Name + " waits for its children with cudaDeviceSynchronize() (" +
           whereIs(WC, T.LegacyDeviceSyncs[0].Loc) +
           "): a persistent grid runs the children after its blocks' own work "
           "(T3 and T4 "
           "run synchronous children)";
  if (std::optional<std::string> Api = launchApiCall(A, Parent))
    return Name + " uses the launch API (" + *Api + ")";
  // A kernel launched cooperatively may not use the device runtime: on an
  // H200 with CUDA 13 the launch fails, or the calls do
  // (docs/cdp2-semantics.md).
  for (const FunctionFacts *F : {&T, &A.transitiveFacts(S.Callee)})
    if (!F->RuntimeCalls.empty())
      return "'" + F->RuntimeCalls[0].In->getNameAsString() +
             "' calls the device runtime (" + F->RuntimeCalls[0].What + " at " +
             whereIs(WC, F->RuntimeCalls[0].Loc) +
             "), which a kernel launched cooperatively, as the persistent grid "
             "is, cannot use";
  if (std::optional<Refusal> Why =
          opaqueCodeBlocker(WC, T, Name, ", which could read the block index"))
    return Why->Reason;
  if (!T.Barriers.empty()) {
    for (const Occurrence &B : T.Barriers)
      if (B.What != "__syncthreads")
        return Name + " uses " + B.What + " (" + whereIs(WC, B.Loc) +
               "), which a persistent block playing one of its blocks at a "
               "time cannot "
               "keep";
    const FunctionFacts &L = A.localFacts(Parent);
    if (!L.EarlyReturns.empty())
      return Name + " synchronizes its threads and may return early (" +
             whereIs(WC, L.EarlyReturns[0].Loc) +
             "): a thread that returned would wait at the grid barrier while "
             "the "
             "others wait at " +
             Name + "'s __syncthreads()";
  }
  if (std::optional<std::string> Why =
          t3ChildBlocker(A, S, /*ParentDynamicShared=*/true))
    return "the persistent blocks run the child as a team, and " + *Why;
  NameAllocator Scratch("");
  BuiltinCloner Cloner(A, ParentPosition, Scratch, "persist");
  if (std::optional<std::string> Why = Cloner.plan(Parent))
    return Name + " cannot become persistent: " + *Why;
  for (const ParmVarDecl *P : Def->parameters())
    if (P->getType()->isDependentType() || P->getType()->isReferenceType())
      return "the parameter '" + P->getNameAsString() + "' of " + Name +
             " cannot be passed on by the persistent version's launcher";

  std::vector<const LaunchSite *> Hosts;
  std::string Refused;
  for (const LaunchSite &H : A.sites()) {
    if (H.Side != LaunchSide::Host || !H.Callee ||
        canonicalFunction(H.Callee) != canonicalFunction(Parent))
      continue;
    if (std::optional<std::string> Why = hostLaunchBlocker(H, Def)) {
      if (Refused.empty())
        Refused = " (the one at " + whereIs(WC, H.Call->getBeginLoc()) + ": " +
                  *Why + ")";
      continue;
    }
    Hosts.push_back(&H);
  }
  if (Hosts.empty())
    return "no launch of " + Name +
           " by host code in this file can use a persistent "
           "version" +
           Refused +
           "; launches from other files or from device code keep "
           "the kernel as it is";
  if (HostLaunches)
    *HostLaunches = std::move(Hosts);
  return std::nullopt;
}

std::optional<SharedReuse> persistentSharedReuse(ProgramAnalysis &A,
                                                 const LaunchSite &S) {
  return overlayableShared(A, S.Caller, S.Callee);
}

bool childSizeIsConstant(ProgramAnalysis &A, const LaunchSite &S) {
  const ASTContext &Ctx = A.workingCopy().unit().getASTContext();
  return constantThreadCount(S.Grid.E, Ctx) &&
         constantThreadCount(S.Block.E, Ctx);
}

PersistentWriter::PersistentWriter(ProgramAnalysis &A, NameAllocator &Names,
                                   BlockRunner &Blocks)
    : A(A), Names(Names), Blocks(Blocks),
      Cloner(A, ParentPosition, Names, "persist"),
      State(Names.fresh("p_state")), Records(Names.fresh("p_records")),
      Round(Names.fresh("p_round")), OrigGrid(Names.fresh("p_grid_of_parent")),
      Rounds(Names.fresh("p_rounds")), OrigBlocks(Names.fresh("p_blocks")),
      Block(Names.fresh("p_block")), Work(Names.fresh("p_work")),
      Index(Names.fresh("p_index")), Rec(Names.fresh("p_rec")),
      Grid(Names.fresh("p_grid")), ChildBlock(Names.fresh("p_child_block")),
      First(Names.fresh("p_first")), Shmem(Names.fresh("p_shmem")),
      Stream(Names.fresh("p_stream")), Resident(Names.fresh("p_resident")),
      Per(Names.fresh("p_per_block")), Last(Names.fresh("p_last")),
      End(Names.fresh("p_end")), Take(Names.fresh("p_take")),
      SharedBuffer(Names.fresh("p_shared_memory")) {}

Error PersistentWriter::add(const ParsedUnit &U, const SiteDecision &D,
                            EditList &Edits) {
  const LaunchSite &S = *D.Site;
  const ASTContext &Ctx = U.getASTContext();
  const FunctionDecl *Parent = getWrittenDefinition(S.Caller);
  const FunctionDecl *Child = getWrittenDefinition(S.Callee);
  // §2.3's "reuse": the child's shared arrays on top of the parent's, which
  // are dead while the round's children run.
  std::optional<SharedReuse> Reuse = persistentSharedReuse(A, S);
  Expected<std::string> Team = Blocks.requestTeam(S.Callee, Reuse.has_value());
  if (!Team)
    return Team.takeError();
  if (std::optional<std::string> Why = Cloner.plan(Parent))
    return createStringError(inconvertibleErrorCode(), *Why);
  Expected<FunctionPieces> F = readFunction(U, Parent);
  if (!F)
    return F.takeError();
  Expected<std::string> Params = paramsWithoutDefaults(U, Parent);
  if (!Params)
    return Params.takeError();
  ++Count;

  std::string Stem = S.Caller->getNameAsString();
  std::string RecType = Names.fresh("p_record_" + Stem);
  std::string BodyName = Names.fresh("p_body_" + Stem);
  std::string KernelName = Names.fresh("persistent_" + Stem);
  std::string LaunchName = Names.fresh("launch_persistent_" + Stem);
  std::string Field = Names.fresh("p_arg");
  std::string ParentArgs;
  for (const ParmVarDecl *P : Parent->parameters())
    ParentArgs += ", " + P->getNameAsString();
  bool NoParams =
      StringRef(*Params).trim().empty() || StringRef(*Params).trim() == "void";
  std::string ParamTail = NoParams ? "" : ", " + *Params;

  // The record: where the child grid starts in the round's numbering of
  // child blocks, its configuration and its arguments.
  std::string RecDef =
      "struct " + RecType +
      " {\n  unsigned long long __first;\n  dim3 __grid, __block;\n";
  const auto ChildParams = Child->parameters();
  std::string TeamArgs;
  for (size_t I = 0; I < ChildParams.size(); ++I) {
    RecDef +=
        "  " +
        spelledType(Ctx, ChildParams[I]->getType(), Field + std::to_string(I)) +
        ";\n";
    TeamArgs += ", " + Rec + "." + Field + std::to_string(I);
  }
  RecDef += "};\n";

  // The parent's body for one of its original blocks, the launch recorded.
  EditList Redirects("");
  if (Error E = Cloner.redirectCalls(U, Parent, Redirects))
    return E;
  // The launch statement is replaced as a whole, so its expressions carry
  // the redirected calls themselves.
  auto Redirected = [&](const Expr *E) -> Expected<std::string> {
    auto [B, End] = U.getOffsetRange(E->getSourceRange());
    return Redirects.applyWithin(U.getText(), B, End);
  };
  Expected<std::string> GridText = Redirected(S.Grid.E),
                        BlockText = Redirected(S.Block.E);
  if (!GridText)
    return GridText.takeError();
  if (!BlockText)
    return BlockText.takeError();
  std::vector<std::string> Record = {
      // '=' and not '(...)', which can declare a function.
      "const dim3 " + Grid + " = " + *GridText + ";",
      "const dim3 " + Block + " = " + *BlockText + ";"};
  std::string ShmemValue = "0";
  if (S.SharedMem.isWritten()) {
    Expected<std::string> Text = Redirected(S.SharedMem.E);
    if (!Text)
      return Text.takeError();
    Record.push_back("const unsigned long long " + Shmem + " = (" + *Text +
                     ");");
    ShmemValue = Shmem;
  }
  if (S.Stream.isWritten() && S.Stream.E->HasSideEffects(Ctx)) {
    Expected<std::string> Text = Redirected(S.Stream.E);
    if (!Text)
      return Text.takeError();
    Record.push_back("(void)(" + *Text + ");");
  }
  // A launch the GPU would reject does no work: nothing is recorded (its
  // arguments are still evaluated when that has an effect).
  uint64_t ChildShared = A.transitiveFacts(S.Callee).staticSharedBytes();
  std::string Ignored;
  for (size_t I = 0; I < ChildParams.size() && I < S.Args.size(); ++I)
    if (S.Args[I].E->HasSideEffects(Ctx)) {
      Expected<std::string> Text = Redirected(S.Args[I].E);
      if (!Text)
        return Text.takeError();
      Ignored += " (void)(" + *Text + ");";
    }
  Record.push_back(
      "if (!" + rt::launchable + "(" + Grid + ", " + Block + ", " + ShmemValue +
      ", " + std::to_string(maxBlockThreads(S.Callee)) + ", " +
      std::to_string(ChildShared) + ")) {" + Ignored + "\n} else {");
  std::vector<std::string> Claim;
  Claim.push_back("unsigned " + Index + ";");
  Claim.push_back("unsigned long long " + First + ";");
  Claim.push_back("if (!" + rt::persistClaim + "(" + State + ", " + Round +
                  ", (unsigned long long)" + Grid + ".x * " + Grid + ".y * " +
                  Grid + ".z, " + Index + ", " + First + "))");
  Claim.push_back(
      "  __trap(); // cannot happen: a thread launches at most once per round");
  Claim.push_back(RecType + " &" + Rec + " = " + Records + "[" + Index + "];");
  Claim.push_back(Rec + ".__first = " + First + ";");
  Claim.push_back(Rec + ".__grid = " + Grid + ";");
  Claim.push_back(Rec + ".__block = " + Block + ";");
  for (size_t I = 0; I < ChildParams.size() && I < S.Args.size(); ++I) {
    Expected<std::string> Text = Redirected(S.Args[I].E);
    if (!Text)
      return Text.takeError();
    Claim.push_back(Rec + "." + Field + std::to_string(I) + " = " + *Text +
                    ";");
  }
  for (const std::string &Line : Claim)
    Record.push_back("  " + Line);
  Record.push_back("}");
  std::string RecordText =
      "{ // dpopt remove-launch T1/T2: record the launch; the "
      "persistent grid runs it after this round\n" +
      indentedLines(Record, "  ") + "}";
  EditList BodyEdits = Redirects.without(S.StmtBegin, S.StmtEnd);
  uint64_t Unused = 0;
  if (Reuse)
    if (std::optional<std::string> Why =
            sharedIntoBuffer(A, Parent, SharedBuffer, &BodyEdits, Unused))
      return createStringError(inconvertibleErrorCode(), *Why);
  BodyEdits.replace(
      S.StmtBegin, S.StmtEnd - S.StmtBegin,
      indentLines(RecordText, indentationAt(U.getText(), S.StmtBegin)));
  Expected<std::string> Body = bodyWithEdits(U, *F, BodyEdits);
  if (!Body)
    return Body.takeError();
  std::string StateParams =
      rt::PersistState + " *" + State + ", " + RecType + " *" + Records;
  std::string BufferParam = Reuse ? ", unsigned char *" + SharedBuffer : "";
  std::string BufferArg = Reuse ? ", " + SharedBuffer : "";
  std::string BodyDef = "static __device__ void " + BodyName + "(" +
                        builtinParameterList(ParentPosition) + ", " +
                        StateParams + ", unsigned long long " + Round +
                        BufferParam + ParamTail + ") " + *Body + "\n";

  // The persistent kernel: rounds of one original block per persistent
  // block, then the round's records.
  std::string G = OrigGrid;
  std::string K = "__global__ void " +
                  (F->LaunchBounds.empty() ? "" : F->LaunchBounds + " ") +
                  KernelName + "(" + StateParams + ", dim3 " + G + ParamTail +
                  ") {\n";
  if (Reuse)
    K += "  // The parent's shared variables (" +
         std::to_string(Reuse->ParentBytes) +
         " bytes) and, once the round's parents are done, the child's (" +
         std::to_string(Reuse->ChildBytes) +
         " bytes).\n  __shared__ __align__(" +
         std::to_string(SharedBufferAlign) + ") unsigned char " + SharedBuffer +
         "[" + std::to_string(std::max(Reuse->ParentBytes, Reuse->ChildBytes)) +
         "];\n";
  K += "  const unsigned long long " + OrigBlocks + " = (unsigned long long)" +
       G + ".x * " + G + ".y * " + G + ".z;\n";
  K += "  const unsigned long long " + Rounds + " = (" + OrigBlocks +
       " + gridDim.x - 1) / gridDim.x;\n";
  K += "  for (unsigned long long " + Round + " = 0; " + Round + " < " +
       Rounds + "; ++" + Round + ") {\n";
  K += "    " + rt::persistBeginRound + "(" + State + ", " + Round + ");\n";
  K += "    const unsigned long long " + Block + " = " + Round +
       " * gridDim.x + blockIdx.x;\n";
  K += "    if (" + Block + " < " + OrigBlocks + ")\n";
  K += "      " + BodyName + "(make_uint3(" + Block + " % " + G + ".x, " +
       Block + " / " + G + ".x % " + G + ".y, " + Block +
       " / ((unsigned long long)" + G + ".x * " + G + ".y)), " + G + ", " +
       State + ", " + Records + ", " + Round + BufferArg + ParentArgs + ");\n";
  K += "    " + rt::gridSync + "(" + State + "->__barrier);\n";
  K += "    const " + rt::PersistWork + " " + Work + " = " + rt::persistWork +
       "(" + State + ", " + Round + ");\n";
  K += "    if (" + Work + ".__count == 0)\n      continue;\n";
  // T1 as Fig. 3 assigns: each persistent block a contiguous share of the
  // round's child blocks; one search finds the record of its first, the
  // records after it follow in order.
  std::string T1Loop =
      "const unsigned long long " + Per + " = (" + Work +
      ".__blocks + gridDim.x - 1) / gridDim.x;\n"
      "unsigned long long " +
      ChildBlock + " = blockIdx.x * " + Per +
      ";\n"
      "const unsigned long long " +
      Last + " = " + ChildBlock + " + " + Per + " < " + Work + ".__blocks ? " +
      ChildBlock + " + " + Per + " : " + Work +
      ".__blocks;\n"
      "for (unsigned " +
      Index + " = " + ChildBlock + " < " + Last + " ? " + rt::persistFind +
      "(" + Records + ", " + Work + ".__count, " + ChildBlock + ") : 0; " +
      ChildBlock + " < " + Last + "; ++" + Index +
      ") {\n"
      "  const " +
      RecType + " " + Rec + " = " + Records + "[" + Index +
      "];\n"
      "  const unsigned long long " +
      End + " = " + Index + " + 1 < " + Work + ".__count ? " + Records + "[" +
      Index + " + 1].__first : " + Work +
      ".__blocks;\n"
      "  const unsigned long long " +
      Take + " = (" + End + " < " + Last + " ? " + End + " : " + Last + ") - " +
      ChildBlock +
      ";\n"
      "  " +
      *Team + "(" + Rec + ".__grid, " + Rec + ".__block, " + ChildBlock +
      " - " + Rec + ".__first, " + Take + BufferArg + TeamArgs +
      ");\n"
      "  " +
      ChildBlock + " += " + Take + ";\n}";
  std::string T2Loop = "for (unsigned long long " + Index + " = blockIdx.x; " +
                       Index + " < " + Work + ".__count; " + Index +
                       " += gridDim.x) {\n"
                       "  const " +
                       RecType + " " + Rec + " = " + Records + "[" + Index +
                       "];\n"
                       "  " +
                       *Team + "(" + Rec + ".__grid, " + Rec +
                       ".__block, 0, ~0ull" + BufferArg + TeamArgs + ");\n}";
  switch (*D.Persist) {
  case PersistMode::T1:
    K += "    // T1: the round's child blocks, spread over the persistent "
         "blocks.\n";
    K += "    " + indentLines(T1Loop, "    ") + "\n";
    break;
  case PersistMode::T2:
    K += "    // T2: the round's child grids, spread over the persistent "
         "blocks.\n";
    K += "    " + indentLines(T2Loop, "    ") + "\n";
    break;
  case PersistMode::Select:
    K += "    // Fig. 7(b): T1 (child blocks spread) or T2 (child grids "
         "spread), the same\n"
         "    // choice in every block.\n";
    K += "    if (" + rt::persistUseT1 + "(" + Work + ", " +
         std::to_string(
             std::max<unsigned long long>(1, subtaskCost(Child->getBody()))) +
         "ull)) {\n";
    K += "      " + indentLines(T1Loop, "      ") + "\n    } else {\n";
    K += "      " + indentLines(T2Loop, "      ") + "\n    }\n";
    break;
  }
  K += "    // The next round's parents write records this round's blocks "
       "read.\n";
  K += "    if (" + Round + " + 1 < " + Rounds + ")\n";
  K += "      " + rt::gridSync + "(" + State + "->__barrier);\n  }\n}\n";

  // The host side: the launcher the host launches call.
  std::string LaunchHead = "static cudaError_t " + LaunchName + "(dim3 " +
                           Grid + ", dim3 " + Block + ", size_t " + Shmem +
                           ", cudaStream_t " + Stream + ParamTail + ")";
  std::string L = LaunchHead + " {\n";
  L += "  const unsigned long long " + Resident + " = " + rt::persistentBlocks +
       "(" + KernelName + ", " + Block + ", " + Shmem + ");\n";
  std::string Own = S.CallerName + "<<<" + Grid + ", " + Block + ", " + Shmem +
                    ", " + Stream + ">>>(" +
                    (ParentArgs.empty() ? "" : ParentArgs.substr(2)) + ");\n";
  if (D.HostFallsBack) {
    L += "  // Fig. 7(a): the child grids all have the same size, so when the "
         "grid has no\n"
         "  // fewer blocks than can be resident, the kernel runs as it is (" +
         std::string(techniqueName(*D.Chosen)) +
         ").\n"
         "  // So it does when no persistent block fits (its shared memory and "
         "the\n"
         "  // child's together).\n";
    L += "  // A configuration the GPU rejects is launched as written, so that "
         "it\n"
         "  // fails as it did.\n";
    L += "  if (" + Resident + " == 0 || !" + rt::launchable + "(" + Grid +
         ", " + Block + ", 0) ||\n      " + Resident +
         " <= (unsigned long long)" + Grid + ".x * " + Grid + ".y * " + Grid +
         ".z) {\n";
  } else {
    L += "  // No persistent block fits (its shared memory and the child's "
         "together),\n"
         "  // or the GPU rejects the configuration: the kernel runs, or "
         "fails, as it\n"
         "  // did.\n";
    L += "  if (" + Resident + " == 0 || !" + rt::launchable + "(" + Grid +
         ", " + Block + ", 0)) {\n";
  }
  L += "    " + Own + "    return cudaPeekAtLastError();\n  }\n";
  L += "  return " + rt::launchPersistent + "(" + KernelName + ", " + Resident +
       ", " + Grid + ", " + Block + ", " + Shmem + ", " + Stream + ParentArgs +
       ");\n}";

  std::string What = "'" + S.CallerName +
                     "' as a persistent grid that runs its launches of '" +
                     S.CalleeName + "' (remove-launch " +
                     persistModeName(*D.Persist) + ")";
  Edits.insert(F->DeclEnd, "\n\n// dpopt: a launch of '" + S.CalleeName +
                               "' recorded by " + What + "\n" + RecDef +
                               "\n// dpopt: one block of " + What + "\n" +
                               BodyDef + "\n// dpopt: " + What + "\n" + K +
                               "\n// dpopt: launches " + What + "\n" + L);

  // Host launches: before the launcher is defined they need a declaration.
  std::set<unsigned> Declared;
  for (const LaunchSite *H : D.HostLaunches) {
    unsigned At = outermostDeclBegin(U, H->Caller, /*FileScope=*/true);
    if (At < F->DeclEnd && Declared.insert(At).second)
      Edits.insert(At, "// dpopt: declared here for the launches of " + What +
                           "\n" + LaunchHead + ";\n");
    std::string Call = "(void)" + LaunchName + "(" + H->Grid.Text + ", " +
                       H->Block.Text + ", " +
                       (H->SharedMem.isWritten() ? H->SharedMem.Text : "0") +
                       ", " + (H->Stream.isWritten() ? H->Stream.Text : "0");
    for (const LaunchArgument &Arg : H->Args)
      Call += ", " + Arg.Text;
    Call += ");";
    Edits.replace(H->StmtBegin, H->StmtEnd - H->StmtBegin,
                  "/* dpopt remove-launch: persistent '" + S.CallerName +
                      "' */ " + Call);
  }
  return Error::success();
}

Error PersistentWriter::emit(const ParsedUnit &U, EditList &Edits) {
  return Cloner.emitClones(U, Edits);
}

} // namespace dpopt
