//===- StatsTest.cpp - --stats' CSV reads back what it wrote -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Report/Stats.h"

#include "gtest/gtest.h"

using namespace dpopt;

namespace {

TEST(Stats, CsvRoundTrips) {
  // A batch's processes hand their rows to it as CSV: every field must
  // come back, a file name with a comma and a quote included.
  FileStats A;
  A.File = "src/odd, \"name\".cu";
  A.Rewritten = true;
  A.HostSites = 1;
  A.DeviceSites = 4;
  A.Transformed[{"threshold", "DP4101"}] = 3;
  A.LeftAlone = 2;
  A.Reasons[{"aggregate", "DP3824"}] = 1;
  A.Reasons[{"-", "host"}] = 1;
  A.RuntimeHeaders = {"dpopt/runtime.cuh"};
  FileStats B;
  B.File = "failed.cu";
  std::string Csv;
  llvm::raw_string_ostream OS(Csv);
  writeStatsCsv(OS, {A, B}, /*WithTotal=*/false);
  OS.flush();
  llvm::Expected<std::vector<FileStats>> Read = readStatsCsv(Csv);
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  ASSERT_EQ(Read->size(), 2u);
  const FileStats &R = (*Read)[0];
  EXPECT_EQ(R.File, A.File);
  EXPECT_TRUE(R.Rewritten);
  EXPECT_EQ(R.HostSites, 1u);
  EXPECT_EQ(R.DeviceSites, 4u);
  EXPECT_EQ(R.Transformed, A.Transformed);
  EXPECT_EQ(R.LeftAlone, 2u);
  EXPECT_EQ(R.Reasons, A.Reasons);
  EXPECT_EQ(R.RuntimeHeaders, A.RuntimeHeaders);
  EXPECT_FALSE((*Read)[1].Rewritten);
}

TEST(Stats, TotalCountsRewrittenFiles) {
  FileStats A, B, C;
  A.File = "a.cu";
  A.Rewritten = true;
  A.DeviceSites = 2;
  B.File = "b.cu";
  B.Rewritten = true;
  B.DeviceSites = 3;
  C.File = "c.cu"; // not rewritten: not in the total
  C.DeviceSites = 7;
  std::string Csv;
  llvm::raw_string_ostream OS(Csv);
  writeStatsCsv(OS, {A, B, C});
  OS.flush();
  EXPECT_NE(Csv.find("TOTAL,rewritten,,,2\n"), std::string::npos) << Csv;
  EXPECT_NE(Csv.find("TOTAL,sites_device,,,5\n"), std::string::npos) << Csv;
}

TEST(Stats, BadRowsAreErrors) {
  for (const char *Row :
       {"a.cu,sites_host,,,x\n", "a.cu,bogus,,,1\n", "a.cu,sites_host,1\n"}) {
    llvm::Expected<std::vector<FileStats>> R = readStatsCsv(Row);
    EXPECT_FALSE(static_cast<bool>(R)) << Row;
    if (!R)
      llvm::consumeError(R.takeError());
  }
}

} // namespace
