//===- AtomicDependence.cpp - Launches decided by an atomic's result ------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/AtomicDependence.h"

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

using namespace clang;

namespace dpopt {
namespace {

/// True for a call of a member of cuda::atomic, cuda::atomic_ref and their
/// std:: relatives.
bool isAtomicObjectCall(const CXXMemberCallExpr *MC) {
  const CXXRecordDecl *RD = MC->getRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "atomic" || N == "atomic_ref" || N.starts_with("__atomic");
}

/// Calls \p Visit on \p Root and every statement below it until it returns
/// true; true when it did.
bool anyStmt(const Stmt *Root, llvm::function_ref<bool(const Stmt *)> Visit) {
  std::vector<const Stmt *> Stack{Root};
  while (!Stack.empty()) {
    const Stmt *S = Stack.back();
    Stack.pop_back();
    if (!S)
      continue;
    if (Visit(S))
      return true;
    for (const Stmt *C : S->children())
      Stack.push_back(C);
  }
  return false;
}

/// Follows values back from a launch's conditions to the atomic operations
/// they may come from.
class AtomicTracer {
public:
  explicit AtomicTracer(const Stmt *Body) : Body(Body) {}

  /// Queues the condition of a statement that may decide the launch.
  void addCondition(const Stmt *S) {
    if (const auto *If = dyn_cast<IfStmt>(S))
      queue(If->getCond());
    else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      queue(Sw->getCond());
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      queue(W->getCond());
    else if (const auto *D = dyn_cast<DoStmt>(S))
      queue(D->getCond());
    else if (const auto *F = dyn_cast<ForStmt>(S)) {
      queue(F->getCond());
      queue(F->getInc());
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      queue(R->getRangeInit());
  }

  std::optional<AtomicDecision> run() {
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (std::optional<AtomicDecision> D = scan(S))
        return D;
    }
    return std::nullopt;
  }

private:
  void queue(const Stmt *S) {
    if (S)
      Work.push_back(S);
  }

  /// Scans \p S for an atomic operation, queueing the values of the local
  /// variables it reads.
  std::optional<AtomicDecision> scan(const Stmt *S) {
    if (!S)
      return std::nullopt;
    if (const auto *E = dyn_cast<Expr>(S))
      if (std::optional<AtomicDecision> D = atomicAt(E))
        return D;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && Traced.insert(VD).second)
          traceVariable(VD);
    for (const Stmt *C : S->children())
      if (std::optional<AtomicDecision> D = scan(C))
        return D;
    return std::nullopt;
  }

  /// \p E itself when it is an atomic operation, or a call of a function
  /// that makes one.
  std::optional<AtomicDecision> atomicAt(const Expr *E) {
    if (isa<AtomicExpr>(E))
      return AtomicDecision{E, "an atomic builtin"};
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (isAtomicObjectCall(MC))
        return AtomicDecision{E, MC->getMethodDecl()
                                     ? MC->getMethodDecl()->getNameAsString()
                                     : std::string("an atomic object")};
    const auto *CE = dyn_cast<CallExpr>(E);
    if (!CE)
      return std::nullopt;
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return std::nullopt;
    if (FD->getIdentifier() && isAtomicFunctionName(FD->getName()))
      return AtomicDecision{E, FD->getNameAsString()};
    if (std::optional<std::string> Inner = atomicInside(FD))
      return AtomicDecision{E, FD->getNameAsString() + " (which calls " +
                                   *Inner + ")"};
    return std::nullopt;
  }

  /// The name of an atomic operation that \p FD's written body makes,
  /// directly or through the functions it calls.
  std::optional<std::string> atomicInside(const FunctionDecl *FD) {
    const FunctionDecl *Def = getWrittenDefinition(FD);
    if (!Def || !Def->getBody() || !Searched.insert(Def).second)
      return std::nullopt;
    std::optional<std::string> Found;
    anyStmt(Def->getBody(), [&](const Stmt *S) {
      if (const auto *E = dyn_cast<Expr>(S))
        if (std::optional<AtomicDecision> D = atomicAt(E))
          Found = D->Name;
      return Found.has_value();
    });
    return Found;
  }

  /// Queues \p VD's initializer and every value assigned to it in the body.
  void traceVariable(const VarDecl *VD) {
    queue(VD->getInit());
    anyStmt(Body, [&](const Stmt *S) {
      if (const auto *B = dyn_cast<BinaryOperator>(S))
        if (B->isAssignmentOp())
          if (const auto *L =
                  dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
            if (L->getDecl() == VD)
              queue(B->getRHS());
      return false;
    });
  }

  const Stmt *Body;
  std::vector<const Stmt *> Work;
  llvm::SmallPtrSet<const VarDecl *, 16> Traced;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Searched;
};

/// True when \p S holds a return statement (not one of a nested lambda's).
bool holdsReturn(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (holdsReturn(C))
      return true;
  return false;
}

/// Collects the if statements of \p S that begin before \p Launch and may
/// return.
void returningIfsBefore(const Stmt *S, SourceLocation Launch,
                        const SourceManager &SM,
                        std::vector<const Stmt *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *If = dyn_cast<IfStmt>(S))
    if (SM.isBeforeInTranslationUnit(If->getBeginLoc(), Launch) &&
        (holdsReturn(If->getThen()) || holdsReturn(If->getElse())))
      Out.push_back(If);
  for (const Stmt *C : S->children())
    returningIfsBefore(C, Launch, SM, Out);
}

} // namespace

std::optional<AtomicDecision> launchDecidedByAtomic(const LaunchSite &S) {
  if (!S.Caller || !S.Caller->getBody() || !S.Call)
    return std::nullopt;
  const Stmt *Body = S.Caller->getBody();
  AtomicTracer Tracer(Body);
  for (const Stmt *B : S.Branches)
    Tracer.addCondition(B);
  std::vector<const Stmt *> Returning;
  returningIfsBefore(Body, S.Call->getBeginLoc(),
                     S.Caller->getASTContext().getSourceManager(), Returning);
  for (const Stmt *If : Returning)
    Tracer.addCondition(If);
  return Tracer.run();
}

} // namespace dpopt
