//===- TuningFileTest.cpp - Tests of the --tuning file reader ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/TuningFile.h"

#include "gtest/gtest.h"

using namespace dpopt;

namespace {

TEST(TuningFile, ReadsEntriesAndComments) {
  std::vector<Diagnostic> Diags;
  TuningFile TF = TuningFile::parse("t.txt",
                                    "# dpopt-tune\n"
                                    "\n"
                                    "bfs/cdp.cu:41:7 bfsChild skip(threshold) "
                                    "aggregate(grid)  # fastest\n"
                                    "  /abs/x.cu:3:12\tk coarsen(2)\r\n",
                                    Diags);
  EXPECT_TRUE(Diags.empty());
  ASSERT_EQ(TF.entries().size(), 2u);
  const TuningEntry &E = TF.entries()[0];
  EXPECT_EQ(E.File, "bfs/cdp.cu");
  EXPECT_EQ(E.Line, 41u);
  EXPECT_EQ(E.Column, 7u);
  EXPECT_EQ(E.Callee, "bfsChild");
  EXPECT_EQ(E.Controls.str(), "aggregate(grid) skip(threshold)");
  EXPECT_EQ(TF.entries()[1].File, "/abs/x.cu");
  EXPECT_EQ(TF.entries()[1].Controls.str(), "coarsen(2)");
}

TEST(TuningFile, ErrorsPointIntoTheFile) {
  std::vector<Diagnostic> Diags;
  TuningFile TF = TuningFile::parse("t.txt",
                                    "a.cu:1 k threshold(4)\n"
                                    "a.cu:1:2 k threshold(0)\n"
                                    "a.cu:1:2 k consldt(block) work(v)\n"
                                    "a.cu:1:2 k merge\n"
                                    "a.cu:1:2\n"
                                    "a.cu:0:2 k off\n",
                                    Diags);
  EXPECT_TRUE(TF.entries().empty());
  ASSERT_EQ(Diags.size(), 6u);
  EXPECT_EQ(Diags[0].Line, 1u);
  EXPECT_EQ(Diags[0].Column, 1u);
  EXPECT_EQ(Diags[1].Line, 2u);
  EXPECT_EQ(Diags[1].Column, 22u); // the 0
  EXPECT_EQ(Diags[2].Id, DiagId::TuningClauseNotAllowed);
  EXPECT_EQ(Diags[2].Column, 12u);
  EXPECT_EQ(Diags[3].Id, DiagId::TuningClauseNotAllowed);
  EXPECT_EQ(Diags[4].Id, DiagId::TuningSyntax);
  EXPECT_EQ(Diags[5].Id, DiagId::TuningSyntax);
  for (const Diagnostic &D : Diags) {
    EXPECT_EQ(D.File, "t.txt");
    EXPECT_EQ(D.Level, Severity::Error);
  }
}

TEST(TuningFile, NamesFileByTrailingComponents) {
  EXPECT_TRUE(TuningFile::namesFile("bfs/cdp.cu", "/w/benchmarks/bfs/cdp.cu"));
  EXPECT_TRUE(TuningFile::namesFile("cdp.cu", "/w/benchmarks/bfs/cdp.cu"));
  EXPECT_TRUE(
      TuningFile::namesFile("./bfs/../bfs/cdp.cu", "/w/benchmarks/bfs/cdp.cu"));
  EXPECT_FALSE(TuningFile::namesFile("sssp/cdp.cu", "/w/benchmarks/bfs/cdp.cu"));
  EXPECT_FALSE(TuningFile::namesFile("p.cu", "/w/benchmarks/bfs/cdp.cu"));
  EXPECT_FALSE(TuningFile::namesFile("x/w/benchmarks/bfs/cdp.cu",
                                     "/w/benchmarks/bfs/cdp.cu"));
  EXPECT_TRUE(TuningFile::namesFile("/w/b/../bfs.cu", "/w/bfs.cu"));
  EXPECT_FALSE(TuningFile::namesFile("/x/bfs.cu", "/w/bfs.cu"));
}

} // namespace
