//===- MemoryEffects.cpp - Global memory a kernel reads and writes -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each function gets a summary: its accesses through each pointer or
// reference parameter and 'this', the globals it accesses, where its pointer
// parameters escape, what the pointers it returns derive from, and whether
// something is unknown. A function's body is walked top-down, every
// expression with the way its value is used (read, written, its address
// taken); the sources of its local pointer variables are iterated to a
// fixpoint first, then a last walk records the effects. Callees are
// summarized on demand; recursion reruns the whole computation until no
// summary changes.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Analysis/MemoryEffects.h"

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cctype>
#include <memory>
#include <utility>

using namespace clang;

namespace dpopt {
namespace {

/// How an expression's value is used. The lvalue uses decide the access an
/// lvalue in global memory gets; Address and AddressEscapes use the
/// lvalue's address only (AddressEscapes: something may write the object
/// through it, so a pointer variable whose address escapes loses track of
/// its value).
enum class Use { None, Read, Write, ReadWrite, Address, AddressEscapes };

unsigned accessOf(Use U) {
  switch (U) {
  case Use::Read:
    return ReadsMemory;
  case Use::Write:
    return WritesMemory;
  case Use::ReadWrite:
    return ReadsMemory | WritesMemory;
  default:
    return NoAccess;
  }
}

/// What a pointer may point into, or where an lvalue may live: parameters
/// of the function analysed (by index), its 'this', global variables, and
/// an unknown origin. Nothing at all means local memory (locals, __shared__,
/// __constant__, fresh allocations) or null.
struct Sources {
  llvm::SmallVector<unsigned, 2> Params; // sorted
  bool This = false;
  llvm::SmallVector<const VarDecl *, 2> Globals; // in the order first seen
  /// Where the first untracked pointer came from ("a pointer loaded from
  /// memory"), to be completed by what was done with it.
  std::optional<Occurrence> Unknown;

  static Sources param(unsigned I) {
    Sources S;
    S.Params.push_back(I);
    return S;
  }
  static Sources self() {
    Sources S;
    S.This = true;
    return S;
  }
  static Sources global(const VarDecl *VD) {
    Sources S;
    S.Globals.push_back(VD);
    return S;
  }
  static Sources unknown(SourceLocation Loc, std::string What,
                         const FunctionDecl *In) {
    Sources S;
    S.Unknown = Occurrence{Loc, std::move(What), In};
    return S;
  }

  /// True when it may point into memory other kernels can see.
  bool tracked() const { return !Params.empty() || This || !Globals.empty(); }

  bool merge(const Sources &O) {
    bool Changed = false;
    for (unsigned P : O.Params)
      if (!llvm::is_contained(Params, P)) {
        Params.insert(llvm::upper_bound(Params, P), P);
        Changed = true;
      }
    if (O.This && !This)
      This = Changed = true;
    for (const VarDecl *G : O.Globals)
      if (!llvm::is_contained(Globals, G)) {
        Globals.push_back(G);
        Changed = true;
      }
    if (O.Unknown && !Unknown) {
      Unknown = O.Unknown;
      Changed = true;
    }
    return Changed;
  }

  /// Set equality; the unknown origin compares by presence (which one is
  /// first is a matter of walking order, not of the result).
  bool operator==(const Sources &O) const {
    if (Params != O.Params || This != O.This ||
        Globals.size() != O.Globals.size() ||
        Unknown.has_value() != O.Unknown.has_value())
      return false;
    return llvm::all_of(Globals, [&](const VarDecl *G) {
      return llvm::is_contained(O.Globals, G);
    });
  }
};

/// A pointer handed somewhere dpopt cannot follow.
struct Escape {
  std::string Phrase; // "stored to memory", "passed to inline asm", ...
  SourceLocation Loc;
  const FunctionDecl *In = nullptr;
  /// Whatever receives it may dereference it (calls, asm, launches): then an
  /// unknown pointer escaping is unknown too, and so is a local pointer to
  /// memory holding pointers. A pointer stored to memory is dereferenced
  /// only by whoever loads it again, which is unknown there.
  bool Opaque = false;
  bool PointeeHoldsPointers = false;
};

struct Summary {
  std::vector<unsigned> Params; // AccessBits per parameter
  unsigned This = NoAccess;
  llvm::SmallVector<std::pair<const VarDecl *, unsigned>, 4> Globals;
  std::optional<Occurrence> Unknown;
  std::vector<std::optional<Escape>> ParamEscapes;
  std::optional<Escape> ThisEscape;
  /// What the returned pointer (or reference) derives from.
  Sources Returns;

  explicit Summary(const FunctionDecl *FD)
      : Params(FD->getNumParams(), NoAccess), ParamEscapes(FD->getNumParams()) {
  }

  void addGlobal(const VarDecl *VD, unsigned Bits) {
    for (auto &G : Globals)
      if (G.first == VD) {
        G.second |= Bits;
        return;
      }
    Globals.push_back({VD, Bits});
  }

  bool operator==(const Summary &O) const {
    if (Params != O.Params || This != O.This ||
        Globals.size() != O.Globals.size() ||
        Unknown.has_value() != O.Unknown.has_value() ||
        ThisEscape.has_value() != O.ThisEscape.has_value() ||
        !(Returns == O.Returns))
      return false;
    for (size_t I = 0; I < ParamEscapes.size(); ++I)
      if (ParamEscapes[I].has_value() != O.ParamEscapes[I].has_value())
        return false;
    return llvm::all_of(Globals, [&](const auto &G) {
      return llvm::is_contained(O.Globals, G);
    });
  }
};

std::string quoted(const NamedDecl *D) {
  return "'" + (D->getDeclName() ? D->getNameAsString() : "") + "'";
}

bool isSystemOrBuiltin(const FunctionDecl *FD) {
  if (FD->getBuiltinID())
    return true;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  return SM.isInSystemHeader(FD->getFirstDecl()->getLocation());
}

/// True when \p Inner is \p Outer or declared inside it (lambdas included).
bool declaredWithin(const Decl *D, const FunctionDecl *Outer) {
  const Decl *Canon = Outer->getCanonicalDecl();
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *F = dyn_cast<FunctionDecl>(DC))
      if (F->getCanonicalDecl() == Canon)
        return true;
  return false;
}

/// True for variables of static storage that global memory holds: everything
/// device code can name except __shared__ and __constant__ variables, the
/// built-in index variables and constants.
bool isGlobalMemory(const VarDecl *VD) {
  if (!VD->hasGlobalStorage() || getBuiltinVar(VD) || isWarpSizeVar(VD))
    return false;
  if (VD->hasAttr<CUDASharedAttr>() || VD->hasAttr<CUDAConstantAttr>())
    return false;
  if (VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<HIPManagedAttr>())
    return true;
  return !VD->getType().isConstQualified();
}

/// Pointers to incomplete structs (cudaStream_t, cudaEvent_t) are handles:
/// the runtime's objects, not memory the user's kernels access.
bool isOpaqueHandle(QualType T) {
  if (!T->isPointerType())
    return false;
  QualType P = T->getPointeeType();
  return P->isRecordType() && P->isIncompleteType();
}

/// True when memory of type \p T may hold pointers (or references).
bool holdsPointers(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return true;
  T = T.getCanonicalType();
  if (isOpaqueHandle(T))
    return false;
  if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType() ||
      T->isVoidType())
    return true;
  if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    return holdsPointers(AT->getElementType(), Depth + 1);
  if (const auto *RD = T->getAsRecordDecl()) {
    if (!RD->getDefinition())
      return true;
    for (const FieldDecl *F : RD->fields())
      if (holdsPointers(F->getType(), Depth + 1))
        return true;
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
      for (const CXXBaseSpecifier &B : CRD->bases())
        if (holdsPointers(B.getType(), Depth + 1))
          return true;
  }
  return false;
}

/// Functions from CUDA's and the compiler's headers whose effects are known
/// by name.
enum class Known {
  None,
  ReadWrite, // atomics: every pointer argument
  Read,      // cache-hinted loads
  Write,     // cache-hinted stores: the first argument
  Copy,      // writes the first, reads the second
  Set,       // writes the first
  Print,     // reads its pointer arguments
  Free,      // writes the first
  Allocate,  // returns fresh memory
  AssumeAligned,
  NoAccess, // address-space queries and conversions, prefetches
};

Known classifyKnown(StringRef N) {
  if (isAtomicFunctionName(N))
    return Known::ReadWrite;
  for (StringRef P : {"__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv",
                      "__nvvm_ldg", "__nvvm_ldu"})
    if (N.starts_with(P))
      return Known::Read;
  if (N == "__stcg" || N == "__stcs" || N == "__stwb" || N == "__stwt")
    return Known::Write;
  if (N == "memcpy" || N == "memmove" || N == "__builtin_memcpy" ||
      N == "__builtin_memmove" || N == "__builtin_memcpy_inline")
    return Known::Copy;
  if (N == "memset" || N == "__builtin_memset" ||
      N == "__builtin_memset_inline")
    return Known::Set;
  if (N == "printf" || N == "vprintf" || N == "__builtin_printf")
    return Known::Print;
  if (N == "free" || N == "__builtin_free")
    return Known::Free;
  if (N == "malloc" || N == "__builtin_malloc" || N == "alloca" ||
      N == "__builtin_alloca")
    return Known::Allocate;
  if (N == "__builtin_assume_aligned")
    return Known::AssumeAligned;
  if (N.starts_with("__cvta_") || N.starts_with("__nvvm_isspacep") ||
      N == "__isGlobal" || N == "__isShared" || N == "__isConstant" ||
      N == "__isLocal" || N == "__isGridConstant" ||
      N.starts_with("__prefetch") || N == "__builtin_prefetch")
    return Known::NoAccess;
  return Known::None;
}

/// True for cuda::atomic_ref and cuda::std::atomic_ref.
bool isAtomicRef(const CXXRecordDecl *RD) {
  if (!RD || !RD->getIdentifier() || RD->getName() != "atomic_ref")
    return false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cuda")
        return true;
  return false;
}

/// True when PTX text \p Asm has an instruction starting with \p Prefix.
bool hasInstruction(StringRef Asm, StringRef Prefix) {
  for (size_t At = Asm.find(Prefix); At != StringRef::npos;
       At = Asm.find(Prefix, At + 1))
    if (At == 0 || !(std::isalnum(static_cast<unsigned char>(Asm[At - 1])) ||
                     Asm[At - 1] == '_' || Asm[At - 1] == '.'))
      return true;
  return false;
}

/// True when inline asm may access memory by itself.
bool asmAccessesMemory(StringRef Asm) {
  for (StringRef P :
       {"ld.",         "ldu.",     "st.",      "atom.",         "red.",
        "cp.",         "ldmatrix", "stmatrix", "mbarrier",      "tex.",
        "tld4",        "suld",     "sust",     "sured",         "multimem",
        "wgmma",       "tcgen05",  "prefetch", "applypriority", "discard",
        "createpolicy"})
    if (hasInstruction(Asm, P))
      return true;
  return false;
}

/// The pointers \p E converts to integers (as asm operands receive them).
void collectPointerCasts(const Expr *E,
                         llvm::SmallVectorImpl<const Expr *> &Out) {
  if (!E)
    return;
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (C->getCastKind() == CK_PointerToIntegral) {
      Out.push_back(C->getSubExpr());
      return;
    }
  for (const Stmt *Child : E->children())
    collectPointerCasts(dyn_cast_or_null<Expr>(Child), Out);
}

class EffectsAnalysis;

/// One function's body, walked with the uses of its expressions.
class BodyAnalysis {
public:
  BodyAnalysis(EffectsAnalysis &A, const FunctionDecl *FD)
      : A(A), FD(FD), Ctx(FD->getASTContext()), Out(FD) {}

  Summary run();

private:
  enum class Mode { Collect, Propagate, Record };

  // Variables.
  void addVar(const VarDecl *VD, Sources Init = {});
  Sources *varSources(const VarDecl *VD);
  bool isPointerVar(const Expr *E, const VarDecl *&VD);
  void assign(const VarDecl *VD, const Sources &S);
  void loseTrack(const VarDecl *VD, SourceLocation Loc, std::string What);

  // What pointers and lvalues derive from.
  Sources ptrSources(const Expr *E);
  Sources lvalueSources(const Expr *E);
  Sources storedSources(const Expr *E);
  Sources declSources(const DeclRefExpr *DRE, bool Stored);
  Sources callResult(const CallExpr *CE);
  Sources unknown(const Expr *E, std::string What) {
    return Sources::unknown(E->getExprLoc(), std::move(What), FD);
  }

  // Recording.
  bool recording() const { return M == Mode::Record; }
  void access(const Sources &S, unsigned Bits, SourceLocation Loc,
              StringRef How);
  void setUnknown(SourceLocation Loc, std::string What);
  void escape(const Sources &S, const Escape &E);
  void escapeHere(const Expr *Ptr, std::string Phrase, bool Opaque);

  // The walk.
  void walkBody(const FunctionDecl *F);
  void walk(const Stmt *S);
  void visit(const Expr *E, Use U);
  void useLValue(const Expr *E, Use U);
  void visitDeclRef(const DeclRefExpr *DRE, Use U);
  void visitVarDecl(const VarDecl *VD);
  void visitReturn(const ReturnStmt *R);
  void visitAsm(const GCCAsmStmt *S);
  void visitLambda(const LambdaExpr *LE, bool Direct);
  void escapeLambda(const CXXRecordDecl *Class, SourceLocation Loc);
  void visitAssignment(const BinaryOperator *BO, Use U);
  void visitCall(const CallExpr *CE, Use U);
  void visitLaunch(const CUDAKernelCallExpr *K);
  void visitConstruct(const CXXConstructExpr *CE, const Sources &Dest);
  void destroy(QualType T, const Sources &This, SourceLocation Loc);
  void callDestructor(const CXXDestructorDecl *D, const Sources &This,
                      SourceLocation Loc);
  void visitUnknownExpr(const Expr *E, Use U);

  // Calls.
  struct CallSite {
    const FunctionDecl *Callee = nullptr;
    const Expr *Object = nullptr;
    bool ObjectIsPointer = false;
    llvm::SmallVector<const Expr *, 4> Args;
    SourceLocation Loc;
    /// Set for constructor and destructor calls: where the object is.
    std::optional<Sources> ThisSources;
  };
  CallSite callSite(const CallExpr *CE);
  void visitArguments(const CallSite &C);
  Sources argSources(const CallSite &C, unsigned I);
  Sources thisSources(const CallSite &C);
  Sources mapSources(const Sources &S, const CallSite &C);
  void applySummary(const Summary &S, const CallSite &C);
  void applyKnown(Known K, const CallSite &C, StringRef Name);
  void escapeArguments(const CallSite &C, const std::string &Phrase);
  bool isLocalLambda(const FunctionDecl *Op) const;
  std::string describe(const Sources &S) const;

  EffectsAnalysis &A;
  const FunctionDecl *FD;
  ASTContext &Ctx;
  Mode M = Mode::Collect;
  bool Changed = false;
  Summary Out;

  llvm::DenseMap<const VarDecl *, unsigned> VarIndex;
  std::vector<Sources> Vars;
  /// Lambdas whose LambdaExpr is in this body, their return values, and
  /// those whose closure is passed on.
  llvm::SmallPtrSet<const CXXRecordDecl *, 4> LocalLambdas;
  llvm::SmallPtrSet<const CXXRecordDecl *, 4> EscapedLambdas;
  llvm::DenseMap<const CXXRecordDecl *,
                 llvm::SmallVector<const ParmVarDecl *, 2>>
      LambdaParams;
  llvm::DenseMap<const FunctionDecl *, Sources> LambdaReturns;
  /// The function or lambda whose body is being walked (for returns).
  std::vector<const FunctionDecl *> Callables;
};

/// Summaries of the functions a kernel reaches, recomputed in rounds while
/// recursion keeps changing them.
class EffectsAnalysis {
public:
  const Summary &summary(const FunctionDecl *Def) {
    const Decl *Key = Def->getCanonicalDecl();
    std::unique_ptr<Summary> &Slot = Current[Key];
    if (!Slot)
      Slot = std::make_unique<Summary>(Def);
    if (Done.count(Key))
      return *Slot;
    if (InProgress.count(Key)) {
      Recursion = true;
      return *Slot;
    }
    InProgress.insert(Key);
    Summary S = BodyAnalysis(*this, Def).run();
    InProgress.erase(Key);
    Done.insert(Key);
    // Current may have grown meanwhile: look the slot up again.
    std::unique_ptr<Summary> &Now = Current[Key];
    if (!(*Now == S)) {
      *Now = std::move(S);
      Changed = true;
    }
    return *Now;
  }

  /// True when the lambda \p Op's body was walked as part of a function this
  /// round has analysed or is analysing.
  bool definerReached(const FunctionDecl *Op) const {
    for (const DeclContext *DC = cast<CXXMethodDecl>(Op)->getParent(); DC;
         DC = DC->getParent())
      if (const auto *F = dyn_cast<FunctionDecl>(DC)) {
        const Decl *Key = F->getCanonicalDecl();
        if (Done.count(Key) || InProgress.count(Key))
          return true;
      }
    return false;
  }

  Summary run(const FunctionDecl *Kernel) {
    constexpr unsigned MaxRounds = 64;
    for (unsigned Round = 0; Round < MaxRounds; ++Round) {
      Done.clear();
      Changed = Recursion = false;
      const Summary &S = summary(Kernel);
      if (!Recursion || !Changed)
        return S;
    }
    Summary S = *Current[Kernel->getCanonicalDecl()];
    if (!S.Unknown)
      S.Unknown =
          Occurrence{Kernel->getLocation(),
                     "recursion whose effects dpopt cannot settle", Kernel};
    return S;
  }

private:
  llvm::DenseMap<const Decl *, std::unique_ptr<Summary>> Current;
  llvm::DenseSet<const Decl *> Done, InProgress;
  bool Changed = false, Recursion = false;
};

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

void BodyAnalysis::addVar(const VarDecl *VD, Sources Init) {
  if (VarIndex.count(VD))
    return;
  VarIndex[VD] = Vars.size();
  Vars.push_back(std::move(Init));
}

Sources *BodyAnalysis::varSources(const VarDecl *VD) {
  auto It = VarIndex.find(VD);
  return It == VarIndex.end() ? nullptr : &Vars[It->second];
}

/// True when \p E names a tracked local pointer variable (not a reference).
bool BodyAnalysis::isPointerVar(const Expr *E, const VarDecl *&VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && !VD->getType()->isReferenceType() && varSources(VD);
}

void BodyAnalysis::assign(const VarDecl *VD, const Sources &S) {
  if (M == Mode::Collect)
    return;
  if (Sources *V = varSources(VD))
    Changed |= V->merge(S);
}

void BodyAnalysis::loseTrack(const VarDecl *VD, SourceLocation Loc,
                             std::string What) {
  assign(VD, Sources::unknown(Loc, std::move(What), FD));
}

//===----------------------------------------------------------------------===//
// Sources
//===----------------------------------------------------------------------===//

Sources BodyAnalysis::ptrSources(const Expr *E) {
  E = E->IgnoreParens();
  if (E->isTypeDependent() || E->isValueDependent())
    return unknown(E, "code that depends on template parameters");
  if (E->isGLValue())
    return storedSources(E);
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return ptrSources(FE->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
      return storedSources(Sub);
    case CK_ArrayToPointerDecay:
      return lvalueSources(Sub);
    case CK_FunctionToPointerDecay:
    case CK_BuiltinFnToFnPtr:
    case CK_NullToPointer:
    case CK_NullToMemberPointer:
      return {};
    case CK_IntegralToPointer:
      if (Sub->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        return {};
      return unknown(E, "a pointer made from an integer");
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived:
    case CK_Dynamic:
    case CK_UserDefinedConversion:
    case CK_AtomicToNonAtomic:
    case CK_NonAtomicToAtomic:
      return ptrSources(Sub);
    default:
      return unknown(E, "a pointer dpopt does not follow");
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_AddrOf:
      return lvalueSources(UO->getSubExpr());
    case UO_PostInc:
    case UO_PostDec:
    case UO_PreInc:
    case UO_PreDec:
      return storedSources(UO->getSubExpr());
    case UO_Extension:
      return ptrSources(UO->getSubExpr());
    default:
      return unknown(E, "a pointer dpopt does not follow");
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      if (BO->getLHS()->getType()->isPointerType())
        return ptrSources(BO->getLHS());
      if (BO->getRHS()->getType()->isPointerType())
        return ptrSources(BO->getRHS());
      break;
    case BO_Comma:
    case BO_Assign:
      return ptrSources(BO->getRHS());
    default:
      break;
    }
    return unknown(E, "a pointer dpopt does not follow");
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Sources S = ptrSources(CO->getTrueExpr());
    S.merge(ptrSources(CO->getFalseExpr()));
    return S;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return callResult(CE);
  if (isa<CXXThisExpr>(E)) {
    // In a lambda analysed alone, 'this' is the captured one of the
    // function that defined it.
    if (isLambdaCallOperator(FD))
      return unknown(E, "'this', captured by a lambda,");
    return Sources::self();
  }
  if (isa<CXXNullPtrLiteralExpr, GNUNullExpr, IntegerLiteral,
          ImplicitValueInitExpr, CXXScalarValueInitExpr>(E))
    return {};
  if (const auto *NE = dyn_cast<CXXNewExpr>(E)) {
    if (NE->getNumPlacementArgs())
      return unknown(E, "a pointer from placement new");
    return {};
  }
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return OVE->getSourceExpr() ? ptrSources(OVE->getSourceExpr())
                                : unknown(E, "a pointer dpopt does not follow");
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return ptrSources(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return ptrSources(DI->getExpr());
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    if (IL->getNumInits() == 0)
      return {};
    if (IL->getNumInits() == 1)
      return ptrSources(IL->getInit(0));
  }
  if (const auto *CE = dyn_cast<ChooseExpr>(E))
    return ptrSources(CE->getChosenSubExpr());
  if (const auto *SN = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return ptrSources(SN->getReplacement());
  return unknown(E, "a pointer dpopt does not follow");
}

Sources BodyAnalysis::lvalueSources(const Expr *E) {
  E = E->IgnoreParens();
  if (E->isTypeDependent() || E->isValueDependent())
    return unknown(E, "code that depends on template parameters");
  if (!E->isGLValue())
    return {}; // a temporary
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return lvalueSources(FE->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E))
    return lvalueSources(C->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declSources(DRE, /*Stored=*/false);
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *Member = ME->getMemberDecl();
    if (const auto *VD = dyn_cast<VarDecl>(Member))
      return isGlobalMemory(VD) ? Sources::global(VD->getCanonicalDecl())
                                : Sources{};
    if (Member->getType()->isReferenceType())
      return unknown(E, "a reference loaded from memory");
    if (!isa<FieldDecl, IndirectFieldDecl>(Member))
      return {};
    return ME->isArrow() ? ptrSources(ME->getBase())
                         : lvalueSources(ME->getBase());
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase();
    return Base->getType()->isPointerType() ? ptrSources(Base)
                                            : lvalueSources(Base);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Deref:
      return ptrSources(UO->getSubExpr());
    case UO_PreInc:
    case UO_PreDec:
    case UO_Real:
    case UO_Imag:
    case UO_Extension:
      return lvalueSources(UO->getSubExpr());
    default:
      break;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp() || BO->getOpcode() == BO_PtrMemD)
      return lvalueSources(BO->getLHS());
    if (BO->getOpcode() == BO_PtrMemI)
      return ptrSources(BO->getLHS());
    if (BO->getOpcode() == BO_Comma)
      return lvalueSources(BO->getRHS());
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Sources S = lvalueSources(CO->getTrueExpr());
    S.merge(lvalueSources(CO->getFalseExpr()));
    return S;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return callResult(CE);
  if (isa<MaterializeTemporaryExpr, CompoundLiteralExpr, StringLiteral,
          PredefinedExpr, CXXTypeidExpr>(E))
    return {};
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return OVE->getSourceExpr() ? lvalueSources(OVE->getSourceExpr())
                                : unknown(E, "an lvalue dpopt does not follow");
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return lvalueSources(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return lvalueSources(DI->getExpr());
  if (const auto *EV = dyn_cast<ExtVectorElementExpr>(E))
    return lvalueSources(EV->getBase());
  if (const auto *CE = dyn_cast<ChooseExpr>(E))
    return lvalueSources(CE->getChosenSubExpr());
  if (const auto *SN = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return lvalueSources(SN->getReplacement());
  return unknown(E, "an lvalue dpopt does not follow");
}

/// The value a pointer-typed lvalue holds.
Sources BodyAnalysis::storedSources(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (C->isGLValue() && C->getSubExpr()->isGLValue())
      return storedSources(C->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declSources(DRE, /*Stored=*/true);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_PreInc || UO->getOpcode() == UO_PreDec)
      return storedSources(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return storedSources(BO->getLHS());
    if (BO->getOpcode() == BO_Comma)
      return storedSources(BO->getRHS());
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Sources S = storedSources(CO->getTrueExpr());
    S.merge(storedSources(CO->getFalseExpr()));
    return S;
  }
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    if (OVE->getSourceExpr())
      return storedSources(OVE->getSourceExpr());
  return unknown(E, "a pointer loaded from memory");
}

/// Where the variable \p DRE names lives (\p Stored: what the pointer it
/// holds derives from).
Sources BodyAnalysis::declSources(const DeclRefExpr *DRE, bool Stored) {
  const ValueDecl *D = DRE->getDecl();
  if (const auto *BD = dyn_cast<BindingDecl>(D)) {
    if (const Expr *B = BD->getBinding())
      return Stored ? storedSources(B) : lvalueSources(B);
    return unknown(DRE, "a structured binding dpopt does not follow");
  }
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD || DRE->isNonOdrUse() != NOUR_None)
    return {}; // functions, enumerators, constants, unevaluated operands
  if (VD->hasGlobalStorage()) {
    if (Stored)
      return unknown(DRE, "a pointer read from " + quoted(VD));
    return isGlobalMemory(VD) ? Sources::global(VD->getCanonicalDecl())
                              : Sources{};
  }
  bool Reference = VD->getType()->isReferenceType();
  if (Sources *S = varSources(VD)) {
    if (Reference) // S is where the referent lives
      return Stored ? unknown(DRE, "a pointer loaded from memory") : *S;
    return Stored ? *S : Sources{}; // S is what the pointer derives from
  }
  if (declaredWithin(VD, FD))
    return Stored ? unknown(DRE, "a pointer loaded from memory") : Sources{};
  // A variable of the function that defined this lambda: a copy in the
  // closure object, or a reference to where it lives.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda())
    for (const LambdaCapture &C : MD->getParent()->captures())
      if (C.capturesVariable() && C.getCapturedVar() == VD &&
          C.getCaptureKind() == LCK_ByCopy && !Reference)
        return Stored ? unknown(DRE, quoted(VD) + ", captured by a lambda,")
                      : Sources::self();
  return unknown(DRE, quoted(VD) + ", captured by reference by a lambda,");
}

Sources BodyAnalysis::callResult(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || isa<CUDAKernelCallExpr>(CE))
    return unknown(CE, "a pointer returned by an indirect call");
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if (isSystemOrBuiltin(Callee)) {
    switch (classifyKnown(Name)) {
    case Known::Allocate:
      return {};
    case Known::AssumeAligned:
    case Known::Copy:
    case Known::Set:
      return CE->getNumArgs() ? ptrSources(CE->getArg(0)) : Sources{};
    case Known::None:
      break;
    default:
      return unknown(CE, "a pointer loaded from memory");
    }
  }
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
      MD && MD->getParent()->isLambda()) {
    if (isLocalLambda(MD)) {
      auto It = LambdaReturns.find(MD);
      return It == LambdaReturns.end() ? Sources{} : It->second;
    }
    if (A.definerReached(MD))
      return unknown(CE, "a pointer returned by a lambda");
  }
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def))
    return unknown(CE, "a pointer returned by " + quoted(Callee));
  CallSite C = callSite(CE);
  return mapSources(A.summary(Def).Returns, C);
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

void BodyAnalysis::setUnknown(SourceLocation Loc, std::string What) {
  if (recording() && !Out.Unknown)
    Out.Unknown = Occurrence{Loc, std::move(What), FD};
}

void BodyAnalysis::access(const Sources &S, unsigned Bits, SourceLocation Loc,
                          StringRef How) {
  if (!recording() || Bits == NoAccess)
    return;
  for (unsigned P : S.Params)
    Out.Params[P] |= Bits;
  if (S.This)
    Out.This |= Bits;
  for (const VarDecl *G : S.Globals)
    Out.addGlobal(G, Bits);
  if (S.Unknown)
    setUnknown(Loc, S.Unknown->What + How.str());
}

void BodyAnalysis::escape(const Sources &S, const Escape &E) {
  if (!recording())
    return;
  for (unsigned P : S.Params)
    if (!Out.ParamEscapes[P])
      Out.ParamEscapes[P] = E;
  if (S.This && !Out.ThisEscape)
    Out.ThisEscape = E;
  for (const VarDecl *G : S.Globals)
    setUnknown(E.Loc,
               "a pointer derived from " + quoted(G) + " is " + E.Phrase);
  if (!E.Opaque)
    return;
  if (S.Unknown)
    setUnknown(E.Loc, S.Unknown->What + " is " + E.Phrase);
  else if (!S.tracked() && E.PointeeHoldsPointers)
    setUnknown(E.Loc, "a pointer to memory holding pointers is " + E.Phrase);
}

void BodyAnalysis::escapeHere(const Expr *Ptr, std::string Phrase,
                              bool Opaque) {
  if (!recording() || isOpaqueHandle(Ptr->getType()))
    return;
  Escape E;
  E.Phrase = std::move(Phrase);
  E.Loc = Ptr->getExprLoc();
  E.In = FD;
  E.Opaque = Opaque;
  QualType T = Ptr->getType();
  E.PointeeHoldsPointers =
      holdsPointers(T->isPointerType() ? T->getPointeeType() : T);
  escape(Ptr->isGLValue() && !T->isPointerType() ? lvalueSources(Ptr)
                                                 : ptrSources(Ptr),
         E);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

Summary BodyAnalysis::run() {
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (P->getType()->isPointerType() || P->getType()->isReferenceType())
      addVar(P, Sources::param(I));
  }
  M = Mode::Collect;
  walkBody(FD);
  M = Mode::Propagate;
  constexpr unsigned MaxIterations = 64;
  unsigned Iteration = 0;
  do {
    Changed = false;
    walkBody(FD);
  } while (Changed && ++Iteration < MaxIterations);
  M = Mode::Record;
  Out = Summary(FD);
  walkBody(FD);
  if (Changed && !Out.Unknown)
    Out.Unknown = Occurrence{FD->getLocation(),
                             "pointers whose sources dpopt cannot settle", FD};
  return Out;
}

void BodyAnalysis::walkBody(const FunctionDecl *F) {
  Callables.push_back(F);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      const Expr *E = Init->getInit();
      if (!E)
        continue;
      if (const auto *CE = dyn_cast<CXXConstructExpr>(E->IgnoreImplicit())) {
        visitConstruct(CE, Sources::self());
        continue;
      }
      if (Init->isAnyMemberInitializer()) {
        // A member written in the object being constructed.
        access(Sources::self(), WritesMemory, Init->getSourceLocation(), "");
        QualType T = Init->getAnyMember()->getType();
        if (T->isReferenceType()) {
          escapeHere(E, "stored to memory", /*Opaque=*/false);
          visit(E, Use::Address);
          continue;
        }
        if (T->isPointerType())
          escapeHere(E, "stored to memory", /*Opaque=*/false);
      }
      visit(E, Use::None);
    }
  walk(F->getBody());
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(F)) {
    // Members and bases are destroyed after the body.
    const CXXRecordDecl *RD = Dtor->getParent();
    for (const FieldDecl *Field : RD->fields())
      destroy(Field->getType(), Sources::self(), Dtor->getEndLoc());
    for (const CXXBaseSpecifier &B : RD->bases())
      destroy(B.getType(), Sources::self(), Dtor->getEndLoc());
  }
  Callables.pop_back();
}

void BodyAnalysis::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    visit(E, Use::None);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        visitVarDecl(VD);
    return;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    visitReturn(R);
    return;
  }
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S)) {
    visitAsm(Asm);
    return;
  }
  if (isa<MSAsmStmt>(S)) {
    setUnknown(S->getBeginLoc(), "inline asm");
    return;
  }
  for (const Stmt *Child : S->children())
    walk(Child);
}

void BodyAnalysis::visitVarDecl(const VarDecl *VD) {
  // Static locals are initialized with constants, once.
  if (!VD->hasLocalStorage())
    return;
  QualType T = VD->getType();
  if (M == Mode::Collect && (T->isPointerType() || T->isReferenceType()))
    addVar(VD);
  if (const auto *DD = dyn_cast<DecompositionDecl>(VD))
    for (const BindingDecl *B : DD->bindings())
      if (const VarDecl *Holding = B->getHoldingVar())
        visitVarDecl(Holding);
  const Expr *Init = VD->getInit();
  if (Init) {
    if (T->isReferenceType()) {
      if (M != Mode::Collect)
        assign(VD, lvalueSources(Init));
      visit(Init, T->getPointeeType().isConstQualified() ? Use::Address
                                                         : Use::AddressEscapes);
    } else if (T->isPointerType()) {
      if (M != Mode::Collect)
        assign(VD, ptrSources(Init));
      visit(Init, Use::None);
    } else if (const auto *LE = dyn_cast<LambdaExpr>(Init->IgnoreImplicit())) {
      visitLambda(LE, /*Direct=*/true);
    } else {
      visit(Init, Use::None);
    }
  }
  destroy(T, {}, VD->getEndLoc());
}

void BodyAnalysis::visitReturn(const ReturnStmt *R) {
  const Expr *V = R->getRetValue();
  if (!V)
    return;
  const FunctionDecl *Callable = Callables.back();
  QualType RT = Callable->getReturnType();
  Sources S;
  if (RT->isReferenceType()) {
    if (M != Mode::Collect)
      S = lvalueSources(V);
    visit(V, RT->getPointeeType().isConstQualified() ? Use::Address
                                                     : Use::AddressEscapes);
  } else if (RT->isPointerType()) {
    if (M != Mode::Collect)
      S = ptrSources(V);
    visit(V, Use::None);
  } else {
    visit(V, Use::None);
    return;
  }
  if (M == Mode::Collect)
    return;
  if (Callable == FD) {
    if (recording())
      Out.Returns.merge(S);
    return;
  }
  Changed |= LambdaReturns[Callable].merge(S);
}

void BodyAnalysis::visitAsm(const GCCAsmStmt *S) {
  for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
    const Expr *E = S->getOutputExpr(I);
    const VarDecl *VD;
    if (isPointerVar(E, VD)) {
      loseTrack(VD, E->getExprLoc(), quoted(VD) + ", set by inline asm,");
      continue;
    }
    visit(E, S->isOutputPlusConstraint(I) ? Use::ReadWrite : Use::Write);
  }
  for (unsigned I = 0; I < S->getNumInputs(); ++I) {
    const Expr *E = S->getInputExpr(I);
    bool Memory = StringRef(S->getInputConstraint(I)).contains('m');
    visit(E, Memory && E->isGLValue() ? Use::Read : Use::None);
    // Pointers reach asm as pointers or as integers made from them.
    llvm::SmallVector<const Expr *, 2> Pointers;
    if (E->getType()->isPointerType())
      Pointers.push_back(E);
    else
      collectPointerCasts(E, Pointers);
    for (const Expr *P : Pointers)
      escapeHere(P, "passed to inline asm", /*Opaque=*/true);
  }
  if (asmAccessesMemory(S->generateAsmString(Ctx)))
    setUnknown(S->getBeginLoc(), "inline asm that accesses memory");
}

void BodyAnalysis::visitLambda(const LambdaExpr *LE, bool Direct) {
  const CXXRecordDecl *Class = LE->getLambdaClass();
  llvm::SmallVector<const FunctionDecl *, 2> Operators;
  if (LE->isGenericLambda()) {
    for (const FunctionDecl *Spec :
         LE->getDependentCallOperator()->specializations())
      if (Spec->hasBody())
        Operators.push_back(Spec);
  } else {
    Operators.push_back(LE->getCallOperator());
  }
  if (M == Mode::Collect && LocalLambdas.insert(Class).second)
    for (const FunctionDecl *Op : Operators)
      for (const ParmVarDecl *P : Op->parameters())
        if (P->getType()->isPointerType() || P->getType()->isReferenceType()) {
          addVar(P);
          LambdaParams[Class].push_back(P);
        }
  if (!Direct || EscapedLambdas.count(Class))
    escapeLambda(Class, LE->getBeginLoc());
  for (auto [C, Init] : llvm::zip(LE->captures(), LE->capture_inits())) {
    if (C.capturesVariable())
      if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
          VD && VD->isInitCapture()) {
        visitVarDecl(VD);
        continue;
      }
    // By-copy captures read locals; by-reference ones let the body, walked
    // here, change them.
    if (Init && C.getCaptureKind() != LCK_ByRef)
      visit(Init, Use::None);
  }
  for (const FunctionDecl *Op : Operators) {
    Callables.push_back(Op);
    walk(Op->getBody());
    Callables.pop_back();
  }
}

void BodyAnalysis::useLValue(const Expr *E, Use U) {
  if (unsigned Bits = accessOf(U))
    if (recording())
      access(lvalueSources(E), Bits, E->getExprLoc(), " is dereferenced");
}

void BodyAnalysis::visitDeclRef(const DeclRefExpr *DRE, Use U) {
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return;
  // A closure used other than by calling it: its parameters take arguments
  // dpopt does not see.
  if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
      RD && LocalLambdas.count(RD))
    escapeLambda(RD, DRE->getLocation());
  const VarDecl *Var;
  if (isPointerVar(DRE, Var)) {
    if (U == Use::AddressEscapes)
      loseTrack(Var, DRE->getLocation(),
                quoted(Var) + ", whose address is taken,");
    else if (U == Use::Write || U == Use::ReadWrite)
      loseTrack(Var, DRE->getLocation(),
                quoted(Var) + ", set in a way dpopt does not follow,");
  }
  useLValue(DRE, U);
}

void BodyAnalysis::escapeLambda(const CXXRecordDecl *Class,
                                SourceLocation Loc) {
  EscapedLambdas.insert(Class);
  for (const ParmVarDecl *P : LambdaParams[Class])
    loseTrack(P, Loc, "a pointer parameter of a lambda that is passed on");
}

void BodyAnalysis::visitAssignment(const BinaryOperator *BO, Use U) {
  const Expr *LHS = BO->getLHS();
  const Expr *RHS = BO->getRHS();
  const VarDecl *Var;
  if (isPointerVar(LHS, Var)) {
    // Pointer arithmetic on a variable keeps its sources.
    if (BO->getOpcode() == BO_Assign && M != Mode::Collect)
      assign(Var, ptrSources(RHS));
  } else {
    visit(LHS, BO->getOpcode() == BO_Assign ? Use::Write : Use::ReadWrite);
    if (BO->getOpcode() == BO_Assign && LHS->getType()->isPointerType())
      escapeHere(RHS, "stored to memory", /*Opaque=*/false);
  }
  visit(RHS, Use::None);
  if (U != Use::None && U != Use::Address)
    useLValue(LHS, U);
}

void BodyAnalysis::visit(const Expr *E, Use U) {
  if (!E)
    return;
  if (E->isTypeDependent() || E->isValueDependent()) {
    setUnknown(E->getExprLoc(), "code that depends on template parameters");
    return;
  }
  if (E->containsErrors()) {
    setUnknown(E->getExprLoc(), "code with errors");
    return;
  }
  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return visit(PE->getSubExpr(), U);
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return visit(FE->getSubExpr(), U);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return visit(MTE->getSubExpr(), Use::None);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E)) {
    visit(BTE->getSubExpr(), Use::None);
    if (const CXXDestructorDecl *D = BTE->getTemporary()->getDestructor())
      callDestructor(D, {}, BTE->getEndLoc());
    return;
  }
  if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr, RequiresExpr,
          SizeOfPackExpr>(E))
    return; // unevaluated
  if (const auto *TE = dyn_cast<CXXTypeidExpr>(E)) {
    if (TE->isPotentiallyEvaluated())
      visit(TE->getExprOperand(), Use::Read);
    return;
  }
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
      return visit(Sub, Use::Read);
    case CK_ArrayToPointerDecay:
      return visit(Sub, Use::Address);
    default:
      return visit(Sub, C->isGLValue() && Sub->isGLValue() ? U : Use::None);
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return visitDeclRef(DRE, U);
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *Member = ME->getMemberDecl();
    if (isa<VarDecl>(Member)) {
      visit(ME->getBase(), Use::None);
      return useLValue(ME, U);
    }
    if (Member->getType()->isReferenceType()) {
      // Reading the reference stored in the object, then using its referent.
      if (ME->isArrow()) {
        visit(ME->getBase(), Use::None);
        if (recording())
          access(ptrSources(ME->getBase()), ReadsMemory, ME->getExprLoc(),
                 " is dereferenced");
      } else {
        visit(ME->getBase(), Use::Read);
      }
      return useLValue(ME, U);
    }
    if (ME->isArrow()) {
      visit(ME->getBase(), Use::None);
      return useLValue(ME, U);
    }
    return visit(ME->getBase(), U);
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    useLValue(AS, U);
    const Expr *Base = AS->getBase();
    visit(Base, Base->getType()->isPointerType() ? Use::None : U);
    return visit(AS->getIdx(), Use::None);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    const Expr *Sub = UO->getSubExpr();
    switch (UO->getOpcode()) {
    case UO_Deref:
      useLValue(UO, U);
      return visit(Sub, Use::None);
    case UO_AddrOf:
      return visit(Sub, Use::AddressEscapes);
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      const VarDecl *Var;
      if (!isPointerVar(Sub, Var))
        visit(Sub, Use::ReadWrite);
      if (UO->isGLValue() && U != Use::None && U != Use::Address)
        useLValue(Sub, U);
      return;
    }
    case UO_Real:
    case UO_Imag:
    case UO_Extension:
      return visit(Sub, UO->isGLValue() ? U : Use::None);
    default:
      return visit(Sub, Use::None);
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return visitAssignment(BO, U);
    if (BO->getOpcode() == BO_Comma) {
      visit(BO->getLHS(), Use::None);
      return visit(BO->getRHS(), U);
    }
    if (BO->getOpcode() == BO_PtrMemD) {
      visit(BO->getRHS(), Use::None);
      return visit(BO->getLHS(), U);
    }
    if (BO->getOpcode() == BO_PtrMemI) {
      useLValue(BO, U);
      visit(BO->getLHS(), Use::None);
      return visit(BO->getRHS(), Use::None);
    }
    visit(BO->getLHS(), Use::None);
    return visit(BO->getRHS(), Use::None);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Use Arm = CO->isGLValue() ? U : Use::None;
    visit(CO->getCond(), Use::None);
    visit(CO->getTrueExpr(), Arm);
    return visit(CO->getFalseExpr(), Arm);
  }
  if (const auto *BCO = dyn_cast<BinaryConditionalOperator>(E)) {
    Use Arm = BCO->isGLValue() ? U : Use::None;
    visit(BCO->getCommon(), Arm);
    return visit(BCO->getFalseExpr(), Arm);
  }
  if (isa<OpaqueValueExpr>(E))
    return; // walked where its source expression is
  if (const auto *AIL = dyn_cast<ArrayInitLoopExpr>(E)) {
    visit(AIL->getCommonExpr()->getSourceExpr(), Use::Address);
    return visit(AIL->getSubExpr(), Use::None);
  }
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E))
    return visitLaunch(K);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return visitCall(CE, U);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return visitConstruct(CE, {});
  if (const auto *NE = dyn_cast<CXXNewExpr>(E)) {
    if (NE->getNumPlacementArgs())
      setUnknown(NE->getBeginLoc(), "placement new");
    for (const Expr *Arg : NE->placement_arguments())
      visit(Arg, Use::None);
    if (std::optional<const Expr *> Size = NE->getArraySize())
      visit(*Size, Use::None);
    if (const auto *CE =
            dyn_cast_or_null<CXXConstructExpr>(NE->getInitializer()))
      return visitConstruct(CE, {});
    return visit(NE->getInitializer(), Use::None);
  }
  if (const auto *DE = dyn_cast<CXXDeleteExpr>(E)) {
    const Expr *Arg = DE->getArgument();
    visit(Arg, Use::None);
    if (recording())
      access(ptrSources(Arg), ReadsMemory | WritesMemory, DE->getBeginLoc(),
             " is deleted");
    if (!DE->getDestroyedType().isNull())
      destroy(DE->getDestroyedType(), ptrSources(Arg), DE->getBeginLoc());
    return;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    if (!IL->getType()->isRecordType() && !IL->getType()->isArrayType()) {
      for (const Expr *Init : IL->inits())
        visit(Init, IL->isGLValue() ? U : Use::None);
      return;
    }
    // Members and elements of an aggregate: memory.
    for (const Expr *Init : IL->inits()) {
      if (!Init)
        continue;
      if (Init->isGLValue() && !Init->getType()->isRecordType() &&
          !Init->getType()->isArrayType()) {
        // A reference member bound to it.
        escapeHere(Init, "stored to memory", /*Opaque=*/false);
        visit(Init, Use::AddressEscapes);
        continue;
      }
      if (Init->getType()->isPointerType())
        escapeHere(Init, "stored to memory", /*Opaque=*/false);
      visit(Init, Use::None);
    }
    return visit(IL->getArrayFiller(), Use::None);
  }
  if (const auto *PL = dyn_cast<CXXParenListInitExpr>(E)) {
    for (const Expr *Init : PL->getInitExprs()) {
      if (Init->getType()->isPointerType())
        escapeHere(Init, "stored to memory", /*Opaque=*/false);
      visit(Init, Init->isGLValue() ? Use::AddressEscapes : Use::None);
    }
    return;
  }
  if (isa<CXXInheritedCtorInitExpr>(E)) {
    setUnknown(E->getExprLoc(), "an inherited constructor");
    return;
  }
  if (const auto *SN = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return visit(SN->getReplacement(), U);
  if (const auto *LE = dyn_cast<LambdaExpr>(E))
    return visitLambda(LE, /*Direct=*/false);
  if (const auto *SE = dyn_cast<StmtExpr>(E))
    return walk(SE->getSubStmt());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return visit(DA->getExpr(), U);
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return visit(DI->getExpr(), U);
  if (const auto *CE = dyn_cast<ChooseExpr>(E))
    return visit(CE->getChosenSubExpr(), U);
  if (const auto *GS = dyn_cast<GenericSelectionExpr>(E))
    return visit(GS->getResultExpr(), U);
  if (const auto *RO = dyn_cast<CXXRewrittenBinaryOperator>(E))
    return visit(RO->getSemanticForm(), U);
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    // threadIdx.x and friends are properties of the built-in variables.
    if (const auto *PR = dyn_cast<MSPropertyRefExpr>(
            PO->getSyntacticForm()->IgnoreParens())) {
      QualType T = PR->getBaseExpr()->getType();
      if (T->isPointerType())
        T = T->getPointeeType();
      if (const auto *RD = T->getAsCXXRecordDecl();
          RD && RD->getIdentifier() &&
          RD->getName().starts_with("__cuda_builtin_"))
        return;
    }
    setUnknown(E->getExprLoc(), "a property access");
    return;
  }
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, GNUNullExpr,
          ImaginaryLiteral, FixedPointLiteral, UserDefinedLiteral,
          PredefinedExpr, CXXThisExpr, ImplicitValueInitExpr,
          CXXScalarValueInitExpr, NoInitExpr, SourceLocExpr,
          CXXPseudoDestructorExpr, CXXStdInitializerListExpr,
          ArrayInitIndexExpr, EmbedExpr>(E)) {
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
      visit(SIL->getSubExpr(), Use::None);
    return;
  }
  if (isa<CompoundLiteralExpr>(E))
    return visit(cast<CompoundLiteralExpr>(E)->getInitializer(), Use::None);
  if (const auto *AE = dyn_cast<AtomicExpr>(E)) {
    for (unsigned I = 0; I < AE->getNumSubExprs(); ++I) {
      const Expr *Sub = AE->getSubExprs()[I];
      visit(Sub, Use::None);
      if (Sub->getType()->isPointerType() && recording())
        access(ptrSources(Sub), ReadsMemory | WritesMemory, AE->getBeginLoc(),
               " is accessed by an atomic operation");
    }
    return;
  }
  visitUnknownExpr(E, U);
}

/// Expressions the walk does not know: their lvalues may be read or
/// written, their pointers dereferenced.
void BodyAnalysis::visitUnknownExpr(const Expr *E, Use U) {
  if (E->isGLValue())
    useLValue(E, U);
  for (const Stmt *Child : E->children()) {
    const auto *Sub = dyn_cast_or_null<Expr>(Child);
    if (!Sub)
      continue;
    visit(Sub, Sub->isGLValue() ? Use::ReadWrite : Use::None);
    if (Sub->getType()->isPointerType() && recording())
      access(ptrSources(Sub), ReadsMemory | WritesMemory, Sub->getExprLoc(),
             " is used by an expression dpopt does not follow");
  }
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

BodyAnalysis::CallSite BodyAnalysis::callSite(const CallExpr *CE) {
  CallSite C;
  C.Callee = CE->getDirectCallee();
  C.Loc = CE->getBeginLoc();
  unsigned First = 0;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    C.Object = MC->getImplicitObjectArgument();
  } else if (isa<CXXOperatorCallExpr>(CE) && C.Callee &&
             isa<CXXMethodDecl>(C.Callee) &&
             cast<CXXMethodDecl>(C.Callee)->isInstance()) {
    C.Object = CE->getArg(0);
    First = 1;
  }
  if (C.Object)
    C.ObjectIsPointer = C.Object->getType()->isPointerType();
  for (unsigned I = First; I < CE->getNumArgs(); ++I)
    C.Args.push_back(CE->getArg(I));
  return C;
}

void BodyAnalysis::visitArguments(const CallSite &C) {
  if (C.Object)
    visit(C.Object, C.ObjectIsPointer ? Use::None : Use::Address);
  for (unsigned I = 0; I < C.Args.size(); ++I) {
    QualType T = I < C.Callee->getNumParams()
                     ? C.Callee->getParamDecl(I)->getType()
                     : C.Args[I]->getType();
    if (T->isReferenceType())
      visit(C.Args[I], T->getPointeeType().isConstQualified()
                           ? Use::Address
                           : Use::AddressEscapes);
    else
      visit(C.Args[I], Use::None);
  }
}

Sources BodyAnalysis::argSources(const CallSite &C, unsigned I) {
  if (I >= C.Args.size())
    return {};
  const Expr *Arg = C.Args[I];
  QualType T = I < C.Callee->getNumParams()
                   ? C.Callee->getParamDecl(I)->getType()
                   : Arg->getType();
  if (T->isReferenceType())
    return lvalueSources(Arg);
  if (T->isPointerType())
    return ptrSources(Arg);
  return {};
}

Sources BodyAnalysis::thisSources(const CallSite &C) {
  if (C.ThisSources)
    return *C.ThisSources;
  if (!C.Object)
    return {};
  return C.ObjectIsPointer ? ptrSources(C.Object) : lvalueSources(C.Object);
}

/// \p S, in terms of the callee, in terms of this function.
Sources BodyAnalysis::mapSources(const Sources &S, const CallSite &C) {
  Sources R;
  for (unsigned P : S.Params)
    R.merge(argSources(C, P));
  if (S.This)
    R.merge(thisSources(C));
  for (const VarDecl *G : S.Globals)
    R.merge(Sources::global(G));
  if (S.Unknown)
    R.merge(Sources::unknown(S.Unknown->Loc, S.Unknown->What, S.Unknown->In));
  return R;
}

void BodyAnalysis::applySummary(const Summary &S, const CallSite &C) {
  if (!recording())
    return;
  std::string How = " is passed to " + quoted(C.Callee) +
                    ", which accesses memory through it";
  for (unsigned I = 0; I < S.Params.size(); ++I) {
    if (S.Params[I] != NoAccess)
      access(argSources(C, I), S.Params[I], C.Loc, How);
    if (S.ParamEscapes[I])
      escape(argSources(C, I), *S.ParamEscapes[I]);
  }
  if (S.This != NoAccess)
    access(thisSources(C), S.This, C.Loc, How);
  if (S.ThisEscape)
    escape(thisSources(C), *S.ThisEscape);
  for (const auto &G : S.Globals)
    Out.addGlobal(G.first, G.second);
  if (S.Unknown && !Out.Unknown)
    Out.Unknown = S.Unknown;
  // Arguments beyond the parameters of a variadic function.
  for (unsigned I = S.Params.size(); I < C.Args.size(); ++I)
    if (C.Args[I]->getType()->isPointerType())
      escapeHere(C.Args[I],
                 "passed to " + quoted(C.Callee) + " as a variadic argument",
                 /*Opaque=*/true);
}

void BodyAnalysis::applyKnown(Known K, const CallSite &C, StringRef Name) {
  if (!recording())
    return;
  std::string How = " is accessed by '" + Name.str() + "'";
  for (unsigned I = 0; I < C.Args.size(); ++I) {
    const Expr *Arg = C.Args[I];
    bool Reference = I < C.Callee->getNumParams() &&
                     C.Callee->getParamDecl(I)->getType()->isReferenceType();
    if (!Reference && !Arg->getType()->isPointerType())
      continue;
    unsigned Bits = NoAccess;
    switch (K) {
    case Known::ReadWrite:
      Bits = ReadsMemory | WritesMemory;
      break;
    case Known::Read:
    case Known::Print:
      Bits = ReadsMemory;
      break;
    case Known::Write:
      if (I == 0)
        Bits = WritesMemory;
      else
        escapeHere(Arg, "stored to memory", /*Opaque=*/false);
      break;
    case Known::Copy:
      Bits = I == 0 ? WritesMemory : I == 1 ? ReadsMemory : NoAccess;
      break;
    case Known::Set:
    case Known::Free:
      Bits = I == 0 ? WritesMemory : NoAccess;
      break;
    default:
      break;
    }
    access(argSources(C, I), Bits, C.Loc, How);
  }
}

/// The pointer arguments of a call dpopt cannot follow, and the objects
/// bound to its reference parameters, escape.
void BodyAnalysis::escapeArguments(const CallSite &C,
                                   const std::string &Phrase) {
  if (!recording())
    return;
  for (unsigned I = 0; I < C.Args.size(); ++I) {
    const Expr *Arg = C.Args[I];
    if (I < C.Callee->getNumParams() &&
        C.Callee->getParamDecl(I)->getType()->isReferenceType() &&
        Arg->isGLValue())
      escape(lvalueSources(Arg),
             Escape{Phrase, Arg->getExprLoc(), FD,
                    /*Opaque=*/true, holdsPointers(Arg->getType())});
    if (Arg->getType()->isPointerType())
      escapeHere(Arg, Phrase, /*Opaque=*/true);
  }
}

bool BodyAnalysis::isLocalLambda(const FunctionDecl *Op) const {
  const auto *MD = dyn_cast<CXXMethodDecl>(Op);
  return MD && LocalLambdas.count(MD->getParent());
}

void BodyAnalysis::visitCall(const CallExpr *CE, Use U) {
  if (isExecConfigCall(CE)) {
    for (const Expr *Arg : CE->arguments())
      visit(Arg, Use::None);
    return;
  }
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee) {
    if (!isa<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreImplicit()))
      setUnknown(CE->getBeginLoc(), "an indirect call");
    visit(CE->getCallee(), Use::None);
    for (const Expr *Arg : CE->arguments())
      visit(Arg, Use::None);
    return;
  }
  CallSite C = callSite(CE);
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  // A reference returned and used.
  auto UseResult = [&] {
    if (CE->isGLValue())
      useLValue(CE, U);
  };
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  if (MD && isAtomicRef(MD->getParent())) {
    // Accounted for where the atomic_ref was made.
    visitArguments(C);
    return;
  }
  if (MD && MD->isExplicitObjectMemberFunction()) {
    setUnknown(C.Loc, "a call of a function with an explicit object "
                      "parameter");
    visitArguments(C);
    return;
  }
  // The legacy device-side wait for child grids accesses nothing itself;
  // the children's accesses count at their launches.
  if (isLegacyDeviceSync(CE))
    return;
  if (isSystemOrBuiltin(Callee)) {
    // Device graph launches and launches through the runtime's parameter
    // buffers run kernels dpopt cannot see; texture and surface builtins
    // access memory through integer handles.
    if (((Name.starts_with("cuda") || Name.starts_with("__cudaCDP2")) &&
         Name.contains("Launch")) ||
        (Name.starts_with("__nvvm") &&
         (Name.contains("_tex") || Name.contains("_tld4") ||
          Name.contains("_suld") || Name.contains("_sust") ||
          Name.contains("_sured")))) {
      visitArguments(C);
      setUnknown(C.Loc, quoted(Callee) + " accesses memory dpopt cannot see");
      return;
    }
    if (Name == "cudaMalloc" && !C.Args.empty()) {
      // Device-side cudaMalloc(&p, n) gives p fresh memory of this thread's,
      // or leaves it.
      const Expr *Out = C.Args[0]->IgnoreParenCasts();
      const auto *AddrOf = dyn_cast<UnaryOperator>(Out);
      const VarDecl *Var;
      if (AddrOf && AddrOf->getOpcode() == UO_AddrOf &&
          isPointerVar(AddrOf->getSubExpr(), Var)) {
        for (unsigned I = 1; I < C.Args.size(); ++I)
          visit(C.Args[I], Use::None);
        return;
      }
    }
    Known K = classifyKnown(Name);
    if (K != Known::None) {
      visitArguments(C);
      applyKnown(K, C, Name);
      return UseResult();
    }
  }
  if (MD && MD->getParent()->isLambda()) {
    // Called where it is written: [&] { ... }().
    if (C.Object)
      if (const auto *LE =
              dyn_cast<LambdaExpr>(C.Object->IgnoreImplicit()->IgnoreParens()))
        visitLambda(LE, /*Direct=*/true);
    if (isLocalLambda(MD)) {
      // The body is walked where the lambda is defined; its parameters take
      // these arguments.
      for (unsigned I = 0; I < C.Args.size() && I < MD->getNumParams(); ++I) {
        const ParmVarDecl *P = MD->getParamDecl(I);
        if (M != Mode::Collect &&
            (P->getType()->isPointerType() || P->getType()->isReferenceType()))
          assign(P, argSources(C, I));
      }
      for (unsigned I = 0; I < C.Args.size(); ++I)
        visit(C.Args[I],
              I < MD->getNumParams() &&
                      MD->getParamDecl(I)->getType()->isReferenceType() &&
                      !MD->getParamDecl(I)
                           ->getType()
                           ->getPointeeType()
                           .isConstQualified()
                  ? Use::AddressEscapes
                  : Use::None);
      return UseResult();
    }
    if (A.definerReached(MD)) {
      // Walked with the function that defined it, which this call is
      // reached from; its pointer parameters are unknown there.
      visitArguments(C);
      return UseResult();
    }
  }
  visitArguments(C);
  if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
      !MD->getParent()->hasAttr<FinalAttr>()) {
    const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParens());
    if (!ME || !ME->hasQualifier()) {
      setUnknown(C.Loc, "a virtual call of " + quoted(MD));
      return;
    }
  }
  if (MD &&
      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
      MD->isTrivial()) {
    if (recording()) {
      access(thisSources(C), WritesMemory, C.Loc, " is dereferenced");
      if (!C.Args.empty())
        access(lvalueSources(C.Args[0]), ReadsMemory, C.Loc,
               " is dereferenced");
    }
    return UseResult();
  }
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def)) {
    if (recording())
      applySummary(A.summary(Def), C);
    return UseResult();
  }
  if (Callee->getBuiltinID() ||
      (isSystemOrBuiltin(Callee) && Name.starts_with("__nv_"))) {
    // Builtins and libdevice access memory only through their arguments.
    applyKnown(Known::ReadWrite, C, Name);
    return UseResult();
  }
  if (isSystemOrBuiltin(Callee)) {
    std::string Phrase =
        "passed to " + quoted(Callee) + ", whose body dpopt cannot see";
    if (C.Object && !isOpaqueHandle(C.Object->getType()) && recording())
      escape(thisSources(C), Escape{Phrase, C.Loc, FD, true, true});
    escapeArguments(C, Phrase);
    return UseResult();
  }
  // It may access any global, and whatever its arguments point to.
  std::string What = "a call of " + quoted(Callee);
  for (unsigned I = 0; I < C.Args.size(); ++I)
    if (C.Args[I]->getType()->isPointerType() ||
        (I < Callee->getNumParams() &&
         Callee->getParamDecl(I)->getType()->isReferenceType())) {
      What = describe(argSources(C, I)) + " is passed to " + quoted(Callee);
      break;
    }
  setUnknown(C.Loc, What + ", whose body dpopt cannot see");
}

/// "a pointer derived from 'a'", for a remark.
std::string BodyAnalysis::describe(const Sources &S) const {
  if (!S.Params.empty())
    return "a pointer derived from " + quoted(FD->getParamDecl(S.Params[0]));
  if (S.This)
    return "a pointer derived from 'this'";
  if (!S.Globals.empty())
    return "a pointer derived from " + quoted(S.Globals[0]);
  if (S.Unknown)
    return S.Unknown->What;
  return "a pointer";
}

void BodyAnalysis::visitLaunch(const CUDAKernelCallExpr *K) {
  visit(K->getConfig(), Use::None);
  const FunctionDecl *Kernel = K->getDirectCallee();
  if (!Kernel) {
    setUnknown(K->getBeginLoc(), "a launch of a kernel dpopt cannot name");
    return;
  }
  CallSite C = callSite(K);
  visitArguments(C);
  for (const Expr *Arg : C.Args)
    if (Arg->getType()->isPointerType())
      escapeHere(Arg, "passed to a kernel launch", /*Opaque=*/true);
  const FunctionDecl *Def = nullptr;
  if (!Kernel->hasBody(Def)) {
    setUnknown(K->getBeginLoc(), "a launch of " + quoted(Kernel) +
                                     ", whose body dpopt cannot see");
    return;
  }
  // The child grid's accesses are part of this grid's work as the host
  // sees it.
  if (recording())
    applySummary(A.summary(Def), C);
}

void BodyAnalysis::visitConstruct(const CXXConstructExpr *CE,
                                  const Sources &Dest) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  CallSite C;
  C.Callee = Ctor;
  C.Loc = CE->getBeginLoc();
  C.ThisSources = Dest;
  for (const Expr *Arg : CE->arguments())
    C.Args.push_back(Arg);
  if (isAtomicRef(Ctor->getParent())) {
    visitArguments(C);
    // Made on an object (not copied from another atomic_ref): every
    // operation reads and writes it.
    if (!C.Args.empty() &&
        !isAtomicRef(C.Args[0]->getType()->getAsCXXRecordDecl()) && recording())
      access(lvalueSources(C.Args[0]), ReadsMemory | WritesMemory, C.Loc,
             " is accessed by an atomic_ref");
    return;
  }
  if (Ctor->isTrivial()) {
    if (Ctor->isCopyOrMoveConstructor() && !C.Args.empty())
      visit(C.Args[0], Use::Read);
    else
      visitArguments(C);
    return;
  }
  visitArguments(C);
  const FunctionDecl *Def = nullptr;
  if (Ctor->hasBody(Def)) {
    if (recording())
      applySummary(A.summary(Def), C);
    return;
  }
  if (isSystemOrBuiltin(Ctor)) {
    std::string Phrase =
        "passed to " + quoted(Ctor) + ", whose body dpopt cannot see";
    escapeArguments(C, Phrase);
    return;
  }
  setUnknown(C.Loc, "a call of " + quoted(Ctor->getParent()) +
                        "'s constructor, whose body dpopt cannot see");
}

/// Runs the destructors an object of type \p T at \p This needs.
void BodyAnalysis::destroy(QualType T, const Sources &This,
                           SourceLocation Loc) {
  if (T.isNull())
    return;
  while (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || !RD->hasNonTrivialDestructor())
    return;
  if (const CXXDestructorDecl *D = RD->getDestructor())
    callDestructor(D, This, Loc);
}

void BodyAnalysis::callDestructor(const CXXDestructorDecl *D,
                                  const Sources &This, SourceLocation Loc) {
  if (D->isTrivial() || !recording())
    return;
  const FunctionDecl *Def = nullptr;
  if (D->hasBody(Def)) {
    CallSite C;
    C.Callee = D;
    C.Loc = Loc;
    C.ThisSources = This;
    applySummary(A.summary(Def), C);
    return;
  }
  if (!isSystemOrBuiltin(D))
    setUnknown(Loc, "a call of " + quoted(D->getParent()) +
                        "'s destructor, whose body dpopt cannot see");
}

void sortBySource(std::vector<GlobalEffect> &Globals, const SourceManager &SM) {
  llvm::sort(Globals, [&](const GlobalEffect &X, const GlobalEffect &Y) {
    return SM.isBeforeInTranslationUnit(X.Var->getLocation(),
                                        Y.Var->getLocation());
  });
}

/// The effects of one definition with a body.
KernelEffects effectsOf(const FunctionDecl *Def) {
  EffectsAnalysis A;
  Summary S = A.run(Def);
  KernelEffects R;
  R.Params.resize(Def->getNumParams());
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    R.Params[I].Access = S.Params[I];
  for (const auto &G : S.Globals)
    R.Globals.push_back({G.first, G.second});
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  sortBySource(R.Globals, SM);
  R.Unknown = S.Unknown;
  for (unsigned I = 0; I < S.ParamEscapes.size() && !R.Unknown; ++I)
    if (const std::optional<Escape> &E = S.ParamEscapes[I])
      R.Unknown =
          Occurrence{E->Loc,
                     "a pointer derived from " + quoted(Def->getParamDecl(I)) +
                         " is " + E->Phrase,
                     E->In};
  return R;
}

} // namespace

KernelEffects computeKernelEffects(const FunctionDecl *Kernel) {
  KernelEffects R;
  if (!Kernel)
    return R;
  const FunctionDecl *Def = nullptr;
  if (!Kernel->hasBody(Def)) {
    R.Params.resize(Kernel->getNumParams());
    R.Unknown = Occurrence{Kernel->getLocation(),
                           "its body is not in this file", Kernel};
    return R;
  }
  if (!Def->isDependentContext())
    return effectsOf(Def);
  // A template pattern: what its instantiations do.
  R.Params.resize(Def->getNumParams());
  const FunctionTemplateDecl *T = Def->getDescribedFunctionTemplate();
  bool Any = false;
  if (T)
    for (const FunctionDecl *Spec : T->specializations()) {
      const FunctionDecl *SpecDef = nullptr;
      if (!Spec->hasBody(SpecDef) || SpecDef->isDependentContext())
        continue;
      Any = true;
      KernelEffects E = effectsOf(SpecDef);
      // Parameter packs: the pattern's parameters are not the launch's.
      if (E.Params.size() != R.Params.size() && !R.Unknown)
        R.Unknown = Occurrence{Def->getLocation(),
                               "a kernel template with a parameter pack", Def};
      for (unsigned I = 0; I < R.Params.size() && I < E.Params.size(); ++I)
        R.Params[I].Access |= E.Params[I].Access;
      for (const GlobalEffect &G : E.Globals) {
        auto It = llvm::find_if(
            R.Globals, [&](const GlobalEffect &X) { return X.Var == G.Var; });
        if (It == R.Globals.end())
          R.Globals.push_back(G);
        else
          It->Access |= G.Access;
      }
      if (!R.Unknown)
        R.Unknown = E.Unknown;
    }
  if (!Any)
    R.Unknown = Occurrence{Def->getLocation(),
                           "a template without instantiations", Def};
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  sortBySource(R.Globals, SM);
  return R;
}

} // namespace dpopt
