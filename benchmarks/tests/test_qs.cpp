//===- test_qs.cpp - The QS reference, launch bound and decomposition ----===//

#include "gen_array.h"
#include "qs/qs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>

namespace {

dpgen::GenParams params(double Scale, uint64_t Seed = 1) {
  dpgen::GenParams P;
  P.Scale = Scale;
  P.Seed = Seed;
  return P;
}

QsBench::Input input(std::vector<int32_t> Values) {
  QsBench::Input In;
  In.Array.Values = std::move(Values);
  return In;
}

/// What the kernels' recursion does, without the GPU's order of values
/// inside a side (this model keeps them in input order, the kernels in the
/// order warps reserve room): the same pivot rule, cutoffs and launches.
struct QsModel {
  int64_t Launches = 0;
  int DeepestGrid = 0;      ///< Depth of the deepest grid (host: 0).
  int64_t DepthLimited = 0; ///< Segments sorted serially only for depth.
  std::vector<int32_t> Side;

  void sort(std::vector<int32_t> &A, int Lo, int Hi, int Depth) {
    DeepestGrid = std::max(DeepestGrid, Depth);
    const int N = Hi - Lo;
    if (N <= QsCutoff || Depth >= QsMaxDepth) {
      DepthLimited += N > QsCutoff;
      std::sort(A.begin() + Lo, A.begin() + Hi);
      return;
    }
    std::vector<int32_t> Sample(QsSampleSize);
    for (int I = 0; I < QsSampleSize; ++I)
      Sample[I] = A[Lo + static_cast<int64_t>(I) * N / QsSampleSize];
    std::nth_element(Sample.begin(), Sample.begin() + QsSampleSize / 2,
                     Sample.end());
    const int32_t Pivot = Sample[QsSampleSize / 2];
    Side.clear();
    for (int I = Lo; I < Hi; ++I)
      if (A[I] < Pivot)
        Side.push_back(A[I]);
    const int Less = static_cast<int>(Side.size());
    for (int I = Lo; I < Hi; ++I)
      if (A[I] > Pivot)
        Side.push_back(A[I]);
    const int Greater = static_cast<int>(Side.size()) - Less;
    ASSERT_LT(Less + Greater, N); // The pivot is one of the values.
    std::copy(Side.begin(), Side.begin() + Less, A.begin() + Lo);
    std::fill(A.begin() + Lo + Less, A.begin() + Hi - Greater, Pivot);
    std::copy(Side.begin() + Less, Side.end(), A.begin() + Hi - Greater);
    if (Less > 1) {
      ++Launches;
      sort(A, Lo, Lo + Less, Depth + 1);
    }
    if (Greater > 1) {
      ++Launches;
      sort(A, Hi - Greater, Hi, Depth + 1);
    }
  }
};

} // namespace

TEST(QsReference, HandExample) {
  QsBench::Input In = input({5, -3, 5, 0, INT_MAX, INT_MIN, 5, 1});
  std::vector<int> Ref = QsBench::reference(In);
  EXPECT_EQ(Ref, (std::vector<int>{INT_MIN, -3, 0, 1, 5, 5, 5, INT_MAX}));
  EXPECT_TRUE(QsBench::compare(In, Ref, Ref).Ok);
  std::vector<int> Bad = Ref;
  std::swap(Bad[3], Bad[4]);
  dpbench::Check C = QsBench::compare(In, Ref, Bad);
  EXPECT_FALSE(C.Ok);
  EXPECT_NE(C.Detail.find("element"), std::string::npos) << C.Detail;
  EXPECT_FALSE(QsBench::compare(In, Ref, std::vector<int>(7, 0)).Ok);
  EXPECT_EQ(QsBench::describe(In), "n=8 min=-2147483648 max=2147483647");
}

TEST(QsReference, EmptyAndSmall) {
  EXPECT_TRUE(QsBench::reference(input({})).empty());
  EXPECT_EQ(QsBench::reference(input({7})), (std::vector<int>{7}));
  EXPECT_EQ(QsBench::reference(input({2, 2, 1, 2})),
            (std::vector<int>{1, 2, 2, 2}));
}

TEST(QsReference, PendingLaunchBound) {
  // No segment above the cutoff: no partition, no launch.
  EXPECT_EQ(QsBench::pendingLaunches(input({})), 0);
  EXPECT_EQ(QsBench::pendingLaunches(input(std::vector<int32_t>(QsCutoff))), 0);
  // One partition at most per depth: two launched grids per depth.
  EXPECT_EQ(QsBench::maxChildSegments(2 * QsCutoff + 1), 2);
  EXPECT_EQ(
      QsBench::pendingLaunches(input(std::vector<int32_t>(2 * QsCutoff + 1))),
      2LL * QsMaxDepth);
  // Full scale, the number in qs.h: 2 + 4 + .. + 2^16, then 130,816 per
  // depth for depths 17..20.
  EXPECT_EQ(QsBench::maxChildSegments(int64_t(1) << 25), 130816);
  QsBench::Input Full;
  Full.Array.Values.resize(size_t(1) << 25);
  EXPECT_EQ(QsBench::pendingLaunches(Full), 654334);
}

/// The decomposition on the generated datasets: it sorts, it never needs
/// the depth limit (a serial sort of a large segment would be slow), the
/// launches stay within the pending-launch bound and the nesting within
/// CDP's 24 levels.
TEST(QsDecomposition, DatasetsStayWithinLimits) {
  for (double Scale : {1.0 / 256, 1.0 / 16}) {
    const dparray::IntArray Arrays[] = {
        dpgen::generateIntsUniform(params(Scale)),
        dpgen::generateIntsDups(params(Scale)),
        dpgen::generateIntsSorted(params(Scale))};
    for (const dparray::IntArray &A : Arrays) {
      QsBench::Input In;
      In.Array = A;
      std::vector<int32_t> Values = A.Values;
      QsModel M;
      M.sort(Values, 0, static_cast<int>(Values.size()), 0);
      EXPECT_EQ(Values, QsBench::reference(In)) << "scale " << Scale;
      EXPECT_EQ(M.DepthLimited, 0) << "scale " << Scale;
      EXPECT_LT(M.DeepestGrid, QsMaxDepth) << "scale " << Scale;
      EXPECT_LE(M.Launches, QsBench::pendingLaunches(In)) << "scale " << Scale;
      EXPECT_GT(M.Launches, 0) << "scale " << Scale;
    }
  }
}
