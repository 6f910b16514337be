//===- test_qt.cpp - Point sets, .dpp files and the QT reference ---------===//

#include "gen_points.h"
#include "qt/qt.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

dpgen::GenParams params(double Scale, uint64_t Seed = 1, int Threads = 0) {
  dpgen::GenParams P;
  P.Scale = Scale;
  P.Seed = Seed;
  P.Threads = Threads;
  return P;
}

QtBench::Input input(dppoints::PointSet P, int MaxDepth, int MinPoints) {
  QtBench::Input In;
  In.Points = std::move(P);
  In.MaxDepth = MaxDepth;
  In.MinPoints = MinPoints;
  return In;
}

bool onGrid(float V) {
  double Scaled = double(V) * 16777216.0;
  return V >= 0.0f && V < 1.0f && Scaled == std::floor(Scaled);
}

/// Checks the structure of a reference result independently of how it was
/// built: a permutation; each node's count is the sum of its children's;
/// each node's points lie in its cell; leaves are where the rules say.
void checkStructure(const QtBench::Input &In, const std::vector<int> &Out) {
  const dppoints::PointSet &P = In.Points;
  const int64_t N = P.size();
  ASSERT_EQ(static_cast<int64_t>(Out.size()), N + qtSlots(In.MaxDepth));
  std::vector<int> Perm(Out.begin(), Out.begin() + N);
  std::vector<int> Sorted = Perm;
  std::sort(Sorted.begin(), Sorted.end());
  for (int64_t I = 0; I < N; ++I)
    ASSERT_EQ(Sorted[I], I);
  const int *Count = Out.data() + N;
  ASSERT_EQ(Count[0], N);
  struct Walk {
    const QtBench::Input &In;
    const std::vector<int> &Perm;
    const int *Count;
    int64_t Leaves = 0;
    void visit(int64_t Node, int Begin, double X0, double Y0, double Size,
               int Depth) {
      const int C = Count[Node];
      for (int I = Begin; I < Begin + C; ++I) {
        int Pt = Perm[I];
        ASSERT_TRUE(In.Points.X[Pt] >= X0 && In.Points.X[Pt] < X0 + Size &&
                    In.Points.Y[Pt] >= Y0 && In.Points.Y[Pt] < Y0 + Size)
            << "point " << Pt << " outside node " << Node;
      }
      const bool Leaf = Depth == In.MaxDepth || C <= In.MinPoints;
      if (Leaf) {
        ++Leaves;
        if (Depth < In.MaxDepth)
          for (int Q = 0; Q < 4; ++Q)
            ASSERT_EQ(Count[4 * Node + 1 + Q], -1);
        return;
      }
      // Within a child, points keep their input order (stable partition).
      int Sum = 0, Start = Begin;
      for (int Q = 0; Q < 4; ++Q) {
        int CC = Count[4 * Node + 1 + Q];
        ASSERT_GE(CC, 0);
        Sum += CC;
        visit(4 * Node + 1 + Q, Start, X0 + (Q & 1) * Size / 2,
              Y0 + (Q >> 1) * Size / 2, Size / 2, Depth + 1);
        Start += CC;
      }
      ASSERT_EQ(Sum, C);
    }
  } W{In, Perm, Count};
  W.visit(0, 0, 0.0, 0.0, 1.0, 0);
  EXPECT_GE(W.Leaves, 1);
}

} // namespace

TEST(PointsGenerator, SizesRangesAndDeterminism) {
  for (auto Gen :
       {dpgen::generatePointsUniform, dpgen::generatePointsClustered}) {
    dppoints::PointSet A = Gen(params(1.0 / 16, 2, 1));
    dppoints::PointSet B = Gen(params(1.0 / 16, 2, 3));
    EXPECT_EQ(A.size(), 131072);
    EXPECT_EQ(A.X, B.X); // thread count does not matter
    EXPECT_EQ(A.Y, B.Y);
    EXPECT_EQ(dppoints::validatePoints(A), "");
    for (int64_t I = 0; I < A.size(); ++I) {
      ASSERT_TRUE(onGrid(A.X[I]) && onGrid(A.Y[I])) << I;
    }
    dppoints::PointSet C = Gen(params(1.0 / 16, 3, 1));
    EXPECT_NE(A.X, C.X);
  }
}

TEST(PointsGenerator, ClusteredIsDenserThanUniform) {
  // Largest share of points in one of the 64 x 64 cells.
  auto MaxCell = [](const dppoints::PointSet &P) {
    std::vector<int> Cells(64 * 64, 0);
    for (int64_t I = 0; I < P.size(); ++I)
      ++Cells[int(P.Y[I] * 64) * 64 + int(P.X[I] * 64)];
    return *std::max_element(Cells.begin(), Cells.end());
  };
  dppoints::PointSet U = dpgen::generatePointsUniform(params(1.0 / 16));
  dppoints::PointSet C = dpgen::generatePointsClustered(params(1.0 / 16));
  EXPECT_GT(MaxCell(C), 10 * MaxCell(U));
}

TEST(PointsFile, RoundTripAndRejects) {
  const std::string Path = ::testing::TempDir() + "/dpbench-test-points.dpp";
  dppoints::PointSet P;
  P.X = {0.0f, 0.5f, 0.999f};
  P.Y = {0.25f, 0.75f, 0.0f};
  std::string Err;
  ASSERT_TRUE(dppoints::writePoints(Path, P, Err)) << Err;
  dppoints::PointSet Q;
  ASSERT_TRUE(dppoints::readPoints(Path, Q, Err)) << Err;
  EXPECT_EQ(P.X, Q.X);
  EXPECT_EQ(P.Y, Q.Y);
  P.X[1] = 1.0f; // outside [0, 1)
  EXPECT_FALSE(dppoints::writePoints(Path, P, Err));
  std::remove(Path.c_str());
  EXPECT_FALSE(dppoints::readPoints(Path, Q, Err));
}

TEST(QtReference, HandExample) {
  // Cell centers at depth 0: (0.5, 0.5). MinPoints 1: a node with 2+ points
  // splits; MaxDepth 2.
  dppoints::PointSet P;
  P.X = {0.75f, 0.1f, 0.2f, 0.6f, 0.1f};
  P.Y = {0.75f, 0.1f, 0.3f, 0.2f, 0.1f};
  QtBench::Input In = input(P, 2, 1);
  std::vector<int> Out = QtBench::reference(In);
  checkStructure(In, Out);
  // Quadrant 0 holds points 1, 2, 4 (input order), quadrant 1 point 3,
  // quadrant 3 point 0. Inside quadrant 0 (center 0.25): 1 and 4 go to its
  // quadrant 0, 2 to its quadrant 2; {1, 4} sit at depth 2 = MaxDepth.
  EXPECT_EQ(std::vector<int>(Out.begin(), Out.begin() + 5),
            (std::vector<int>{1, 4, 2, 3, 0}));
  const int *Count = Out.data() + 5;
  EXPECT_EQ(Count[0], 5);
  EXPECT_EQ(std::vector<int>(Count + 1, Count + 5),
            (std::vector<int>{3, 1, 0, 1}));
  EXPECT_EQ(std::vector<int>(Count + 5, Count + 9),
            (std::vector<int>{2, 0, 1, 0})); // children of node 1
  EXPECT_EQ(Count[9], -1);                   // node 2 is a leaf
  EXPECT_TRUE(QtBench::compare(In, Out, Out).Ok);
  std::vector<int> Bad = Out;
  std::swap(Bad[0], Bad[1]);
  EXPECT_FALSE(QtBench::compare(In, Out, Bad).Ok);
  Bad = Out;
  Bad[5 + 9] = 0;
  EXPECT_FALSE(QtBench::compare(In, Out, Bad).Ok);
}

TEST(QtReference, StructureOnGeneratedPoints) {
  for (auto Gen :
       {dpgen::generatePointsUniform, dpgen::generatePointsClustered}) {
    QtBench::Input In = input(Gen(params(1.0 / 256)), 10, 32);
    std::vector<int> Out = QtBench::reference(In);
    checkStructure(In, Out);
    QtTree T = qtBuildReference(In.Points, In.MaxDepth, In.MinPoints);
    EXPECT_GE(T.Internal, 1);
    EXPECT_LE(T.Internal, QtBench::pendingLaunches(In));
  }
}

TEST(QtReference, SlotsAndPendingBound) {
  EXPECT_EQ(qtSlots(0), 1);
  EXPECT_EQ(qtSlots(1), 5);
  EXPECT_EQ(qtSlots(10), 1398101);
  QtBench::Input In;
  In.Points.X.assign(330, 0.5f);
  In.Points.Y.assign(330, 0.5f);
  In.MaxDepth = 3;
  In.MinPoints = 32; // at most 330 / 33 = 10 internal nodes per level
  EXPECT_EQ(QtBench::pendingLaunches(In), 1 + 4 + 10);
}
