//===- test_bench_core.cpp - Options, result line, comparison, cache ----===//

#include "bench_core.h"

#include <gtest/gtest.h>

#include <unistd.h>

using namespace dpbench;

namespace {

bool parse(std::vector<std::string> Args, Options &O, std::string &Err,
           const std::string &Bench = "bfs") {
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(&A[0]);
  return parseArgs(static_cast<int>(Argv.size()), Argv.data(), Bench, O, Err);
}

} // namespace

TEST(Options, DefaultsAndNames) {
  Options O;
  std::string Err;
  ASSERT_TRUE(
      parse({"/x/build/bin/bfs_cdp", "--input", "data/kron.dpg"}, O, Err))
      << Err;
  EXPECT_EQ(O.Variant, "cdp");
  EXPECT_EQ(O.Dataset, "kron");
  EXPECT_EQ(O.Runs, 7);
  EXPECT_EQ(O.Warmup, 1);
  EXPECT_EQ(O.PendingLaunches, -1);
  Options G;
  ASSERT_TRUE(parse({"bfs_rec_none", "--input", "k.dpg"}, G, Err, "bfs_rec"));
  EXPECT_EQ(G.Variant, "none");
}

TEST(Options, AllFlags) {
  Options O;
  std::string Err;
  ASSERT_TRUE(parse({"bfs_flat", "--input", "a.dpg", "--dataset", "kron",
                     "--variant", "T", "--runs", "3", "--warmup", "0",
                     "--ref-cache", "/tmp/r", "--pending-launches", "100000",
                     "--max-seconds", "2.5", "--param", "source=5"},
                    O, Err))
      << Err;
  EXPECT_EQ(O.Variant, "T");
  EXPECT_EQ(O.Dataset, "kron");
  EXPECT_EQ(O.Runs, 3);
  EXPECT_EQ(O.Warmup, 0);
  EXPECT_EQ(O.RefCache, "/tmp/r");
  EXPECT_EQ(O.PendingLaunches, 100000);
  EXPECT_EQ(O.MaxSeconds, 2.5);
  EXPECT_EQ(O.paramInt("source", -1), 5);
  EXPECT_EQ(O.paramInt("other", -1), -1);
}

TEST(Options, Errors) {
  Options O;
  std::string Err;
  EXPECT_FALSE(parse({"bfs_cdp"}, O, Err)); // --input missing
  EXPECT_FALSE(parse({"bfs_cdp", "--input", "a", "--runs", "x"}, O, Err));
  EXPECT_FALSE(parse({"bfs_cdp", "--input", "a", "--runs", "0"}, O, Err));
  EXPECT_FALSE(parse({"bfs_cdp", "--input", "a", "--bogus", "1"}, O, Err));
  EXPECT_FALSE(parse({"bfs_cdp", "--input"}, O, Err));
  EXPECT_FALSE(parse({"bfs_cdp", "--input", "a", "--param", "x"}, O, Err));
  EXPECT_FALSE(
      parse({"bfs_cdp", "--input", "a", "--max-seconds", "-1"}, O, Err));
  Options H;
  EXPECT_TRUE(parse({"bfs_cdp", "--help"}, H, Err));
  EXPECT_TRUE(H.Help);
}

TEST(Stats, MedianMinMax) {
  Stats S = summarize({3, 1, 2});
  EXPECT_EQ(S.Median, 2);
  EXPECT_EQ(S.Min, 1);
  EXPECT_EQ(S.Max, 3);
  EXPECT_EQ(summarize({4, 1, 3, 2}).Median, 2.5);
}

TEST(Report, PassLine) {
  Report R;
  R.Bench = "bfs";
  R.Variant = "cdp";
  R.Dataset = "kron";
  R.Status = "PASS";
  R.TimesMs = {2.0, 1.0, 3.0};
  R.GpuMemMb = 12.25;
  R.Gpu = "NVIDIA H100";
  R.Detail = "n=5 \"quoted\"\nnext";
  EXPECT_EQ(formatReport(R),
            "DPBENCH bench=bfs variant=cdp dataset=kron status=PASS "
            "median_ms=2.0000 min_ms=1.0000 max_ms=3.0000 runs=3 "
            "gpu_mem_mb=12.2 gpu=\"NVIDIA H100\" detail=\"n=5 'quoted' "
            "next\"");
}

TEST(Report, FailHasNoTime) {
  Report R;
  R.Bench = "bfs";
  R.Variant = "cdp";
  R.Dataset = "kron";
  R.Status = "FAIL";
  R.TimesMs = {1.0};
  std::string Line = formatReport(R);
  EXPECT_NE(Line.find("median_ms=NA min_ms=NA max_ms=NA runs=0"),
            std::string::npos);
}

TEST(Compare, Exact) {
  EXPECT_TRUE(compareExact<int>({1, 2, 3}, {1, 2, 3}, "x").Ok);
  Check C = compareExact<int>({1, 2, 3}, {1, 5, 6}, "level");
  EXPECT_FALSE(C.Ok);
  EXPECT_EQ(C.Detail, "level: 2 of 3 differ; first at 1: got 5 expected 2");
  EXPECT_FALSE(compareExact<int>({1}, {1, 2}, "x").Ok);
}

TEST(Compare, Relative) {
  EXPECT_TRUE(
      compareRelative<float>({0, 100, 1e6f}, {0, 100.00001f, 1e6f}, 1e-6, "y")
          .Ok);
  EXPECT_FALSE(compareRelative<float>({1e6f}, {1e6f + 1}, 1e-7, "y").Ok);
  EXPECT_FALSE(compareRelative<float>({1}, {NAN}, 1, "y").Ok);
  EXPECT_FALSE(compareRelative<float>({0}, {0.5f}, 1e-6, "y").Ok);
}

TEST(RefCache, RoundTripAndStaleKey) {
  std::string Dir = testing::TempDir();
  std::string Path = refCachePath(Dir, "bfs", "kron/x", "key1");
  EXPECT_NE(Path.find("bfs-kron_x-"), std::string::npos);
  std::vector<int> Values = {1, -1, 7};
  ASSERT_TRUE(saveRef(Path, "key1", Values));
  std::vector<int> Loaded;
  ASSERT_TRUE(loadRef(Path, "key1", Loaded));
  EXPECT_EQ(Loaded, Values);
  EXPECT_FALSE(loadRef(Path, "key2", Loaded));
  std::vector<float> Wrong;
  EXPECT_TRUE(loadRef(Path, "key1", Wrong) == false ||
              sizeof(float) == sizeof(int)); // same size: allowed
  std::vector<double> WrongSize;
  EXPECT_FALSE(loadRef(Path, "key1", WrongSize));
  std::remove(Path.c_str());
  EXPECT_FALSE(loadRef(Path, "key1", Loaded));
}

TEST(RefCache, KeyNamesFileAndParams) {
  Options O;
  O.Input = "/nonexistent/file.dpg";
  O.Params["source"] = "3";
  std::string Key = refCacheKey("sssp", O);
  EXPECT_NE(Key.find("bench=sssp"), std::string::npos);
  EXPECT_NE(Key.find("source=3"), std::string::npos);
}
