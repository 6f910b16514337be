//===- SharedBuffer.cpp - __shared__ variables moved into a buffer --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/SharedBuffer.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Frontend/WorkingCopy.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace clang;
using namespace llvm;

namespace dpopt {

std::optional<std::string> sharedIntoBuffer(ProgramAnalysis &A,
                                            const FunctionDecl *F,
                                            StringRef Buffer, EditList *Edits,
                                            uint64_t &Bytes) {
  const ParsedUnit &U = A.workingCopy().unit();
  ASTContext &Ctx = const_cast<ASTContext &>(U.getASTContext());
  const SourceManager &SM = U.getSourceManager();
  std::string Name = "'" + F->getNameAsString() + "'";
  EditList Mine("");
  uint64_t Used = 0;
  std::set<const VarDecl *> Seen;
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  for (const SharedVariable &V : A.transitiveFacts(F).Shared) {
    if (V.Dynamic)
      continue;
    const VarDecl *VD = V.Var;
    std::string Var = "'" + VD->getNameAsString() + "'";
    if (canonicalFunction(V.In) != canonicalFunction(F))
      return Name + " uses the shared variable " + Var +
             " of the device function '" + V.In->getNameAsString() + "'";
    if (!Seen.insert(VD->getCanonicalDecl()).second)
      continue;
    QualType T = VD->getType();
    if (T->isDependentType() || T->isIncompleteType() || VD->hasInit())
      return "the shared variable " + Var + " of " + Name +
             " has no fixed size or has an initializer";
    DynTypedNodeList Parents = Ctx.getParents(*VD);
    const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
    if (!DS || !DS->isSingleDecl())
      return "the shared variable " + Var + " of " + Name +
             " is not declared in a statement of its own";
    if (SM.getExpansionLoc(VD->getLocation()) !=
            SM.getSpellingLoc(VD->getLocation()) ||
        !SM.isWrittenInMainFile(SM.getExpansionLoc(VD->getLocation())))
      return "the shared variable " + Var + " of " + Name +
             " is declared inside a macro";
    uint64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
    uint64_t Align =
        std::max<uint64_t>(Ctx.getTypeAlignInChars(T).getQuantity(),
                           Ctx.getDeclAlign(VD).getQuantity());
    if (Align > SharedBufferAlign)
      return "the shared variable " + Var + " of " + Name + " needs " +
             std::to_string(Align) + "-byte alignment";
    uint64_t Offset = alignTo(Used, Align);
    Used = Offset + Size;
    QualType Canonical = T.getCanonicalType();
    std::string Ref, Ptr;
    raw_string_ostream RefOS(Ref), PtrOS(Ptr);
    Ctx.getLValueReferenceType(Canonical).print(RefOS, Policy, VD->getName());
    Ctx.getPointerType(Canonical).print(PtrOS, Policy);
    auto [B, E] = U.getOffsetRange(VD->getSourceRange());
    Mine.replace(B, E - B,
                 Ref + " = *reinterpret_cast<" + Ptr + ">(" + Buffer.str() +
                     " + " + std::to_string(Offset) + ")");
  }
  if (Edits)
    Edits->addAll(Mine);
  Bytes = Used;
  return std::nullopt;
}

std::optional<SharedReuse> overlayableShared(ProgramAnalysis &A,
                                             const FunctionDecl *Parent,
                                             const FunctionDecl *Child) {
  SharedReuse R;
  if (!Parent || !Child ||
      sharedIntoBuffer(A, Parent, "", nullptr, R.ParentBytes) ||
      sharedIntoBuffer(A, Child, "", nullptr, R.ChildBytes) ||
      R.ParentBytes == 0 || R.ChildBytes == 0)
    return std::nullopt;
  return R;
}

} // namespace dpopt
