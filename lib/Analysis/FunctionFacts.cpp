//===- FunctionFacts.cpp - What a device function's body does ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/FunctionFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <cctype>

using namespace clang;

namespace dpopt {
namespace {

enum class CallClass { Plain, Barrier, WarpBarrier, Warp, Fence, LegacySync };

CallClass classifyByName(StringRef Name) {
  if (Name == "__syncwarp")
    return CallClass::WarpBarrier;
  if (Name == "__syncthreads" || Name == "__syncthreads_count" ||
      Name == "__syncthreads_and" || Name == "__syncthreads_or" ||
      Name == "__barrier_sync" || Name == "__nvvm_bar_sync" ||
      Name == "__nvvm_barrier0" || Name.starts_with("__nvvm_bar0_") ||
      Name.starts_with("__nvvm_barrier_sync"))
    return CallClass::Barrier;
  if (Name.starts_with("__shfl") || Name.starts_with("__ballot") ||
      Name == "__any_sync" || Name == "__all_sync" || Name == "__uni_sync" ||
      Name == "__any" || Name == "__all" || Name == "__activemask" ||
      Name.starts_with("__match_") || Name.starts_with("__fns") ||
      (Name.starts_with("__reduce_") && Name.ends_with("_sync")) ||
      Name.starts_with("__nvvm_shfl") || Name.starts_with("__nvvm_vote") ||
      Name.starts_with("__nvvm_match"))
    return CallClass::Warp;
  if (Name.starts_with("__threadfence") || Name.starts_with("__nvvm_membar"))
    return CallClass::Fence;
  if (Name == "cudaDeviceSynchronize")
    return CallClass::LegacySync;
  return CallClass::Plain;
}

/// True for an asm statement of dpopt's device runtime (a function of
/// dpopt::rt) that only copies into its one output a special register whose
/// value does not depend on the thread, block or grid that reads it ('mov.u32
/// %0, %%nsmid;'): it cannot leave the kernel, wait, or touch memory, and no
/// rewrite changes what it reads, so it is no unknown code. The user's own
/// reads stay unknown (a serialized child that reads %tid would read its
/// parent's), and so do the runtime's reads of %gridid.
bool readsSpecialRegister(const GCCAsmStmt *A, const FunctionDecl *FD) {
  if (!StringRef(FD->getQualifiedNameAsString()).starts_with("dpopt::rt::"))
    return false;
  if (A->getNumOutputs() != 1 || A->getNumInputs() != 0 ||
      A->getNumClobbers() != 0 || A->isAsmGoto())
    return false;
  static const llvm::Regex Mov(
      "^[[:space:]]*mov\\.[a-z0-9]+[[:space:]]+%0[[:space:]]*,[[:space:]]*%%"
      "([a-z_]+)(\\.[xyz])?[[:space:]]*;?[[:space:]]*$");
  llvm::SmallVector<llvm::StringRef, 3> Groups;
  std::string Text = A->getAsmString();
  return Mov.match(Text, &Groups) &&
         llvm::is_contained({"nsmid", "nwarpid", "globaltimer",
                             "globaltimer_lo", "globaltimer_hi", "clock",
                             "clock64"},
                            Groups[1]);
}

/// True when PTX text \p Asm has an instruction starting with \p Prefix
/// ("bar." matches "bar.sync" but not "membar.gl").
bool hasInstruction(StringRef Asm, StringRef Prefix) {
  for (size_t At = Asm.find(Prefix); At != StringRef::npos;
       At = Asm.find(Prefix, At + 1))
    if (At == 0 || !(std::isalnum(static_cast<unsigned char>(Asm[At - 1])) ||
                     Asm[At - 1] == '_' || Asm[At - 1] == '.'))
      return true;
  return false;
}

bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

uint64_t sharedBytes(const VarDecl *VD) {
  QualType T = VD->getType();
  if (T->isIncompleteType() || T->isDependentType())
    return 0;
  return VD->getASTContext().getTypeSizeInChars(T).getQuantity();
}

class FactsVisitor : public RecursiveASTVisitor<FactsVisitor> {
public:
  FactsVisitor(FunctionFacts &F, const FunctionDecl *FD, bool CalleesOnly)
      : F(F), FD(FD), CalleesOnly(CalleesOnly),
        SM(FD->getASTContext().getSourceManager()) {
    if (const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody()))
      if (!Body->body_empty())
        LastStatement = Body->body_back();
  }

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseLambdaExpr(LambdaExpr *LE) {
    ++LambdaDepth;
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    --LambdaDepth;
    return R;
  }

  // threadIdx.x is an MSPropertyRefExpr inside a PseudoObjectExpr whose
  // semantic form calls clang's __fetch_builtin_x helpers; only the written
  // (syntactic) form is of interest.
  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
    return TraverseStmt(E->getSyntacticForm());
  }

  bool VisitMSPropertyRefExpr(MSPropertyRefExpr *E) {
    const Expr *Base = E->getBaseExpr()->IgnoreImpCasts();
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
      Base = OVE->getSourceExpr()->IgnoreImpCasts();
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
    if (!DRE)
      return true;
    if (std::optional<BuiltinVar> V = getBuiltinVar(DRE->getDecl())) {
      Seen.insert(DRE);
      unsigned Bit =
          llvm::StringSwitch<unsigned>(E->getPropertyDecl()->getName())
              .Case("x", DimX)
              .Case("y", DimY)
              .Case("z", DimZ)
              .Default(DimAll);
      useIndex(*V, Bit);
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (std::optional<BuiltinVar> V = getBuiltinVar(D)) {
      if (!Seen.count(E))
        useIndex(*V, DimAll);
      return true;
    }
    if (isWarpSizeVar(D)) {
      if (!CalleesOnly)
        F.UsesWarpSize = true;
      return true;
    }
    if (const auto *VD = dyn_cast<VarDecl>(D))
      if (VD->hasAttr<CUDASharedAttr>())
        addShared(VD);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasAttr<CUDASharedAttr>())
      addShared(VD);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (auto *K = dyn_cast<CUDAKernelCallExpr>(CE)) {
      if (!CalleesOnly)
        F.Launches.push_back({CE->getBeginLoc(), "kernel launch", FD});
      if (const FunctionDecl *Kernel = K->getDirectCallee())
        F.LaunchedKernels.push_back(Kernel);
      else
        addCandidates(K->getCallee(), F.LaunchedKernels);
      return true;
    }
    if (isExecConfigCall(CE))
      return true;
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      // An unresolved call in a template may call any of its candidates.
      addCandidates(CE->getCallee(), F.Callees);
      StringRef Name = calleeNameOf(CE->getCallee());
      if (!Name.empty() && classifyByName(Name) != CallClass::Plain) {
        record(classifyByName(Name), CE->getBeginLoc(), Name);
        return true;
      }
      if (CE->getCallee()->isTypeDependent() && !Name.empty())
        addUnknown(CE->getBeginLoc(), "call to '" + Name.str() +
                                          "', which depends on template "
                                          "parameters");
      else if (!isa<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreImplicit()))
        addUnknown(CE->getBeginLoc(), "indirect call");
      return true;
    }
    classifyCall(Callee, CE->getBeginLoc());
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (M->isVirtual() && !M->hasAttr<FinalAttr>())
          addUnknown(CE->getBeginLoc(),
                     "virtual call to '" + M->getNameAsString() + "'");
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    // Constructors run code too (CUB's block primitives read threadIdx in
    // theirs).
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (Ctor && !Ctor->isTrivial() && !Ctor->isImplicit())
      classifyCall(Ctor, CE->getBeginLoc());
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *R) {
    if (CalleesOnly || LambdaDepth > 0)
      return true;
    F.Returns.push_back({R->getBeginLoc(), "return", FD});
    if (R != LastStatement)
      F.EarlyReturns.push_back({R->getBeginLoc(), "return", FD});
    return true;
  }

  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    if (CalleesOnly || readsSpecialRegister(A, FD))
      return true;
    std::string Asm = A->generateAsmString(FD->getASTContext());
    F.InlineAsm.push_back({A->getBeginLoc(), "inline asm", FD});
    if (hasInstruction(Asm, "bar.") || hasInstruction(Asm, "barrier."))
      F.Barriers.push_back({A->getBeginLoc(), "asm barrier", FD});
    if (hasInstruction(Asm, "shfl.") || hasInstruction(Asm, "vote.") ||
        hasInstruction(Asm, "match.") || StringRef(Asm).contains("%laneid"))
      F.WarpOps.push_back({A->getBeginLoc(), "asm warp operation", FD});
    return true;
  }

private:
  static StringRef calleeNameOf(const Expr *Callee) {
    Callee = Callee->IgnoreImplicit();
    if (const auto *U = dyn_cast<UnresolvedLookupExpr>(Callee))
      return U->getName().getAsIdentifierInfo()
                 ? U->getName().getAsIdentifierInfo()->getName()
                 : StringRef();
    if (const auto *U = dyn_cast<UnresolvedMemberExpr>(Callee))
      return U->getMemberName().getAsIdentifierInfo()
                 ? U->getMemberName().getAsIdentifierInfo()->getName()
                 : StringRef();
    if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
      return M->getMember().getAsIdentifierInfo()
                 ? M->getMember().getAsIdentifierInfo()->getName()
                 : StringRef();
    if (const auto *D = dyn_cast<DependentScopeDeclRefExpr>(Callee))
      return D->getDeclName().getAsIdentifierInfo()
                 ? D->getDeclName().getAsIdentifierInfo()->getName()
                 : StringRef();
    return {};
  }

  static void addCandidates(const Expr *Callee,
                            std::vector<const FunctionDecl *> &Out) {
    const auto *U = dyn_cast<UnresolvedLookupExpr>(Callee->IgnoreImplicit());
    if (!U)
      return;
    for (const NamedDecl *D : U->decls()) {
      D = D->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        D = T->getTemplatedDecl();
      if (const auto *Fn = dyn_cast<FunctionDecl>(D))
        if (const FunctionDecl *Def = getWrittenDefinition(Fn);
            Def && Def->hasBody())
          Out.push_back(Fn);
    }
  }

  void useIndex(BuiltinVar V, unsigned Bits) {
    if (!CalleesOnly)
      F.IndexUse[static_cast<unsigned>(V)] |= Bits;
  }

  void addShared(const VarDecl *VD) {
    if (CalleesOnly)
      return;
    for (const SharedVariable &S : F.Shared)
      if (S.Var == VD)
        return;
    SharedVariable S;
    S.Var = VD;
    S.Dynamic = VD->hasExternalStorage();
    S.Bytes = S.Dynamic ? 0 : sharedBytes(VD);
    S.In = FD;
    F.Shared.push_back(S);
  }

  void addUnknown(SourceLocation Loc, std::string What) {
    F.UnknownCalls.push_back({Loc, std::move(What), FD});
  }

  void record(CallClass C, SourceLocation Loc, StringRef Name) {
    if (CalleesOnly)
      return;
    switch (C) {
    case CallClass::Barrier:
      F.Barriers.push_back({Loc, Name.str(), FD});
      break;
    case CallClass::WarpBarrier:
      F.Barriers.push_back({Loc, Name.str(), FD});
      F.WarpOps.push_back({Loc, Name.str(), FD});
      break;
    case CallClass::Warp:
      F.WarpOps.push_back({Loc, Name.str(), FD});
      break;
    case CallClass::Fence:
      F.Fences.push_back({Loc, Name.str(), FD});
      break;
    case CallClass::LegacySync:
      F.LegacyDeviceSyncs.push_back({Loc, Name.str(), FD});
      break;
    case CallClass::Plain:
      break;
    }
  }

  void classifyCall(const FunctionDecl *Callee, SourceLocation Loc) {
    StringRef Name = Callee->getIdentifier() ? Callee->getName() : StringRef();
    if (inCooperativeGroups(Callee)) {
      if (!CalleesOnly) {
        F.CooperativeGroups.push_back({Loc, Name.str(), FD});
        // Groups read the thread's position; assume all of it.
        for (unsigned V = 0; V < NumBuiltinVars; ++V)
          F.IndexUse[V] |= DimAll;
        if (Name == "sync" || Name == "barrier_wait" ||
            Name == "barrier_arrive")
          F.Barriers.push_back({Loc, "cooperative_groups " + Name.str(), FD});
        if (Name.contains("partition") || Name == "coalesced_threads" ||
            Name.starts_with("shfl") || Name == "ballot" || Name == "any" ||
            Name == "all" || Name == "match_any" || Name == "match_all")
          F.WarpOps.push_back({Loc, "cooperative_groups " + Name.str(), FD});
      }
      return;
    }
    CallClass C = classifyByName(Name);
    if (C != CallClass::Plain) {
      record(C, Loc, Name);
      return;
    }
    // A lambda's body is part of the body that defines it, already visited.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee))
      if (MD->getParent()->isLambda())
        return;
    bool System = SM.isInSystemHeader(Callee->getLocation());
    // Calls of the device runtime change the calling thread's runtime state,
    // and a kernel that makes them cannot be launched cooperatively.
    if (isDeviceRuntimeFunction(Callee)) {
      if (!CalleesOnly)
        F.RuntimeCalls.push_back({Loc, Name.str(), FD});
      return;
    }
    const FunctionDecl *Def = getWrittenDefinition(Callee);
    if (Def && Def->hasBody()) {
      F.Callees.push_back(Callee);
      return;
    }
    if (Callee->getBuiltinID() || System)
      return; // CUDA's and the compiler's own functions
    addUnknown(Loc,
               "call to '" + Name.str() + "', whose body dpopt cannot see");
  }

  FunctionFacts &F;
  const FunctionDecl *FD;
  bool CalleesOnly;
  const SourceManager &SM;
  const Stmt *LastStatement = nullptr;
  unsigned LambdaDepth = 0;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> Seen;
};

template <typename T>
void append(std::vector<T> &To, const std::vector<T> &From) {
  To.insert(To.end(), From.begin(), From.end());
}

void visitBody(FunctionFacts &F, const FunctionDecl *FD, bool CalleesOnly) {
  FactsVisitor V(F, FD, CalleesOnly);
  V.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
}

} // namespace

void FunctionFacts::merge(const FunctionFacts &O) {
  for (unsigned V = 0; V < NumBuiltinVars; ++V)
    IndexUse[V] |= O.IndexUse[V];
  UsesWarpSize |= O.UsesWarpSize;
  append(Barriers, O.Barriers);
  append(WarpOps, O.WarpOps);
  append(Fences, O.Fences);
  for (const SharedVariable &S : O.Shared)
    if (std::none_of(Shared.begin(), Shared.end(),
                     [&](const SharedVariable &M) { return M.Var == S.Var; }))
      Shared.push_back(S);
  // A callee's returns end the callee, not the kernel: not merged.
  append(LegacyDeviceSyncs, O.LegacyDeviceSyncs);
  append(InlineAsm, O.InlineAsm);
  append(UnknownCalls, O.UnknownCalls);
  append(CooperativeGroups, O.CooperativeGroups);
  append(RuntimeCalls, O.RuntimeCalls);
  append(Launches, O.Launches);
  append(LaunchedKernels, O.LaunchedKernels);
}

FunctionFacts computeStatementFacts(const Stmt *S, const FunctionDecl *In) {
  FunctionFacts F;
  FactsVisitor V(F, In, /*CalleesOnly=*/false);
  V.TraverseStmt(const_cast<Stmt *>(S));
  return F;
}

FunctionFacts computeFunctionFacts(const FunctionDecl *FD) {
  FunctionFacts F;
  const FunctionDecl *Written = getWrittenDefinition(FD);
  if (!Written || !Written->hasBody())
    return F;
  visitBody(F, Written, /*CalleesOnly=*/false);

  // Calls in a template's pattern may be unresolved; the instantiations say
  // what they call. Use those when there are any.
  std::vector<const FunctionDecl *> Instances;
  if (FD != Written && FD->hasBody() && FD->getBody() != Written->getBody())
    Instances.push_back(FD);
  else if (const FunctionTemplateDecl *T =
               Written->getDescribedFunctionTemplate())
    for (const FunctionDecl *Spec : T->specializations())
      if (Spec->hasBody())
        Instances.push_back(Spec);
  if (Instances.empty())
    return F;
  FunctionFacts Resolved;
  for (const FunctionDecl *I : Instances)
    visitBody(Resolved, I, /*CalleesOnly=*/true);
  F.Callees = std::move(Resolved.Callees);
  F.LaunchedKernels = std::move(Resolved.LaunchedKernels);
  F.UnknownCalls = std::move(Resolved.UnknownCalls);
  return F;
}

} // namespace dpopt
