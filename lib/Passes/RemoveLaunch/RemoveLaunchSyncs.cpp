//===- RemoveLaunchSyncs.cpp - Legacy device-side synchronization --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RemoveLaunchSyncs.h"

#include "dpopt/AST/CudaAST.h"
#include "dpopt/AST/MainFileVisitor.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"
#include "dpopt/Passes/SiteChecks.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

bool isLambdaOperator(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->getParent()->isLambda();
}

class SyncFinder : public MainFileVisitor<SyncFinder> {
public:
  explicit SyncFinder(const ParsedUnit &U)
      : MainFileVisitor(U.getSourceManager()), U(U) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (!isLegacyDeviceSync(CE) || Functions.empty() ||
        !U.isInMainFile(CE->getBeginLoc()))
      return true;
    const FunctionDecl *Named = nullptr;
    for (auto It = Functions.rbegin(); It != Functions.rend() && !Named; ++It)
      if (!isLambdaOperator(*It))
        Named = *It;
    if (!Named || !isDeviceContext(Functions))
      return true;
    LegacySync S;
    S.Call = CE;
    S.Function = Named;
    describeEdit(S, CE);
    Syncs.push_back(std::move(S));
    return true;
  }

  std::vector<LegacySync> Syncs;

private:
  void describeEdit(LegacySync &S, const CallExpr *CE) {
    const SourceManager &SM = U.getSourceManager();
    const LangOptions &LO = U.getASTContext().getLangOpts();
    SourceLocation B = CE->getBeginLoc(), E = CE->getRParenLoc();
    if (B.isMacroID() || E.isMacroID()) {
      // A whole macro argument, e.g. CHECK(cudaDeviceSynchronize()), is
      // written in the file; anything else is macro text.
      if (!(B.isMacroID() && E.isMacroID() && SM.isMacroArgExpansion(B) &&
            SM.isMacroArgExpansion(E))) {
        S.NotEditable = "it is written inside a macro";
        return;
      }
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(SM.getSpellingLoc(B),
                                         SM.getSpellingLoc(E)),
          SM, LO);
      if (R.isInvalid() || !SM.isWrittenInMainFile(R.getBegin())) {
        S.NotEditable = "it is written inside a macro";
        return;
      }
      S.Begin = SM.getFileOffset(R.getBegin());
      S.End = SM.getFileOffset(R.getEnd());
      S.Replacement = "cudaSuccess";
      return;
    }
    S.Begin = SM.getFileOffset(B);
    S.End = SM.getFileOffset(E) + 1;
    S.Replacement = "cudaSuccess";
    // A statement of its own ('cudaDeviceSynchronize();') becomes an empty
    // statement, so no expression is left without effect.
    if (isStatementPosition(CE, parentStmt(1))) {
      std::optional<Token> Semi = Lexer::findNextToken(E, SM, LO);
      if (Semi && Semi->is(tok::semi) && !Semi->getLocation().isMacroID()) {
        S.End = SM.getFileOffset(Semi->getLocation()) + 1;
        S.Replacement = "/* dpopt remove-launch: cudaDeviceSynchronize() had "
                        "nothing left to wait for */;";
      }
    }
  }

  const ParsedUnit &U;
};

bool isLaunchApi(StringRef Name) {
  return Name.starts_with("cudaLaunch") ||
         Name.starts_with("cudaGraphLaunch") ||
         Name.starts_with("cudaGetParameterBuffer");
}

/// Finds calls of the launch API in one body, by name (dependent calls too).
class LaunchApiFinder : public RecursiveASTVisitor<LaunchApiFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(CallExpr *CE) {
    if (isExecConfigCall(CE))
      return true;
    StringRef Name;
    if (const FunctionDecl *F = CE->getDirectCallee())
      Name = F->getIdentifier() ? F->getName() : StringRef();
    else if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(
                 CE->getCallee()->IgnoreImplicit()))
      if (const IdentifierInfo *II = ULE->getName().getAsIdentifierInfo())
        Name = II->getName();
    if (!Found.isValid() && isLaunchApi(Name)) {
      Found = CE->getBeginLoc();
      What = Name.str();
    }
    return true;
  }
  SourceLocation Found;
  std::string What;
};

} // namespace

std::vector<LegacySync> findLegacySyncs(const ParsedUnit &U) {
  SyncFinder F(U);
  F.TraverseDecl(U.getASTContext().getTranslationUnitDecl());
  return std::move(F.Syncs);
}

std::optional<std::string> launchApiCall(ProgramAnalysis &A,
                                         const FunctionDecl *F) {
  llvm::DenseSet<const FunctionDecl *> Visited;
  std::vector<const FunctionDecl *> Work{F};
  while (!Work.empty()) {
    const FunctionDecl *Fn = Work.back();
    Work.pop_back();
    if (!Visited.insert(canonicalFunction(Fn)).second)
      continue;
    const FunctionDecl *Def = getWrittenDefinition(Fn);
    if (!Def || !Def->hasBody())
      continue;
    LaunchApiFinder Finder;
    Finder.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    if (Finder.Found.isValid())
      return Finder.What + " at " + whereIs(A.workingCopy(), Finder.Found);
    const FunctionFacts &Facts = A.localFacts(Fn);
    Work.insert(Work.end(), Facts.Callees.begin(), Facts.Callees.end());
  }
  return std::nullopt;
}

} // namespace dpopt
