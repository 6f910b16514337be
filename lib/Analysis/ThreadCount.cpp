//===- ThreadCount.cpp - The number of threads a launch wants ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/ThreadCount.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LaunchSite.h"
#include "dpopt/Analysis/LocalVariables.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;

namespace dpopt {
namespace {

const Expr *strip(const Expr *E) { return E->IgnoreParenImpCasts(); }

/// Also looks through explicit casts: (float)N is N for our purpose.
const Expr *stripCasts(const Expr *E) {
  while (true) {
    E = strip(E);
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
      E = C->getSubExpr();
      continue;
    }
    return E;
  }
}

bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  stripCasts(A)->Profile(IA, Ctx, /*Canonical=*/true);
  stripCasts(B)->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

bool isConstant(const Expr *E, const ASTContext &Ctx) {
  return !E->isValueDependent() && E->isIntegerConstantExpr(Ctx);
}

/// Removes trailing '+ c' and '- c' where c is a constant, the divisor, or
/// 'divisor - 1': what is left of (N + b - 1) is N.
const Expr *stripOffsets(const Expr *L, const Expr *Divisor,
                         const ASTContext &Ctx) {
  while (true) {
    const auto *BO = dyn_cast<BinaryOperator>(strip(L));
    if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
      return L;
    const Expr *R = BO->getRHS();
    bool Offset = isConstant(R, Ctx) || sameExpr(R, Divisor, Ctx);
    if (const auto *RB = dyn_cast<BinaryOperator>(strip(R)))
      Offset |= RB->getOpcode() == BO_Sub &&
                sameExpr(RB->getLHS(), Divisor, Ctx) &&
                isConstant(RB->getRHS(), Ctx);
    if (!Offset)
      return L;
    L = BO->getLHS();
  }
}

const BinaryOperator *asDivision(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(strip(E));
  return BO && BO->getOpcode() == BO_Div ? BO : nullptr;
}

bool isCeilCall(const Expr *E) {
  const auto *CE = dyn_cast<CallExpr>(strip(E));
  if (!CE || CE->getNumArgs() != 1)
    return false;
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || !F->getIdentifier())
    return false;
  StringRef Name = F->getName();
  return Name == "ceil" || Name == "ceilf" || Name == "__builtin_ceil" ||
         Name == "__builtin_ceilf";
}

} // namespace

static const Expr *matchCeilDivisionParens(const Expr *E,
                                           const ASTContext &Ctx);

const Expr *matchCeilDivision(const Expr *E, const ASTContext &Ctx) {
  const Expr *N = matchCeilDivisionParens(E, Ctx);
  return N ? N->IgnoreParenImpCasts() : nullptr;
}

const Expr *matchCeilDivisionParens(const Expr *E, const ASTContext &Ctx) {
  E = strip(E);
  // (d), (e): ceil((float)N / b), ceil(N / (float)b)
  if (isCeilCall(E)) {
    const BinaryOperator *D = asDivision(cast<CallExpr>(E)->getArg(0));
    return D ? stripCasts(D->getLHS()) : nullptr;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // (a) (N - 1) / b + 1 and (c) N / b + (N % b == 0 ? 0 : 1), either order.
    if (BO->getOpcode() == BO_Add) {
      for (auto [Div, Other] : {std::pair(BO->getLHS(), BO->getRHS()),
                                std::pair(BO->getRHS(), BO->getLHS())}) {
        const BinaryOperator *D = asDivision(Div);
        if (!D)
          continue;
        const Expr *O = strip(Other);
        if (isConstant(O, Ctx) || isa<ConditionalOperator>(O) ||
            (isa<BinaryOperator>(O) &&
             cast<BinaryOperator>(O)->isComparisonOp()))
          return stripOffsets(D->getLHS(), D->getRHS(), Ctx);
      }
      return nullptr;
    }
    // (b) (N + b - 1) / b, and a plain N / b.
    if (BO->getOpcode() == BO_Div)
      return stripOffsets(BO->getLHS(), BO->getRHS(), Ctx);
  }
  return nullptr;
}

namespace {

/// True when \p E names a function or a variable with static storage, whose
/// address is the same everywhere.
bool isGlobalAddress(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  if (!DRE)
    return false;
  if (isa<FunctionDecl>(DRE->getDecl()))
    return true;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && VD->hasGlobalStorage() && !VD->isStaticLocal();
}

} // namespace

bool isStableExpr(const Expr *E,
                  llvm::function_ref<bool(const VarDecl *)> VarOK,
                  llvm::function_ref<bool(const Expr *)> LeafOK) {
  E = E->IgnoreParens();
  if (LeafOK && LeafOK(E))
    return true;
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr,
          clang::StringLiteral>(E))
    return true;
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return isStableExpr(Sub->getReplacement(), VarOK, LeafOK);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getConversionFunction())
      return false; // a call
    if ((C->getCastKind() == CK_ArrayToPointerDecay ||
         C->getCastKind() == CK_FunctionToPointerDecay) &&
        isGlobalAddress(C->getSubExpr()))
      return true;
    return isStableExpr(C->getSubExpr(), VarOK, LeafOK);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(D))
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && !VD->getType().isVolatileQualified() &&
           !VD->getType()->isReferenceType() && VarOK(VD);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return isStableExpr(U->getSubExpr(), VarOK, LeafOK);
    case UO_AddrOf:
      return isGlobalAddress(U->getSubExpr());
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           isStableExpr(B->getLHS(), VarOK, LeafOK) &&
           isStableExpr(B->getRHS(), VarOK, LeafOK);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return isStableExpr(C->getCond(), VarOK, LeafOK) &&
           isStableExpr(C->getTrueExpr(), VarOK, LeafOK) &&
           isStableExpr(C->getFalseExpr(), VarOK, LeafOK);
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return !M->isArrow() && isa<FieldDecl>(M->getMemberDecl()) &&
           isStableExpr(M->getBase(), VarOK, LeafOK);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getConstructor()->isTrivial() && CE->getNumArgs() == 1 &&
           isStableExpr(CE->getArg(0), VarOK, LeafOK);
  return false;
}

bool isStableExpr(const Expr *E, const Stmt *Scope) {
  return isStableExpr(E, [Scope](const VarDecl *VD) {
    if (VD->hasLocalStorage())
      return isNeverModified(VD, Scope);
    return VD->getType().isConstQualified() && VD->hasInit() &&
           VD->getInit()->isConstantInitializer(VD->getASTContext(), false);
  });
}

DesiredThreads findDesiredThreads(const LaunchSite &S) {
  DesiredThreads R;
  if (!S.Grid.isWritten()) {
    R.Why = "the launch has no grid expression";
    return R;
  }
  const ASTContext &Ctx = S.Caller->getASTContext();
  const Stmt *Scope = S.Caller->getBody();
  const Expr *E = stripImplicit(S.Grid.E);
  bool InLaunch = true;
  if (const Expr *Init = localDefinition(E, Scope)) {
    E = Init;
    InLaunch = false;
  }

  std::vector<const Expr *> Dims;
  // ceil(...) is a floating-point scalar that converts to a 1-D dim3.
  if (E->getType()->isArithmeticType() || E->getType()->isEnumeralType()) {
    Dims.push_back(E);
  } else {
    const Expr *C = stripImplicit(E);
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(C))
      C = FC->getSubExpr()->IgnoreImplicit();
    const auto *CE = dyn_cast<CXXConstructExpr>(C);
    if (!CE) {
      R.Why =
          "the grid expression '" + S.Grid.Text + "' is not a ceiling division";
      return R;
    }
    for (const Expr *A : CE->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        break;
      if (!A->getType()->isArithmeticType() &&
          !A->getType()->isEnumeralType()) {
        R.Why = "the grid is built from a value that is not an integer";
        return R;
      }
      const auto *Lit = dyn_cast<IntegerLiteral>(stripImplicit(A));
      if (Lit && Lit->getValue() == 1)
        continue;
      Dims.push_back(A);
    }
  }
  static const char *const Names[] = {"x", "y", "z"};
  for (size_t I = 0; I < Dims.size(); ++I) {
    const Expr *N = matchCeilDivision(Dims[I], Ctx);
    if (!N) {
      R.Parts.clear();
      R.Why = std::string("the grid's ") + (Dims.size() > 1 ? Names[I] : "") +
              (Dims.size() > 1 ? " dimension" : "expression") +
              " is not a ceiling division of a thread count";
      return R;
    }
    if (!InLaunch && !isStableExpr(N, Scope)) {
      R.Parts.clear();
      R.Why = "the thread count in the definition of '" + S.Grid.Text +
              "' may have changed by the launch";
      return R;
    }
    R.Parts.push_back({N, InLaunch});
  }
  if (R.Parts.empty())
    R.Why = "the grid has one block";
  return R;
}

std::optional<uint64_t> constantThreadCount(const Expr *Config,
                                            const ASTContext &Ctx) {
  auto Positive = [&](const Expr *E) -> std::optional<uint64_t> {
    Expr::EvalResult R;
    if (!E->getType()->isIntegralOrEnumerationType() || E->isValueDependent() ||
        !E->EvaluateAsInt(R, Ctx) || !R.Val.getInt().isStrictlyPositive())
      return std::nullopt;
    return R.Val.getInt().getZExtValue();
  };
  if (!Config)
    return std::nullopt;
  const Expr *E = Config->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
  if (E->getType()->isIntegralOrEnumerationType())
    return Positive(E);
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  const auto *C = dyn_cast<CXXConstructExpr>(E);
  if (!C || !C->getConstructor() ||
      C->getConstructor()->getParent()->getName() != "dim3")
    return std::nullopt;
  uint64_t N = 1;
  for (const Expr *Arg : C->arguments()) {
    std::optional<uint64_t> V = Positive(Arg);
    if (!V)
      return std::nullopt;
    N *= *V;
  }
  return N;
}

} // namespace dpopt
