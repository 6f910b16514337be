//===- MergePass.cpp - Consecutive launches as one merged launch ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// See MergePass.h for the contract. plan() forms the groups and gives every
// site its verdict; run() writes, per kernel, a __device__ copy of its body
// taking the built-ins as parameters, per group a merged kernel that picks
// the body by block, and at the sites the decision and both launches.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Passes/MergePass.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/HostPointers.h"
#include "dpopt/Analysis/MemoryEffects.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/BuiltinParams.h"
#include "dpopt/Rewrite/EditList.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <set>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr StringRef PassName = "merge";

/// Launches merged into one, in source order.
struct MergeGroup {
  std::vector<const LaunchSite *> Sites;
  /// '#pragma dp merge' asked for it (else dpopt proved it independent).
  bool Asked = false;
};

class MergePlan : public PassPlan {
public:
  std::vector<MergeGroup> Groups;
  /// Sites a remark explains: asked for, or in a run dpopt tried.
  std::set<const LaunchSite *> Explained;
};

bool asksMerge(const LaunchSite &S) { return S.Pragma && S.Pragma->Merge; }

std::string quoted(const FunctionDecl *K) {
  return "'" + K->getNameAsString() + "'";
}

/// The stream a launch names, as compared between launches: "" for the
/// implicit one (none written, 0, nullptr, NULL).
std::string streamKey(const LaunchSite &S) {
  if (!S.Stream.isWritten())
    return "";
  std::string Key;
  for (char C : S.Stream.Text)
    if (!isspace(static_cast<unsigned char>(C)))
      Key += C;
  if (Key == "0" || Key == "nullptr" || Key == "NULL" || Key == "0L")
    return "";
  return Key;
}

/// Calls of printf or assert in \p FD's body (where output order or a trap
/// would change when the kernels run together).
class PrintFinder : public RecursiveASTVisitor<PrintFinder> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      if (F->getIdentifier()) {
        StringRef N = F->getName();
        if ((N == "printf" || N == "vprintf" || N == "__assertfail" ||
             N == "__assert_fail" || N == "__trap") &&
            !Found)
          Found = C;
      }
    return true;
  }
  const CallExpr *Found = nullptr;
};

class MergeAnalysis {
public:
  MergeAnalysis(ProgramAnalysis &A, bool Unasked) : A(A), Unasked(Unasked) {}

  std::unique_ptr<MergePlan> plan();

private:
  std::optional<Refusal> siteBlocker(const LaunchSite &S);
  std::optional<Refusal> kernelBlocker(const FunctionDecl *K);
  std::optional<Refusal> joinBlocker(const MergeGroup &G, const LaunchSite &T);
  std::optional<std::string> dependence(const LaunchSite &X,
                                        const LaunchSite &Y, bool Asked);
  const KernelEffects &effects(const FunctionDecl *K);
  std::string where(SourceLocation Loc) {
    return whereIs(A.workingCopy(), Loc);
  }

  ProgramAnalysis &A;
  bool Unasked;
  std::map<const FunctionDecl *, std::optional<Refusal>> KernelWhy;
  std::map<const FunctionDecl *, KernelEffects> Effects;
};

std::optional<Refusal> MergeAnalysis::siteBlocker(const LaunchSite &S) {
  if (std::optional<Refusal> Why = launchFormBlocker(S))
    return Why;
  if (!S.Callee || S.Candidates.size() != 1)
    return Refusal{DiagId::MergeUnresolvedKernel,
                   std::string("dpopt cannot tell which kernel it launches")};
  if (S.InTemplate)
    return Refusal{DiagId::MergeLaunchInTemplate,
                   std::string("the launch is in a template")};
  if (S.Kind == CallerKind::Lambda)
    return Refusal{DiagId::MergeLaunchInLambda,
                   std::string("the launch is in a lambda")};
  if (S.Side == LaunchSide::Host) {
    if (S.Caller && S.Caller->hasAttr<CUDADeviceAttr>())
      return Refusal{DiagId::HostDeviceCaller,
                     std::string("'" + S.CallerName +
                                 "' is a __host__ __device__ function")};
  } else if (std::optional<Refusal> Why = launchStatementBlocker(S, A)) {
    return Why;
  }
  if (const FunctionDecl *Def = getWrittenDefinition(S.Callee)) {
    if (S.Args.size() != Def->getNumParams())
      return Refusal{DiagId::MergeArgumentMismatch,
                     std::string("dpopt cannot match its arguments to the "
                                 "parameters of '" +
                                 S.CalleeName + "'")};
    for (const LaunchArgument &Arg : S.Args)
      if (!Arg.E || isa<CXXDefaultArgExpr>(Arg.E->IgnoreImplicit()) ||
          StringRef(Arg.Text).trim().empty())
        return Refusal{
            DiagId::MergeArgumentMismatch,
            std::string("the launch leaves an argument to its default, "
                        "which merge does not copy")};
  }
  if (S.Stream.isWritten() &&
      S.Stream.E->HasSideEffects(A.workingCopy().unit().getASTContext()))
    return Refusal{DiagId::MergeStreamSideEffects,
                   std::string("its stream expression '" + S.Stream.Text +
                               "' has side effects")};
  return kernelBlocker(S.Callee);
}

std::optional<Refusal>
MergeAnalysis::kernelBlocker(const FunctionDecl *Kernel) {
  const FunctionDecl *K = canonicalFunction(Kernel);
  auto [It, New] = KernelWhy.try_emplace(K);
  if (!New)
    return It->second;
  auto Decide = [&]() -> std::optional<Refusal> {
    const WorkingCopy &WC = A.workingCopy();
    std::string Name = quoted(K);
    if (K->getTemplatedKind() != FunctionDecl::TK_NonTemplate)
      return Refusal{DiagId::MergeKernelForm, Name + " is a template"};
    const FunctionDecl *Def = getWrittenDefinition(K);
    if (!Def || !Def->hasBody())
      return Refusal{DiagId::MergeKernelForm,
                     Name + " is not defined in this translation unit"};
    if (Def->isVariadic())
      return Refusal{DiagId::MergeKernelForm,
                     Name + " takes variable arguments"};
    if (Def->hasAttr<CUDAClusterDimsAttr>())
      return Refusal{DiagId::MergeKernelForm, Name + " has __cluster_dims__"};
    for (const ParmVarDecl *P : Def->parameters())
      if (P->hasAttr<CUDAGridConstantAttr>())
        return Refusal{DiagId::MergeKernelForm,
                       Name +
                           " has a __grid_constant__ parameter, whose address "
                           "would change"};
    const FunctionFacts &F = A.transitiveFacts(Def);
    if (!F.Launches.empty())
      return Refusal{DiagId::MergeKernelUsesRuntime,
                     Name + " launches kernels itself (" +
                         where(F.Launches[0].Loc) + ")"};
    if (!F.RuntimeCalls.empty())
      return Refusal{DiagId::MergeKernelUsesRuntime,
                     Name + " calls the device runtime (" +
                         F.RuntimeCalls[0].What + " at " +
                         where(F.RuntimeCalls[0].Loc) + ")"};
    if (!F.LegacyDeviceSyncs.empty())
      return Refusal{DiagId::MergeKernelUsesRuntime,
                     Name + " calls cudaDeviceSynchronize() at " +
                         where(F.LegacyDeviceSyncs[0].Loc)};
    if (std::optional<Refusal> Why = opaqueCodeBlocker(
            WC, F, Name, ", which could read the hardware's block index"))
      return Why;
    for (const FunctionDecl *Body : [&] {
           std::vector<const FunctionDecl *> All{Def};
           for (const FunctionDecl *C : F.Callees)
             if (const FunctionDecl *D = getWrittenDefinition(C))
               All.push_back(D);
           return All;
         }()) {
      PrintFinder P;
      P.TraverseStmt(const_cast<Stmt *>(Body->getBody()));
      if (P.Found)
        return Refusal{
            DiagId::MergeKernelPrints,
            Name + " calls '" + P.Found->getDirectCallee()->getNameAsString() +
                "' (" + where(P.Found->getBeginLoc()) +
                "): merged, its output or trap would no longer come after "
                "the kernels launched before it"};
    }
    for (const Occurrence &B : F.Barriers) {
      if (B.What != "__syncthreads")
        return Refusal{
            DiagId::MergeKernelBarrier,
            Name + " uses " + B.What + " (" + where(B.Loc) +
                "): merge turns only __syncthreads() into a barrier of the "
                "kernel's threads"};
      if (canonicalFunction(B.In) != K)
        return Refusal{
            DiagId::MergeKernelBarrier,
            Name + " synchronizes in the device function '" +
                B.In->getNameAsString() + "' (" + where(B.Loc) +
                "): merge rewrites barriers only in the kernel's own body"};
      if (B.Loc.isMacroID())
        return Refusal{DiagId::MergeKernelBarrier,
                       Name +
                           " has a __syncthreads() written inside a macro (" +
                           where(B.Loc) + ")"};
    }
    if (!F.Barriers.empty()) {
      const FunctionFacts &L = A.localFacts(Def);
      if (!L.EarlyReturns.empty())
        return Refusal{
            DiagId::MergeKernelBarrier,
            Name + " synchronizes its threads and may return early (" +
                where(L.EarlyReturns[0].Loc) +
                "): a thread that returned would never reach the barrier of "
                "the kernel's threads"};
    }
    NameAllocator Scratch("");
    BuiltinCloner Cloner(A, AllBuiltins, Scratch, "merge");
    if (std::optional<std::string> Why = Cloner.plan(Def))
      return Refusal{DiagId::CloneBlocked, Name + ": " + *Why};
    return std::nullopt;
  };
  It->second = Decide();
  return It->second;
}

const KernelEffects &MergeAnalysis::effects(const FunctionDecl *K) {
  const FunctionDecl *Key = canonicalFunction(K);
  auto It = Effects.find(Key);
  if (It == Effects.end())
    It = Effects.emplace(Key, computeKernelEffects(getWrittenDefinition(K)))
             .first;
  return It->second;
}

/// Why kernels of \p X and \p Y may depend on each other, or nothing. With
/// a pragma (\p Asked) only a buffer both launches pass, written by one,
/// counts; without, independence must be proven.
std::optional<std::string> MergeAnalysis::dependence(const LaunchSite &X,
                                                     const LaunchSite &Y,
                                                     bool Asked) {
  std::string NX = quoted(X.Callee), NY = quoted(Y.Callee);
  const KernelEffects &EX = effects(X.Callee), &EY = effects(Y.Callee);
  if (!Asked) {
    for (const auto &[E, N] : {std::pair{&EX, &NX}, std::pair{&EY, &NY}})
      if (E->Unknown)
        return "cannot tell what " + *N + " accesses: " + E->Unknown->What +
               " (" + where(E->Unknown->Loc) + ")";
    for (const GlobalEffect &GX : EX.Globals)
      for (const GlobalEffect &GY : EY.Globals)
        if (GX.Var == GY.Var && ((GX.Access | GY.Access) & WritesMemory))
          return NX + " and " + NY + " both use the __device__ variable '" +
                 GX.Var->getNameAsString() + "', which " +
                 ((GX.Access & WritesMemory) ? NX : NY) + " writes";
  }
  const FunctionDecl *DX = getWrittenDefinition(X.Callee);
  const FunctionDecl *DY = getWrittenDefinition(Y.Callee);
  for (unsigned I = 0; I < X.Args.size() && I < EX.Params.size(); ++I) {
    unsigned AX = EX.Params[I].Access;
    if (!AX)
      continue;
    for (unsigned J = 0; J < Y.Args.size() && J < EY.Params.size(); ++J) {
      unsigned AY = EY.Params[J].Access;
      if (!AY || !((AX | AY) & WritesMemory))
        continue;
      std::string PX = "'" + DX->getParamDecl(I)->getNameAsString() + "'";
      std::string PY = "'" + DY->getParamDecl(J)->getNameAsString() + "'";
      std::string Conflict =
          (AX & WritesMemory)
              ? NX + " writes through " + PX + " ('" + X.Args[I].Text +
                    "') and " + NY +
                    ((AY & WritesMemory) ? " writes" : " reads") + " through " +
                    PY + " ('" + Y.Args[J].Text + "')"
              : NY + " writes through " + PY + " ('" + Y.Args[J].Text +
                    "') and " + NX + " reads through " + PX + " ('" +
                    X.Args[I].Text + "')";
      const VarDecl *BX = pointerBase(X.Args[I].E);
      const VarDecl *BY = pointerBase(Y.Args[J].E);
      if (BX && BX == BY)
        return Conflict + ", which both point into '" + BX->getNameAsString() +
               "'";
      if (Asked)
        continue;
      if (!BX || !BY)
        return Conflict + ", and dpopt cannot tell what '" +
               (BX ? Y.Args[J].Text : X.Args[I].Text) + "' points to";
      if (std::optional<std::string> Why =
              distinctAllocationsBlocker(BX, BY, X.Caller))
        return Conflict +
               ", and dpopt cannot show that they are distinct "
               "allocations: " +
               *Why;
    }
  }
  return std::nullopt;
}

std::optional<Refusal> MergeAnalysis::joinBlocker(const MergeGroup &G,
                                                  const LaunchSite &T) {
  const LaunchSite &First = *G.Sites.front();
  if (streamKey(T) != streamKey(First))
    return Refusal{
        DiagId::MergeOtherStream,
        std::string("it goes to another stream ('") +
            (T.Stream.isWritten() ? T.Stream.Text : "the default stream") +
            "') than the launch before it: launches into different streams "
            "are not merged"};
  if (std::optional<Refusal> Why = siteBlocker(T))
    return Why;
  const FunctionDecl *KT = canonicalFunction(T.Callee);
  for (const LaunchSite *S : G.Sites)
    if (canonicalFunction(S->Callee) == KT)
      return Refusal{DiagId::MergeSameKernel,
                     "it launches " + quoted(T.Callee) +
                         " again: merge joins launches of different kernels"};
  // Launch bounds: the merged kernel takes the group's, so they must agree.
  auto Bounds = [](const FunctionDecl *K) -> std::string {
    const FunctionDecl *D = getWrittenDefinition(K);
    const auto *LB = D ? D->getAttr<CUDALaunchBoundsAttr>() : nullptr;
    if (!LB)
      return "";
    std::string S;
    raw_string_ostream OS(S);
    LB->getMaxThreads()->printPretty(OS, nullptr,
                                     PrintingPolicy(D->getLangOpts()));
    if (LB->getMinBlocks()) {
      OS << ", ";
      LB->getMinBlocks()->printPretty(OS, nullptr,
                                      PrintingPolicy(D->getLangOpts()));
    }
    return S;
  };
  std::string TB = Bounds(T.Callee);
  for (const LaunchSite *S : G.Sites) {
    std::string SB = Bounds(S->Callee);
    if (!SB.empty() && !TB.empty() && SB != TB)
      return Refusal{DiagId::MergeLaunchBounds,
                     quoted(T.Callee) + " has __launch_bounds__(" + TB +
                         ") and " + quoted(S->Callee) + " __launch_bounds__(" +
                         SB + "): the merged kernel can have only one"};
  }
  // Launches into cudaStreamFireAndForget carry no order between them.
  if (T.Side == LaunchSide::Device && T.InStream == StreamKind::FireAndForget)
    return std::nullopt;
  for (const LaunchSite *S : G.Sites)
    if (std::optional<std::string> Why = dependence(*S, T, G.Asked))
      return Refusal{DiagId::MergeDependence,
                     (G.Asked ? "'#pragma dp merge' asks for it, but " : "") +
                         *Why};
  return std::nullopt;
}

std::unique_ptr<MergePlan> MergeAnalysis::plan() {
  auto Plan = std::make_unique<MergePlan>();
  std::map<const LaunchSite *, Refusal> Why;
  auto explain = [&](const LaunchSite *S, Refusal Reason) {
    Plan->Explained.insert(S);
    Why.emplace(S, std::move(Reason));
  };
  for (const LaunchSequence &Run : A.launchSequences()) {
    const std::vector<const LaunchSite *> &Sites = Run.Sites;
    for (size_t I = 0; I < Sites.size();) {
      const LaunchSite *S = Sites[I];
      bool Asked = asksMerge(*S);
      if (!Asked && !Unasked) {
        ++I;
        continue;
      }
      if (std::optional<Refusal> Blocked = siteBlocker(*S)) {
        explain(S, *Blocked);
        ++I;
        continue;
      }
      MergeGroup G;
      G.Asked = Asked;
      G.Sites.push_back(S);
      size_t J = I + 1;
      std::string Stop = "no launch statement follows it in its block";
      for (; J < Sites.size(); ++J) {
        const LaunchSite *T = Sites[J];
        if (asksMerge(*T)) {
          Stop = "the next launch starts a group of its own with "
                 "'#pragma dp merge'";
          break;
        }
        if (std::optional<Refusal> Refused = joinBlocker(G, *T)) {
          Stop = "the next launch cannot join it";
          explain(T, Refusal{Refused->Id,
                             "not merged with the launches before it: " +
                                 Refused->Reason});
          break;
        }
        G.Sites.push_back(T);
      }
      if (G.Sites.size() >= 2) {
        for (const LaunchSite *M : G.Sites)
          Plan->Explained.insert(M);
        Plan->Groups.push_back(std::move(G));
      } else if (!Why.count(S)) {
        explain(S, Refusal{DiagId::MergeNothingToJoin,
                           "nothing to merge it with: " + Stop});
      }
      // A launch that could not join starts the next try (asked or not).
      I = std::max(J, I + 1);
    }
  }
  std::map<const LaunchSite *, const MergeGroup *> GroupOf;
  for (const MergeGroup &G : Plan->Groups)
    for (const LaunchSite *M : G.Sites)
      GroupOf[M] = &G;
  for (const LaunchSite &S : A.sites()) {
    SiteVerdict V;
    V.Site = &S;
    auto InGroup = GroupOf.find(&S);
    V.Transforms = InGroup != GroupOf.end();
    if (V.Transforms) {
      const MergeGroup &G = *InGroup->second;
      std::string Names;
      for (const LaunchSite *M : G.Sites)
        Names += (Names.empty() ? "" : ", ") + quoted(M->Callee);
      V.Reason = "merging the launches of " + Names + " into one launch" +
                 (G.Asked ? " ('#pragma dp merge')"
                          : " (independent: every buffer one writes is "
                            "an allocation of its own)");
    } else {
      auto It = Why.find(&S);
      Refusal R = It != Why.end() ? It->second
                  : asksMerge(S) || Unasked
                      ? Refusal{DiagId::MergeNothingToJoin,
                                "no launch statement follows it in its block"}
                      : Refusal{DiagId::MergeNotAsked,
                                "no '#pragma dp merge' asks for it"};
      V.Reason = std::move(R.Reason);
      V.Id = R.Id;
    }
    Plan->add(std::move(V));
  }
  return Plan;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

class MergeWriter {
public:
  MergeWriter(PassContext &Ctx)
      : Ctx(Ctx), U(Ctx.WC.unit()), Names(Ctx.WC.text()),
        Cloner(Ctx.Analysis, AllBuiltins, Names, "merge"),
        Edits(Ctx.WC.original().path().str()) {}

  Error write(const MergeGroup &G);
  Expected<tooling::Replacements> finish();

private:
  Expected<std::string> bodyFunction(const FunctionDecl *Kernel);
  Expected<std::string> mergedKernel(const MergeGroup &G);

  PassContext &Ctx;
  const ParsedUnit &U;
  NameAllocator Names;
  BuiltinCloner Cloner;
  EditList Edits;
  std::map<const FunctionDecl *, std::string> Bodies;
};

/// The name part of a generated function for \p K ("kA", "ns_kA").
std::string stemOf(const FunctionDecl *K) {
  std::string S = K->getQualifiedNameAsString();
  for (char &C : S)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return S;
}

Expected<std::string> MergeWriter::bodyFunction(const FunctionDecl *Kernel) {
  const FunctionDecl *K = canonicalFunction(Kernel);
  if (auto It = Bodies.find(K); It != Bodies.end())
    return It->second;
  const FunctionDecl *Def = getWrittenDefinition(K);
  if (std::optional<std::string> Why = Cloner.plan(Def))
    return createStringError(inconvertibleErrorCode(), "%s", Why->c_str());
  Expected<FunctionPieces> F = readFunction(U, Def);
  if (!F)
    return F.takeError();
  EditList Inside("");
  if (Error E = Cloner.redirectCalls(U, Def, Inside))
    return std::move(E);
  const SourceManager &SM = U.getSourceManager();
  std::vector<const CallExpr *> Syncs;
  findSyncthreads(Def->getBody(), Syncs);
  for (const CallExpr *C : Syncs) {
    unsigned B = SM.getFileOffset(SM.getSpellingLoc(C->getBeginLoc()));
    unsigned E = SM.getFileOffset(SM.getSpellingLoc(C->getEndLoc())) + 1;
    Inside.replace(B, E - B, "" + rt::mergeSyncthreads + "(blockDim)");
  }
  Expected<std::string> Body = bodyWithEdits(U, *F, Inside);
  if (!Body)
    return Body.takeError();
  std::string Name = Names.fresh("merge_" + stemOf(K));
  Expected<std::string> Params = paramsWithoutDefaults(U, Def);
  if (!Params)
    return Params.takeError();
  std::string Head =
      "static __device__ __forceinline__ void " + Name + "(" +
      (StringRef(*Params).trim().empty() || StringRef(*Params).trim() == "void"
           ? std::string()
           : *Params + ", ") +
      builtinParameterList(AllBuiltins) + ")";
  std::string Text = "// dpopt merge: the body of '" + K->getNameAsString() +
                     "' with its launch's built-ins as parameters\n" + Head +
                     " " + *Body + "\n";
  if (F->InMainFile)
    insertAfterFunction(Edits, *F, "\n" + Text);
  else
    insertAfterFunction(Edits, *F, Text + "\n");
  Bodies[K] = Name;
  return Name;
}

Expected<std::string> MergeWriter::mergedKernel(const MergeGroup &G) {
  const ASTContext &AC = U.getASTContext();
  unsigned N = G.Sites.size();
  std::string Stem = "merged";
  for (const LaunchSite *S : G.Sites)
    Stem += "_" + stemOf(S->Callee);
  std::string Name = Names.fresh(Stem);
  std::string Layout = Names.fresh("layout"), Part = Names.fresh("part");
  std::string Params, Cases, Bounds;
  const FunctionDecl *Last = nullptr;
  unsigned LastEnd = 0;
  for (unsigned I = 0; I < N; ++I) {
    const FunctionDecl *Def = getWrittenDefinition(G.Sites[I]->Callee);
    Expected<std::string> Body = bodyFunction(Def);
    if (!Body)
      return Body.takeError();
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    if (!F->LaunchBounds.empty())
      Bounds = F->LaunchBounds + " ";
    unsigned End = F->InMainFile ? F->DeclEnd : F->Anchor;
    if (!Last || End >= LastEnd) {
      Last = Def;
      LastEnd = End;
    }
    std::string Args;
    for (unsigned J = 0; J < Def->getNumParams(); ++J) {
      std::string P = "__dpopt_k" + std::to_string(I) + "_" + std::to_string(J);
      Params += spelledType(AC, Def->getParamDecl(J)->getType(), P) + ", ";
      Args += P + ", ";
    }
    std::string Idx = "[" + std::to_string(I) + "]";
    Cases += "  case " + std::to_string(I) + ":\n    " + *Body + "(" + Args +
             Part + ".MergeThreadIdx, " + Part + ".MergeBlockIdx, " + Layout +
             ".MergeBlock" + Idx + ", " + Layout + ".MergeGrid" + Idx + ");\n" +
             "    break;\n";
  }
  std::string Signature = "static __global__ void " + Bounds + Name + "(" +
                          Params + rt::MergeLayout + "<" + std::to_string(N) +
                          "> " + Layout + ")";
  std::string Text =
      "// dpopt merge: one grid whose blocks run the kernels of the launches "
      "it merges\n" +
      Signature + " {\n  const " + rt::MergePart + " " + Part + " = " +
      rt::mergePart + "(" + Layout + ");\n  switch (" + Part +
      ".MergeKernel) {\n" + Cases + "  default:\n    break;\n  }\n}\n";
  Expected<FunctionPieces> F = readFunction(U, Last);
  if (!F)
    return F.takeError();
  insertAfterFunction(Edits, *F, F->InMainFile ? "\n" + Text : Text + "\n");
  // The launching function may come before the kernels' definitions.
  Expected<FunctionPieces> Caller =
      readFunction(U, getWrittenDefinition(G.Sites.front()->Caller));
  if (!Caller)
    return Caller.takeError();
  if (!Caller->InMainFile || !F->InMainFile || Caller->DeclBegin < LastEnd)
    insertBeforeFunction(U, Edits, *Caller,
                         "// dpopt merge: declared here for '" +
                             G.Sites.front()->CallerName + "'\n" + Signature +
                             ";\n\n");
  return Name;
}

Error MergeWriter::write(const MergeGroup &G) {
  const ASTContext &AC = U.getASTContext();
  Expected<std::string> Merged = mergedKernel(G);
  if (!Merged)
    return Merged.takeError();
  const LaunchSite &First = *G.Sites.front();
  bool Device = First.Side == LaunchSide::Device;
  unsigned N = G.Sites.size();
  std::string NS = std::to_string(N);
  std::string Indent = indentationAt(Ctx.WC.text(), First.StmtBegin);
  std::string Grids = Names.fresh("grids"), Blocks = Names.fresh("blocks"),
              Shared = Names.fresh("shared"), Attrs = Names.fresh("attrs"),
              Layout = Names.fresh("layout"), Config = Names.fresh("config");
  std::vector<std::string> Lines;
  Lines.push_back("{ // dpopt merge: one launch for " + NS +
                  " kernels when they fit the GPU together");
  Lines.push_back("  dim3 " + Grids + "[" + NS + "], " + Blocks + "[" + NS +
                  "];");
  Lines.push_back("  size_t " + Shared + "[" + NS + "] = {};");
  std::string Stream =
      First.Stream.isWritten() ? First.Stream.Text : std::string();
  std::vector<std::string> ArgLists;
  std::string MergedArgs, Kernels, Barriers;
  std::vector<std::string> Fallback;
  for (unsigned I = 0; I < N; ++I) {
    const LaunchSite &S = *G.Sites[I];
    Expected<LaunchText> L = readLaunchText(U, S);
    if (!L)
      return L.takeError();
    std::string Idx = "[" + std::to_string(I) + "]";
    // Evaluated in the launches' order: configuration, then arguments.
    Lines.push_back("  " + Grids + Idx + " = dim3(" + S.Grid.Text + ");");
    Lines.push_back("  " + Blocks + Idx + " = dim3(" + S.Block.Text + ");");
    if (S.SharedMem.isWritten())
      Lines.push_back("  " + Shared + Idx + " = " + S.SharedMem.Text + ";");
    const FunctionDecl *Def = getWrittenDefinition(S.Callee);
    std::string Args;
    for (unsigned J = 0; J < S.Args.size(); ++J) {
      std::string V =
          Names.fresh("arg" + std::to_string(I) + "_" + std::to_string(J));
      Lines.push_back("  " +
                      spelledType(AC, Def->getParamDecl(J)->getType(), V) +
                      " = " + S.Args[J].Text + ";");
      Args += (J ? ", " : "") + V;
      MergedArgs += V + ", ";
    }
    std::string Launch = launchStatement(
        L->Callee, Grids + Idx, Blocks + Idx, Shared + Idx,
        Stream.empty() ? std::nullopt : std::optional<std::string>(Stream),
        Args);
    if (Device)
      Launch = deviceLaunchStatement(S.Id, Launch);
    Fallback.push_back("    " + Launch);
    Kernels += "(const void *)" + L->Callee + ", ";
    // kernelBlocker admits only __syncthreads() in the kernel's own body.
    Barriers +=
        std::string(Ctx.Analysis.localFacts(Def).Barriers.empty() ? "false"
                                                                  : "true") +
        (I + 1 < N ? ", " : "");
  }
  std::string KernelsVar = Names.fresh("kernels");
  Lines.push_back("  const void *const " + KernelsVar + "[] = {" + Kernels +
                  "(const void *)" + *Merged + "};");
  std::string BarriersVar = Names.fresh("barriers");
  Lines.push_back("  const bool " + BarriersVar + "[] = {" + Barriers + "};");
  Lines.push_back(std::string("  ") + (Device ? "" : "static thread_local ") +
                  rt::MergeAttributes + "<" + NS + "> " + Attrs + ";");
  Lines.push_back("  " + rt::MergeLayout + "<" + NS + "> " + Layout + ";");
  Lines.push_back("  " + rt::MergeConfig + " " + Config + ";");
  Lines.push_back("  if (" + rt::mergeDecide + "(" + Attrs + ", " + KernelsVar +
                  ", " + Grids + ", " + Blocks + ", " + Shared + ", " +
                  BarriersVar + ", " + Layout + ", " + Config + ")) {");
  std::string MergedLaunch = launchStatement(
      *Merged, Config + ".MergeBlocks", Config + ".MergeThreads",
      Config + ".MergeShared",
      Stream.empty() ? std::nullopt : std::optional<std::string>(Stream),
      MergedArgs + Layout);
  if (Device)
    MergedLaunch = deviceLaunchStatement(First.Id, MergedLaunch);
  Lines.push_back("    " + MergedLaunch);
  Lines.push_back("  } else {");
  Lines.insert(Lines.end(), Fallback.begin(), Fallback.end());
  Lines.push_back("  }");
  Lines.push_back("}");
  std::string Text;
  for (size_t I = 0; I < Lines.size(); ++I)
    Text += (I ? "\n" + Indent : "") + Lines[I];
  const LaunchSite &Last = *G.Sites.back();
  Edits.replace(First.StmtBegin, Last.StmtEnd - First.StmtBegin, Text);
  Ctx.Needs.add(RuntimeHeader::Merge);
  return Error::success();
}

Expected<tooling::Replacements> MergeWriter::finish() {
  if (Error E = Cloner.emitClones(U, Edits))
    return std::move(E);
  return Edits.build();
}

class MergePass : public Pass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "merge consecutive launches of different kernels into one launch "
           "(block partitioning)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Merge};
  }
  std::unique_ptr<PassPlan> plan(ProgramAnalysis &A,
                                 const PassOptions &O) const override {
    return MergeAnalysis(A, O.PipelineNamed).plan();
  }
  Expected<tooling::Replacements> run(PassContext &Ctx,
                                      const PassPlan &Plan) override {
    const auto &P = static_cast<const MergePlan &>(Plan);
    MergeWriter W(Ctx);
    for (const MergeGroup &G : P.Groups) {
      if (Error E = W.write(G))
        return std::move(E);
    }
    for (const SiteVerdict &V : P.verdicts()) {
      if (!P.Explained.count(V.Site))
        continue;
      UserLocation Loc = Ctx.WC.locate(V.Site->Call->getBeginLoc());
      if (V.Transforms)
        Ctx.Remarks.passed(PassName, Loc, DiagId::Merged, V.Reason);
      else
        Ctx.Remarks.missed(PassName, Loc, *V.Id,
                           "not merging this launch of '" + V.Site->CalleeName +
                               "': " + V.Reason);
    }
    return W.finish();
  }
};

} // namespace

std::unique_ptr<Pass> createMergePass() {
  return std::make_unique<MergePass>();
}

std::vector<Diagnostic> mergePragmaErrors(ProgramAnalysis &A) {
  std::vector<Diagnostic> Out;
  const WorkingCopy &WC = A.workingCopy();
  std::set<const LaunchSite *> InRun;
  for (const LaunchSequence &Run : A.launchSequences())
    for (size_t I = 0; I + 1 < Run.Sites.size(); ++I)
      InRun.insert(Run.Sites[I]);
  for (const LaunchSite &S : A.sites()) {
    if (!asksMerge(S) || InRun.count(&S))
      continue;
    const SiteOrigin *Origin = WC.sites().byId(S.Id);
    UserLocation At;
    At.InMainFile = true;
    At.Offset = Origin ? Origin->PragmaOffset : 0;
    Out.push_back(WC.diagnosticAt(
        At, Severity::Error,
        "'#pragma dp merge' needs another launch statement right after the "
        "launch of '" +
            S.CalleeName +
            "' in the same { } block: launches with other statements (host "
            "code, an event, a declaration) between them are not merged",
        DiagId::MergePragmaWithoutSequence));
  }
  return Out;
}

} // namespace dpopt
