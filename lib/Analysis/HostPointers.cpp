//===- HostPointers.cpp - Which allocation a host pointer is --------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/HostPointers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

using namespace clang;

namespace dpopt {
namespace {

std::string quoted(const NamedDecl *D) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D);
      MD && MD->getParent()->isLambda())
    return "the lambda";
  return "'" + (D->getDeclName() ? D->getNameAsString() : "") + "'";
}

/// "line:column" of \p Loc, where the user wrote it.
std::string at(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "?";
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

/// True for the runtime's device and managed allocators, which write a
/// fresh allocation through their first argument.
bool isDeviceAllocator(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  if (N != "cudaMalloc" && N != "cudaMallocManaged" && N != "cudaMallocAsync" &&
      N != "cudaMallocPitch" && N != "cudaMallocFromPoolAsync")
    return false;
  // Not a function of the user's that happens to have the name.
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  return SM.isInSystemHeader(FD->getFirstDecl()->getLocation());
}

bool isNullInitializer(const Expr *Init, ASTContext &Ctx) {
  Init = Init->IgnoreImplicit();
  if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
    if (IL->getNumInits() == 0)
      return true;
    if (IL->getNumInits() == 1)
      return isNullInitializer(IL->getInit(0), Ctx);
    return false;
  }
  if (isa<ImplicitValueInitExpr, CXXScalarValueInitExpr>(Init))
    return true;
  return Init->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
         Expr::NPCK_NotNull;
}

/// Finds the first use of a variable that may change it other than by an
/// allocator call or an assignment of null.
class UseScanner {
public:
  UseScanner(const VarDecl *V, ASTContext &Ctx)
      : V(V), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  std::optional<std::string> scan(const Stmt *S) {
    walk(S);
    return Problem;
  }

private:
  void walk(const Stmt *S) {
    if (!S || Problem)
      return;
    if (const auto *LE = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && C.getCapturedVar() == V &&
            C.getCaptureKind() == LCK_ByRef) {
          report("is captured by reference at", C.getLocation().isValid()
                                                    ? C.getLocation()
                                                    : LE->getBeginLoc());
          return;
        }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == V) {
      check(DRE);
      return;
    }
    Parents.push_back(S);
    for (const Stmt *Child : S->children())
      walk(Child);
    Parents.pop_back();
  }

  /// The nearest enclosing node that is not parentheses (or, with
  /// \p Casts, a cast); \p Child becomes the node below it.
  const Stmt *up(size_t &I, const Stmt *&Child, bool Casts) const {
    while (I > 0) {
      const Stmt *P = Parents[--I];
      if (isa<ParenExpr>(P) ||
          (Casts && isa<CastExpr>(P) &&
           cast<CastExpr>(P)->getCastKind() != CK_LValueToRValue)) {
        Child = P;
        continue;
      }
      return P;
    }
    return nullptr;
  }

  void check(const DeclRefExpr *DRE) {
    if (DRE->isNonOdrUse() == NOUR_Unevaluated)
      return;
    size_t I = Parents.size();
    const Stmt *Child = DRE;
    const Stmt *P = up(I, Child, /*Casts=*/false);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P);
        ICE && ICE->getCastKind() == CK_LValueToRValue)
      return; // a read
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_AddrOf) {
        const Stmt *AddrChild = UO;
        const auto *Call =
            dyn_cast_or_null<CallExpr>(up(I, AddrChild, /*Casts=*/true));
        if (Call && Call->getNumArgs() > 0 && Call->getArg(0) == AddrChild &&
            isDeviceAllocator(Call->getDirectCallee()))
          return;
        return report("has its address taken at", UO->getBeginLoc(),
                      "the address of ");
      }
      if (UO->isIncrementDecrementOp())
        return report("is modified at", UO->getBeginLoc());
    }
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->getLHS() == Child) {
      if (BO->getOpcode() == BO_Assign && isNullInitializer(BO->getRHS(), Ctx))
        return; // null again
      if (BO->getOpcode() == BO_Assign)
        return report("is assigned at", BO->getOperatorLoc());
      if (BO->isCompoundAssignmentOp())
        return report("is modified at", BO->getOperatorLoc());
    }
    if (isa_and_nonnull<LambdaExpr>(P))
      return report("is captured by reference at", DRE->getLocation());
    report("is bound to a reference at", DRE->getLocation());
  }

  void report(StringRef What, SourceLocation Loc, StringRef Prefix = "") {
    if (Problem)
      return;
    if (Prefix.empty())
      Problem = quoted(V) + " " + What.str() + " " + at(Loc, SM);
    else // "the address of 'd' is taken at 3:4"
      Problem = Prefix.str() + quoted(V) + " is taken at " + at(Loc, SM);
  }

  const VarDecl *V;
  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<const Stmt *> Parents;
  std::optional<std::string> Problem;
};

} // namespace

const VarDecl *pointerBase(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(E)) {
      E = FE->getSubExpr();
      continue;
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MTE->getSubExpr();
      continue;
    }
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = BTE->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_LValueToRValue:
      case CK_NoOp:
      case CK_BitCast:
      case CK_ArrayToPointerDecay:
      case CK_AddressSpaceConversion:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
      case CK_BaseToDerived:
      case CK_UserDefinedConversion:
      case CK_ConstructorConversion:
        E = C->getSubExpr();
        continue;
      default:
        return nullptr;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
        return nullptr;
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      if (L->getType()->isPointerType() && R->getType()->isIntegerType())
        E = L;
      else if (BO->getOpcode() == BO_Add && R->getType()->isPointerType() &&
               L->getType()->isIntegerType())
        E = R;
      else
        return nullptr;
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_AddrOf)
        return nullptr;
      const Expr *Sub = UO->getSubExpr()->IgnoreParens();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub)) {
        E = AS->getBase();
        continue;
      }
      if (const auto *D = dyn_cast<UnaryOperator>(Sub);
          D && D->getOpcode() == UO_Deref) {
        E = D->getSubExpr();
        continue;
      }
      return nullptr; // the address of the variable itself
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      bool Unwraps = MD && MC->getNumArgs() == 0 &&
                     (isa<CXXConversionDecl>(MD) ||
                      (MD->getIdentifier() &&
                       (MD->getName() == "get" || MD->getName() == "data")));
      if (!Unwraps)
        return nullptr;
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (Callee && Callee->getIdentifier() &&
          Callee->getName() == "raw_pointer_cast" && CE->getNumArgs() == 1) {
        E = CE->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  }
  return nullptr;
}

std::optional<std::string> ownAllocationBlocker(const VarDecl *V,
                                                const FunctionDecl *F) {
  if (!V)
    return std::string("the pointer is not a variable");
  std::string Name = quoted(V);
  if (isa<ParmVarDecl>(V))
    return Name + " is a parameter of " + quoted(F);
  if (V->isStaticLocal())
    return Name + " is static";
  if (!V->hasLocalStorage())
    return Name + " is a global variable";
  const DeclContext *DC = V->getParentFunctionOrMethod();
  if (!DC || cast<Decl>(DC)->getCanonicalDecl() != F->getCanonicalDecl())
    return Name + " is not a local variable of " + quoted(F);
  if (V->getType()->isReferenceType())
    return Name + " is a reference";
  if (!V->getType()->isPointerType())
    return Name + " is not a pointer";
  ASTContext &Ctx = F->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  if (const Expr *Init = V->getInit(); Init && !isNullInitializer(Init, Ctx))
    return Name + " is initialized at " + at(Init->getBeginLoc(), SM);
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def))
    return quoted(F) + " has no body";
  return UseScanner(V, Ctx).scan(Def->getBody());
}

std::optional<std::string> distinctAllocationsBlocker(const VarDecl *A,
                                                      const VarDecl *B,
                                                      const FunctionDecl *F) {
  if (A && B && A->getCanonicalDecl() == B->getCanonicalDecl())
    return "both are " + quoted(A);
  if (std::optional<std::string> Why = ownAllocationBlocker(A, F))
    return Why;
  return ownAllocationBlocker(B, F);
}

} // namespace dpopt
