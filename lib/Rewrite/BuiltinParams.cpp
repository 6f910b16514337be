//===- BuiltinParams.cpp - Device functions that take the indices --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/BuiltinParams.h"

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

template <typename Fn> void forEachVar(BuiltinSet Vars, Fn F) {
  for (unsigned V = 0; V < NumBuiltinVars; ++V)
    if (Vars & (1u << V))
      F(static_cast<BuiltinVar>(V));
}

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// The calls in one body, by callee.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(CallExpr *CE) {
    if (!isa<CUDAKernelCallExpr>(CE) && !isExecConfigCall(CE))
      Calls.push_back(CE);
    return true;
  }
  std::vector<const CallExpr *> Calls;
};

std::vector<const CallExpr *> callsIn(const FunctionDecl *FD) {
  CallCollector C;
  C.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  return C.Calls;
}

} // namespace

std::string builtinParameterList(BuiltinSet Vars) {
  std::string S;
  forEachVar(Vars, [&](BuiltinVar V) {
    S += (S.empty() ? "" : ", ") + std::string(builtinVarType(V)) + " " +
         builtinVarName(V);
  });
  return S;
}

std::string builtinArgumentList(BuiltinSet Vars) {
  std::string S;
  forEachVar(Vars, [&](BuiltinVar V) {
    S += (S.empty() ? "" : ", ") + std::string(builtinVarName(V));
  });
  return S;
}

std::optional<std::string> BuiltinCloner::plan(const FunctionDecl *Kernel) {
  auto ReadSet = [&](const FunctionDecl *F) {
    const FunctionFacts &T = A.transitiveFacts(F);
    BuiltinSet Set = 0;
    forEachVar(Vars, [&](BuiltinVar V) {
      if (T.usesIndex(V))
        Set |= builtinBit(V);
    });
    return Set;
  };
  auto Reads = [&](const FunctionDecl *F) { return ReadSet(F) != 0; };
  const SourceManager &SM = A.workingCopy().unit().getSourceManager();
  std::vector<const FunctionDecl *> Work(A.localFacts(Kernel).Callees.begin(),
                                         A.localFacts(Kernel).Callees.end());
  std::vector<const FunctionDecl *> Planned;
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back();
    Work.pop_back();
    const FunctionDecl *Key = canonicalFunction(F);
    if (Key == canonicalFunction(Kernel) || NewNames.count(Key) ||
        std::find(Planned.begin(), Planned.end(), Key) != Planned.end() ||
        !Reads(F))
      continue;
    const FunctionDecl *Def = getWrittenDefinition(F);
    std::string Name = F->getNameAsString();
    if (SM.isInSystemHeader(Def->getLocation()))
      return "it calls '" + Name +
             "' from a system header, which reads the "
             "thread or block position";
    if (isa<CXXMethodDecl>(Def))
      return "it calls the member function '" + Name +
             "', which reads the "
             "thread or block position";
    Planned.push_back(Key);
    const FunctionFacts &L = A.localFacts(F);
    Work.insert(Work.end(), L.Callees.begin(), L.Callees.end());
  }
  // Dependent calls in a template body cannot be redirected by name safely.
  for (const FunctionDecl *Owner : [&] {
         std::vector<const FunctionDecl *> Owners{getWrittenDefinition(Kernel)};
         for (const FunctionDecl *P : Planned)
           Owners.push_back(getWrittenDefinition(P));
         return Owners;
       }())
    for (const CallExpr *CE : callsIn(Owner))
      if (!CE->getDirectCallee())
        if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(
                CE->getCallee()->IgnoreImplicit()))
          for (const NamedDecl *D : ULE->decls()) {
            const NamedDecl *U = D->getUnderlyingDecl();
            if (const auto *T = dyn_cast<FunctionTemplateDecl>(U))
              U = T->getTemplatedDecl();
            if (const auto *Fn = dyn_cast<FunctionDecl>(U); Fn && Reads(Fn))
              return "it makes a dependent call to '" + Fn->getNameAsString() +
                     "', which reads the thread or block position";
          }
  for (const FunctionDecl *Key : Planned) {
    Order.push_back(Key);
    NewNames[Key] = Names.fresh(Stem + "_" + Key->getNameAsString());
    CloneVars[Key] = ReadSet(Key);
  }
  return std::nullopt;
}

Error BuiltinCloner::redirectCalls(const ParsedUnit &U,
                                   const FunctionDecl *Owner,
                                   EditList &Out) const {
  const SourceManager &SM = U.getSourceManager();
  const LangOptions &LO = U.getASTContext().getLangOpts();
  for (const CallExpr *CE : callsIn(getWrittenDefinition(Owner))) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      continue;
    auto It = NewNames.find(canonicalFunction(Callee));
    if (It == NewNames.end())
      continue;
    const auto *DRE = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreImplicit());
    if (!DRE || DRE->getLocation().isMacroID() ||
        CE->getCallee()->getEndLoc().isMacroID())
      return fail("the call to '" + Callee->getNameAsString() +
                  "' is written in a macro");
    std::optional<Token> LParen =
        Lexer::findNextToken(CE->getCallee()->getEndLoc(), SM, LO);
    if (!LParen || LParen->isNot(tok::l_paren) ||
        LParen->getLocation().isMacroID())
      return fail("cannot find the arguments of the call to '" +
                  Callee->getNameAsString() + "'");
    unsigned NameAt = SM.getFileOffset(DRE->getLocation());
    unsigned NameLen = Lexer::MeasureTokenLength(DRE->getLocation(), SM, LO);
    bool HasArgs =
        CE->getNumArgs() > 0 && !isa<CXXDefaultArgExpr>(CE->getArg(0));
    Out.replace(NameAt, NameLen, It->second);
    Out.insert(SM.getFileOffset(LParen->getLocation()) + 1,
               builtinArgumentList(CloneVars.at(It->first)) +
                   (HasArgs ? ", " : ""));
  }
  return Error::success();
}

Error BuiltinCloner::emitClones(const ParsedUnit &U, EditList &Out) {
  for (const FunctionDecl *Key : Order) {
    if (!Emitted.insert(Key).second)
      continue;
    const FunctionDecl *Def = getWrittenDefinition(Key);
    Expected<FunctionPieces> F = readFunction(U, Def);
    if (!F)
      return F.takeError();
    EditList Redirects("");
    if (Error E = redirectCalls(U, Def, Redirects))
      return E;
    Expected<std::string> Body = bodyWithEdits(U, *F, Redirects);
    if (!Body)
      return Body.takeError();
    std::string Name = NewNames[Key];
    std::string Header =
        F->TemplateHeader.empty() ? "" : F->TemplateHeader + "\n";
    auto Head = [&](StringRef Params) {
      std::string All = builtinParameterList(CloneVars[Key]);
      if (!Params.trim().empty() && Params.trim() != "void")
        All += ", " + Params.str();
      return Header + "static __device__ " + F->ReturnType + " " + Name + "(" +
             All + ")";
    };
    if (Error E = addDerivedFunction(U, Out, Def, Head, *Body,
                                     "'" + Def->getNameAsString() +
                                         "' reading the thread and block "
                                         "position from parameters"))
      return E;
  }
  return Error::success();
}

} // namespace dpopt
