//===- PragmaParserTest.cpp - Tests of the '#pragma dp' grammar ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Pragma/PragmaDirective.h"

#include "gtest/gtest.h"

using namespace dpopt;

namespace {

PragmaDirective parseOk(std::string_view Text) {
  auto R = parsePragmaClauses(Text);
  if (auto *E = std::get_if<PragmaError>(&R)) {
    ADD_FAILURE() << "unexpected error at " << E->Offset << ": " << E->Message
                  << " for '" << Text << "'";
    return {};
  }
  return std::get<PragmaDirective>(R);
}

PragmaError parseError(std::string_view Text) {
  auto R = parsePragmaClauses(Text);
  if (auto *E = std::get_if<PragmaError>(&R))
    return *E;
  ADD_FAILURE() << "expected an error for '" << Text << "'";
  return {};
}

TEST(PragmaParser, Consolidation) {
  PragmaDirective D = parseOk("consldt(block) buffer(default, 256) work(node)");
  ASSERT_TRUE(D.Consolidate);
  EXPECT_EQ(*D.Consolidate, Granularity::Block);
  ASSERT_TRUE(D.Buffer);
  EXPECT_EQ(D.Buffer->Type, BufferSpec::Kind::Default);
  EXPECT_EQ(D.Buffer->PerBufferSize, 256u);
  EXPECT_FALSE(D.Buffer->TotalSize);
  ASSERT_EQ(D.Work.size(), 1u);
  EXPECT_EQ(D.Work[0], "node");
  EXPECT_EQ(D.side(), ClauseSide::Device);
}

TEST(PragmaParser, PaperSpellingAndAllConsolidationClauses) {
  PragmaDirective D = parseOk(
      "consltdt(grid) buffer(custom, numChildren, 1048576) work(a, b) threads(256) blocks(64)");
  EXPECT_EQ(*D.Consolidate, Granularity::Grid);
  EXPECT_EQ(D.Buffer->Type, BufferSpec::Kind::Custom);
  EXPECT_EQ(D.Buffer->PerBufferSizeVar, "numChildren");
  EXPECT_FALSE(D.Buffer->PerBufferSize);
  EXPECT_EQ(D.Buffer->TotalSize, 1048576u);
  EXPECT_EQ(D.Work, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(D.Threads, 256u);
  EXPECT_EQ(D.Blocks, 64u);
  EXPECT_EQ(D.str(), "consldt(grid) buffer(custom, numChildren, 1048576) "
                     "work(a, b) threads(256) blocks(64)");
}

TEST(PragmaParser, SiteControls) {
  PragmaDirective D = parseOk("threshold(128) coarsen(8) aggregate(multiblock:4) "
                              "agg_threshold(0) remove_launch(T3)");
  EXPECT_EQ(D.Threshold, 128u);
  EXPECT_EQ(D.Coarsen, 8u);
  EXPECT_EQ(D.Aggregate->Level, Granularity::MultiBlock);
  EXPECT_EQ(D.Aggregate->GroupBlocks, 4u);
  EXPECT_EQ(D.AggThreshold, 0u);
  EXPECT_EQ(D.RemoveLaunch, RemoveLaunchMode::T3);
  EXPECT_EQ(D.str(), "threshold(128) coarsen(8) aggregate(multiblock:4) "
                     "agg_threshold(0) remove_launch(T3)");
}

TEST(PragmaParser, AggregateLevels) {
  EXPECT_EQ(parseOk("aggregate(warp)").Aggregate->Level, Granularity::Warp);
  EXPECT_EQ(parseOk("aggregate(block)").Aggregate->Level, Granularity::Block);
  EXPECT_EQ(parseOk("aggregate(grid)").Aggregate->Level, Granularity::Grid);
  PragmaDirective M = parseOk("aggregate( multiblock )");
  EXPECT_EQ(M.Aggregate->Level, Granularity::MultiBlock);
  EXPECT_FALSE(M.Aggregate->GroupBlocks);
}

TEST(PragmaParser, RemoveLaunchModes) {
  EXPECT_EQ(parseOk("remove_launch(auto)").RemoveLaunch, RemoveLaunchMode::Auto);
  EXPECT_EQ(parseOk("remove_launch(T1)").RemoveLaunch, RemoveLaunchMode::T1);
  EXPECT_EQ(parseOk("remove_launch(T4)").RemoveLaunch, RemoveLaunchMode::T4);
}

TEST(PragmaParser, OffAndMergeStandAlone) {
  PragmaDirective Off = parseOk("off");
  EXPECT_TRUE(Off.Off);
  EXPECT_EQ(Off.side(), ClauseSide::Any);
  PragmaDirective Merge = parseOk("merge");
  EXPECT_TRUE(Merge.Merge);
  EXPECT_EQ(Merge.side(), ClauseSide::Any);
}

TEST(PragmaParser, HexAndWhitespace) {
  PragmaDirective D = parseOk("  threshold ( 0x40 )\tcoarsen(4)  ");
  EXPECT_EQ(D.Threshold, 64u);
  EXPECT_EQ(D.Coarsen, 4u);
}

TEST(PragmaParser, ErrorsPointAtTheProblem) {
  PragmaError E = parseError("threshold(64) frobnicate(3)");
  EXPECT_EQ(E.Offset, 14u);
  EXPECT_NE(E.Message.find("unknown clause 'frobnicate'"), std::string::npos);

  E = parseError("threshold 64");
  EXPECT_EQ(E.Offset, 10u);
  EXPECT_NE(E.Message.find("expected '('"), std::string::npos);

  E = parseError("threshold(64");
  EXPECT_EQ(E.Offset, 12u);
  EXPECT_NE(E.Message.find("expected ')'"), std::string::npos);

  E = parseError("coarsen(x)");
  EXPECT_EQ(E.Offset, 8u);
  EXPECT_NE(E.Message.find("expected an integer"), std::string::npos);

  E = parseError("threshold(12abc)");
  EXPECT_EQ(E.Offset, 10u);
  EXPECT_NE(E.Message.find("invalid integer"), std::string::npos);

  E = parseError("coarsen(0)");
  EXPECT_EQ(E.Offset, 8u);
  EXPECT_NE(E.Message.find("out of range"), std::string::npos);

  E = parseError("threshold(99999999999999999999999)");
  EXPECT_EQ(E.Offset, 10u);

  E = parseError("threshold(4) threshold(8)");
  EXPECT_EQ(E.Offset, 13u);
  EXPECT_NE(E.Message.find("duplicate 'threshold'"), std::string::npos);

  E = parseError("aggregate(block:4)");
  EXPECT_EQ(E.Offset, 15u);
  E = parseError("aggregate(team)");
  EXPECT_EQ(E.Offset, 10u);
  E = parseError("remove_launch(T5)");
  EXPECT_EQ(E.Offset, 14u);
  E = parseError("consldt(multiblock) work(x)");
  EXPECT_EQ(E.Offset, 8u);
  E = parseError("buffer(halloc) consldt(block) work(x)");
  EXPECT_NE(E.Message.find("halloc"), std::string::npos);
  E = parseError("threshold(4) $");
  EXPECT_EQ(E.Offset, 13u);
}

TEST(PragmaParser, RulesBetweenClauses) {
  PragmaError E = parseError("");
  EXPECT_NE(E.Message.find("expected a clause"), std::string::npos);
  E = parseError("off threshold(4)");
  EXPECT_EQ(E.Offset, 0u);
  EXPECT_NE(E.Message.find("'off' cannot be combined"), std::string::npos);
  E = parseError("threshold(4) merge");
  EXPECT_EQ(E.Offset, 13u);
  E = parseError("off(1)");
  EXPECT_EQ(E.Offset, 3u);
  E = parseError("work(x)");
  EXPECT_NE(E.Message.find("requires a 'consldt'"), std::string::npos);
  E = parseError("consldt(warp)");
  EXPECT_NE(E.Message.find("requires a 'work'"), std::string::npos);
  E = parseError("consldt(warp) work(x, x)");
  EXPECT_NE(E.Message.find("appears twice"), std::string::npos);
}

TEST(PragmaParser, StrRoundTrips) {
  for (const char *Text :
       {"threshold(1)", "coarsen(2147483647)", "aggregate(grid) agg_threshold(32)",
        "consldt(warp) buffer(default) work(v)", "merge", "off",
        "consldt(block) buffer(custom, 64) work(a, b, c) threads(128)"}) {
    PragmaDirective D = parseOk(Text);
    EXPECT_EQ(D.str(), Text);
    PragmaDirective Again = parseOk(D.str());
    EXPECT_EQ(Again.str(), D.str());
  }
}

TEST(PragmaParser, MergingTwoPragmasOnOneLaunch) {
  PragmaDirective A = parseOk("threshold(64)");
  EXPECT_EQ(A.mergeFrom(parseOk("coarsen(8)")), "");
  EXPECT_EQ(A.str(), "threshold(64) coarsen(8)");
  EXPECT_EQ(A.ruleViolation(), "");
  EXPECT_EQ(A.mergeFrom(parseOk("threshold(32)")), "threshold");

  PragmaDirective B = parseOk("threshold(64)");
  EXPECT_EQ(B.mergeFrom(parseOk("off")), "");
  EXPECT_NE(B.ruleViolation().find("'off'"), std::string::npos);
}

} // namespace

namespace {

TEST(PragmaParser, SkipNamesPassesInCanonicalOrder) {
  PragmaDirective D = parseOk("skip(aggregate, threshold) coarsen(4)");
  EXPECT_TRUE(D.skips("threshold"));
  EXPECT_TRUE(D.skips("aggregate"));
  EXPECT_FALSE(D.skips("coarsen"));
  EXPECT_TRUE(D.hasSiteClauses());
  EXPECT_EQ(D.str(), "coarsen(4) skip(threshold, aggregate)");
  EXPECT_EQ(parseOk(D.str()).str(), D.str());
}

TEST(PragmaParser, SkipErrors) {
  PragmaError E = parseError("skip(merge)");
  EXPECT_EQ(E.Offset, 5u);
  EXPECT_NE(E.Message.find("not 'merge'"), std::string::npos);
  E = parseError("skip(coarsen, coarsen)");
  EXPECT_EQ(E.Offset, 14u);
  E = parseError("skip()");
  EXPECT_NE(E.Message.find("expected a pass name"), std::string::npos);
  // Skipping a pass and setting how it transforms the launch contradict.
  E = parseError("threshold(64) skip(threshold)");
  EXPECT_EQ(E.Offset, 14u);
  EXPECT_NE(E.Message.find("'threshold'"), std::string::npos);
  parseError("skip(aggregate) agg_threshold(4)");
  parseError("skip(aggregate) aggregate(grid)");
  parseError("skip(coarsen) coarsen(2)");
  E = parseError("off skip(coarsen)");
  EXPECT_NE(E.Message.find("'off'"), std::string::npos);
}

TEST(PragmaParser, SkipAcrossTwoPragmas) {
  PragmaDirective A = parseOk("threshold(64)");
  EXPECT_EQ(A.mergeFrom(parseOk("skip(threshold)")), "");
  EXPECT_NE(A.ruleViolation().find("skip(threshold)"), std::string::npos);
  PragmaDirective B = parseOk("skip(coarsen)");
  EXPECT_EQ(B.mergeFrom(parseOk("skip(aggregate)")), "skip");
}

} // namespace
