//===- ParameterAccesses.cpp - Memory reached from the arguments --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ParameterAccesses.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// Device atomics: they write the memory their first argument points at
/// (its '&' makes the access a write), and touch nothing else.
bool isAtomic(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return false;
  StringRef N = F->getName();
  for (StringRef Stem : {"atomicAdd", "atomicSub", "atomicExch", "atomicMin",
                         "atomicMax", "atomicInc", "atomicDec", "atomicCAS",
                         "atomicAnd", "atomicOr", "atomicXor"})
    if (N == Stem)
      return true;
  return false;
}

class AccessScan : public RecursiveASTVisitor<AccessScan> {
public:
  AccessScan(const ParsedUnit &U, const FunctionDecl *Kernel)
      : U(U), Ctx(U.getASTContext()), Kernel(Kernel) {}

  std::vector<MemoryAccess> Found;
  std::string Stop;

  bool shouldVisitImplicitCode() const { return false; }

  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp() || E->getOpcode() == UO_AddrOf)
      if (isParameter(E->getSubExpr()))
        return fail(E, "changes or takes the address of a parameter");
    if (E->getOpcode() == UO_Deref)
      return access(E);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp() && isParameter(E->getLHS()))
      return fail(E, "assigns to a parameter");
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) { return access(E); }
  bool VisitMemberExpr(MemberExpr *E) {
    // A member of a value (a parameter or local struct) is no memory access.
    if (!E->isArrow() && !isAccessForm(E->getBase()))
      return true;
    return access(E);
  }
  bool VisitCallExpr(CallExpr *E) {
    if (isa<CXXOperatorCallExpr>(E) || isa<CUDAKernelCallExpr>(E) ||
        !isAtomic(E->getDirectCallee()))
      return fail(E, "makes a call other than a device atomic");
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (!E->getConstructor()->isTrivial())
      return fail(E, "constructs an object");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (V && !V->hasLocalStorage())
      return fail(E, "names the variable '" + V->getNameAsString() +
                         "', which is not its own");
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *E) { return fail(E, "has a lambda"); }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    return fail(S->getBeginLoc(), "has inline assembly");
  }

private:
  bool fail(const Stmt *S, const std::string &Why) {
    return fail(S->getBeginLoc(), Why);
  }
  bool fail(SourceLocation L, const std::string &Why) {
    if (Stop.empty())
      Stop = Why + " (line " +
             std::to_string(Ctx.getSourceManager().getExpansionLineNumber(L)) +
             ")";
    return false;
  }

  bool isParameter(const Expr *E) const {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && isa<ParmVarDecl>(R->getDecl()) &&
           cast<ParmVarDecl>(R->getDecl())->getDeclContext() == Kernel;
  }

  static bool isAccessForm(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() == UO_Deref;
    return isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E);
  }

  /// Built from the parameters' values, constants and operators only: the
  /// same value wherever in the body it is computed. The parameters it
  /// reads are added to *Uses, where set.
  bool pure(const Expr *E) const {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (C->getCastKind() == CK_LValueToRValue) {
        if (!isParameter(C->getSubExpr()))
          return false;
        const auto *P = cast<ParmVarDecl>(
            cast<DeclRefExpr>(C->getSubExpr()->IgnoreParenImpCasts())
                ->getDecl());
        if (Uses && !llvm::is_contained(*Uses, P))
          Uses->push_back(P);
        return true;
      }
      if (C->getCastKind() == CK_ArrayToPointerDecay)
        return false;
      return pure(C->getSubExpr());
    }
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return isa<EnumConstantDecl>(R->getDecl());
    if (isa<IntegerLiteral, CharacterLiteral, FloatingLiteral,
            CXXBoolLiteralExpr, CXXNullPtrLiteralExpr,
            UnaryExprOrTypeTraitExpr>(E))
      return true;
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return (U->getOpcode() == UO_Plus || U->getOpcode() == UO_Minus ||
              U->getOpcode() == UO_Not || U->getOpcode() == UO_LNot) &&
             pure(U->getSubExpr());
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
             pure(B->getLHS()) && pure(B->getRHS());
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return pure(C->getCond()) && pure(C->getTrueExpr()) &&
             pure(C->getFalseExpr());
    return false;
  }

  bool addressKnown(const Expr *E) const {
    E = E->IgnoreParens();
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return pure(U->getSubExpr());
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      return pure(A->getBase()) && pure(A->getIdx());
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return M->isArrow()
                 ? pure(M->getBase())
                 : isAccessForm(M->getBase()) && addressKnown(M->getBase());
    return false;
  }

  /// The single parent of \p E, or nothing.
  const Stmt *parentOf(const Expr *E) const {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    return Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
  }

  /// False only where \p E's value is just read.
  bool mayWrite(const Expr *E) const {
    const Expr *Cur = E;
    for (;;) {
      const Stmt *P = parentOf(Cur);
      if (const auto *Paren = dyn_cast_or_null<ParenExpr>(P)) {
        Cur = Paren;
        continue;
      }
      if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P)) {
        if (C->getCastKind() == CK_LValueToRValue)
          return false;
        if (C->getCastKind() == CK_NoOp) {
          Cur = C;
          continue;
        }
      }
      return true;
    }
  }

  bool access(Expr *E) {
    // The member of an access is the access (its parent lists it).
    const Stmt *Up = parentOf(E);
    while (const auto *Paren = dyn_cast_or_null<ParenExpr>(Up))
      Up = parentOf(Paren);
    if (const auto *M = dyn_cast_or_null<MemberExpr>(Up))
      if (!M->isArrow() && M->getBase()->IgnoreParens() == E)
        return true;
    if (E->getType()->isArrayType())
      return fail(E, "indexes an array member");
    MemoryAccess A;
    Uses = &A.Params;
    const bool Known = addressKnown(E);
    Uses = nullptr;
    if (!Known)
      return fail(E, "reaches memory at an address built from more than its "
                     "parameters and constants");
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID() ||
        !U.isInMainFile(E->getBeginLoc()))
      return fail(E, "accesses memory in a macro");
    QualType T = E->getType();
    if (T->isIncompleteType() || T->isVoidType())
      return fail(E, "accesses an object of incomplete type");
    A.Lvalue = U.getSourceText(E->getSourceRange()).str();
    A.Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    A.Write = mayWrite(E);
    Found.push_back(std::move(A));
    return true;
  }

  const ParsedUnit &U;
  ASTContext &Ctx;
  const FunctionDecl *Kernel;
  /// The parameters the address being checked reads (access()).
  std::vector<const ParmVarDecl *> *Uses = nullptr;
};

} // namespace

std::optional<std::vector<MemoryAccess>>
parameterAccesses(const ParsedUnit &U, const FunctionDecl *Kernel,
                  std::string *Why) {
  if (!Kernel || !Kernel->getBody()) {
    if (Why)
      *Why = "its body is not in this file";
    return std::nullopt;
  }
  AccessScan Scan(U, Kernel);
  if (!Scan.TraverseStmt(Kernel->getBody())) {
    if (Why)
      *Why = Scan.Stop;
    return std::nullopt;
  }
  return std::move(Scan.Found);
}

} // namespace dpopt
