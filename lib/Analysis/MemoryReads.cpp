//===- MemoryReads.cpp - Does a kernel's thread wait on memory? ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/MemoryReads.h"

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace dpopt {
namespace {

/// An lvalue that names memory through a pointer or an array: 'p[i]',
/// '*p', 'p->f' (and a member of one of those).
bool isIndirectLValue(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() || isIndirectLValue(M->getBase());
  return false;
}

class ReadFinder : public RecursiveASTVisitor<ReadFinder> {
public:
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue &&
        isIndirectLValue(C->getSubExpr()))
      Found = C;
    return !Found;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *O) {
    if (isIndirectLValue(O->getLHS())) // 'p[i] += v' reads p[i]
      Found = O;
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *O) {
    if (O->isIncrementDecrementOp() && isIndirectLValue(O->getSubExpr()))
      Found = O;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee) {
      Found = Call;
      return false;
    }
    // Operators and conversions have no simple name.
    StringRef Name = Callee->getIdentifier() ? Callee->getName() : StringRef();
    if (isAtomicFunctionName(Name)) {
      // An atomic whose old value is thrown away does not wait for it.
      if (!Discarded.contains(Call))
        Found = Call;
      return !Found;
    }
    // __ldg and its cache-hint siblings load through builtins.
    if (Name.starts_with("__ld")) {
      Found = Call;
      return false;
    }
    const FunctionDecl *Def = getWrittenDefinition(Callee);
    if (!Def || !Def->hasBody()) {
      if (!Callee->getBuiltinID() && !isDeviceMathName(Name))
        Found = Call;
      return !Found;
    }
    if (Seen.insert(Def).second)
      TraverseStmt(Def->getBody());
    return !Found;
  }
  /// Calls whose value is discarded: those written as statements
  /// (isStatementPosition), seen at their parent before they are visited.
  bool VisitStmt(Stmt *S) {
    for (Stmt *Child : S->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child))
        if (isStatementPosition(Child, S))
          if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenCasts()))
            Discarded.insert(Call);
    return true;
  }

  static bool isDeviceMathName(StringRef Name) {
    // CUDA's math functions have bodies in the headers clang parses; a
    // bodiless one here is a compiler intrinsic such as __fdividef.
    return Name.starts_with("__");
  }

  const Stmt *Found = nullptr;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallPtrSet<const CallExpr *, 8> Discarded;
};

} // namespace

const Stmt *firstMemoryRead(const FunctionDecl *Kernel) {
  const FunctionDecl *Def = getWrittenDefinition(Kernel);
  if (!Def || !Def->hasBody())
    return nullptr;
  ReadFinder F;
  F.Seen.insert(Def);
  F.TraverseStmt(Def->getBody());
  return F.Found;
}

} // namespace dpopt
