//===- OwnStream.cpp - Streams a thread creates for one launch ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/OwnStream.h"

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace dpopt {

namespace {

/// The one parent of \p S, or null (none, several, or not a statement).
const Stmt *parentOf(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  if (Parents.size() != 1)
    return nullptr;
  return Parents[0].get<Stmt>();
}

/// The parent of \p E past implicit casts and parentheses.
const Stmt *userParentOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *P = parentOf(E, Ctx);
  while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P)))
    P = parentOf(P, Ctx);
  return P;
}

/// True when \p C calls the runtime function \p Name with \p Arg as its
/// first argument.
bool isFirstArgumentOf(const Stmt *C, const Stmt *Arg, StringRef Name) {
  const auto *Call = dyn_cast_or_null<CallExpr>(C);
  if (!Call || Call->getNumArgs() < 1 || stripImplicit(Call->getArg(0)) != Arg)
    return false;
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD && FD->getDeclName().isIdentifier() && FD->getName() == Name;
}

/// Every reference to one variable, and whether the function has a goto.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  explicit UseCollector(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Uses.push_back(E);
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
  bool VisitSwitchCase(SwitchCase *C) {
    CaseLabels.push_back(C);
    return true;
  }
  const VarDecl *V;
  std::vector<const DeclRefExpr *> Uses;
  std::vector<const SwitchCase *> CaseLabels;
  bool HasGoto = false;
};

bool isStreamType(QualType T) {
  const auto *P = T.getCanonicalType()->getAs<PointerType>();
  const auto *R = P ? P->getPointeeType()->getAs<RecordType>() : nullptr;
  return R && R->getDecl()->getName() == "CUstream_st";
}

} // namespace

std::optional<std::string>
notOwnStreamReason(const CUDAKernelCallExpr *Launch, const Expr *Stream,
                   const FunctionDecl *Caller, ASTContext &Ctx,
                   std::vector<const Stmt *> *Calls) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(stripImplicit(Stream));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // Declared in Caller itself: every use is then in the body scanned below
  // (a lambda's capture of a kernel's stream would hide the kernel's uses).
  const auto *Owner =
      V ? dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod())
        : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() ||
      !isStreamType(V->getType()) || V->getType().isVolatileQualified() ||
      !Caller || !Caller->getBody())
    return std::string("it is not a local cudaStream_t variable of '") +
           (Caller ? Caller->getNameAsString() : std::string("?")) + "'";
  if (!Owner || Owner->getCanonicalDecl() != Caller->getCanonicalDecl())
    return "'" + V->getName().str() +
           "' is declared outside the function that launches (a lambda "
           "captures it)";
  if (V->hasInit())
    return "'" + V->getName().str() + "' has an initializer";

  UseCollector Uses(V);
  Uses.TraverseStmt(const_cast<Stmt *>(Caller->getBody()));
  if (Uses.HasGoto)
    return "'" + Caller->getNameAsString() + "' contains a goto";

  const SourceManager &SM = Ctx.getSourceManager();
  const CallExpr *Create = nullptr;
  std::vector<const CallExpr *> Destroys;
  for (const DeclRefExpr *U : Uses.Uses) {
    if (U == Ref)
      continue;
    const Stmt *P = userParentOf(U, Ctx);
    const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
    if (Addr && Addr->getOpcode() == UO_AddrOf) {
      const Stmt *Call = userParentOf(Addr, Ctx);
      if (isFirstArgumentOf(Call, Addr, "cudaStreamCreateWithFlags")) {
        if (Create)
          return "'" + V->getName().str() + "' is created more than once";
        Create = cast<CallExpr>(Call);
        continue;
      }
    }
    if (isFirstArgumentOf(P, U, "cudaStreamDestroy")) {
      if (!isa_and_nonnull<CompoundStmt>(parentOf(P, Ctx)))
        return "a destruction of '" + V->getName().str() +
               "' is not a statement of its own";
      Destroys.push_back(cast<CallExpr>(P));
      continue;
    }
    // Another launch into the stream, an event, a copy: an order dpopt
    // would have to keep.
    return "'" + V->getName().str() + "' is also used at line " +
           std::to_string(SM.getPresumedLineNumber(U->getBeginLoc()));
  }
  if (!Create)
    return "'" + V->getName().str() +
           "' is not created with cudaStreamCreateWithFlags in '" +
           Caller->getNameAsString() + "'";
  if (Create->getNumArgs() != 2)
    return "'" + V->getName().str() + "' is created with unusual arguments";
  Expr::EvalResult Flags;
  if (Create->getArg(1)->isValueDependent() ||
      !Create->getArg(1)->EvaluateAsInt(Flags, Ctx) ||
      Flags.Val.getInt() != 1 /* cudaStreamNonBlocking */)
    return "'" + V->getName().str() +
           "' is not created with the flags cudaStreamNonBlocking";

  // The creation is a statement of a { } block that holds the launch later,
  // with no loop in between: one launch per creation.
  const auto *Block = dyn_cast_or_null<CompoundStmt>(parentOf(Create, Ctx));
  if (!Block)
    return "the creation of '" + V->getName().str() +
           "' is not a statement of its own";
  const Stmt *Child = Launch;
  for (const Stmt *P = parentOf(Launch, Ctx); P != Block;
       Child = P, P = parentOf(P, Ctx)) {
    if (!P || P == Caller->getBody())
      return "the launch is not in the { } block that creates '" +
             V->getName().str() + "'";
    if (isLoop(P))
      return "the launch is in a loop that does not create '" +
             V->getName().str() + "' anew";
  }
  bool CreatedBefore = false;
  for (const Stmt *S : Block->body()) {
    if (S == Create)
      CreatedBefore = true;
    if (S == Child)
      break;
  }
  if (!CreatedBefore)
    return "'" + V->getName().str() + "' is created after the launch";
  auto Between = [&](SourceLocation L) {
    return SM.isBeforeInTranslationUnit(Create->getBeginLoc(), L) &&
           SM.isBeforeInTranslationUnit(L, Launch->getBeginLoc());
  };
  for (const CallExpr *D : Destroys)
    if (Between(D->getBeginLoc()))
      return "'" + V->getName().str() + "' is destroyed before the launch";
  // A switch could jump past the creation to the launch, into the stream
  // an earlier round created and launched into.
  for (const SwitchCase *C : Uses.CaseLabels)
    if (Between(C->getBeginLoc()))
      return "a 'case' or 'default' label between the creation of '" +
             V->getName().str() + "' and the launch could skip the creation";
  if (Calls) {
    Calls->assign({Create});
    Calls->insert(Calls->end(), Destroys.begin(), Destroys.end());
    llvm::sort(*Calls, [&](const Stmt *L, const Stmt *R) {
      return SM.isBeforeInTranslationUnit(L->getBeginLoc(), R->getBeginLoc());
    });
  }
  return std::nullopt;
}

} // namespace dpopt
