//===- LaunchingThreads.cpp - Which threads of a block reach a launch -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/LaunchingThreads.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LaunchSite.h"
#include "dpopt/Analysis/LocalVariables.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace dpopt {
namespace {

/// The axis bit of 'threadIdx.c' (the built-in, not a variable that shadows
/// it), or 0.
unsigned threadIdxAxis(const Expr *E) {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  if (!PO)
    return 0;
  const auto *PR =
      dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens());
  if (!PR)
    return 0;
  const Expr *BaseExpr = PR->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(BaseExpr))
    BaseExpr = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Base = dyn_cast<DeclRefExpr>(BaseExpr);
  if (!Base || getBuiltinVar(Base->getDecl()) != BuiltinVar::ThreadIdx)
    return 0;
  StringRef Name = PR->getPropertyDecl()->getName();
  return Name == "x" ? 1u : Name == "y" ? 2u : Name == "z" ? 4u : 0u;
}

/// The axis of \p E when it is threadIdx.c, directly or through a local
/// variable of \p Scope initialized with it and never modified.
unsigned indexAxis(const Expr *E, const Stmt *Scope) {
  if (unsigned Axis = threadIdxAxis(E))
    return Axis;
  if (const Expr *Init = localDefinition(E->IgnoreParenImpCasts(), Scope))
    return threadIdxAxis(Init);
  return 0;
}

/// The axes \p Cond pins to one value when true.
unsigned pinnedAxes(const Expr *Cond, const Stmt *Scope,
                    const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return 0;
  if (BO->getOpcode() == BO_LAnd)
    return pinnedAxes(BO->getLHS(), Scope, Ctx) |
           pinnedAxes(BO->getRHS(), Scope, Ctx);
  if (BO->getOpcode() != BO_EQ)
    return 0;
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  if (R->isIntegerConstantExpr(Ctx))
    return indexAxis(L, Scope);
  if (L->isIntegerConstantExpr(Ctx))
    return indexAxis(R, Scope);
  return 0;
}

bool contains(const Stmt *Root, const Stmt *Target) {
  if (Root == Target)
    return true;
  for (const Stmt *Child : Root->children())
    if (Child && contains(Child, Target))
      return true;
  return false;
}

} // namespace

unsigned guardedThreadAxes(const LaunchSite &S) {
  if (!S.Caller || !S.Caller->getBody())
    return 0;
  const Stmt *Scope = S.Caller->getBody();
  const ASTContext &Ctx = S.Caller->getASTContext();
  unsigned Axes = 0;
  for (const Stmt *B : S.Branches)
    if (const auto *If = dyn_cast<IfStmt>(B))
      if (!If->getConditionVariable() && !If->isConsteval() &&
          contains(If->getThen(), S.Call))
        Axes |= pinnedAxes(If->getCond(), Scope, Ctx);
  return Axes;
}

} // namespace dpopt
