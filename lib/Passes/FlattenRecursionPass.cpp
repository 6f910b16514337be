//===- FlattenRecursionPass.cpp - Chains of one-block children -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// For a kernel K whose one launch is K<<<1, b>>>(...) by one thread of the
// block, K's body becomes a loop that runs a level of the chain per turn:
//
//   struct Chain { unsigned __dpopt_block[2][3]; <K's parameters>[2];
//                  <postwork inputs>[24]; };
//   static __device__ void level(uint3 blockIdx, dim3 blockDim,
//                                dim3 gridDim, uint3 threadIdx, bool Active,
//                                Chain &, ..., <K's parameters>) {
//     <K's body, the launch recorded in Chain's record depth % 2> }
//   static __device__ void post(<built-ins>, <inputs>) { <postwork> }
//   __global__ void K(<parameters>) {
//     __shared__ Chain C; <the built-ins and parameters in locals>
//     for (;;) { level(...); if (!__syncthreads_count(launched)) break;
//                <the next level's parameters and shape from C> }
//     // (one barrier per level besides K's own: the records take turns)
//     <thread 0: post(...) for each level, deepest first>
//   }
//
// A kernel with barriers runs every thread of the block through every level
// (its statements other than the top-level barriers only where Active); one
// without barriers gives each thread the child threads t, t + block size,
// ..., so a child block larger than the block is fine.
//
//===----------------------------------------------------------------------===//

#include "LaunchGroups.h"
#include "ParameterAccesses.h"
#include "Postwork.h"
#include "RemoveLaunch/RemoveLaunchT3.h"

#include "dpopt/Passes/FlattenRecursionPass.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LaunchingThreads.h"
#include "dpopt/Analysis/ThreadCount.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/Remarks.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/FunctionText.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

constexpr llvm::StringLiteral PassName = "flatten-recursion";
/// CUDA nests grids at most 24 deep: a chain with postwork deeper than that
/// never ran, and the chain keeps the postwork's inputs of 24 levels.
constexpr unsigned MaxNesting = 24;
/// Static shared memory a kernel may declare.
constexpr uint64_t StaticSharedLimit = 48 * 1024;

/// The CDP2 form of a legacy wait: right after the self-launch, the same
/// thread tail-launches a one-thread kernel P (the code that followed the
/// wait), which starts after the launching grid and all it launched.
struct TailPost {
  const LaunchSite *Site = nullptr;
  const FunctionDecl *Kernel = nullptr; // P's written definition
  /// What P's body reaches, from its arguments (ParameterAccesses.h): the
  /// gathered launches then run at once where they touch no common word
  /// with a write. Unknown (Why says why): one after another.
  std::optional<std::vector<MemoryAccess>> Accesses;
  std::string Why;
};

/// What the rewrite of an accepted site needs.
struct ChainShape {
  const FunctionDecl *Kernel = nullptr; // the written definition
  /// K synchronizes its threads: every thread runs every level.
  bool Barriers = false;
  /// The legacy wait after the launch, and what follows it.
  std::optional<Postwork> Post;
  /// Or the tail launch after it.
  std::optional<TailPost> Tail;
  /// The wait is followed by code (else it just goes).
  bool hasPostwork() const { return Post && Post->CodeBegin < Post->End; }
  /// Something runs on the way back: a legacy postwork or a tail launch.
  bool runsAfterChain() const { return hasPostwork() || Tail.has_value(); }
};

bool isSelfLaunch(const LaunchSite &S) {
  return S.Side == LaunchSide::Device && S.Kind == CallerKind::Global &&
         S.Caller && S.Callee &&
         canonicalFunction(S.Caller) == canonicalFunction(S.Callee);
}

Refusal refuse(DiagId Id, std::string Why) { return {Id, std::move(Why)}; }

/// True when \p L asks for dynamic shared memory: a size is written and it
/// is not the constant 0.
bool asksDynamicShared(const LaunchSite &L, const ASTContext &Ctx) {
  if (!L.SharedMem.isWritten())
    return false;
  Expr::EvalResult R;
  return !L.SharedMem.E || !L.SharedMem.E->EvaluateAsInt(R, Ctx) ||
         R.Val.getInt() != 0;
}

/// The launch of another kernel in \p S's kernel's own body, if there is
/// one (a candidate for tailBlocker).
const LaunchSite *otherLaunch(const LaunchSite &S, ProgramAnalysis &A) {
  for (const LaunchSite &O : A.sites())
    if (&O != &S && O.Side == LaunchSide::Device && O.Caller &&
        canonicalFunction(O.Caller) == canonicalFunction(S.Caller) &&
        !(O.Callee &&
          canonicalFunction(O.Callee) == canonicalFunction(S.Caller)))
      return &O;
  return nullptr;
}

/// Why \p T, \p S's kernel's other launch, cannot run on the way back as
/// a tail launch of a one-thread kernel P made right after \p S, or nothing
/// (then \p Shape.Tail is set and \p Bytes counts P's arguments per level).
/// Inline, P runs in the block's thread 0 with P's built-ins as arguments
/// (a grid of one thread): it must not need a block or grid of its own.
std::optional<Refusal> tailBlocker(const LaunchSite &S, const LaunchSite &T,
                                   ProgramAnalysis &A, ChainShape &Shape,
                                   uint64_t &Bytes) {
  const WorkingCopy &WC = A.workingCopy();
  const ParsedUnit &U = WC.unit();
  const ASTContext &Ctx = U.getASTContext();
  auto Other = [&](const std::string &Why) {
    return refuse(DiagId::FlattenNotOneChild,
                  "'" + S.CallerName + "' also launches '" + T.CalleeName +
                      "' (" + whereIs(WC, T.Call->getBeginLoc()) + "), " + Why +
                      ": only a tail launch of a one-thread kernel right "
                      "after this launch can run after the chain");
  };
  if (T.InStream != StreamKind::TailLaunch)
    return Other("not into cudaStreamTailLaunch");
  bool Next = false;
  if (S.IsStatement && T.IsStatement && S.EnclosingBlock &&
      S.EnclosingBlock == T.EnclosingBlock) {
    auto Body = S.EnclosingBlock->body();
    const auto *It = llvm::find(Body, S.BlockChild);
    // Both statements of the block itself (EnclosingBlock is set only for
    // those): the thread makes T exactly when it makes S.
    Next = It != Body.end() && std::next(It) != Body.end() &&
           *std::next(It) == T.BlockChild;
  }
  if (!Next)
    return Other("not as the statement that follows it");
  if (std::optional<Refusal> Why = launchStatementBlocker(T, A))
    return Other(Why->Reason);
  for (const ConfigExpr *E : {&T.Grid, &T.Block}) {
    std::optional<uint64_t> N = constantThreadCount(E->E, Ctx);
    if (!N || *N != 1)
      return Other("with '" + E->Text + "', not the constant 1");
  }
  if (asksDynamicShared(T, Ctx))
    return Other("with dynamic shared memory ('" + T.SharedMem.Text + "')");
  const FunctionDecl *P = T.Callee;
  if (!P)
    return Other("a kernel dpopt cannot name");

  std::string Name = "'" + T.CalleeName + "'";
  auto Body = [&](const std::string &Why) {
    return refuse(DiagId::FlattenPostwork,
                  "the kernel " + Name + " tail-launched after the child " +
                      Why + ": the block could not run it on the way back");
  };
  const FunctionDecl *Def = getWrittenDefinition(P);
  if (T.InTemplate || !Def || Def->isTemplated() || !Def->getBody() ||
      !U.isInMainFile(Def->getBeginLoc()))
    return Body("is a template or its body is not in this file");
  if (!Def->getDeclContext()->getRedeclContext()->Equals(
          S.Caller->getDeclContext()->getRedeclContext()))
    return Body("is declared in another namespace than '" + S.CallerName +
                "' (its body could name what only that namespace declares)");
  if (U.getOffset(Def->getBeginLoc()) > U.getOffset(S.Caller->getBeginLoc()))
    return Body("is defined after '" + S.CallerName +
                "' (its body could name what is declared in between)");
  if (T.Args.size() != P->getNumParams())
    return Body("takes default arguments");
  const FunctionFacts &F = A.transitiveFacts(P);
  if (!F.Launches.empty())
    return Body("launches kernels");
  if (!F.Barriers.empty())
    return Body("synchronizes with " + F.Barriers[0].What + " (" +
                whereIs(WC, F.Barriers[0].Loc) + ")");
  if (!F.WarpOps.empty())
    return Body("uses the warp-level operation " + F.WarpOps[0].What + " at " +
                whereIs(WC, F.WarpOps[0].Loc));
  if (!F.Shared.empty())
    return Body("uses shared memory ('" + F.Shared[0].Var->getNameAsString() +
                "')");
  if (std::optional<Refusal> Why = opaqueCodeBlocker(WC, F, Name, ""))
    return Body("cannot be seen into: " + Why->Reason);
  if (std::optional<Refusal> Why = runtimeCallBlocker(WC, F, Name))
    return Body("calls the device runtime: " + Why->Reason);
  for (const FunctionDecl *Callee : A.localFacts(P).Callees) {
    const FunctionFacts &C = A.transitiveFacts(Callee);
    for (unsigned V = 0; V < NumBuiltinVars; ++V)
      if (C.IndexUse[V])
        return Body("calls '" + Callee->getNameAsString() + "', which reads " +
                    builtinVarName(static_cast<BuiltinVar>(V)));
  }
  for (const ParmVarDecl *Param : P->parameters()) {
    if (std::optional<std::string> Why =
            parameterTypeBlocker(Ctx, Param->getType()))
      return Body("has the parameter '" + Param->getNameAsString() +
                  "', which " + *Why +
                  " (the chain keeps its arguments in shared memory)");
    Bytes +=
        MaxNesting * Ctx.getTypeSizeInChars(Param->getType()).getQuantity();
  }
  TailPost Tail{&T, Def, std::nullopt, ""};
  Tail.Accesses = parameterAccesses(U, Def, &Tail.Why);
  Shape.Tail = std::move(Tail);
  return std::nullopt;
}

/// Why the block cannot run \p S's chain, or nothing (then \p Out is set).
std::optional<Refusal> chainBlocker(const LaunchSite &S, ProgramAnalysis &A,
                                    ChainShape *Out) {
  if (!isSelfLaunch(S))
    return refuse(DiagId::FlattenNotSelfLaunch,
                  "the launch is not a kernel's launch of itself in its own "
                  "body");
  if (std::optional<Refusal> Why = launchStatementBlocker(S, A))
    return Why;
  const WorkingCopy &WC = A.workingCopy();
  const ParsedUnit &U = WC.unit();
  const ASTContext &Ctx = U.getASTContext();
  std::string Name = "'" + S.CallerName + "'";
  const FunctionDecl *Def = getWrittenDefinition(S.Caller);
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (S.InTemplate || !Def || Def->isTemplated() || !Body)
    return refuse(DiagId::FlattenLaunchForm,
                  Name + " is a template or its body is not in this file");
  if (!U.isInMainFile(Def->getBeginLoc()))
    return refuse(DiagId::FlattenLaunchForm,
                  Name + " is defined in an included file");

  // One child block, launched at most once per block.
  std::optional<uint64_t> Blocks = constantThreadCount(S.Grid.E, Ctx);
  if (!Blocks || *Blocks != 1)
    return refuse(DiagId::FlattenNotOneChild,
                  "the grid '" + S.Grid.Text +
                      "' is not the constant 1: a block runs one child block");
  const FunctionFacts &F = A.transitiveFacts(S.Caller);
  // Besides this launch, a tail launch right after it (tailBlocker).
  const LaunchSite *Tail = F.Launches.size() == 2 ? otherLaunch(S, A) : nullptr;
  if (F.Launches.size() != 1 && !Tail)
    return refuse(DiagId::FlattenNotOneChild,
                  Name + " makes " + std::to_string(F.Launches.size()) +
                      " launches: the chain needs this one to be its only");
  if (S.inLoop())
    return refuse(DiagId::FlattenNotOneChild,
                  "the launch is in a loop: a thread could make it more than "
                  "once");
  unsigned Axes = guardedThreadAxes(S);
  bool OneDimensional = true;
  for (const LaunchSite &P : A.sites())
    if (P.Callee && canonicalFunction(P.Callee) == canonicalFunction(S.Caller))
      OneDimensional = OneDimensional && P.Block.DimsKnown && P.Block.Dims <= 1;
  if (!(Axes & DimX) || (Axes != DimAll && !OneDimensional))
    return refuse(DiagId::FlattenNotOneChild,
                  "dpopt cannot show that one thread of a block at most "
                  "launches (the launch is not under 'if (threadIdx.x == K)' "
                  "with one-dimensional blocks, or the y and z indices "
                  "fixed too)");
  if (S.InStream != StreamKind::Implicit &&
      S.InStream != StreamKind::FireAndForget)
    return refuse(DiagId::FlattenLaunchForm,
                  "the launch goes to the stream '" + S.Stream.Text +
                      "': only the implicit stream and "
                      "cudaStreamFireAndForget let the child wait for the "
                      "launching block's level to end");
  if (asksDynamicShared(S, Ctx))
    return refuse(DiagId::FlattenLaunchForm,
                  "the launch asks for dynamic shared memory ('" +
                      S.SharedMem.Text + "')");

  // What the block does at every level.
  auto BodyRefusal = [&](std::string Why) {
    return refuse(DiagId::FlattenKernelBody, std::move(Why));
  };
  if (!F.WarpOps.empty())
    return BodyRefusal(Name + " uses the warp-level operation " +
                       F.WarpOps[0].What + " at " +
                       whereIs(WC, F.WarpOps[0].Loc));
  if (std::optional<Refusal> Why = opaqueCodeBlocker(WC, F, Name, ""))
    return BodyRefusal(Why->Reason);
  if (std::optional<Refusal> Why = runtimeCallBlocker(WC, F, Name))
    return BodyRefusal(Why->Reason);
  if (containsGoto(Body))
    return BodyRefusal(Name + " uses goto");
  for (const SharedVariable &V : F.Shared)
    if (V.Dynamic)
      return BodyRefusal(Name + " uses dynamic shared memory ('" +
                         V.Var->getNameAsString() + "')");
  for (const FunctionDecl *Callee : A.localFacts(S.Caller).Callees) {
    const FunctionFacts &T = A.transitiveFacts(Callee);
    for (unsigned V = 0; V < NumBuiltinVars; ++V)
      if (T.IndexUse[V])
        return BodyRefusal(Name + " calls '" + Callee->getNameAsString() +
                           "', which reads " +
                           builtinVarName(static_cast<BuiltinVar>(V)) +
                           ": the level would need a clone of it");
  }
  uint64_t Bytes = F.staticSharedBytes() + 3 * 4;
  for (const ParmVarDecl *P : S.Caller->parameters()) {
    if (std::optional<std::string> Why =
            parameterTypeBlocker(Ctx, P->getType()))
      return BodyRefusal("the parameter '" + P->getNameAsString() + "' " +
                         *Why +
                         ": the chain keeps the next level's "
                         "arguments in shared memory");
    Bytes += Ctx.getTypeSizeInChars(P->getType()).getQuantity();
  }

  ChainShape Shape;
  Shape.Kernel = Def;
  Shape.Barriers = !F.Barriers.empty();
  if (Shape.Barriers) {
    for (const Occurrence &B : F.Barriers)
      if (B.What != "__syncthreads" ||
          canonicalFunction(B.In) != canonicalFunction(S.Caller))
        return BodyRefusal(Name + " synchronizes with " + B.What + " (" +
                           whereIs(WC, B.Loc) +
                           ") other than in a __syncthreads() of its own "
                           "body");
    std::vector<const CallExpr *> Calls;
    findSyncthreads(Body, Calls);
    size_t TopLevel = llvm::count_if(Body->body(), isSyncthreadsStatement);
    if (Calls.size() != F.Barriers.size() || TopLevel != Calls.size())
      return BodyRefusal(
          Name + " synchronizes inside a statement (" +
          whereIs(WC, F.Barriers[0].Loc) +
          "): threads past a smaller child block could not take part in "
          "that barrier (dpopt needs every __syncthreads() as a statement "
          "at the top of the body)");
    // A thread that returns stays for the barriers and does nothing else
    // (the statement that returns runs in a lambda, and the rest of the
    // level only where the thread is still active).
    for (const Occurrence &R : A.localFacts(S.Caller).Returns)
      if (R.Loc.isMacroID())
        return BodyRefusal("a return of " + Name + " (" + whereIs(WC, R.Loc) +
                           ") comes out of a macro");
    // Threads past a smaller child block declare the body's variables but
    // must not evaluate their initializers.
    for (const Stmt *C : Body->body()) {
      const auto *DS = dyn_cast<DeclStmt>(C);
      if (!DS) {
        if (isSyncthreadsStatement(C) || isa<NullStmt>(C))
          continue;
        Expected<unsigned> End = statementEnd(U, C);
        if (!End) {
          consumeError(End.takeError());
          return BodyRefusal("dpopt cannot find the end of the statement at " +
                             whereIs(WC, C->getBeginLoc()));
        }
        continue;
      }
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD)
          continue;
        if (VD->hasAttr<CUDASharedAttr>())
          continue;
        if (VD->getLocation().isMacroID())
          return BodyRefusal("the variable '" + VD->getNameAsString() +
                             "' is declared by a macro (" +
                             whereIs(WC, VD->getLocation()) + ")");
        QualType T = VD->getType();
        bool Plain =
            VD->hasLocalStorage() &&
            (VD->hasInit()
                 ? T->isScalarType() && !T->isMemberPointerType() &&
                       VD->getInitStyle() == VarDecl::CInit &&
                       !isa<InitListExpr>(VD->getInit())
                 : T.isTriviallyCopyableType(Ctx) && !T->isReferenceType());
        if (!Plain)
          return BodyRefusal(
              "the variable '" + VD->getNameAsString() + "' (" +
              whereIs(WC, VD->getLocation()) +
              ") is not a scalar initialized with '=' or a trivial "
              "variable without initializer: threads past a smaller child "
              "block could not skip its initialization");
      }
    }
  }

  if (Tail)
    if (std::optional<Refusal> Why = tailBlocker(S, *Tail, A, Shape, Bytes))
      return Why;
  PostworkFinding PF = findPostwork(S, A, /*BarriersAfter=*/true);
  if (PF.Blocker)
    return refuse(DiagId::FlattenPostwork, PF.Blocker->Reason);
  if (PF.Found && Shape.Tail)
    return refuse(DiagId::FlattenPostwork,
                  Name + " both waits for its child and tail-launches");
  if (PF.Found) {
    if (!PF.Found->Outer.empty())
      return refuse(DiagId::FlattenPostwork,
                    "the launching thread runs more statements after the "
                    "ones around the launch: they would run before the "
                    "postwork");
    for (const VarDecl *V : PF.Found->LiveIns) {
      if (std::optional<std::string> Why =
              parameterTypeBlocker(Ctx, V->getType()))
        return refuse(DiagId::FlattenPostwork,
                      "the postwork reads '" + V->getNameAsString() +
                          "', which " + *Why +
                          ": the chain keeps the postwork's inputs in shared "
                          "memory");
      Bytes += MaxNesting * Ctx.getTypeSizeInChars(V->getType()).getQuantity();
    }
    Bytes += MaxNesting * 12 * PF.Found->Builtins.size();
    Shape.Post = std::move(PF.Found);
  }
  if (Bytes > StaticSharedLimit)
    return BodyRefusal("the chain's record and " + Name +
                       "'s shared variables (" + std::to_string(Bytes) +
                       " bytes) would not fit in 48 KiB");
  if (Out)
    *Out = std::move(Shape);
  return std::nullopt;
}

/// The plan keeps each accepted site's shape for run().
class FlattenPlan : public PassPlan {
public:
  std::map<const LaunchSite *, ChainShape> Shapes;
};

class FlattenRecursionPass : public Pass {
public:
  StringRef name() const override { return PassName; }
  StringRef description() const override {
    return "a kernel that launches itself as one block, once per block at "
           "most, runs that chain of children in the launching block, a "
           "level at a time (legacy CDP1 postwork on the way back)";
  }
  std::vector<RuntimeHeader> runtimeHeaders() const override {
    return {RuntimeHeader::Core, RuntimeHeader::TailGather};
  }

  std::unique_ptr<PassPlan> plan(ProgramAnalysis &A,
                                 const PassOptions &) const override {
    auto Plan = std::make_unique<FlattenPlan>();
    for (const LaunchSite &S : A.sites()) {
      std::optional<Refusal> Why = skipBlocker(S, PassName);
      ChainShape Shape;
      if (!Why)
        Why = chainBlocker(S, A, &Shape);
      if (Why) {
        Plan->add({&S, false, Why->Reason, Why->Id});
        continue;
      }
      Plan->add({&S, true, summary(S, Shape), std::nullopt});
      Plan->Shapes[&S] = std::move(Shape);
    }
    return Plan;
  }

  Expected<tooling::Replacements> run(PassContext &Ctx,
                                      const PassPlan &Base) override;

private:
  static std::string summary(const LaunchSite &S, const ChainShape &Shape) {
    std::string T = "the launching block runs the chain of one-block "
                    "launches of '" +
                    S.CalleeName + "' itself, a level at a time";
    if (Shape.hasPostwork())
      T += ", and the code after cudaDeviceSynchronize() on the way back, "
           "deepest level first";
    else if (Shape.Tail)
      T += ", and the tail-launched '" + Shape.Tail->Site->CalleeName +
           "' on the way back, deepest level first (the grid's own level: "
           "one tail launch for all its blocks, " +
           (Shape.Tail->Accesses
                ? std::string("run at once where their addresses do not "
                              "overlap")
                : "run one after another: '" + Shape.Tail->Site->CalleeName +
                      "' " + Shape.Tail->Why) +
           ")";
    else if (Shape.Post)
      T += " (cudaDeviceSynchronize() had nothing after it)";
    if (Shape.Barriers)
      T += std::string("; '") + S.CalleeName +
           "' synchronizes: threads past a smaller child block only take "
           "part in its barriers, and a child block larger than the "
           "launching block " +
           (Shape.hasPostwork() ? "stops the kernel (__trap)"
            : Shape.Tail ? "is launched as written, and the levels' tail "
                           "launches as written after it"
                         : "is launched as written");
    return T;
  }
};

/// Writes one accepted site: the chain record, the level and postwork
/// functions before the kernel, and the kernel's new body.
class ChainWriter {
public:
  ChainWriter(PassContext &Ctx, NameAllocator &Names, const LaunchSite &S,
              const LaunchText &L, const ChainShape &Shape)
      : Ctx(Ctx), U(Ctx.WC.unit()), Names(Names), S(S), L(L), Shape(Shape),
        Base(S.CallerName) {}

  Error write(EditList &Edits);

private:
  Expected<std::string> levelBody(const FunctionPieces &F);
  std::string recordText() const;
  std::string driverBody() const;
  std::string chainStruct() const;
  std::string postFunction() const;
  Expected<std::string> tailFunctions() const;
  std::string tailRecordText() const;
  std::string accessesText() const;
  std::string tailDriverText() const;
  /// "[depth & 1u]": the index of the record a level writes and the next
  /// level's turn reads.
  std::string turn() const { return "[" + Depth + " & 1u]"; }
  /// The built-ins of a grid of one thread, as TailRun's first arguments.
  static std::string tailBuiltins() {
    return "make_uint3(0u, 0u, 0u), dim3(1u, 1u, 1u), dim3(1u, 1u, 1u), "
           "make_uint3(0u, 0u, 0u)";
  }

  PassContext &Ctx;
  const ParsedUnit &U;
  NameAllocator &Names;
  const LaunchSite &S;
  const LaunchText &L;
  const ChainShape &Shape;
  std::string Base;
  // Generated names (fresh against the working text).
  std::string Chain, Level, Post, C, Active, Depth, Launches, Self, Team, Bi,
      Bd, Gd, Size, T, Launchers, Cb, D, Record;
  std::vector<std::string> Arg, Param, Live, At;
  // The tail launch's: P's body as a function, the gathered record's type,
  // and the chain's fields with P's arguments per level.
  std::string TailRun, TailRec, Gathered, Spilled;
  std::vector<std::string> TailArg;
  std::string TailCallee; // P as written in the launch
};

std::string ChainWriter::chainStruct() const {
  const ASTContext &Ctx = U.getASTContext();
  std::string Text =
      "// dpopt flatten-recursion: what a block of '" + Base +
      "' passes from a level of its\n// chain of children to the next (and, "
      "per level, the postwork's inputs)\n";
  // Member names are dpopt's (reserved): a user's macro cannot be named so.
  // Two records, used by turns (level d writes record d % 2): a thread
  // reads level d's record after the level's closing barrier, and the
  // launcher of level d + 2 writes it only after level d + 1's, which
  // every thread reaches once it has read it. No barrier of its own.
  Text += "struct " + Chain + " {\n  unsigned __dpopt_block[2][3];\n";
  const auto Params = Shape.Kernel->parameters();
  for (size_t I = 0; I < Params.size(); ++I)
    Text +=
        "  " + printedType(Params[I]->getType(), Ctx, Arg[I] + "[2]") + ";\n";
  if (Shape.hasPostwork()) {
    for (size_t I = 0; I < Shape.Post->Builtins.size(); ++I)
      Text +=
          "  unsigned " + At[I] + "[" + std::to_string(MaxNesting) + "][3];\n";
    for (size_t I = 0; I < Shape.Post->LiveIns.size(); ++I)
      Text += "  " +
              printedType(Shape.Post->LiveIns[I]->getType(), Ctx,
                          Live[I] + "[" + std::to_string(MaxNesting) + "]") +
              ";\n";
  }
  if (Shape.Tail) {
    const auto TP = Shape.Tail->Kernel->parameters();
    for (size_t I = 0; I < TP.size(); ++I)
      Text += "  " +
              printedType(TP[I]->getType().getUnqualifiedType(), Ctx,
                          TailArg[I] + "[" + std::to_string(MaxNesting) + "]") +
              ";\n";
  }
  return Text + "};\n";
}

std::string ChainWriter::recordText() const {
  std::vector<std::string> Lines;
  std::string B = Names.fresh("block");
  Lines.push_back("const dim3 " + B + "(" + S.Block.Text + ");");
  unsigned MaxThreads = maxBlockThreads(S.Callee);
  uint64_t Shared = Ctx.Analysis.transitiveFacts(S.Callee).staticSharedBytes();
  // A launch the GPU would reject ran no child: the next level is empty.
  Lines.push_back("const bool " + Record + " = " + rt::launchable +
                  "(dim3(1), " + B + ", 0, " + std::to_string(MaxThreads) +
                  ", " + std::to_string(Shared) + ");");
  const std::string Turn = turn();
  Lines.push_back(C + ".__dpopt_block" + Turn + "[0] = " + Record + " ? " + B +
                  ".x : 0u;");
  Lines.push_back(C + ".__dpopt_block" + Turn + "[1] = " + Record + " ? " + B +
                  ".y : 0u;");
  Lines.push_back(C + ".__dpopt_block" + Turn + "[2] = " + Record + " ? " + B +
                  ".z : 0u;");
  for (size_t I = 0; I < Arg.size() && I < S.Args.size(); ++I)
    Lines.push_back(C + "." + Arg[I] + Turn + " = " + S.Args[I].Text + ";");
  if (Shape.runsAfterChain()) {
    Lines.push_back("if (" + Depth + " >= " + std::to_string(MaxNesting) +
                    "u) // deeper than CUDA's " + std::to_string(MaxNesting) +
                    " nested grids");
    Lines.push_back("  __trap();");
  }
  if (Shape.hasPostwork()) {
    for (size_t I = 0; I < Shape.Post->Builtins.size(); ++I) {
      std::string V = builtinVarName(Shape.Post->Builtins[I]);
      Lines.push_back(C + "." + At[I] + "[" + Depth + "][0] = " + V + ".x; " +
                      C + "." + At[I] + "[" + Depth + "][1] = " + V + ".y; " +
                      C + "." + At[I] + "[" + Depth + "][2] = " + V + ".z;");
    }
    for (size_t I = 0; I < Shape.Post->LiveIns.size(); ++I)
      Lines.push_back(C + "." + Live[I] + "[" + Depth +
                      "] = " + Shape.Post->LiveIns[I]->getNameAsString() + ";");
  }
  Lines.push_back("++" + Launches + ";");
  return "{ // dpopt flatten-recursion: the block runs this child after the "
         "level\n" +
         indentedLines(Lines, "  ") + "}";
}

Expected<std::string> ChainWriter::levelBody(const FunctionPieces &F) {
  const auto *Body = cast<CompoundStmt>(Shape.Kernel->getBody());
  EditList Edits("");
  std::string Record = recordText();
  bool SiteTopLevel = false;
  if (Shape.Barriers) {
    for (const Stmt *Top : Body->body()) {
      unsigned B = U.getOffset(Top->getBeginLoc());
      if (isSyncthreadsStatement(Top) || isa<NullStmt>(Top))
        continue;
      if (Shape.Post && B >= Shape.Post->Begin && B < Shape.Post->End)
        continue; // moved to the postwork function
      if (const auto *DS = dyn_cast<DeclStmt>(Top)) {
        for (const Decl *Dcl : DS->decls()) {
          const auto *VD = dyn_cast<VarDecl>(Dcl);
          if (!VD || !VD->hasInit() || VD->hasAttr<CUDASharedAttr>())
            continue;
          auto [IB, IE] = U.getOffsetRange(VD->getInit()->getSourceRange());
          Edits.replace(IB, IE - IB,
                        Active + " ? (" + U.getText().slice(IB, IE).str() +
                            ") : static_cast<" +
                            printedType(VD->getType(), U.getASTContext()) +
                            ">(0)");
        }
        continue;
      }
      if (B == S.StmtBegin) {
        SiteTopLevel = true;
        continue;
      }
      if (Shape.Tail && B == Shape.Tail->Site->StmtBegin)
        continue; // follows the site: runs where the site's record does
      Expected<unsigned> End = statementEnd(U, Top);
      if (!End)
        return End.takeError();
      std::vector<unsigned> Returns;
      for (const Occurrence &R :
           Ctx.Analysis.localFacts(Shape.Kernel).Returns) {
        unsigned O = U.getOffset(R.Loc);
        if (O >= B && O < *End &&
            !(Shape.Post && O >= Shape.Post->Begin && O < Shape.Post->End))
          Returns.push_back(O);
      }
      if (Returns.empty()) {
        Edits.insert(B, "if (" + Active + ") { ");
        Edits.insert(*End, " }");
        continue;
      }
      // A thread that returns here is no longer active in this level.
      Edits.insert(B, "if (" + Active + ") " + Active + " = [&]() -> bool { ");
      for (unsigned O : Returns)
        Edits.replace(O, 6, "return false");
      Edits.insert(*End, " return true; }();");
    }
  }
  Edits.replace(
      S.StmtBegin, S.StmtEnd - S.StmtBegin,
      indentLines((SiteTopLevel ? "if (" + Active + ") " : "") + Record,
                  indentationAt(U.getText(), S.StmtBegin)));
  if (Shape.hasPostwork())
    Edits.replace(Shape.Post->Begin, Shape.Post->End - Shape.Post->Begin,
                  "/* dpopt flatten-recursion: cudaDeviceSynchronize() and "
                  "the code after it run in " +
                      Post + " once the block has run the child */");
  else if (Shape.Tail)
    Edits.replace(
        Shape.Tail->Site->StmtBegin,
        Shape.Tail->Site->StmtEnd - Shape.Tail->Site->StmtBegin,
        indentLines((SiteTopLevel ? "if (" + Active + ") " : "") +
                        tailRecordText(),
                    indentationAt(U.getText(), Shape.Tail->Site->StmtBegin)));
  else if (Shape.Post)
    Edits.replace(Shape.Post->Begin, Shape.Post->End - Shape.Post->Begin,
                  "/* dpopt flatten-recursion: cudaDeviceSynchronize() had "
                  "nothing after it: the block runs the child next */;");
  return bodyWithEdits(U, F, Edits);
}

std::string ChainWriter::postFunction() const {
  const ASTContext &ACtx = U.getASTContext();
  std::vector<std::string> Params;
  for (BuiltinVar B : Shape.Post->Builtins)
    Params.push_back(std::string(builtinVarType(B)) + " " + builtinVarName(B));
  for (const VarDecl *V : Shape.Post->LiveIns)
    Params.push_back(printedType(V->getType(), ACtx, V->getNameAsString()));
  std::string Text =
      "// dpopt flatten-recursion: what followed cudaDeviceSynchronize() in '" +
      Base +
      "', run\n// for a level once the block has run its child, with "
      "the launching thread's values\n";
  Text += "static __device__ void " + Post + "(" + join(Params, ", ") +
          ") {\n  {\n  " +
          U.getText().slice(Shape.Post->CodeBegin, Shape.Post->End).str() +
          "\n  }\n}\n";
  return Text;
}

Expected<std::string> ChainWriter::tailFunctions() const {
  const ASTContext &ACtx = U.getASTContext();
  const FunctionDecl *P = Shape.Tail->Kernel;
  const std::string Name = Shape.Tail->Site->CalleeName;
  Expected<FunctionPieces> F = readFunction(U, P);
  if (!F)
    return F.takeError();
  Expected<std::string> Params = paramsWithoutDefaults(U, P);
  if (!Params)
    return Params.takeError();
  bool NoParams =
      StringRef(*Params).trim().empty() || StringRef(*Params).trim() == "void";
  std::string Text =
      "// dpopt flatten-recursion: the body of '" + Name + "', which '" + Base +
      "' tail-launches\n// after its child as a grid of one thread, run on "
      "the way back (its built-ins are that grid's)\n";
  Text += "static __device__ void " + TailRun +
          "(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx" +
          (NoParams ? "" : ", " + *Params) + ") " +
          F->Source.slice(F->BodyBegin, F->BodyEnd + 1).str() + "\n\n";
  // The arguments of one block's tail launch of the grid's own level, run
  // by dpopt's gathered tail launch.
  Text += "// dpopt flatten-recursion: the arguments of a block's tail launch "
          "of '" +
          Name +
          "' at the grid's\n// own level, which one gathered tail "
          "launch runs for all the blocks\n";
  Text += "struct " + TailRec + " {\n";
  std::vector<std::string> Members;
  const auto TP = P->parameters();
  for (size_t I = 0; I < TP.size(); ++I) {
    Members.push_back(TailArg[I]);
    Text +=
        "  " +
        printedType(TP[I]->getType().getUnqualifiedType(), ACtx, TailArg[I]) +
        ";\n";
  }
  Text += "  __device__ void __dpopt_run() const { " + TailRun + "(" +
          tailBuiltins() + (Members.empty() ? "" : ", " + join(Members, ", ")) +
          "); }\n";
  Text += accessesText();
  return Text + "};\n";
}

/// The record's account of what its launch reaches (tail_gather.cuh's
/// tailGatherIndependent): the count of accesses (-1: unknown), a bound on
/// the 4-byte words they cover, and each address computed from the
/// arguments bound to P's parameter names.
std::string ChainWriter::accessesText() const {
  const ASTContext &ACtx = U.getASTContext();
  // Past these, checking would cost more than it could save.
  constexpr size_t MaxAccesses = 16;
  constexpr uint64_t MaxWords = 64;
  const auto &Accesses = Shape.Tail->Accesses;
  uint64_t Words = 0;
  if (Accesses)
    for (const MemoryAccess &A : *Accesses)
      Words += (A.Bytes + 3) / 4 + 1;
  if (!Accesses || Accesses->size() > MaxAccesses || Words > MaxWords)
    return "  // What it reaches is not known: the gathered launches run one "
           "after another.\n  static constexpr int __dpopt_access_count = "
           "-1;\n";
  std::string Text =
      "  // What it reaches, from its arguments: the gathered launches run "
      "at once\n  // when no two of them touch a word where one writes.\n";
  Text += "  static constexpr int __dpopt_access_count = " +
          std::to_string(Accesses->size()) + ";\n";
  Text += "  static constexpr unsigned __dpopt_access_words = " +
          std::to_string(Words) + ";\n";
  Text += "  __device__ void __dpopt_accesses(" + rt::TailAccess +
          " *__dpopt_out) const {\n";
  const auto TP = Shape.Tail->Kernel->parameters();
  // Only the parameters the addresses name (an unused local would warn).
  auto Named = [&](const ParmVarDecl *P) {
    return llvm::any_of(*Accesses, [&](const MemoryAccess &A) {
      return llvm::is_contained(A.Params, P);
    });
  };
  for (size_t I = 0; I < TP.size(); ++I)
    if (Named(TP[I]))
      Text += "    " +
              printedType(TP[I]->getType(), ACtx, TP[I]->getNameAsString()) +
              " = " + TailArg[I] + ";\n";
  for (size_t I = 0; I < Accesses->size(); ++I) {
    const MemoryAccess &A = (*Accesses)[I];
    Text += "    __dpopt_out[" + std::to_string(I) + "] = " + rt::TailAccess +
            "{reinterpret_cast<unsigned long long>(&(" + A.Lvalue + ")), " +
            std::to_string(A.Bytes) + "ull, " + (A.Write ? "true" : "false") +
            "};\n";
  }
  return Text + "  }\n";
}

std::string ChainWriter::tailRecordText() const {
  std::vector<std::string> Lines;
  const LaunchSite &TS = *Shape.Tail->Site;
  for (size_t I = 0; I < TailArg.size(); ++I)
    Lines.push_back(C + "." + TailArg[I] + "[" + Depth +
                    "] = " + TS.Args[I].Text + ";");
  return "{ // dpopt flatten-recursion: this tail launch of '" + TS.CalleeName +
         "' runs once the block\n  // has run the child's chain, as " +
         TailRun + "\n" + indentedLines(Lines, "  ") + "}";
}

std::string ChainWriter::tailDriverText() const {
  const LaunchSite &TS = *Shape.Tail->Site;
  auto Args = [&](StringRef Level) {
    std::vector<std::string> A;
    for (const std::string &F : TailArg)
      A.push_back(C + "." + F + "[" + Level.str() + "]");
    return A;
  };
  std::vector<std::string> Lines;
  Lines.push_back("// The tail launches of '" + TS.CalleeName +
                  "', deepest level first: level d's started after its");
  Lines.push_back("// one-block grid and all that grid launched; level 0's "
                  "starts after the whole grid.");
  Lines.push_back("if (" + Self + " == 0 && " + Depth + " > 0) {");
  std::vector<std::string> LevelArgs = Args(D);
  auto AsWritten = [&](const std::vector<std::string> &A) {
    return deviceLaunchStatement(
        TS.Id,
        launchStatement(TailCallee, "1", "1", std::optional<std::string>("0"),
                        std::optional<std::string>("cudaStreamTailLaunch"),
                        join(A, ", ")));
  };
  if (Shape.Barriers) {
    // The deepest level's child ran as a grid of its own: every level's
    // tail launch must follow it, so each is made as written, deepest
    // first (the grid's tail stream runs them in that order).
    Lines.push_back("  if (" + Spilled + ") {");
    Lines.push_back("    for (unsigned " + D + " = " + Depth + "; " + D +
                    "-- > 0;)");
    Lines.push_back("      " + AsWritten(LevelArgs));
    Lines.push_back("    return;");
    Lines.push_back("  }");
  }
  Lines.push_back("  for (unsigned " + D + " = " + Depth + "; --" + D +
                  " > 0;)");
  Lines.push_back("    " + TailRun + "(" + tailBuiltins() +
                  (LevelArgs.empty() ? "" : ", " + join(LevelArgs, ", ")) +
                  ");");
  Lines.push_back("  // The grid's blocks gather level 0's launches into one "
                  "(or launch their own).");
  Lines.push_back("  if (" + TailRec + " *" + Gathered + " = " +
                  rt::tailGatherRecord + "<" + TailRec + ">()) {");
  std::vector<std::string> First = Args("0");
  for (size_t I = 0; I < TailArg.size(); ++I)
    Lines.push_back("    " + Gathered + "->" + TailArg[I] + " = " + First[I] +
                    ";");
  Lines.push_back("  } else {");
  Lines.push_back("    " + AsWritten(First));
  Lines.push_back("  }");
  Lines.push_back("}");
  return indentedLines(Lines, "  ");
}

std::string ChainWriter::driverBody() const {
  const ASTContext &ACtx = U.getASTContext();
  const auto Params = Shape.Kernel->parameters();
  std::vector<std::string> Lines;
  Lines.push_back("__shared__ " + Chain + " " + C + ";");
  Lines.push_back("const unsigned " + Self +
                  " = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * "
                  "threadIdx.z);");
  Lines.push_back("const unsigned " + Team +
                  " = blockDim.x * blockDim.y * blockDim.z;");
  Lines.push_back("uint3 " + Bi + " = blockIdx;");
  Lines.push_back("dim3 " + Bd + " = blockDim, " + Gd + " = gridDim;");
  std::string CallArgs;
  for (size_t I = 0; I < Params.size(); ++I) {
    // An unnamed parameter is never read: any value does.
    Lines.push_back(printedType(Params[I]->getType(), ACtx, Param[I]) +
                    (Params[I]->getIdentifier()
                         ? " = " + Params[I]->getNameAsString()
                         : std::string("{}")) +
                    ";");
    CallArgs += ", " + Param[I];
  }
  Lines.push_back("unsigned " + Depth + " = 0;");
  if (Shape.Tail && Shape.Barriers)
    Lines.push_back("bool " + Spilled +
                    " = false; // a child launched as written");
  Lines.push_back("for (;;) {");
  std::vector<std::string> Loop;
  Loop.push_back("unsigned " + Launches + " = 0;");
  Loop.push_back("const unsigned " + Size + " = " + Bd + ".x * " + Bd +
                 ".y * " + Bd + ".z;");
  // The level's thread index: one-dimensional blocks (the usual chain)
  // need no divisions, which would cost more than a level's work.
  auto Call = [&](StringRef Thread, StringRef IsActive) {
    std::string Th = Thread.str();
    return Level + "(" + Bi + ", " + Bd + ", " + Gd + ", " + Bd +
           ".y == 1u && " + Bd + ".z == 1u ? make_uint3(" + Th +
           ", 0u, 0u) : make_uint3(" + Th + " % " + Bd + ".x, " + Th + " / " +
           Bd + ".x % " + Bd + ".y, " + Th + " / (" + Bd + ".x * " + Bd +
           ".y)), " + IsActive.str() + ", " + C + ", " + Depth + ", " +
           Launches + CallArgs + ");";
  };
  if (Shape.Barriers) {
    Loop.push_back("// Every thread takes part in the level's barriers.");
    Loop.push_back(Call(Self, Self + " < " + Size));
  } else {
    Loop.push_back("for (unsigned " + T + " = " + Self + "; " + T + " < " +
                   Size + "; " + T + " += " + Team + ")");
    Loop.push_back("  " + Call(T, "true"));
  }
  Loop.push_back("const unsigned " + Launchers + " = __syncthreads_count(" +
                 Launches + " != 0);");
  Loop.push_back("if (" + Launchers + " == 0)");
  Loop.push_back("  break;");
  Loop.push_back("if (" + Launchers + " > 1 || " + Launches + " > 1)");
  Loop.push_back("  __trap(); // more launches than dpopt found possible");
  const std::string Turn = turn();
  Loop.push_back("const dim3 " + Cb + "(" + C + ".__dpopt_block" + Turn +
                 "[0], " + C + ".__dpopt_block" + Turn + "[1], " + C +
                 ".__dpopt_block" + Turn + "[2]);");
  for (size_t I = 0; I < Params.size(); ++I)
    Loop.push_back(Param[I] + " = " + C + "." + Arg[I] + Turn + ";");
  Loop.push_back("++" + Depth + ";");
  if (Shape.Barriers) {
    std::string Big =
        "if (" + Cb + ".x * " + Cb + ".y * " + Cb + ".z > " + Team + ") {";
    if (Shape.hasPostwork()) {
      // A legacy wait cannot be kept in a launch from here.
      Loop.push_back(Big + " // its barriers need more threads than the "
                           "block has");
      Loop.push_back("  __trap();");
      Loop.push_back("}");
    } else {
      std::optional<std::string> Stream;
      if (S.InStream == StreamKind::FireAndForget)
        Stream = "cudaStreamFireAndForget";
      std::string Args;
      for (size_t I = 0; I < Params.size(); ++I)
        Args += (I ? ", " : "") + Param[I];
      Loop.push_back(Big + " // too large for the block: launched as written");
      Loop.push_back("  if (" + Launches + ")");
      Loop.push_back(
          "    " +
          deviceLaunchStatement(
              S.Id, launchStatement(L.Callee, "1", Cb,
                                    Stream ? std::optional<std::string>("0")
                                           : std::nullopt,
                                    Stream, Args)));
      if (Shape.Tail)
        // The levels' tail launches then go after it (tailDriverText).
        Loop.push_back("  " + Spilled + " = true;");
      Loop.push_back("  break;");
      Loop.push_back("}");
    }
  }
  Loop.push_back(Bi + " = make_uint3(0, 0, 0);");
  Loop.push_back(Bd + " = " + Cb + ";");
  Loop.push_back(Gd + " = dim3(1, 1, 1);");
  Loop.push_back("if (" + Cb + ".x * " + Cb + ".y * " + Cb +
                 ".z == 0) // the launch would have failed: no child ran");
  Loop.push_back("  break;");
  std::string Text =
      indentedLines(Lines, "  ") + indentedLines(Loop, "    ") + "  }\n";
  if (Shape.hasPostwork()) {
    std::vector<std::string> Args;
    for (size_t I = 0; I < Shape.Post->Builtins.size(); ++I)
      Args.push_back(
          "make_" + std::string(builtinVarType(Shape.Post->Builtins[I])) + "(" +
          C + "." + At[I] + "[" + D + "][0], " + C + "." + At[I] + "[" + D +
          "][1], " + C + "." + At[I] + "[" + D + "][2])");
    for (size_t I = 0; I < Shape.Post->LiveIns.size(); ++I)
      Args.push_back(C + "." + Live[I] + "[" + D + "]");
    Text += "  // The postwork of each level, deepest first, as the waits "
            "returned.\n";
    Text += "  if (" + Self + " == 0)\n    for (unsigned " + D + " = " + Depth +
            "; " + D + "-- > 0;)\n      " + Post + "(" + join(Args, ", ") +
            ");\n";
  }
  if (Shape.Tail)
    Text += tailDriverText();
  return "{ // dpopt flatten-recursion: this block runs the chain of '" + Base +
         "' children it\n  // launched, one level a turn (" + Level + ")\n" +
         Text + "}";
}

Error ChainWriter::write(EditList &Edits) {
  Chain = Names.fresh("chain_" + Base);
  Level = Names.fresh("level_" + Base);
  Post = Names.fresh("post_" + Base);
  for (auto [N, Stem] :
       std::initializer_list<std::pair<std::string *, const char *>>{
           {&C, "chain"},
           {&Active, "active"},
           {&Depth, "depth"},
           {&Launches, "launches"},
           {&Self, "self"},
           {&Team, "team"},
           {&Bi, "level_block_idx"},
           {&Bd, "level_block_dim"},
           {&Gd, "level_grid_dim"},
           {&Size, "level_threads"},
           {&T, "thread"},
           {&Launchers, "launchers"},
           {&Cb, "child_block"},
           {&D, "level"},
           {&Record, "launchable"}})
    *N = Names.fresh(Stem);
  for (size_t I = 0; I < Shape.Kernel->getNumParams(); ++I) {
    Arg.push_back("__dpopt_arg" + std::to_string(I));
    Param.push_back(Names.fresh("arg" + std::to_string(I)));
  }
  if (Shape.hasPostwork()) {
    for (size_t I = 0; I < Shape.Post->Builtins.size(); ++I)
      At.push_back(std::string("__dpopt_post_") +
                   builtinVarName(Shape.Post->Builtins[I]));
    for (size_t I = 0; I < Shape.Post->LiveIns.size(); ++I)
      Live.push_back("__dpopt_post" + std::to_string(I) + "_" +
                     Shape.Post->LiveIns[I]->getNameAsString());
  }

  if (Shape.Tail) {
    TailRun = Names.fresh("run_" + Shape.Tail->Site->CalleeName);
    TailRec = Names.fresh("tail_" + Base);
    Gathered = Names.fresh("gathered");
    Spilled = Names.fresh("spilled");
    for (size_t I = 0; I < Shape.Tail->Kernel->getNumParams(); ++I)
      TailArg.push_back("__dpopt_tail" + std::to_string(I));
    Expected<LaunchText> TL = readLaunchText(U, *Shape.Tail->Site);
    if (!TL)
      return TL.takeError();
    TailCallee = TL->Callee;
  }

  Expected<FunctionPieces> F = readFunction(U, Shape.Kernel);
  if (!F)
    return F.takeError();
  Expected<std::string> LevelText = levelBody(*F);
  if (!LevelText)
    return LevelText.takeError();
  Expected<std::string> Params = paramsWithoutDefaults(U, Shape.Kernel);
  if (!Params)
    return Params.takeError();
  bool NoParams =
      StringRef(*Params).trim().empty() || StringRef(*Params).trim() == "void";
  std::string Before = chainStruct() + "\n";
  Before += "// dpopt flatten-recursion: a level of the chain of '" + Base +
            "' children, run by the\n// block of its parent (the child's "
            "built-ins are parameters)\n";
  Before += "static __device__ void " + Level +
            "(uint3 blockIdx, dim3 blockDim, dim3 gridDim, uint3 threadIdx, "
            "bool " +
            Active + ", " + Chain + " &" + C + ", unsigned " + Depth +
            ", unsigned &" + Launches + (NoParams ? "" : ", " + *Params) +
            ") " + *LevelText + "\n\n";
  if (Shape.hasPostwork())
    Before += postFunction() + "\n";
  if (Shape.Tail) {
    Expected<std::string> Tail = tailFunctions();
    if (!Tail)
      return Tail.takeError();
    Before += *Tail + "\n";
  }
  insertBeforeFunction(U, Edits, *F, std::move(Before));
  Edits.replace(F->BodyBegin, F->BodyEnd - F->BodyBegin + 1, driverBody());
  return Error::success();
}

Expected<tooling::Replacements>
FlattenRecursionPass::run(PassContext &Ctx, const PassPlan &Base) {
  const auto &Plan = static_cast<const FlattenPlan &>(Base);
  const ParsedUnit &U = Ctx.WC.unit();
  EditList Edits(Ctx.WC.original().path().str());
  NameAllocator Names(U.getText());
  for (const LaunchSite *S : Ctx.Analysis.deviceSites()) {
    const SiteVerdict &V = Plan.verdictFor(*S);
    if (!V.Transforms) {
      if (V.Id != DiagId::FlattenNotSelfLaunch)
        Ctx.Remarks.missed(PassName, Ctx.WC.locate(S->Call->getBeginLoc()),
                           V.Id.value_or(DiagId::FlattenKernelBody),
                           "not flattening this launch of '" + S->CalleeName +
                               "': " + V.Reason);
      continue;
    }
    Expected<LaunchText> L = readLaunchText(U, *S);
    if (!L) {
      Ctx.Remarks.missed(PassName, Ctx.WC.locate(S->Call->getBeginLoc()),
                         DiagId::LaunchTextUnreadable,
                         "not flattening this launch of '" + S->CalleeName +
                             "': " + toString(L.takeError()));
      continue;
    }
    const ChainShape &Shape = Plan.Shapes.at(S);
    ChainWriter W(Ctx, Names, *S, *L, Shape);
    if (Error E = W.write(Edits))
      return std::move(E);
    Ctx.Needs.add(RuntimeHeader::Core);
    if (Shape.Tail)
      Ctx.Needs.add(RuntimeHeader::TailGather);
    Ctx.Remarks.passed(PassName, Ctx.WC.locate(S->Call->getBeginLoc()),
                       DiagId::Flattened,
                       "flattening the recursion at this launch of '" +
                           S->CalleeName + "': " + V.Reason);
  }
  return Edits.build();
}

} // namespace

std::unique_ptr<Pass> createFlattenRecursionPass() {
  return std::make_unique<FlattenRecursionPass>();
}

} // namespace dpopt
