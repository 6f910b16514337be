//===- ContinuationShape.cpp - Where a CDP1 kernel waits, and what lives -===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ContinuationShape.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/AST/MainFileVisitor.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// Function definitions of the main file whose own body waits.
class WaitingFunctions : public MainFileVisitor<WaitingFunctions> {
public:
  explicit WaitingFunctions(const SourceManager &SM) : MainFileVisitor(SM) {}

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = currentFunction();
    if (F && isLegacyDeviceSync(CE) && isDeviceContext(Functions) &&
        !is_contained(Found, F))
      Found.push_back(F);
    return true;
  }

  std::vector<const FunctionDecl *> Found;
};

bool isBarrierCall(const Stmt *S) {
  const auto *CE = dyn_cast_or_null<CallExpr>(S);
  if (!CE)
    return false;
  const FunctionDecl *Callee = CE->getDirectCallee();
  return Callee && Callee->getIdentifier() &&
         Callee->getName() == "__syncthreads";
}

/// Everything in one kernel body the shape needs, with each statement's
/// parent. Lambdas are other functions: not entered.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  bool shouldVisitImplicitCode() const { return false; }
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    Lambdas.push_back(LE);
    return true;
  }

  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    if (!Stack.empty())
      Parent[S] = Stack.back();
    Stack.push_back(S);
    bool R = RecursiveASTVisitor::TraverseStmt(S, nullptr);
    Stack.pop_back();
    return R;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (isLegacyDeviceSync(CE))
      Syncs.push_back(CE);
    else if (isBarrierCall(CE))
      BarrierCalls.push_back(CE);
    else if (isErrorCall(CE))
      ErrorCalls.push_back(CE);
    return true;
  }

  static bool isErrorCall(const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    return F && F->getIdentifier() &&
           (F->getName() == "cudaGetLastError" ||
            F->getName() == "cudaPeekAtLastError");
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    for (Decl *D : DS->decls())
      if (auto *VD = dyn_cast<VarDecl>(D)) {
        Vars.push_back(VD);
        DeclOf[VD] = DS;
      }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Refs.push_back(E);
    return true;
  }
  bool VisitLabelStmt(LabelStmt *L) {
    Jumps.push_back(L);
    return true;
  }
  bool VisitGotoStmt(GotoStmt *G) {
    Jumps.push_back(G);
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *G) {
    Jumps.push_back(G);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      AddressOf.push_back(U);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      Decays.push_back(C);
    return true;
  }

  const Stmt *parent(const Stmt *S) const { return Parent.lookup(S); }

  std::vector<const CallExpr *> Syncs, BarrierCalls, ErrorCalls;
  std::vector<const ReturnStmt *> Returns;
  std::vector<const VarDecl *> Vars;
  DenseMap<const VarDecl *, const DeclStmt *> DeclOf;
  std::vector<const DeclRefExpr *> Refs;
  std::vector<const Stmt *> Jumps;
  std::vector<const UnaryOperator *> AddressOf;
  std::vector<const ImplicitCastExpr *> Decays;
  std::vector<const LambdaExpr *> Lambdas;

private:
  DenseMap<const Stmt *, const Stmt *> Parent;
  std::vector<Stmt *> Stack;
};

/// The statement that \p E is the whole of ('f();'), or null when \p E is
/// part of a larger expression or a condition.
const Stmt *statementOf(const BodyScan &Scan, const Expr *E) {
  const Stmt *S = E;
  for (const Stmt *P = Scan.parent(S); P; S = P, P = Scan.parent(P)) {
    if (isa<Expr>(P)) {
      // Look through what wraps a discarded call: casts to void, parens,
      // cleanups.
      const auto *PE = cast<Expr>(P);
      if (isa<ParenExpr, ExprWithCleanups>(PE) ||
          (isa<CStyleCastExpr>(PE) && PE->getType()->isVoidType()) ||
          isa<ImplicitCastExpr>(PE))
        continue;
      return nullptr;
    }
    return isStatementPosition(S, P) ? S : nullptr;
  }
  return nullptr;
}

/// True for what a thread does after a wait without observable effect:
/// barriers (the other threads wait for it, then find nothing to do either),
/// empty statements; \p Ends is set at a 'return;'.
bool isInert(const Stmt *S, bool &Ends) {
  if (isa<NullStmt>(S))
    return true;
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    Ends = !R->getRetValue();
    return Ends;
  }
  if (isBarrierCall(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body()) {
      if (!isInert(C, Ends))
        return false;
      if (Ends)
        return true;
    }
    return true;
  }
  return false;
}

/// True when nothing observable can follow wait statement \p Wait up to the
/// end of \p Body.
bool isDeadWait(const BodyScan &Scan, const Stmt *Wait, const Stmt *Body) {
  const Stmt *S = Wait;
  while (S != Body) {
    const Stmt *P = Scan.parent(S);
    if (!P)
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      auto It = find(CS->body(), S);
      bool Ends = false;
      for (++It; It != CS->body_end(); ++It) {
        if (!isInert(*It, Ends))
          return false;
        if (Ends)
          return true;
      }
    } else if (!isa<IfStmt>(P)) {
      return false; // loops repeat; switch cases fall through
    }
    S = P;
  }
  return true;
}

std::string quoted(const NamedDecl *D) {
  return "'" + D->getNameAsString() + "'";
}

class ShapeBuilder {
public:
  ShapeBuilder(ProgramAnalysis &A, const FunctionDecl *FD)
      : A(A), WC(A.workingCopy()), U(WC.unit()), SM(U.getSourceManager()),
        Name(quoted(FD)) {
    Shape.Kernel = FD;
  }

  ContinuationShape build();

private:
  std::optional<std::string> classifyWaits();
  std::optional<std::string> kernelBlocker();
  std::optional<std::string> barrierBlocker();
  std::optional<std::string> sharedBlocker();
  std::optional<std::string> hoist();
  std::optional<std::string> hoistedTypeBlocker(const VarDecl *VD);
  std::optional<std::string> addressBlocker();
  std::optional<std::string> spinBlocker();

  bool inMacro(SourceRange R) const {
    return R.getBegin().isMacroID() || R.getEnd().isMacroID();
  }
  std::string at(SourceLocation L) const { return whereIs(WC, L); }

  ProgramAnalysis &A;
  const WorkingCopy &WC;
  const ParsedUnit &U;
  const SourceManager &SM;
  std::string Name;
  BodyScan Scan;
  ContinuationShape Shape;
};

ContinuationShape ShapeBuilder::build() {
  const FunctionDecl *FD = Shape.Kernel;
  Scan.TraverseStmt(FD->getBody());
  if (!Scan.Syncs.empty())
    Shape.At = Scan.Syncs.front()->getBeginLoc();
  if (getCudaTarget(FD) != CudaTarget::Global) {
    Shape.Blocker = Refusal{DiagId::ContinuationWaitInFunction,
                            "the wait is in the device function " + Name +
                                ", not in a kernel: only a kernel's threads "
                                "can be continued in a tail-launched grid"};
    return std::move(Shape);
  }
  if (std::optional<std::string> Why = classifyWaits()) {
    Shape.Blocker = Refusal{DiagId::ContinuationWaitForm, *Why};
    return std::move(Shape);
  }
  if (Shape.LiveSyncs.empty())
    return std::move(Shape);
  Shape.At = Shape.LiveSyncs.front()->getBeginLoc();
  // One id per check: what the user would change is what the check is
  // about.
  for (auto [Check, Id] :
       {std::pair{&ShapeBuilder::kernelBlocker, DiagId::ContinuationKernelForm},
        std::pair{&ShapeBuilder::barrierBlocker, DiagId::ContinuationBarrier},
        std::pair{&ShapeBuilder::sharedBlocker, DiagId::ContinuationShared},
        std::pair{&ShapeBuilder::hoist, DiagId::ContinuationLocal},
        std::pair{&ShapeBuilder::addressBlocker, DiagId::ContinuationAddress},
        std::pair{&ShapeBuilder::spinBlocker, DiagId::ContinuationSpin}})
    if (std::optional<std::string> Why = (this->*Check)()) {
      Shape.Blocker = Refusal{Id, *Why};
      return std::move(Shape);
    }
  return std::move(Shape);
}

std::optional<std::string> ShapeBuilder::classifyWaits() {
  const Stmt *Body = Shape.Kernel->getBody();
  for (const CallExpr *CE : Scan.Syncs) {
    const Stmt *S = statementOf(Scan, CE);
    if (!S || !isLegacyDeviceSyncStatement(S))
      return "the result of cudaDeviceSynchronize() at " +
             at(CE->getBeginLoc()) +
             " is used: after the rewrite there is no call to return it";
    if (inMacro(S->getSourceRange()))
      return "cudaDeviceSynchronize() at " + at(CE->getBeginLoc()) +
             " is written by a macro";
    if (isDeadWait(Scan, S, Body))
      Shape.DeadSyncs.push_back(S);
    else
      Shape.LiveSyncs.push_back(S);
  }
  return std::nullopt;
}

std::optional<std::string> ShapeBuilder::kernelBlocker() {
  const FunctionDecl *K = Shape.Kernel;
  if (K->isTemplated() || K->isTemplateInstantiation())
    return Name + " is a template";
  if (isa<CXXMethodDecl>(K))
    return Name + " is a class member";
  for (const ParmVarDecl *P : K->parameters()) {
    if (!P->getIdentifier())
      return "a parameter of " + Name +
             " has no name: its value cannot be carried to the next phase";
    if (!P->getType().isTriviallyCopyableType(U.getASTContext()) ||
        P->getType()->isReferenceType())
      return "the parameter " + quoted(P) + " of " + Name +
             " is not trivially copyable";
  }
  const FunctionFacts &F = A.transitiveFacts(K);
  for (const Occurrence &O : F.LegacyDeviceSyncs)
    if (canonicalFunction(O.In) != canonicalFunction(K))
      return Name + " calls '" + O.In->getNameAsString() +
             "', which waits for children (" + at(O.Loc) +
             "): a phase ends only in the kernel's own body";
  if (!F.WarpOps.empty())
    return Name + " uses warp-level operations (" + F.WarpOps[0].What + " at " +
           at(F.WarpOps[0].Loc) +
           "): the lanes of a warp may suspend at different points";
  if (std::optional<Refusal> Why = opaqueCodeBlocker(
          WC, F, Name, ": a thread could leave without being counted out"))
    return Why->Reason;
  // The kernel's own reads of the thread's last error are rewritten to
  // carry it across phases; a called function's would read the new
  // thread's.
  for (const Occurrence &O : F.RuntimeCalls)
    if (readsLastError(O) && canonicalFunction(O.In) != canonicalFunction(K))
      return Name + " calls '" + O.In->getNameAsString() +
             "', which reads the thread's last error (" + O.What + " at " +
             at(O.Loc) + "): it would not see an error of an earlier phase";
  for (const CallExpr *CE : Scan.ErrorCalls) {
    if (inMacro(CE->getSourceRange()))
      return Name + " reads the thread's last error inside a macro (" +
             at(CE->getBeginLoc()) + ")";
    Shape.ErrorCalls.push_back(CE);
  }
  for (const LaunchSite &S : A.sites())
    if (S.Caller && S.InStream == StreamKind::TailLaunch &&
        (canonicalFunction(S.Caller) == canonicalFunction(K) ||
         A.canReach(K, S.Caller, /*ThroughLaunches=*/false)))
      return Name + " tail-launches '" + S.CalleeName + "' (" +
             at(S.Call->getBeginLoc()) +
             "): it would run before the code after the wait";
  if (!Scan.Jumps.empty())
    return Name + " has a label or goto (" +
           at(Scan.Jumps.front()->getBeginLoc()) +
           "): the rewrite resumes threads with jumps of its own";
  for (const ReturnStmt *R : Scan.Returns) {
    if (inMacro(R->getSourceRange()))
      return "a return statement of " + Name + " is written by a macro (" +
             at(R->getBeginLoc()) + ")";
    Shape.Returns.push_back(R);
  }
  return std::nullopt;
}

std::optional<std::string> ShapeBuilder::barrierBlocker() {
  const FunctionFacts &F = A.transitiveFacts(Shape.Kernel);
  for (const Occurrence &O : F.Barriers)
    if (canonicalFunction(O.In) != canonicalFunction(Shape.Kernel) ||
        O.What != "__syncthreads")
      return Name + " waits at a barrier dpopt cannot suspend at (" + O.What +
             " at " + at(O.Loc) + ")";
  for (const CallExpr *CE : Scan.BarrierCalls) {
    const Stmt *S = statementOf(Scan, CE);
    if (!S || S != CE || inMacro(S->getSourceRange()))
      return "the barrier at " + at(CE->getBeginLoc()) +
             " is not a statement of its own ('__syncthreads();')";
    Shape.Barriers.push_back(S);
  }
  if (Shape.Barriers.size() != F.Barriers.size())
    return Name + " has a barrier dpopt cannot suspend at";
  return std::nullopt;
}

std::optional<std::string> ShapeBuilder::sharedBlocker() {
  const FunctionFacts &F = A.transitiveFacts(Shape.Kernel);
  const ASTContext &Ctx = U.getASTContext();
  for (const SharedVariable &V : F.Shared) {
    const VarDecl *VD = V.Var;
    if (canonicalFunction(V.In) != canonicalFunction(Shape.Kernel))
      return Name + " calls '" + V.In->getNameAsString() +
             "', which uses the shared variable " + quoted(VD) +
             ": only the kernel's own shared variables are saved";
    if (V.Dynamic) {
      Shape.DynamicShared = true;
      continue;
    }
    if (!VD->isStaticLocal())
      return Name + " uses the file-scope shared variable " + quoted(VD);
    if (is_contained(Shape.Shared, VD))
      continue;
    QualType T = VD->getType();
    if (T->isDependentType() || T->isIncompleteType() || VD->hasInit() ||
        !T.isTriviallyCopyableType(Ctx) || namesFunctionLocalType(T))
      return "the shared variable " + quoted(VD) + " of " + Name +
             " has no fixed size, an initializer, or a type declared in the "
             "kernel";
    const DeclStmt *DS = Scan.DeclOf.lookup(VD);
    if (!DS || !DS->isSingleDecl() || VD->getLocation().isMacroID() ||
        DS->getEndLoc().isMacroID())
      return "the shared variable " + quoted(VD) + " of " + Name +
             " is not declared in a statement of its own";
    Shape.Shared.push_back(VD);
    Shape.SharedDecls.push_back(DS);
  }
  for (const DeclRefExpr *E : Scan.Refs)
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl());
        VD && is_contained(Shape.Shared, VD)) {
      if (E->getLocation().isMacroID())
        return "the shared variable " + quoted(VD) + " is named by a macro (" +
               at(E->getLocation()) + ")";
      Shape.SharedUses.push_back(E);
    }
  return std::nullopt;
}

/// The statement a local's declaration is in scope within, and where the
/// scope starts (after the declaration).
std::optional<std::string> ShapeBuilder::hoist() {
  std::vector<const Stmt *> Points = Shape.LiveSyncs;
  append_range(Points, Shape.Barriers);
  for (const VarDecl *VD : Scan.Vars) {
    if (!VD->isLocalVarDecl() || VD->isStaticLocal() ||
        VD->hasAttr<CUDASharedAttr>())
      continue;
    const DeclStmt *DS = Scan.DeclOf.lookup(VD);
    const Stmt *ScopeStmt = DS ? Scan.parent(DS) : nullptr;
    if (!ScopeStmt)
      continue;
    unsigned DeclEnd = U.getOffsetRange(DS->getSourceRange()).second;
    std::pair<unsigned, unsigned> Scope =
        U.getOffsetRange(ScopeStmt->getSourceRange());
    bool Live = any_of(Points, [&](const Stmt *P) {
      unsigned At = U.getOffsetRange(P->getSourceRange()).first;
      return At >= DeclEnd && At >= Scope.first && At < Scope.second;
    });
    if (!Live)
      continue;
    bool Plain =
        isa<CompoundStmt>(ScopeStmt) ||
        (isa<ForStmt>(ScopeStmt) && cast<ForStmt>(ScopeStmt)->getInit() == DS);
    if (!Plain)
      return "the variable " + quoted(VD) + " (" + at(VD->getLocation()) +
             ") is declared in a condition or a range-based for and is "
             "live across a wait or barrier";
    // (A declaration may start with a macro such as __device__ or const
    // qualifiers from one; its names and its end must be the file's.)
    if (any_of(DS->decls(),
               [](const Decl *D) { return D->getLocation().isMacroID(); }) ||
        DS->getEndLoc().isMacroID())
      return "the variable " + quoted(VD) + " is declared by a macro";
    if (std::optional<std::string> Why = hoistedTypeBlocker(VD))
      return Why;
    Shape.Hoisted.push_back(VD);
    if (!is_contained(Shape.HoistedDecls, DS))
      Shape.HoistedDecls.push_back(DS);
  }
  for (const DeclRefExpr *E : Scan.Refs)
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl());
        VD && is_contained(Shape.Hoisted, VD)) {
      if (E->getLocation().isMacroID())
        return "the variable " + quoted(VD) + " is named by a macro (" +
               at(E->getLocation()) + ")";
      Shape.HoistedUses.push_back(E);
    }
  // A lambda's body is not rewritten, and a capture by reference would
  // outlive the thread that suspends.
  for (const LambdaExpr *LE : Scan.Lambdas)
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
            VD && is_contained(Shape.Hoisted, VD))
          return "the variable " + quoted(VD) +
                 ", live across a wait or barrier, is captured by a lambda "
                 "(" +
                 at(LE->getBeginLoc()) + ")";
  return std::nullopt;
}

std::optional<std::string> ShapeBuilder::hoistedTypeBlocker(const VarDecl *VD) {
  const ASTContext &Ctx = U.getASTContext();
  QualType T = VD->getType();
  std::string What = "the variable " + quoted(VD) + " (" +
                     at(VD->getLocation()) +
                     "), live across a wait or barrier,";
  if (T->isReferenceType())
    return What + " is a reference";
  if (T.isVolatileQualified())
    return What + " is volatile";
  if (T->isDependentType() || !T.isTriviallyCopyableType(Ctx))
    return What + " is not trivially copyable";
  if (namesFunctionLocalType(T))
    return What + " has a type declared in the kernel";
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      RD && (RD->isLambda() || !RD->hasDefaultConstructor()))
    return What + " has no default constructor";
  if (T->isArrayType() && VD->hasInit())
    return What + " is an array with an initializer";
  std::string Spelled = T.getAsString();
  for (StringRef Handle : {"cudaStream_t", "cudaEvent_t", "CUstream_st",
                           "CUevent_st", "cudaGraphExec_t"})
    if (StringRef(Spelled).contains(Handle))
      return What + " holds a device-runtime handle (" + Spelled +
             "), which belongs to the grid that made it";
  return std::nullopt;
}

/// A pointer to a kept local would point into the stack of a thread that
/// has left.
std::optional<std::string> ShapeBuilder::addressBlocker() {
  auto Root = [&](const Expr *E) -> const VarDecl * {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<MemberExpr>(E)) {
        if (M->isArrow())
          return nullptr;
        E = M->getBase();
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        E = AS->getBase();
      } else if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(D->getDecl());
        return VD && is_contained(Shape.Hoisted, VD) ? VD : nullptr;
      } else {
        return nullptr;
      }
    }
  };
  for (const UnaryOperator *UO : Scan.AddressOf)
    if (const VarDecl *VD = Root(UO->getSubExpr()))
      return Name + " takes the address of its local " + quoted(VD) + " (" +
             at(UO->getBeginLoc()) + "), which lives across a wait or barrier";
  for (const ImplicitCastExpr *C : Scan.Decays) {
    const VarDecl *VD = Root(C->getSubExpr());
    if (!VD)
      continue;
    const Stmt *P = Scan.parent(C);
    if (P && isa<ArraySubscriptExpr>(P) &&
        cast<ArraySubscriptExpr>(P)->getBase()->IgnoreParens() == C)
      continue;
    return "the local array " + quoted(VD) + " is used as a pointer (" +
           at(C->getBeginLoc()) + ") and lives across a wait or barrier";
  }
  return std::nullopt;
}

/// True when \p S reads volatile memory or makes an atomic call.
bool waitsOnMemory(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = CE->getDirectCallee();
        F && F->getIdentifier() && F->getName().starts_with("atomic"))
      return true;
  if (const auto *C = dyn_cast<ImplicitCastExpr>(S))
    if (C->getCastKind() == CK_LValueToRValue &&
        C->getSubExpr()->getType().isVolatileQualified())
      return true;
  return any_of(S->children(), waitsOnMemory);
}

/// A loop whose condition reads volatile memory or an atomic may wait for
/// another thread; that thread may be suspended until this grid ends.
class SpinScan : public RecursiveASTVisitor<SpinScan> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitStmt(Stmt *S) {
    const Expr *Cond = nullptr;
    if (const auto *W = dyn_cast<WhileStmt>(S))
      Cond = W->getCond();
    else if (const auto *D = dyn_cast<DoStmt>(S))
      Cond = D->getCond();
    else if (const auto *F = dyn_cast<ForStmt>(S))
      Cond = F->getCond();
    if (Cond && waitsOnMemory(Cond) && !Found)
      Found = S;
    return true;
  }
  const Stmt *Found = nullptr;
};

std::optional<std::string> ShapeBuilder::spinBlocker() {
  std::vector<const FunctionDecl *> Todo = {Shape.Kernel};
  append_range(Todo, A.transitiveFacts(Shape.Kernel).Callees);
  for (const FunctionDecl *F : Todo) {
    // CUDA's own headers implement atomics with compare-and-swap loops.
    const FunctionDecl *Def = getWrittenDefinition(F);
    if (!Def || !Def->hasBody() || !U.isInMainFile(Def->getLocation()))
      continue;
    SpinScan S;
    S.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    if (S.Found)
      return "a loop at " + at(S.Found->getBeginLoc()) +
             " may wait for another thread (its condition reads volatile "
             "memory or an atomic), and a suspended thread runs only after "
             "the whole grid";
  }
  return std::nullopt;
}

} // namespace

std::vector<ContinuationShape> findContinuations(ProgramAnalysis &A) {
  const ParsedUnit &U = A.workingCopy().unit();
  WaitingFunctions Finder(U.getSourceManager());
  Finder.TraverseDecl(U.getASTContext().getTranslationUnitDecl());
  std::vector<ContinuationShape> Out;
  for (const FunctionDecl *FD : Finder.Found) {
    if (!FD->hasBody() || !FD->isThisDeclarationADefinition())
      continue;
    Out.push_back(ShapeBuilder(A, FD).build());
  }
  return Out;
}

} // namespace dpopt
