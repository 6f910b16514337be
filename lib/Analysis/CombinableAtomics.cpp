//===- CombinableAtomics.cpp - Atomics a serial child run can combine ----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/CombinableAtomics.h"
#include "dpopt/Analysis/LocalVariables.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace dpopt {

namespace {

/// Calls and gotos of a body.
struct BodyScan : RecursiveASTVisitor<BodyScan> {
  std::vector<const CallExpr *> Calls;
  bool HasGoto = false;

  bool VisitCallExpr(CallExpr *C) {
    Calls.push_back(C);
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    HasGoto = true;
    return true;
  }
};

/// \p E computes the same value in every thread of the grid without
/// reading memory: read-only parameters, constants, the addresses of
/// global variables, and integer and pointer arithmetic on them. (The fold
/// evaluates it once, after the run, and only when a thread made the
/// atomic, which evaluated it too.)
bool uniformAddress(const ASTContext &Ctx, const Expr *E, const Stmt *Body) {
  // The fold writes the address's text again after the run: none of it may
  // come from a macro, which could mean something else there.
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(D->getDecl()))
      return true;
    // As an lvalue: only a global variable's address is the same for all.
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    return V && V->hasGlobalStorage() && !V->isLocalVarDeclOrParm();
  }
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    if (C->getCastKind() == CK_LValueToRValue) {
      const auto *D = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens());
      if (!D)
        return false;
      if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl()))
        return isNeverModified(P, Body);
      // A constant ('constexpr unsigned Slots = 64;') reads no memory.
      const auto *V = dyn_cast<VarDecl>(D->getDecl());
      return V && V->isUsableInConstantExpressions(Ctx);
    }
    return uniformAddress(Ctx, C->getSubExpr(), Body);
  }
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return (C->getType()->isIntegerType() || C->getType()->isPointerType()) &&
           uniformAddress(Ctx, C->getSubExpr(), Body);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_AddrOf:
    case UO_Minus:
    case UO_Plus:
    case UO_Not:
      return uniformAddress(Ctx, U->getSubExpr(), Body);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Add:
    case BO_Sub:
    case BO_Mul:
    case BO_Div: // a zero divisor: the atomic's thread divided by it too
    case BO_Rem:
    case BO_Shl:
    case BO_Shr:
    case BO_And:
    case BO_Or:
    case BO_Xor:
      return uniformAddress(Ctx, B->getLHS(), Body) &&
             uniformAddress(Ctx, B->getRHS(), Body);
    default:
      return false;
    }
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    return uniformAddress(Ctx, A->getBase(), Body) &&
           uniformAddress(Ctx, A->getIdx(), Body);
  return false;
}

/// \p S does nothing to memory: empty statements and plain returns.
bool inert(const Stmt *S) {
  if (isa<NullStmt>(S))
    return true;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return !R->getRetValue();
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(C->body(), inert);
  return false;
}

/// \p Call is a statement of \p Body that its thread reaches at most once
/// and after which it does nothing more to memory.
bool lastThingDone(const ParentMap &PM, const Stmt *Body,
                   const CallExpr *Call) {
  const Stmt *Cur = Call;
  while (Cur != Body) {
    const Stmt *Par = PM.getParent(Cur);
    if (!Par)
      return false;
    if (const auto *C = dyn_cast<CompoundStmt>(Par)) {
      bool After = false;
      for (const Stmt *S : C->body()) {
        if (After && !inert(S))
          return false;
        After = After || S == Cur;
      }
    } else if (const auto *If = dyn_cast<IfStmt>(Par)) {
      if (Cur != If->getThen() && Cur != If->getElse())
        return false; // inside the condition: not a statement of its own
    } else if (!isa<AttributedStmt>(Par)) {
      return false; // a loop, switch, label, lambda or expression
    }
    Cur = Par;
  }
  return true;
}

} // namespace

std::vector<CombinableAtomic> combinableAtomics(ASTContext &Ctx,
                                                const FunctionDecl *Kernel,
                                                bool FloatingAdds) {
  std::vector<CombinableAtomic> Found;
  Stmt *Body = Kernel ? Kernel->getBody() : nullptr;
  if (!Body)
    return Found;
  BodyScan Scan;
  Scan.TraverseStmt(Body);
  if (Scan.HasGoto)
    return Found;
  ParentMap PM(Body);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const CallExpr *Call : Scan.Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 2 ||
        Callee->getNumParams() != 2 || Call->getBeginLoc().isMacroID() ||
        Call->getEndLoc().isMacroID() ||
        Call->getArg(1)->getBeginLoc().isMacroID() ||
        !SM.isInMainFile(Call->getBeginLoc()) ||
        !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
      continue;
    std::string Op = llvm::StringSwitch<std::string>(Callee->getName())
                         .Case("atomicAdd", "Add")
                         .Case("atomicMin", "Min")
                         .Case("atomicMax", "Max")
                         .Case("atomicAnd", "And")
                         .Case("atomicOr", "Or")
                         .Case("atomicXor", "Xor")
                         .Default("");
    if (Op.empty())
      continue;
    QualType Pointee = Callee->getParamDecl(0)
                           ->getType()
                           ->getPointeeType()
                           .getUnqualifiedType();
    const auto *Builtin =
        Pointee.isNull() ? nullptr
                         : Pointee.getCanonicalType()->getAs<BuiltinType>();
    // A sum of floating-point values depends on its order: only when the
    // user accepts that.
    bool Floating = Builtin && Builtin->isFloatingPoint();
    if (!Builtin || Builtin->isBooleanType() ||
        !(Builtin->isInteger() || (Floating && FloatingAdds && Op == "Add")))
      continue;
    if (!uniformAddress(Ctx, Call->getArg(0), Body) ||
        !lastThingDone(PM, Body, Call))
      continue;
    Found.push_back(
        {Call, Op, Pointee.getAsString(Ctx.getPrintingPolicy()), Floating});
  }
  llvm::sort(Found, [&](const CombinableAtomic &A, const CombinableAtomic &B) {
    return SM.isBeforeInTranslationUnit(A.Call->getBeginLoc(),
                                        B.Call->getBeginLoc());
  });
  return Found;
}

} // namespace dpopt
