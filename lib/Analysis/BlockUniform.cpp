//===- BlockUniform.cpp - Values every thread of a block agrees on -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/BlockUniform.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LocalVariables.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace dpopt {
namespace {

/// Locals looked through at most this deep (a chain of definitions).
constexpr unsigned MaxDepth = 8;

bool uniform(const Expr *E, const Stmt *Body, unsigned Depth);

bool uniformVar(const VarDecl *VD, const Stmt *Body, unsigned Depth) {
  if (std::optional<BuiltinVar> B = getBuiltinVar(VD))
    return *B != BuiltinVar::ThreadIdx;
  if (VD->hasAttr<CUDASharedAttr>())
    return false;             // other threads may write it
  if (!VD->hasLocalStorage()) // a constant, or __constant__ memory
    return VD->getType().isConstQualified() || VD->hasAttr<CUDAConstantAttr>();
  if (!isNeverModified(VD, Body))
    return false;
  if (isa<ParmVarDecl>(VD))
    return true;
  return VD->getInit() && Depth < MaxDepth &&
         uniform(VD->getInit(), Body, Depth + 1);
}

bool uniform(const Expr *E, const Stmt *Body, unsigned Depth) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    // blockIdx.x and the like.
    const auto *PR =
        dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens());
    if (!PR)
      return false;
    const Expr *Base = PR->getBaseExpr()->IgnoreParenImpCasts();
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
      Base = OV->getSourceExpr()->IgnoreParenImpCasts();
    return uniform(Base, Body, Depth);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && uniformVar(VD, Body, Depth);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return uniform(ME->getBase(), Body, Depth);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() &&
           uniform(UO->getSubExpr(), Body, Depth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           uniform(BO->getLHS(), Body, Depth) &&
           uniform(BO->getRHS(), Body, Depth);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return uniform(CO->getCond(), Body, Depth) &&
           uniform(CO->getTrueExpr(), Body, Depth) &&
           uniform(CO->getFalseExpr(), Body, Depth);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return uniform(AS->getBase(), Body, Depth) &&
           uniform(AS->getIdx(), Body, Depth);
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return uniform(CE->getSubExpr(), Body, Depth);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // min/max/abs of uniform values.
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return false;
    llvm::StringRef N = FD->getName();
    if (N != "min" && N != "max" && N != "abs" && N != "umin" && N != "umax" &&
        N != "llmin" && N != "llmax")
      return false;
    for (const Expr *A : Call->arguments())
      if (!uniform(A, Body, Depth))
        return false;
    return true;
  }
  return false;
}

} // namespace

bool isBlockUniform(const Expr *E, const FunctionDecl *Kernel) {
  const FunctionDecl *Def = Kernel ? getWrittenDefinition(Kernel) : nullptr;
  return Def && Def->getBody() && uniform(E, Def->getBody(), 0);
}

const ReturnStmt *divergentEarlyReturn(const FunctionDecl *Kernel) {
  const FunctionDecl *Def = Kernel ? getWrittenDefinition(Kernel) : nullptr;
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body)
    return nullptr;
  ASTContext &Ctx = Def->getASTContext();
  for (const ReturnStmt *R : ownReturns(Def)) {
    if (!Body->body_empty() && R == Body->body_back())
      continue; // the last statement: not early
    const Stmt *Cur = R;
    while (Cur != Body) {
      DynTypedNodeList Parents = Ctx.getParents(*Cur);
      const Stmt *P = Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
      if (!P)
        return R;
      if (const auto *If = dyn_cast<IfStmt>(P)) {
        if (Cur != If->getCond() &&
            (If->getInit() || If->getConditionVariable() ||
             !uniform(If->getCond(), Body, 0)))
          return R;
      } else if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
        if (Sw->getInit() || Sw->getConditionVariable() ||
            !uniform(Sw->getCond(), Body, 0))
          return R;
      } else if (isLoop(P)) {
        return R; // iterations may differ between threads
      } else if (!isa<CompoundStmt, CaseStmt, DefaultStmt, AttributedStmt>(P)) {
        return R;
      }
      Cur = P;
    }
  }
  return nullptr;
}

} // namespace dpopt
