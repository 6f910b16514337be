//===- CudaAST.cpp - Small questions about CUDA code in clang's AST ------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace clang;

namespace dpopt {

CudaTarget getCudaTarget(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>())
    return CudaTarget::Global;
  bool Device = FD->hasAttr<CUDADeviceAttr>();
  bool Host = FD->hasAttr<CUDAHostAttr>();
  if (Device && Host)
    return CudaTarget::HostDevice;
  if (Device)
    return CudaTarget::Device;
  if (Host)
    return CudaTarget::Host;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return CudaTarget::HostDevice;
  return CudaTarget::Host;
}

bool isDeviceContext(llvm::ArrayRef<const FunctionDecl *> Functions) {
  for (auto It = Functions.rbegin(); It != Functions.rend(); ++It) {
    const FunctionDecl *FD = *It;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    CudaTarget T = getCudaTarget(FD);
    if (MD && MD->getParent()->isLambda() && T == CudaTarget::HostDevice)
      continue;
    return T != CudaTarget::Host;
  }
  return false;
}

const char *builtinVarName(BuiltinVar V) {
  switch (V) {
  case BuiltinVar::ThreadIdx:
    return "threadIdx";
  case BuiltinVar::BlockIdx:
    return "blockIdx";
  case BuiltinVar::BlockDim:
    return "blockDim";
  case BuiltinVar::GridDim:
    return "gridDim";
  }
  return "?";
}

const char *builtinVarType(BuiltinVar V) {
  return V == BuiltinVar::ThreadIdx || V == BuiltinVar::BlockIdx ? "uint3"
                                                                 : "dim3";
}

namespace {
/// The function's own returns (a lambda's returns belong to the lambda).
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  std::vector<const ReturnStmt *> Returns;
};
} // namespace

std::vector<const ReturnStmt *> ownReturns(const FunctionDecl *Def) {
  ReturnFinder F;
  F.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
  return F.Returns;
}

std::optional<BuiltinVar> getBuiltinVar(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  if (!VD || !VD->hasExternalStorage())
    return std::nullopt;
  // clang declares these as variables of the __cuda_builtin_*_t types.
  const auto *RD = VD->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->getName().starts_with("__cuda_builtin_"))
    return std::nullopt;
  StringRef N = VD->getName();
  if (N == "threadIdx")
    return BuiltinVar::ThreadIdx;
  if (N == "blockIdx")
    return BuiltinVar::BlockIdx;
  if (N == "blockDim")
    return BuiltinVar::BlockDim;
  if (N == "gridDim")
    return BuiltinVar::GridDim;
  return std::nullopt;
}

bool isWarpSizeVar(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  return VD && VD->getName() == "warpSize" && VD->hasExternalStorage() &&
         VD->getDeclContext()->isTranslationUnit();
}

const Expr *stripImplicit(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Next)) {
      // int -> dim3 and copies of a dim3 are implicit constructor calls.
      if (!isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() >= 1 &&
          (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))) &&
          CE->getParenOrBraceRange().isInvalid())
        Next = CE->getArg(0);
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = BTE->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

bool isStatementPosition(const Stmt *Child, const Stmt *Parent) {
  if (!Parent || !Child)
    return false;
  if (isa<CompoundStmt>(Parent))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getThen() == Child || If->getElse() == Child;
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return For->getBody() == Child;
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(Parent))
    return RF->getBody() == Child;
  if (const auto *W = dyn_cast<WhileStmt>(Parent))
    return W->getBody() == Child;
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Do->getBody() == Child;
  if (const auto *SC = dyn_cast<SwitchCase>(Parent))
    return SC->getSubStmt() == Child;
  if (const auto *L = dyn_cast<LabelStmt>(Parent))
    return L->getSubStmt() == Child;
  if (const auto *A = dyn_cast<AttributedStmt>(Parent))
    return A->getSubStmt() == Child;
  return false;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(S);
}

bool isConditional(const Stmt *S) {
  if (isa<IfStmt, SwitchStmt, ConditionalOperator, BinaryConditionalOperator>(
          S))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isLogicalOp();
  return false;
}

bool isLegacyDeviceSync(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  return Callee && Callee->getIdentifier() &&
         Callee->getName() == "cudaDeviceSynchronize";
}

bool isLegacyDeviceSyncStatement(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<CStyleCastExpr>(E))
    if (Cast->getType()->isVoidType())
      E = Cast->getSubExpr()->IgnoreParenImpCasts();
  const auto *CE = dyn_cast<CallExpr>(E);
  return CE && isLegacyDeviceSync(CE);
}

bool namesFunctionLocalType(QualType T) {
  while (!T.isNull()) {
    if (const auto *TD = T->getAs<TypedefType>())
      if (TD->getDecl()->getParentFunctionOrMethod())
        return true;
    if (const TagDecl *Tag = T->getAsTagDecl())
      return Tag->getParentFunctionOrMethod() != nullptr;
    if (T->isPointerType() || T->isReferenceType())
      T = T->getPointeeType();
    else if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType();
    else
      return false;
  }
  return false;
}

bool isDeviceRuntimeFunction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef Name = FD->getName();
  if (!Name.starts_with("cuda") && !Name.starts_with("__cudaCDP2"))
    return false;
  return FD->getASTContext().getSourceManager().isInSystemHeader(
      FD->getLocation());
}

bool isExecConfigCall(const CallExpr *CE) {
  // Clang locates the configuration call's callee at the '<<<' token; a
  // call the user wrote names its callee there.
  if (!CE || !CE->getCallee())
    return false;
  SourceLocation Loc = CE->getCallee()->getBeginLoc();
  const FunctionDecl *FD = CE->getDirectCallee();
  if (Loc.isInvalid() || !FD)
    return false;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  // Three characters, not a StringRef of the rest of the buffer: that would
  // measure the file from here on for every call, quadratic in its size.
  bool Invalid = false;
  const char *Text = SM.getCharacterData(SM.getSpellingLoc(Loc), &Invalid);
  return !Invalid && std::strncmp(Text, "<<<", 3) == 0;
}

WrittenConfig writtenConfig(const CUDAKernelCallExpr *E) {
  WrittenConfig W;
  const CallExpr *Config = E->getConfig();
  if (!Config)
    return W;
  // Device-side launches configure through cudaLaunchDevice(buffer,
  // function, grid, block, shmem, stream): skip the two clang fills in.
  unsigned First = 0;
  if (const FunctionDecl *FD = Config->getDirectCallee())
    if (FD->getIdentifier() && FD->getName() == "cudaLaunchDevice")
      First = 2;
  SourceLocation Chevrons = Config->getCallee()->getBeginLoc();
  for (unsigned I = 0; I < 4 && First + I < Config->getNumArgs(); ++I) {
    const Expr *A = Config->getArg(First + I);
    // Arguments not written are default arguments, or values clang makes
    // up at the '<<<'.
    if (isa<CXXDefaultArgExpr>(A) ||
        A->IgnoreImplicit()->getBeginLoc() == Chevrons)
      continue;
    W.Parts[I] = A;
  }
  return W;
}

std::string printedName(const FunctionDecl *FD) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy Policy(FD->getASTContext().getLangOpts());
  Policy.SuppressScope = false;
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/false);
  return OS.str();
}

const FunctionDecl *getWrittenDefinition(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  if (const FunctionDecl *Def = FD->getDefinition())
    return Def;
  return FD;
}

void findSyncthreads(const Stmt *S, std::vector<const CallExpr *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = C->getDirectCallee())
      if (F->getIdentifier() && F->getName() == "__syncthreads")
        Out.push_back(C);
  for (const Stmt *C : S->children())
    findSyncthreads(C, Out);
}

bool isSyncthreadsStatement(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return false;
  std::vector<const CallExpr *> Calls;
  findSyncthreads(S, Calls);
  return Calls.size() == 1 && E->IgnoreParenImpCasts() == Calls[0];
}

bool isAtomicFunctionName(llvm::StringRef Name) {
  for (llvm::StringRef P :
       {"atomic", "__iAtomic", "__uAtomic", "__ullAtomic", "__illAtomic",
        "__fAtomic", "__dAtomic", "__hAtomic", "__nvvm_atom", "__sync_",
        "__atomic_", "__c11_atomic"})
    if (Name.starts_with(P))
      return true;
  return false;
}

} // namespace dpopt
