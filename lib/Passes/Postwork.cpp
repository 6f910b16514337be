//===- Postwork.cpp - CDP1 postwork moved into a tail launch -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Postwork.h"

#include "LaunchGroups.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"
#include "dpopt/Rewrite/LaunchText.h"
#include "dpopt/Support/Runtime.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// True for `return;` and empty statements: nothing the thread does. With
/// \p Barriers, for '__syncthreads();' too: the caller keeps such barriers
/// where they are, for every thread (flatten-recursion).
bool endsThread(const Stmt *S, bool Barriers) {
  if (isa<NullStmt>(S))
    return true;
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return !R->getRetValue();
  return Barriers && isSyncthreadsStatement(S);
}

/// True when \p L is in the main file, inside one of \p Ranges.
bool insideRanges(const ParsedUnit &U, const TextRanges &Ranges,
                  SourceLocation L) {
  if (!U.isInMainFile(L))
    return false;
  unsigned O = U.getOffset(L);
  return llvm::any_of(Ranges, [&](const std::pair<unsigned, unsigned> &R) {
    return O >= R.first && O < R.second;
  });
}

/// What the postwork statements read and contain.
class PostworkScan : public RecursiveASTVisitor<PostworkScan> {
public:
  PostworkScan(const ParsedUnit &U, const TextRanges &Pieces)
      : U(U), Pieces(Pieces) {}

  bool shouldVisitImplicitCode() const { return false; }

  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
    return TraverseStmt(E->getSyntacticForm());
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      if (EC->getDeclContext()->getParent() &&
          EC->getDeclContext()->getParent()->isFunctionOrMethod() &&
          !inside(EC->getLocation()) && !LocalName)
        LocalName = E;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->hasLocalStorage() || inside(VD->getLocation()))
      return true;
    if (!is_contained(LiveIns, VD))
      LiveIns.push_back(VD);
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    if (LocalType.isInvalid() && namesFunctionLocalType(TL.getType()))
      LocalType = TL.getBeginLoc();
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    Jump = Jump ? Jump : S;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *S) {
    Jump = Jump ? Jump : S;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    Jump = Jump ? Jump : S;
    return true;
  }

  std::vector<const VarDecl *> LiveIns;
  const Stmt *Jump = nullptr;
  const DeclRefExpr *LocalName = nullptr;
  SourceLocation LocalType;

private:
  bool inside(SourceLocation L) const { return insideRanges(U, Pieces, L); }

  const ParsedUnit &U;
  const TextRanges &Pieces;
};

/// Where the kernel outside the postwork's pieces takes the address of one of
/// its local variables or uses a local array (a pointer to the launching
/// thread's variables must not reach the postwork, which runs in another
/// kernel), or nothing.
class LocalAddressScan : public RecursiveASTVisitor<LocalAddressScan> {
public:
  LocalAddressScan(const ParsedUnit &U, const TextRanges &Pieces)
      : U(U), Pieces(Pieces) {}

  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->getOpcode() == UO_AddrOf)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(E->getSubExpr()->IgnoreParens()))
        note(DRE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getType()->isArrayType())
      note(E);
    return true;
  }

  const DeclRefExpr *Found = nullptr;

private:
  void note(const DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (Found || !VD || !VD->hasLocalStorage() ||
        !U.isInMainFile(E->getBeginLoc()))
      return;
    if (!insideRanges(U, Pieces, E->getBeginLoc()))
      Found = E;
  }

  const ParsedUnit &U;
  const TextRanges &Pieces;
};

/// Why a statement sequence that is the launching thread's last cannot run
/// in another kernel, from its facts (callees merged), or nothing.
std::optional<std::string> movedCodeBlocker(const FunctionFacts &F,
                                            const WorkingCopy &WC) {
  auto At = [&](const std::vector<Occurrence> &O) {
    return O[0].What + " at " + whereIs(WC, O[0].Loc);
  };
  if (!F.Barriers.empty())
    return "it synchronizes the block (" + At(F.Barriers) + ")";
  if (!F.WarpOps.empty())
    return "it uses the warp-level operation " + At(F.WarpOps);
  if (!F.Shared.empty())
    return "it uses the shared variable '" +
           F.Shared[0].Var->getNameAsString() +
           "', which the tail kernel does not have";
  if (!F.LegacyDeviceSyncs.empty())
    return "it calls cudaDeviceSynchronize() again at " +
           whereIs(WC, F.LegacyDeviceSyncs[0].Loc);
  if (!F.Launches.empty())
    return "it launches a kernel at " + whereIs(WC, F.Launches[0].Loc);
  if (!F.RuntimeCalls.empty())
    return "it calls the device runtime (" + At(F.RuntimeCalls) + ")";
  // The postwork's own refusal id covers what it contains.
  if (std::optional<Refusal> Why = opaqueCodeBlocker(WC, F, "it", ""))
    return Why->Reason;
  return std::nullopt;
}

/// True for a lambda's closure or a class with a reference member: a copy
/// would still refer to the launching thread's variables.
bool holdsReference(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  if (RD->isLambda())
    return true;
  for (const FieldDecl *F : RD->fields())
    if (F->getType()->isReferenceType() || holdsReference(F->getType()))
      return true;
  return false;
}

} // namespace

PostworkFinding findPostwork(const LaunchSite &S, ProgramAnalysis &A,
                             bool BarriersAfter) {
  const FunctionFacts &Parent = A.transitiveFacts(S.Caller);
  if (Parent.LegacyDeviceSyncs.empty())
    return {};
  const WorkingCopy &WC = A.workingCopy();
  const ParsedUnit &U = WC.unit();
  ASTContext &Ctx = U.getASTContext();
  std::string Name = "'" + S.CallerName + "'";
  auto Refuse = [](std::string Why) {
    return PostworkFinding{
        std::nullopt, Refusal{DiagId::PostworkNotMovable,
                              "the postwork cannot move to a tail launch: " +
                                  std::move(Why)}};
  };
  const Occurrence &Sync = Parent.LegacyDeviceSyncs[0];
  if (Parent.LegacyDeviceSyncs.size() > 1)
    return Refuse(Name + " calls cudaDeviceSynchronize() " +
                  std::to_string(Parent.LegacyDeviceSyncs.size()) +
                  " times; dpopt moves one synchronization that follows its "
                  "launch");
  if (canonicalFunction(Sync.In) != canonicalFunction(S.Caller))
    return Refuse("cudaDeviceSynchronize() is called in '" +
                  Sync.In->getNameAsString() + "' (" + whereIs(WC, Sync.Loc) +
                  "), not in " + Name + "'s own body");
  if (Parent.Launches.size() > 1)
    return Refuse(Name + " launches " + std::to_string(Parent.Launches.size()) +
                  " times, and cudaDeviceSynchronize() waits for every "
                  "launch of the block");
  if (S.inLoop())
    return Refuse("the launch and cudaDeviceSynchronize() are in a loop");
  const FunctionDecl *Def = getWrittenDefinition(S.Caller);
  if (!S.EnclosingBlock || !S.BlockChild || !Def)
    return Refuse("the launch is not a statement of a { } block");

  // launch; cudaDeviceSynchronize(); postwork...
  auto Body = S.EnclosingBlock->body();
  const auto *It = std::find(Body.begin(), Body.end(), S.BlockChild);
  if (It == Body.end() || std::next(It) == Body.end() ||
      !isLegacyDeviceSyncStatement(*std::next(It)))
    return Refuse("cudaDeviceSynchronize() (" + whereIs(WC, Sync.Loc) +
                  ") is not the statement right after the launch");
  const Stmt *SyncStmt = *std::next(It);
  const Stmt *Last = S.EnclosingBlock->body_back();

  // The postwork runs to the kernel's end: from the block around the launch
  // out to the kernel's body, only ifs and blocks. The statements after the
  // one that holds the launch, in each block on the way, are postwork too
  // (Postwork::Outer); no loop or switch may hold the launch, where more of
  // the thread's code could follow.
  Postwork Out;
  std::vector<const Stmt *> OuterStmts;
  const Stmt *Cur = S.EnclosingBlock;
  while (Cur != Def->getBody()) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    const Stmt *P = Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(P)) {
      const auto *Pos = std::find(CS->body_begin(), CS->body_end(), Cur);
      if (Pos == CS->body_end())
        return Refuse("the launch is not a statement of a { } block");
      if (!std::all_of(std::next(Pos), CS->body_end(), [&](const Stmt *X) {
            return endsThread(X, BarriersAfter);
          })) {
        Expected<unsigned> TailEnd = statementEnd(U, CS->body_back());
        if (!TailEnd)
          return Refuse(toString(TailEnd.takeError()));
        Out.Outer.emplace_back(U.getOffset((*std::next(Pos))->getBeginLoc()),
                               *TailEnd);
        OuterStmts.insert(OuterStmts.end(), std::next(Pos), CS->body_end());
      }
    } else if (const auto *If = dyn_cast_or_null<IfStmt>(P)) {
      if (Cur != If->getThen() && Cur != If->getElse())
        return Refuse("the launch is not in a branch of the 'if' at " +
                      whereIs(WC, If->getBeginLoc()));
    } else {
      return Refuse("the launch is inside a statement (" +
                    whereIs(WC, P ? P->getBeginLoc() : Cur->getBeginLoc()) +
                    ") that could run more code after the postwork");
    }
    Cur = P;
  }

  Out.Begin = U.getOffset(SyncStmt->getBeginLoc());
  Expected<unsigned> End = statementEnd(U, Last);
  if (!End)
    return Refuse(toString(End.takeError()));
  Out.End = *End;
  Out.CodeBegin = Last == SyncStmt
                      ? Out.End
                      : U.getOffset((*std::next(It, 2))->getBeginLoc());

  // What the postwork does and reads.
  TextRanges Pieces{{Out.CodeBegin, Out.End}};
  llvm::append_range(Pieces, Out.Outer);
  std::vector<const Stmt *> Moved(std::next(It, 2), Body.end());
  llvm::append_range(Moved, OuterStmts);
  FunctionFacts Facts;
  PostworkScan Scan(U, Pieces);
  for (const Stmt *P : Moved) {
    FunctionFacts Own = computeStatementFacts(P, Def);
    for (const FunctionDecl *Callee : Own.Callees) {
      const FunctionFacts &T = A.transitiveFacts(Callee);
      for (unsigned V = 0; V < NumBuiltinVars; ++V)
        if (T.IndexUse[V])
          return Refuse("the postwork calls '" + Callee->getNameAsString() +
                        "', which reads " +
                        builtinVarName(static_cast<BuiltinVar>(V)));
      Facts.merge(T);
    }
    for (unsigned V = 0; V < NumBuiltinVars; ++V)
      if (Own.IndexUse[V] &&
          !is_contained(Out.Builtins, static_cast<BuiltinVar>(V)))
        Out.Builtins.push_back(static_cast<BuiltinVar>(V));
    Facts.merge(Own);
    Scan.TraverseStmt(const_cast<Stmt *>(P));
  }
  if (std::optional<std::string> Why = movedCodeBlocker(Facts, WC))
    return Refuse(*Why);
  if (Scan.Jump)
    return Refuse("it contains a label or goto (" +
                  whereIs(WC, Scan.Jump->getBeginLoc()) + ")");
  if (Scan.LocalName)
    return Refuse("it names '" + Scan.LocalName->getDecl()->getNameAsString() +
                  "', declared in " + Name);
  if (Scan.LocalType.isValid())
    return Refuse("it names a type declared in " + Name + " (" +
                  whereIs(WC, Scan.LocalType) + ")");
  for (const VarDecl *V : Scan.LiveIns) {
    QualType T = V->getType();
    if (T->isReferenceType() || T->isArrayType() ||
        !T.isTriviallyCopyableType(Ctx) || T->isDependentType() ||
        holdsReference(T)) {
      const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      std::string Type = RD && RD->isLambda()
                             ? std::string("a lambda's closure")
                             : "'" + T.getAsString() + "'";
      return Refuse("it reads '" + V->getNameAsString() + "', of type " + Type +
                    ", which dpopt does not copy");
    }
    if (namesFunctionLocalType(T))
      return Refuse("it reads '" + V->getNameAsString() +
                    "', whose type is declared in " + Name);
    // The postwork function declares its inputs side by side.
    for (const VarDecl *W : Scan.LiveIns)
      if (W != V && W->getName() == V->getName())
        return Refuse("it reads two variables named '" + V->getNameAsString() +
                      "' (" + whereIs(WC, V->getLocation()) + " and " +
                      whereIs(WC, W->getLocation()) +
                      "), which its function would declare side by side");
  }
  LocalAddressScan Addresses(U, Pieces);
  Addresses.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
  if (Addresses.Found)
    return Refuse(Name + " takes the address of its local '" +
                  Addresses.Found->getDecl()->getNameAsString() + "' at " +
                  whereIs(WC, Addresses.Found->getBeginLoc()) +
                  ", and a pointer to it must not outlive the thread");
  Out.LiveIns = std::move(Scan.LiveIns);
  return {std::move(Out), std::nullopt};
}

bool consolidationAsked(const LaunchSite &S, const PassOptions &O) {
  return (S.Pragma && S.Pragma->Consolidate) || O.Consolidate;
}

std::optional<Granularity> consolidationLevel(const LaunchSite &S,
                                              ProgramAnalysis &A,
                                              const PassOptions &O) {
  if (S.Pragma && S.Pragma->Consolidate)
    return *S.Pragma->Consolidate;
  if (O.Consolidate)
    return O.Consolidate;
  if (S.Side == LaunchSide::Device && S.Caller && S.Callee &&
      canonicalFunction(S.Caller) == canonicalFunction(S.Callee) &&
      findPostwork(S, A).Found)
    return Granularity::Grid;
  return std::nullopt;
}

std::optional<Refusal> postworkSiteBlocker(const LaunchSite &S,
                                           ProgramAnalysis &A,
                                           const PassOptions &O,
                                           StringRef Pass) {
  if (S.Side != LaunchSide::Device || !S.Caller)
    return std::nullopt;
  const FunctionFacts &F = A.transitiveFacts(S.Caller);
  if (F.LegacyDeviceSyncs.empty())
    return std::nullopt;
  // An explicit request holds whatever the pipeline; the default only where
  // consolidate runs later.
  bool Asked = consolidationAsked(S, O);
  if (!Asked &&
      !(O.runsAfter("consolidate", Pass) && consolidationLevel(S, A, O)))
    return std::nullopt;
  return Refusal{
      DiagId::PostworkBeforeConsolidation,
      "'" + S.CallerName + "' calls cudaDeviceSynchronize() at " +
          whereIs(A.workingCopy(), F.LegacyDeviceSyncs[0].Loc) +
          " and the launch is to be consolidated" +
          (Asked ? "" : " (a recursive kernel's postwork, by default)") +
          ": consolidate moves the postwork of the launch as written"};
}

PostworkFields
postworkFields(const Postwork &P, const ASTContext &Ctx, NameAllocator &Names,
               function_ref<std::string(const VarDecl *)> Existing) {
  PostworkFields F;
  auto Add = [&](std::string Name, std::string Type, std::string Value) {
    F.Names.push_back(Name);
    F.Types.push_back(std::move(Type));
    F.Values.push_back(std::move(Value));
    F.Reads.push_back(std::move(Name));
  };
  for (BuiltinVar B : P.Builtins)
    Add(Names.fresh(std::string("post_") + builtinVarName(B)),
        builtinVarType(B), builtinVarName(B));
  for (const VarDecl *V : P.LiveIns) {
    std::string Field = Existing(V);
    if (!Field.empty())
      F.Reads.push_back(Field);
    else
      Add(Names.fresh("post_" + V->getNameAsString()),
          printedType(V->getType(), Ctx), V->getNameAsString());
  }
  return F;
}

PostworkNames postworkNames(NameAllocator &Names, StringRef Base) {
  return {Names.fresh(("postwork_" + Base).str()),
          Names.fresh(("cons_postwork_" + Base).str()),
          Names.fresh(("postwork_one_" + Base).str()),
          Names.fresh(("alone_" + Base).str())};
}

std::string postworkFunctions(const ParsedUnit &U, const Postwork &P,
                              const PostworkFields &Fields,
                              const PostworkNames &N, StringRef Rec,
                              StringRef Records, StringRef Count,
                              StringRef Mine, StringRef Item) {
  std::string S =
      "\n\n// dpopt consolidate: the postwork that followed "
      "cudaDeviceSynchronize(),\n// run for one work item after its child "
      "grid finished, with the launching\n// thread's values\n";
  S += "static __device__ void " + N.Run + "(const " + Rec.str() + " &" +
       Mine.str() + ") {\n";
  size_t I = 0;
  for (BuiltinVar B : P.Builtins)
    S += "  const " + std::string(builtinVarType(B)) + " " + builtinVarName(B) +
         " = " + Mine.str() + ".__args." + Fields.Reads[I++] + ";\n";
  const ASTContext &Ctx = U.getASTContext();
  for (const VarDecl *V : P.LiveIns)
    S += "  " + printedType(V->getType(), Ctx) + " " + V->getNameAsString() +
         " = " + Mine.str() + ".__args." + Fields.Reads[I++] + ";\n";
  S += "  {\n  " + U.getText().slice(P.CodeBegin, P.End).str() + "\n  }\n";
  // A return in a piece ends the thread's postwork, as it ended the thread.
  for (const auto &[Begin, End] : P.Outer)
    S += "  {\n  " + U.getText().slice(Begin, End).str() + "\n  }\n";
  S += "}\n";
  S += "static __global__ void " + N.Consolidated + "(const " + Rec.str() +
       " *" + Records.str() + ", unsigned " + Count.str() +
       ") {\n  for (unsigned long long " + Item.str() +
       " = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + "
       "threadIdx.x; " +
       Item.str() + " < " + Count.str() + "; " + Item.str() +
       " += static_cast<unsigned long long>(gridDim.x) * blockDim.x)\n    " +
       N.Run + "(" + Records.str() + "[" + Item.str() + "]);\n  " +
       rt::aggChildRelease + "(" + Records.str() + ");\n}\n";
  S += "static __global__ void " + N.One + "(const " + Rec.str() + " " +
       Mine.str() + ") { " + N.Run + "(" + Mine.str() + "); }\n";
  return S;
}

std::string postworkTailLaunch(unsigned SiteId, const PostworkNames &N,
                               StringRef Records, StringRef Count) {
  return deviceLaunchStatement(
      SiteId, launchStatement(
                  N.Consolidated, "(" + Count.str() + " + 127u) / 128u", "128u",
                  std::string("0u"), std::string("cudaStreamTailLaunch"),
                  Records.str() + ", " + Count.str()));
}

} // namespace dpopt
