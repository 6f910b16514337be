//===- AnalysisTestUtil.h - Parse a snippet of CUDA for a test --*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_TEST_ANALYSISTESTUTIL_H
#define DPOPT_TEST_ANALYSISTESTUTIL_H

#include "dpopt/Analysis/ProgramAnalysis.h"
#include "dpopt/Frontend/CudaInstallation.h"
#include "dpopt/Frontend/ParseSession.h"
#include "dpopt/Frontend/WorkingCopy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <memory>

namespace dpopt {
namespace test {

/// A snippet written to a temporary .cu file, parsed and analysed as dpopt
/// does it.
struct ParsedSnippet {
  std::string Path;
  std::unique_ptr<ParseSession> Session;
  std::unique_ptr<SourceText> Source;
  std::vector<Diagnostic> Diags;
  std::unique_ptr<WorkingCopy> WC;
  std::unique_ptr<ProgramAnalysis> Analysis;

  ~ParsedSnippet() {
    Analysis.reset();
    WC.reset();
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }

  const LaunchSite &site(unsigned Id) const {
    for (const LaunchSite &S : Analysis->sites())
      if (S.Id == Id)
        return S;
    ADD_FAILURE() << "no site " << Id;
    return Analysis->sites().front();
  }

  /// The kernel or function named \p Name, with a body.
  const clang::FunctionDecl *function(llvm::StringRef Name) const;

  std::string errors() const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    for (const Diagnostic &D : Diags)
      printDiagnostic(OS, D);
    return OS.str();
  }
};

/// Parses \p Code; returns null (and reports a skip reason) when no CUDA
/// toolkit is installed.
std::unique_ptr<ParsedSnippet> parseSnippet(llvm::StringRef Code,
                                            std::string &SkipReason);

} // namespace test
} // namespace dpopt

/// Parses Code into a local 'P', skipping the test when CUDA is missing.
#define DPOPT_PARSE(P, Code)                                                   \
  std::string P##Skip;                                                         \
  std::unique_ptr<::dpopt::test::ParsedSnippet> P =                            \
      ::dpopt::test::parseSnippet(Code, P##Skip);                              \
  if (!P)                                                                      \
    GTEST_SKIP() << P##Skip;                                                   \
  ASSERT_TRUE(P->Analysis) << P->errors()

#endif // DPOPT_TEST_ANALYSISTESTUTIL_H
