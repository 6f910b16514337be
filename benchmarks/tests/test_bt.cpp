//===- test_bt.cpp - Bezier tessellation: format, reference, datasets -----===//

#include "bt/bt.h"
#include "gen_bezier.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <unistd.h>

using dpgen::GenParams;

namespace {

dpbez::LineSet lines(int MaxTess, float Scale, std::vector<float> Ctrl) {
  dpbez::LineSet S;
  S.MaxTess = MaxTess;
  S.CurvatureScale = Scale;
  S.Ctrl = std::move(Ctrl);
  return S;
}

GenParams params(double Scale, int Threads = 0, uint64_t Seed = 1) {
  GenParams P;
  P.Scale = Scale;
  P.Threads = Threads;
  P.Seed = Seed;
  return P;
}

/// The count as nvcc may compute it: Dx * Dx + Dy * Dy contracted into
/// fma(Dx, Dx, Dy * Dy) (and the same for the chord).
int countWithFma(const float *C, int MaxTess, float Scale) {
  float Dx = C[2] - 0.5f * (C[0] + C[4]);
  float Dy = C[3] - 0.5f * (C[1] + C[5]);
  float Cx = C[4] - C[0], Cy = C[5] - C[1];
  float Dev = std::sqrt(std::fma(Dx, Dx, Dy * Dy));
  float Chord = std::sqrt(std::fma(Cx, Cx, Cy * Cy));
  float X = Dev / std::max(Chord, dpbez::MinChord) * Scale;
  return static_cast<int>(
      std::min(std::max(std::ceil(X), 4.0f), static_cast<float>(MaxTess)));
}

int countInDouble(const float *C, int MaxTess, float Scale) {
  double X = dpbez::curvature<double>(C) * Scale;
  return static_cast<int>(
      std::min(std::max(std::ceil(X), 4.0), static_cast<double>(MaxTess)));
}

} // namespace

TEST(BtReference, TessellationCount) {
  // Chord (0,0)-(1,0); the middle point's distance from (0.5, 0) is the
  // curvature.
  auto Count = [](float MidY, int MaxTess, float Scale) {
    float C[6] = {0, 0, 0.5f, MidY, 1, 0};
    return dpbez::tessellationCount(C, MaxTess, Scale);
  };
  EXPECT_EQ(Count(0.0f, 32, 16), 4);   // straight: the minimum
  EXPECT_EQ(Count(0.125f, 32, 16), 4); // ceil(2) -> 4
  EXPECT_EQ(Count(0.5f, 32, 16), 8);   // 0.5 * 16
  EXPECT_EQ(Count(0.53f, 32, 16), 9);  // ceil(8.48)
  EXPECT_EQ(Count(1.0f, 32, 16), 16);
  EXPECT_EQ(Count(3.0f, 32, 16), 32); // 48 -> capped
  EXPECT_EQ(Count(3.0f, 2048, 64), 192);
  EXPECT_EQ(Count(100.0f, 2048, 64), 2048);
  float Degenerate[6] = {0.3f, 0.3f, 0.5f, 0.5f, 0.3f, 0.3f}; // no chord
  EXPECT_EQ(dpbez::tessellationCount(Degenerate, 2048, 64), 2048);
  float Point[6] = {0.3f, 0.3f, 0.3f, 0.3f, 0.3f, 0.3f}; // 0 / MinChord
  EXPECT_EQ(dpbez::tessellationCount(Point, 2048, 64), 4);
}

TEST(BtReference, PointsAndSlices) {
  // Line 0: straight (4 points); line 1: curvature 0.5 * 16 = 8 points.
  BtBench::Input In = BtBench::fromLines(
      lines(32, 16, {0, 0, 0.5f, 0, 1, 0, 0, 0, 0.5f, 0.5f, 1, 0}));
  ASSERT_EQ(In.Offset, (std::vector<int>{0, 4, 12}));
  EXPECT_EQ(BtBench::pendingLaunches(In), 2);
  std::vector<float> P = BtBench::reference(In);
  ASSERT_EQ(P.size(), 24u);
  // Line 0 at t = 0, 1/3, 2/3, 1 along the x axis.
  for (int I = 0; I < 4; ++I) {
    EXPECT_NEAR(P[2 * I], I / 3.0, 1e-7);
    EXPECT_EQ(P[2 * I + 1], 0.0f);
  }
  // Line 1: B(t) = (t, 2 (1-t) t 0.5) = (t, t - t^2); ends are exact.
  for (int I = 0; I < 8; ++I) {
    double T = I / 7.0;
    EXPECT_NEAR(P[8 + 2 * I], T, 1e-6);
    EXPECT_NEAR(P[8 + 2 * I + 1], T - T * T, 1e-6);
  }
  EXPECT_EQ(P[8], 0.0f);
  EXPECT_EQ(P[22], 1.0f);
  EXPECT_EQ(P[23], 0.0f);
}

TEST(BtReference, CompareCatchesWrongAndMissingPoints) {
  BtBench::Input In =
      BtBench::fromLines(dpgen::generateBezierT2048(params(1.0 / 256)));
  std::vector<float> Ref = BtBench::reference(In);
  EXPECT_TRUE(BtBench::compare(In, Ref, Ref).Ok);
  std::vector<float> Got = Ref;
  Got[Got.size() / 2] += 2e-5f;
  EXPECT_FALSE(BtBench::compare(In, Ref, Got).Ok);
  Got = Ref;
  Got[3] = std::nanf(""); // what reset() leaves in an unwritten point
  EXPECT_FALSE(BtBench::compare(In, Ref, Got).Ok);
  // A child that used t = i / n instead of i / (n - 1), on any line.
  for (int L : {0, In.NumLines / 2, In.NumLines - 1}) {
    Got = Ref;
    const float *C = &In.Lines.Ctrl[6 * L];
    int N = BtBench::count(In, L);
    BtBench::point(C, N - 1, N + 1, &Got[2 * (In.Offset[L] + N - 1)]);
    EXPECT_FALSE(BtBench::compare(In, Ref, Got).Ok) << "line " << L;
  }
}

TEST(BtReference, RejectsBadInput) {
  EXPECT_THROW(BtBench::fromLines(lines(2, 16, {})), dpbench::InputError);
  EXPECT_THROW(BtBench::fromLines(lines(32, 0, {})), dpbench::InputError);
  EXPECT_THROW(BtBench::fromLines(lines(32, 16, {0, 0, 1})),
               dpbench::InputError);
  EXPECT_THROW(BtBench::fromLines(lines(32, 16, {0, 0, NAN, 0, 1, 1})),
               dpbench::InputError);
}

TEST(BezierFormat, RoundTripAndErrors) {
  dpbez::LineSet S = lines(2048, 64, {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f});
  std::vector<char> Bytes = dpbez::serialize(S);
  dpbez::LineSet T;
  std::string Err;
  ASSERT_TRUE(dpbez::parse(Bytes, T, Err)) << Err;
  EXPECT_EQ(T.MaxTess, 2048);
  EXPECT_EQ(T.CurvatureScale, 64.0f);
  EXPECT_EQ(T.Ctrl, S.Ctrl);
  std::vector<char> Short(Bytes.begin(), Bytes.end() - 4);
  EXPECT_FALSE(dpbez::parse(Short, T, Err));
  std::vector<char> BadMagic = Bytes;
  BadMagic[0] = 'X';
  EXPECT_FALSE(dpbez::parse(BadMagic, T, Err));
}

TEST(BezierGenerator, RegisteredAndReadable) {
  for (const char *Name : {"bezier-t32", "bezier-t2048"}) {
    const dpgen::Generator *G = dpgen::findGenerator(Name);
    ASSERT_NE(G, nullptr) << Name;
    // The GPU smoke test names every dataset *.dpg: the loader must go by
    // content.
    std::string Path = ::testing::TempDir() + "/bt-" + Name + "-" +
                       std::to_string(getpid()) + ".dpg";
    std::string Err;
    ASSERT_TRUE(G->Write(params(1.0 / 256), Path, Err)) << Err;
    dpbench::Options O;
    O.Input = Path;
    BtBench::Input In = BtBench::load(O);
    EXPECT_EQ(In.NumLines, 78);
    std::remove(Path.c_str());
  }
}

TEST(BezierGenerator, DeterministicForAnyThreadCount) {
  dpbez::LineSet A = dpgen::generateBezierT2048(params(1.0 / 16, 1));
  dpbez::LineSet B = dpgen::generateBezierT2048(params(1.0 / 16, 3));
  EXPECT_EQ(dpbez::serialize(A), dpbez::serialize(B));
  dpbez::LineSet C = dpgen::generateBezierT2048(params(1.0 / 16, 0, 2));
  EXPECT_NE(A.Ctrl, C.Ctrl);
}

TEST(BezierGenerator, ShapesAndRobustCounts) {
  // Full scale is cheap (20,000 lines); README "Datasets" quotes these.
  struct Case {
    dpbez::LineSet S;
    int MaxTess;
    float Scale;
    long long MinPoints, MaxPoints;
  };
  Case Cases[] = {
      {dpgen::generateBezierT32(params(1)), 32, 16, 300000, 360000},
      {dpgen::generateBezierT2048(params(1)), 2048, 64, 1500000, 2000000}};
  for (const Case &K : Cases) {
    ASSERT_EQ(K.S.numLines(), 20000);
    EXPECT_EQ(K.S.MaxTess, K.MaxTess);
    EXPECT_EQ(K.S.CurvatureScale, K.Scale);
    for (float V : K.S.Ctrl) {
      ASSERT_GE(V, 0.0f);
      ASSERT_LE(V, 1.0f);
    }
    BtBench::Input In = BtBench::fromLines(K.S);
    long long Total = BtBench::totalPoints(In);
    EXPECT_GE(Total, K.MinPoints);
    EXPECT_LE(Total, K.MaxPoints);
    int Min = K.MaxTess, Max = 0;
    for (int L = 0; L < In.NumLines; ++L) {
      const float *C = &K.S.Ctrl[6 * L];
      int N = BtBench::count(In, L);
      Min = std::min(Min, N);
      Max = std::max(Max, N);
      // Host float, fma-contracted float and double agree on every line.
      ASSERT_EQ(N, countWithFma(C, K.MaxTess, K.Scale)) << "line " << L;
      ASSERT_EQ(N, countInDouble(C, K.MaxTess, K.Scale)) << "line " << L;
      ASSERT_TRUE(dpgen::tessellationCountIsRobust(
          dpbez::curvature<double>(C) * K.Scale, K.MaxTess));
    }
    EXPECT_EQ(Min, 4);
    EXPECT_EQ(Max, K.MaxTess); // the irregular tail reaches the cap
  }
}

TEST(BezierGenerator, QuickScale) {
  EXPECT_EQ(dpgen::generateBezierT32(params(1.0 / 16)).numLines(), 1250);
  EXPECT_EQ(dpgen::generateBezierT2048(params(1.0 / 256)).numLines(), 78);
}
