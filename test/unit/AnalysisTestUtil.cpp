//===- AnalysisTestUtil.cpp - Parse a snippet of CUDA for a test ---------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/AST/MainFileVisitor.h"

#include "llvm/ADT/SmallString.h"

namespace dpopt {
namespace test {
namespace {

class FunctionFinder : public MainFileVisitor<FunctionFinder> {
public:
  FunctionFinder(const clang::SourceManager &SM, llvm::StringRef Name)
      : MainFileVisitor(SM), Name(Name) {}
  bool VisitFunctionDecl(clang::FunctionDecl *FD) {
    if (!Found && FD->getName() == Name && FD->doesThisDeclarationHaveABody())
      Found = FD;
    return true;
  }
  llvm::StringRef Name;
  const clang::FunctionDecl *Found = nullptr;
};

} // namespace

const clang::FunctionDecl *ParsedSnippet::function(llvm::StringRef Name) const {
  FunctionFinder F(WC->unit().getSourceManager(), Name);
  F.TraverseDecl(WC->unit().getASTContext().getTranslationUnitDecl());
  EXPECT_TRUE(F.Found) << "no function " << Name.str();
  return F.Found;
}

std::unique_ptr<ParsedSnippet> parseSnippet(llvm::StringRef Code,
                                            std::string &SkipReason) {
  llvm::Expected<CudaInstallation> Cuda = findCudaInstallation("");
  if (!Cuda) {
    SkipReason = "no CUDA toolkit: " + llvm::toString(Cuda.takeError());
    return nullptr;
  }
  auto P = std::make_unique<ParsedSnippet>();
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("dpopt-test", "cu", FD, Path)) {
    ADD_FAILURE() << "cannot create a temporary file";
    return P;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Code;
  }
  P->Path = std::string(Path);
  ParseConfig Config;
  Config.MainFile = P->Path;
  Config.Cuda = *Cuda;
  Config.ResourceDir = DPOPT_CLANG_RESOURCE_DIR;
  Config.ClangPath = DPOPT_CLANG_EXECUTABLE;
  Config.RuntimeDir = DPOPT_SOURCE_RUNTIME_DIR;
  Config.RuntimeHeaders = allRuntimeHeaders().vec();
  llvm::Expected<std::unique_ptr<ParseSession>> S =
      ParseSession::create(Config);
  if (!S) {
    ADD_FAILURE() << llvm::toString(S.takeError());
    return P;
  }
  P->Session = std::move(*S);
  P->Source = std::make_unique<SourceText>(P->Path, Code.str());
  llvm::Expected<std::unique_ptr<WorkingCopy>> WC =
      WorkingCopy::create(*P->Session, *P->Source, P->Diags);
  if (!WC) {
    ADD_FAILURE() << llvm::toString(WC.takeError());
    return P;
  }
  P->WC = std::move(*WC);
  if (P->WC)
    P->Analysis = std::make_unique<ProgramAnalysis>(*P->WC);
  return P;
}

} // namespace test
} // namespace dpopt
