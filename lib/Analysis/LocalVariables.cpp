//===- LocalVariables.cpp - Seeing through local definitions -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/LocalVariables.h"

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

using namespace clang;

namespace dpopt {
namespace {

/// Finds a use of one variable that may write it.
class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  explicit WriteFinder(const VarDecl *VD) : VD(VD) {}

  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    Parents.push_back(S);
    bool R = RecursiveASTVisitor::TraverseStmt(S, nullptr);
    Parents.pop_back();
    return R;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != VD)
      return true;
    if (!isRead()) {
      Written = true;
      return false; // stop: one write is enough
    }
    return true;
  }

  bool Written = false;

private:
  /// Is the DeclRefExpr at the top of Parents only read?
  bool isRead() const {
    const Stmt *Child = Parents.back();
    for (size_t I = Parents.size() - 1; I-- > 0;) {
      const Stmt *P = Parents[I];
      if (isa<ParenExpr>(P)) {
        Child = P;
        continue;
      }
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
        if (ICE->getCastKind() == CK_LValueToRValue)
          return true;
        if (ICE->getCastKind() == CK_NoOp ||
            ICE->getCastKind() == CK_UncheckedDerivedToBase ||
            ICE->getCastKind() == CK_DerivedToBase) {
          Child = P;
          continue;
        }
        return false; // e.g. an array decaying to a pointer: may be written
                      // through
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        if (ME->getBase()->IgnoreParenImpCasts() != Child &&
            ME->getBase() != Child)
          return true;
        if (ME->isArrow())
          return true; // p->x = ... writes *p, not p
        Child = P;
        continue;
      }
      if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
        const CXXConstructorDecl *Ctor = CE->getConstructor();
        return Ctor && Ctor->isCopyOrMoveConstructor() &&
               Ctor->getParamDecl(0)
                   ->getType()
                   ->getPointeeType()
                   .isConstQualified();
      }
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(P)) {
        const CXXMethodDecl *M = MC->getMethodDecl();
        return M && M->isConst() && MC->getImplicitObjectArgument() == Child;
      }
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return true;
      // (void)V, which dpopt's own rewrites write to mark a local used,
      // discards the value: neither a read nor a write.
      if (const auto *EC = dyn_cast<ExplicitCastExpr>(P))
        return EC->getCastKind() == CK_ToVoid;
      if (const auto *UO = dyn_cast<UnaryOperator>(P))
        return UO->getOpcode() == UO_Deref;
      return false;
    }
    return false;
  }

  const VarDecl *VD;
  std::vector<const Stmt *> Parents;
};

bool isIntegerOne(const Expr *E) {
  E = stripImplicit(E);
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return IL->getValue() == 1;
  return false;
}

const CXXConstructExpr *asDim3Construction(const Expr *E) {
  E = stripImplicit(E);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    E = FC->getSubExpr()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE;
  return nullptr;
}

} // namespace

bool isNeverModified(const VarDecl *VD, const Stmt *Scope) {
  if (!VD || !Scope)
    return false;
  WriteFinder F(VD);
  F.TraverseStmt(const_cast<Stmt *>(Scope));
  return !F.Written;
}

const Expr *localDefinition(const Expr *E, const Stmt *Scope) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripImplicit(E));
  if (!DRE)
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || !VD->hasInit() ||
      VD->getType().isVolatileQualified() || VD->getType()->isReferenceType())
    return nullptr;
  if (!isNeverModified(VD, Scope))
    return nullptr;
  return stripImplicit(VD->getInit());
}

std::pair<unsigned, bool> configDimensions(const Expr *E, const Stmt *Scope) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = stripImplicit(E);
    if (E->getType()->isArithmeticType() || E->getType()->isEnumeralType())
      return {1, true};
    if (const CXXConstructExpr *CE = asDim3Construction(E)) {
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor && Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() == 1) {
        E = CE->getArg(0);
        continue;
      }
      // dim3(x, y, z) with defaults: count up to the last argument that is
      // written and not the literal 1.
      unsigned Dims = 1;
      bool AllScalar = true;
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        const Expr *A = CE->getArg(I);
        if (isa<CXXDefaultArgExpr>(A))
          break;
        if (!A->getType()->isArithmeticType() &&
            !A->getType()->isEnumeralType())
          AllScalar = false;
        if (!isIntegerOne(A))
          Dims = I + 1;
      }
      if (AllScalar)
        return {Dims, true};
      return {3, false};
    }
    if (const Expr *Init = localDefinition(E, Scope)) {
      E = Init;
      continue;
    }
    break;
  }
  return {3, false};
}

} // namespace dpopt
