//===- IdleThreads.cpp - Threads of a kernel that do nothing -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/IdleThreads.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/LocalVariables.h"
#include "dpopt/Analysis/ThreadCount.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>

using namespace clang;

namespace dpopt {
namespace {

/// What a thread-index expression is: 'blockIdx.x * blockDim.x +
/// threadIdx.x' (X, meaningful for one-dimensional launches), or the
/// thread's linear rank in the grid (Linear, for any launch).
enum class IndexKind { None, X, Linear };

bool isPure(const Expr *E);
bool isPureDeclaration(const Stmt *S);

/// Component \p C of the built-in \p Var ('threadIdx.x'), not of a
/// variable that shadows it.
bool isBuiltinComponent(const Expr *E, BuiltinVar Var, StringRef C) {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  if (!PO)
    return false;
  const auto *PR =
      dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens());
  if (!PR || PR->getPropertyDecl()->getName() != C)
    return false;
  const Expr *Base = PR->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
    Base = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  return DRE && getBuiltinVar(DRE->getDecl()) == Var;
}

bool isBuiltinX(const Expr *E, BuiltinVar Var) {
  return isBuiltinComponent(E, Var, "x");
}

/// What the body being matched may use as 'blockIdx.x': the built-in, or in
/// a block-stride loop the x of the loop's shadowing 'blockIdx' variable.
struct BlockIndex {
  const VarDecl *Shadow = nullptr;

  bool matches(const Expr *E) const {
    if (!Shadow)
      return isBuiltinX(E, BuiltinVar::BlockIdx);
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    if (!ME || ME->isArrow() || ME->getMemberDecl()->getName() != "x")
      return false;
    const auto *DRE =
        dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == Shadow;
  }
};

/// Sees through a never-modified local of \p Scope to its initializer; an
/// integer local must be wide enough for a thread index.
const Expr *throughLocal(const Expr *E, const Stmt *Scope) {
  E = E->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return E;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || !VD->getType()->isIntegerType() ||
      VD->getType()->isBooleanType() ||
      VD->getASTContext().getTypeSize(VD->getType()) < 32)
    return E;
  const Expr *Init = localDefinition(E, Scope);
  return Init ? throughLocal(Init, Scope) : E;
}

/// The operands of \p E when it is the binary operator \p Op, in both
/// orders.
bool operands(const Expr *E, BinaryOperatorKind Op, const Stmt *Scope,
              llvm::function_ref<bool(const Expr *, const Expr *)> Match) {
  const auto *BO = dyn_cast<BinaryOperator>(throughLocal(E, Scope));
  if (!BO || BO->getOpcode() != Op)
    return false;
  return Match(BO->getLHS(), BO->getRHS()) || Match(BO->getRHS(), BO->getLHS());
}

/// 'V.x + D.x * (V.y + D.y * V.z)', the linear rank of V in a space of D
/// (threadIdx in blockDim, blockIdx in gridDim), in any operand order.
bool isLinearRank(const Expr *E, BuiltinVar V, BuiltinVar D,
                  const Stmt *Scope) {
  auto Is = [&](const Expr *X, BuiltinVar Var, StringRef C) {
    return isBuiltinComponent(throughLocal(X, Scope), Var, C);
  };
  return operands(E, BO_Add, Scope, [&](const Expr *X, const Expr *Rest) {
    return Is(X, V, "x") &&
           operands(Rest, BO_Mul, Scope, [&](const Expr *DX, const Expr *In) {
             return Is(DX, D, "x") &&
                    operands(In, BO_Add, Scope,
                             [&](const Expr *Y, const Expr *Rest2) {
                               return Is(Y, V, "y") &&
                                      operands(
                                          Rest2, BO_Mul, Scope,
                                          [&](const Expr *DY, const Expr *Z) {
                                            return Is(DY, D, "y") &&
                                                   Is(Z, V, "z");
                                          });
                             });
           });
  });
}

/// 'blockDim.x * blockDim.y * blockDim.z', in any grouping and order.
bool isBlockSize(const Expr *E, const Stmt *Scope) {
  unsigned Seen = 0;
  std::function<bool(const Expr *)> Walk = [&](const Expr *X) {
    X = throughLocal(X, Scope);
    if (const auto *BO = dyn_cast<BinaryOperator>(X))
      return BO->getOpcode() == BO_Mul && Walk(BO->getLHS()) &&
             Walk(BO->getRHS());
    for (auto [Bit, C] :
         {std::pair<unsigned, StringRef>{1, "x"}, {2, "y"}, {4, "z"}})
      if (isBuiltinComponent(X, BuiltinVar::BlockDim, C) && !(Seen & Bit)) {
        Seen |= Bit;
        return true;
      }
    return false;
  };
  return Walk(E) && Seen == 7;
}

/// A call of a function without parameters whose body, after local
/// declarations, returns a thread index (a 'globalIndex()' helper), with
/// an integer result of at least 32 bits. Only outside a block-stride loop:
/// the helper reads the built-in, not the loop's shadow.
IndexKind indexFunctionCall(const Expr *E, const BlockIndex &B);

/// What \p E is as a thread index (through never-modified locals of
/// \p Scope): 'B * blockDim.x + threadIdx.x' in any operand order (X), or
/// the thread's linear rank in the grid, 'bid * tpb + tid' with the linear
/// block rank, the block size and the linear thread rank (Linear).
IndexKind indexKind(const Expr *E, const Stmt *Scope, const BlockIndex &B) {
  E = throughLocal(E, Scope);
  if (IndexKind K = indexFunctionCall(E, B); K != IndexKind::None)
    return K;
  auto Is = [&](const Expr *X, BuiltinVar Var) {
    return isBuiltinComponent(throughLocal(X, Scope), Var, "x");
  };
  if (operands(E, BO_Add, Scope, [&](const Expr *Tid, const Expr *Mul) {
        return Is(Tid, BuiltinVar::ThreadIdx) &&
               operands(Mul, BO_Mul, Scope,
                        [&](const Expr *Bx, const Expr *Dim) {
                          return B.matches(throughLocal(Bx, Scope)) &&
                                 Is(Dim, BuiltinVar::BlockDim);
                        });
      }))
    return IndexKind::X;
  if (!B.Shadow &&
      operands(E, BO_Add, Scope, [&](const Expr *Tid, const Expr *Mul) {
        return isLinearRank(Tid, BuiltinVar::ThreadIdx, BuiltinVar::BlockDim,
                            Scope) &&
               operands(Mul, BO_Mul, Scope,
                        [&](const Expr *Bid, const Expr *Tpb) {
                          return isLinearRank(Bid, BuiltinVar::BlockIdx,
                                              BuiltinVar::GridDim, Scope) &&
                                 isBlockSize(Tpb, Scope);
                        });
      }))
    return IndexKind::Linear;
  return IndexKind::None;
}

IndexKind indexFunctionCall(const Expr *E, const BlockIndex &B) {
  if (B.Shadow)
    return IndexKind::None;
  const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  if (!CE || isa<CUDAKernelCallExpr>(CE) || CE->getNumArgs() != 0)
    return IndexKind::None;
  const FunctionDecl *F = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || Def->getNumParams() != 0)
    return IndexKind::None;
  QualType R = Def->getReturnType();
  if (!R->isIntegerType() || R->isBooleanType() ||
      Def->getASTContext().getTypeSize(R) < 32)
    return IndexKind::None;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->body_empty())
    return IndexKind::None;
  for (const Stmt *S : llvm::drop_end(Body->body()))
    if (!isPureDeclaration(S))
      return IndexKind::None;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  if (!Ret || !Ret->getRetValue())
    return IndexKind::None;
  return indexKind(Ret->getRetValue(), Body, BlockIndex{});
}

/// An expression an idle thread may evaluate: reads of parameters, locals
/// and the built-in indices, constants, and arithmetic on them (no calls
/// but a 'globalIndex()' helper, no memory reads, no writes).
bool isPure(const Expr *E) {
  return isStableExpr(
      E,
      [](const VarDecl *VD) {
        return VD->hasLocalStorage() || VD->isConstexpr();
      },
      [](const Expr *Leaf) {
        if (const auto *PO = dyn_cast<PseudoObjectExpr>(Leaf)) {
          const auto *PR = dyn_cast<MSPropertyRefExpr>(
              PO->getSyntacticForm()->IgnoreParens());
          if (!PR)
            return false;
          const Expr *Base = PR->getBaseExpr()->IgnoreParenImpCasts();
          if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
            Base = OV->getSourceExpr()->IgnoreParenImpCasts();
          const auto *DRE = dyn_cast<DeclRefExpr>(Base);
          return DRE && getBuiltinVar(DRE->getDecl()).has_value();
        }
        return indexFunctionCall(Leaf, BlockIndex{}) != IndexKind::None;
      });
}

/// Local declarations an idle thread may run.
bool isPureDeclaration(const Stmt *S) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS)
    return isa<NullStmt>(S);
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->hasLocalStorage() || VD->hasAttr<CUDASharedAttr>() ||
        VD->getType()->isReferenceType() || !(VD->getType()->isScalarType()))
      return false;
    if (VD->hasInit() && !isPure(VD->getInit()))
      return false;
  }
  return true;
}

/// The matcher of one body shape.
class GuardMatcher {
public:
  GuardMatcher(const FunctionDecl *Kernel, const Stmt *Body, BlockIndex B)
      : Kernel(Kernel), Body(Body), B(B), Ctx(Kernel->getASTContext()) {}

  /// The bound of \p Stmts, a compound body.
  IdleBoundResult match(const CompoundStmt *Stmts) {
    IdleBoundResult R;
    auto It = Stmts->body_begin(), End = Stmts->body_end();
    while (It != End && isPureDeclaration(*It))
      ++It;
    const auto *If = It == End ? nullptr : dyn_cast<IfStmt>(*It);
    if (!If || If->getInit() || If->getConditionVariable() ||
        If->isConsteval()) {
      R.WhyNot = "its body does not start with a guard 'if' on the thread's "
                 "index after local declarations of pure values";
      return R;
    }
    bool ReturnForm = isBareReturn(If->getThen());
    if (!ReturnForm && (If->getElse() || std::next(It) != End)) {
      R.WhyNot = "statements run outside its guard 'if'";
      return R;
    }
    if (ReturnForm && If->getElse()) {
      R.WhyNot = "its guard 'if' has an else branch";
      return R;
    }
    if (std::optional<IdleBound> Bound = guard(If->getCond(), ReturnForm)) {
      R.Bound = Bound;
      return R;
    }
    R.WhyNot = ReturnForm
                   ? "the condition of its early return is not 'i >= n' "
                     "(first in a chain of ||) with i the thread's index in "
                     "the grid and n a parameter it never changes"
                   : "its guard is not 'i < n' (first in a chain of &&) with "
                     "i the thread's index in the grid and n a parameter it "
                     "never changes";
    return R;
  }

private:
  const FunctionDecl *Kernel;
  const Stmt *Body;
  BlockIndex B;
  const ASTContext &Ctx;

  static bool isBareReturn(const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return CS->size() == 1 && isBareReturn(CS->body_front());
    const auto *R = dyn_cast<ReturnStmt>(S);
    return R && !R->getRetValue();
  }

  /// \p Cond is false (true with \p ReturnForm) for every idle thread.
  std::optional<IdleBound> guard(const Expr *Cond, bool ReturnForm) {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO)
      return std::nullopt;
    if (BO->getOpcode() == (ReturnForm ? BO_LOr : BO_LAnd))
      return guard(BO->getLHS(), ReturnForm);
    BinaryOperatorKind IndexFirst = ReturnForm ? BO_GE : BO_LT;
    BinaryOperatorKind BoundFirst = ReturnForm ? BO_LE : BO_GT;
    const Expr *Index = nullptr, *Bound = nullptr;
    if (BO->getOpcode() == IndexFirst) {
      Index = BO->getLHS();
      Bound = BO->getRHS();
    } else if (BO->getOpcode() == BoundFirst) {
      Index = BO->getRHS();
      Bound = BO->getLHS();
    } else {
      return std::nullopt;
    }
    // Both sides converted to the comparison type, which must be an
    // integer type: the index is exact in it (at least 32 bits).
    QualType T = Index->getType();
    if (!T->isIntegerType() || T->isBooleanType() || Ctx.getTypeSize(T) < 32 ||
        !Ctx.hasSameUnqualifiedType(T, Bound->getType()))
      return std::nullopt;
    IndexKind Kind = indexKind(Index->IgnoreImpCasts(), Body, B);
    if (Kind == IndexKind::None)
      return std::nullopt;
    const auto *DRE = dyn_cast<DeclRefExpr>(Bound->IgnoreParenImpCasts());
    const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!P || !P->getType()->isIntegerType() ||
        P->getType().isVolatileQualified() || !isNeverModified(P, Body))
      return std::nullopt;
    for (unsigned I = 0; I < Kernel->getNumParams(); ++I)
      if (Kernel->getParamDecl(I) == P) {
        IdleBound Out;
        Out.Param = I;
        Out.CompareType = T.getUnqualifiedType();
        Out.AnyDims = Kind == IndexKind::Linear;
        Out.ReturnForm = ReturnForm;
        Out.Guard = BO;
        return Out;
      }
    return std::nullopt;
  }
};

/// The block-stride loop of a coarsened clone: 'for (unsigned b =
/// blockIdx.x; b < E; b += gridDim.x) { const uint3 blockIdx =
/// make_uint3(b, ...); { ... } }'. Returns the inner body and the shadow.
const CompoundStmt *blockStrideBody(const Stmt *S, const VarDecl *&Shadow) {
  const auto *For = dyn_cast<ForStmt>(S);
  if (!For || !For->getInit() || !For->getCond() || !For->getInc())
    return nullptr;
  const auto *InitDecl = dyn_cast<DeclStmt>(For->getInit());
  if (!InitDecl || !InitDecl->isSingleDecl())
    return nullptr;
  const auto *Var = dyn_cast<VarDecl>(InitDecl->getSingleDecl());
  if (!Var || !Var->getType()->isUnsignedIntegerType() || !Var->hasInit() ||
      !isBuiltinX(Var->getInit(), BuiltinVar::BlockIdx) ||
      !isPure(For->getCond()))
    return nullptr;
  const auto *Inc = dyn_cast<CompoundAssignOperator>(For->getInc());
  if (!Inc || Inc->getOpcode() != BO_AddAssign ||
      !isBuiltinX(Inc->getRHS(), BuiltinVar::GridDim))
    return nullptr;
  const auto *IncVar = dyn_cast<DeclRefExpr>(Inc->getLHS()->IgnoreParens());
  if (!IncVar || IncVar->getDecl() != Var)
    return nullptr;
  const auto *Loop = dyn_cast<CompoundStmt>(For->getBody());
  if (!Loop || Loop->size() != 2 || !isNeverModified(Var, Loop))
    return nullptr;
  const auto *ShadowDecl = dyn_cast<DeclStmt>(Loop->body_front());
  const auto *Inner = dyn_cast<CompoundStmt>(Loop->body_back());
  if (!ShadowDecl || !ShadowDecl->isSingleDecl() || !Inner)
    return nullptr;
  const auto *SV = dyn_cast<VarDecl>(ShadowDecl->getSingleDecl());
  if (!SV || SV->getName() != "blockIdx" || !SV->getType().isConstQualified() ||
      !SV->hasInit())
    return nullptr;
  const auto *Make = dyn_cast<CallExpr>(SV->getInit()->IgnoreImplicit());
  const FunctionDecl *MakeFn = Make ? Make->getDirectCallee() : nullptr;
  if (!MakeFn || MakeFn->getName() != "make_uint3" || Make->getNumArgs() != 3)
    return nullptr;
  const auto *First =
      dyn_cast<DeclRefExpr>(Make->getArg(0)->IgnoreParenImpCasts());
  if (!First || First->getDecl() != Var)
    return nullptr;
  Shadow = SV;
  return Inner;
}

} // namespace

IdleBoundResult idleThreadBound(const FunctionDecl *Kernel) {
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def)
    return {std::nullopt, "its definition is not available"};
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return {std::nullopt, "its definition is not available"};
  if (Body->size() == 1) {
    const VarDecl *Shadow = nullptr;
    if (const CompoundStmt *Inner = blockStrideBody(Body->body_front(), Shadow))
      return GuardMatcher(Def, Body, BlockIndex{Shadow}).match(Inner);
  }
  return GuardMatcher(Def, Body, BlockIndex{}).match(Body);
}

} // namespace dpopt
