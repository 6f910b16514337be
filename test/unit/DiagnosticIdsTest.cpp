//===- DiagnosticIdsTest.cpp - Ids, their docs, and the policy -----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The ids of DiagnosticIds.def are unique, numbered by kind, documented in
// docs/diagnostics.md, and looked up from "DP3022" or "3022";
// --diag-suppress/--diag-warn/--diag-error change exactly the diagnostics
// they name, and refuse unknown ids and errors they cannot apply to.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/DiagnosticIds.h"
#include "dpopt/Passes/Remarks.h"
#include "dpopt/Support/DiagnosticPolicy.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <set>

using namespace dpopt;

namespace {

TEST(DiagnosticIds, CodesAreUniqueAndNumberedByKind) {
  std::set<unsigned> Numbers;
  std::set<std::string> Names;
  for (DiagId Id : allDiagIds()) {
    unsigned N = diagIdNumber(Id);
    EXPECT_TRUE(Numbers.insert(N).second) << "duplicate number " << N;
    EXPECT_TRUE(Names.insert(diagIdName(Id).str()).second);
    EXPECT_FALSE(diagIdSummary(Id).empty()) << diagIdCode(Id);
    DiagKind Expected = N < 1500   ? DiagKind::Error
                        : N < 2000 ? DiagKind::Warning
                        : N < 2500 ? DiagKind::Error
                        : N < 3000 ? DiagKind::Warning
                        : N < 4000 ? DiagKind::Missed
                        : N < 5000 ? DiagKind::Passed
                                   : DiagKind::Analysis;
    EXPECT_EQ(diagIdKind(Id), Expected) << diagIdCode(Id);
  }
}

TEST(DiagnosticIds, EveryIdIsDocumented) {
  auto Doc =
      llvm::MemoryBuffer::getFile(DPOPT_SOURCE_DOCS_DIR "/diagnostics.md");
  ASSERT_TRUE(Doc) << "docs/diagnostics.md is missing";
  llvm::StringRef Text = (*Doc)->getBuffer();
  for (DiagId Id : allDiagIds()) {
    // Each id has a heading of its own: "### DP3022 TailLaunchOrder".
    std::string Heading =
        "### " + diagIdCode(Id) + " " + diagIdName(Id).str() + "\n";
    EXPECT_TRUE(Text.contains(Heading)) << "not documented: " << Heading;
  }
}

TEST(DiagnosticIds, LookupByCode) {
  EXPECT_EQ(diagIdCode(DiagId::TailLaunchOrder), "DP3022");
  EXPECT_EQ(diagIdFromCode("DP3022"), DiagId::TailLaunchOrder);
  EXPECT_EQ(diagIdFromCode("3022"), DiagId::TailLaunchOrder);
  EXPECT_EQ(diagIdFromCode("dp3022"), DiagId::TailLaunchOrder);
  EXPECT_EQ(diagIdFromCode(" DP3022 "), DiagId::TailLaunchOrder);
  EXPECT_FALSE(diagIdFromCode("DP9999"));
  EXPECT_FALSE(diagIdFromCode("DP"));
  EXPECT_FALSE(diagIdFromCode(""));
  EXPECT_FALSE(diagIdFromCode("DP30x2"));
  EXPECT_FALSE(diagIdFromCode("-3022"));
}

TEST(DiagnosticIds, PrintedAfterTheOption) {
  Diagnostic D;
  D.Level = Severity::Remark;
  D.File = "a.cu";
  D.Line = 3;
  D.Column = 5;
  D.Message = "not thresholding";
  D.Option = "-Rpass-missed=threshold";
  D.Id = DiagId::TailLaunchOrder;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printDiagnostic(OS, D);
  EXPECT_EQ(Out, "a.cu:3:5: remark: not thresholding "
                 "[-Rpass-missed=threshold] [DP3022]\n");
}

TEST(DiagnosticIds, RemarksCarryTheirId) {
  RemarkEngine E;
  E.missed("threshold", UserLocation(), DiagId::SiblingLaunch, "why");
  E.passed("coarsen", UserLocation(), DiagId::CoarsenLaunchedClone, "done");
  ASSERT_EQ(E.remarks().size(), 2u);
  EXPECT_EQ(E.remarks()[0].Id, DiagId::SiblingLaunch);
  EXPECT_EQ(E.remarks()[1].Id, DiagId::CoarsenLaunchedClone);
}

std::string policyError(std::vector<std::string> S, std::vector<std::string> W,
                        std::vector<std::string> E) {
  llvm::Expected<DiagnosticPolicy> P = DiagnosticPolicy::parse(S, W, E);
  if (P)
    return "";
  return llvm::toString(P.takeError());
}

TEST(DiagnosticPolicy, RefusesUnknownIdsAndDemotedErrors) {
  EXPECT_EQ(policyError({"DP3022,DP9999"}, {}, {}),
            "unknown diagnostic id 'DP9999' in --diag-suppress "
            "(docs/diagnostics.md lists them) [DP2001]");
  EXPECT_EQ(policyError({}, {"1001"}, {}),
            "DP1001 is an error, which --diag-warn cannot demote [DP2002]");
  EXPECT_EQ(policyError({"DP1001"}, {}, {}),
            "DP1001 is an error, which --diag-suppress cannot suppress "
            "[DP2002]");
  EXPECT_EQ(policyError({"3022"}, {}, {"DP3022"}),
            "DP3022 is given to both --diag-suppress and --diag-error "
            "[DP2003]");
  EXPECT_EQ(policyError({"3022", "DP3023"}, {"DP1502"}, {"DP1001,3101"}), "");
  EXPECT_EQ(policyError({"DP3022,,DP3022"}, {}, {}), "") << "repeats are fine";
}

Diagnostic withId(Severity Level, std::optional<DiagId> Id) {
  Diagnostic D;
  D.Level = Level;
  D.Id = Id;
  return D;
}

TEST(DiagnosticPolicy, AppliesToTheNamedIdsOnly) {
  llvm::Expected<DiagnosticPolicy> P =
      DiagnosticPolicy::parse({"DP3022"}, {"DP3023,1502"}, {"DP3101"});
  ASSERT_TRUE(bool(P));
  // Remarks without an option show only with -R.
  Diagnostic D = withId(Severity::Remark, DiagId::SiblingLaunch);
  D.Id = DiagId::CoarsenLaunchedClone;
  EXPECT_FALSE(P->apply(D, /*ShowRemarks=*/false));
  EXPECT_TRUE(P->apply(D, /*ShowRemarks=*/true));
  EXPECT_EQ(D.Level, Severity::Remark);
  // Suppressed, even with -R.
  D = withId(Severity::Remark, DiagId::TailLaunchOrder);
  EXPECT_FALSE(P->apply(D, true));
  // Warned: shown without -R.
  D = withId(Severity::Remark, DiagId::SiblingLaunch);
  EXPECT_TRUE(P->apply(D, false));
  EXPECT_EQ(D.Level, Severity::Warning);
  // Promoted.
  D = withId(Severity::Remark, DiagId::ThresholdCalledFunction);
  EXPECT_TRUE(P->apply(D, false));
  EXPECT_EQ(D.Level, Severity::Error);
  // A warning stays a warning; clang's own diagnostics have no id.
  D = withId(Severity::Warning, DiagId::HiddenLaunch);
  EXPECT_TRUE(P->apply(D, false));
  EXPECT_EQ(D.Level, Severity::Warning);
  D = withId(Severity::Warning, std::nullopt);
  EXPECT_TRUE(P->apply(D, false));
}

TEST(DiagnosticPolicy, PrintingReportsPromotedErrors) {
  llvm::Expected<DiagnosticPolicy> P =
      DiagnosticPolicy::parse({}, {}, {"DP3101"});
  ASSERT_TRUE(bool(P));
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::vector<Diagnostic> Remarks{
      withId(Severity::Remark, DiagId::CoarsenLaunchedClone)};
  EXPECT_FALSE(printWithPolicy(OS, Remarks, *P, /*ShowRemarks=*/true));
  Remarks.push_back(withId(Severity::Remark, DiagId::ThresholdCalledFunction));
  EXPECT_TRUE(printWithPolicy(OS, Remarks, *P, /*ShowRemarks=*/false));
}

} // namespace
