//===- test_pagerank.cpp - PageRank CPU reference ------------------------===//

#include "pagerank/pagerank.h"

#include "generators.h"

#include <gtest/gtest.h>

using namespace dpgraph;

namespace {

PagerankBench::Input prInput(Csr G, int Iterations) {
  PagerankBench::Input In;
  In.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(In.Graph, In.RowPtr, Err));
  In.Iterations = Iterations;
  return In;
}

Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

} // namespace

TEST(PagerankReference, DampIsExactFloor) {
  for (unsigned long long S :
       {0ull, 1ull, 99ull, 100ull, 101ull, 12345678901ull, 1ull << 40,
        (1ull << 63) - 1, ~0ull}) {
    unsigned __int128 Want = static_cast<unsigned __int128>(S) * 85 / 100;
    EXPECT_EQ(prDamp(S), static_cast<unsigned long long>(Want)) << S;
  }
}

// 0 - 1 - 2 (path), 3 isolated. One iteration by hand:
//   sum0 = rank1 / 2 = 0.5, sum1 = rank0 + rank2 = 2, sum2 = 0.5, sum3 = 0.
TEST(PagerankReference, OneIterationByHand) {
  PagerankBench::Input In = prInput(undirected(4, {{0, 1, 1}, {1, 2, 1}}), 1);
  std::vector<double> R = PagerankBench::reference(In);
  ASSERT_EQ(R.size(), 4u);
  EXPECT_NEAR(R[0], 0.15 + 0.85 * 0.5, 1e-9);
  EXPECT_NEAR(R[1], 0.15 + 0.85 * 2.0, 1e-9);
  EXPECT_NEAR(R[2], R[0], 0);
  EXPECT_NEAR(R[3], 0.15, 1e-9);
  std::vector<unsigned long long> F = PagerankBench::fixedRanks(In);
  EXPECT_EQ(F[0], PrBase + prDamp(PrOne / 2));
  EXPECT_EQ(F[3], PrBase);
}

// On a cycle every vertex keeps rank 1 (up to the flooring of fixed point).
TEST(PagerankReference, CycleIsStationary) {
  std::vector<Edge> E;
  for (int V = 0; V < 10; ++V)
    E.push_back({V, (V + 1) % 10, 1});
  std::vector<double> R =
      PagerankBench::reference(prInput(undirected(10, E), 20));
  for (double X : R)
    EXPECT_NEAR(X, 1.0, 1e-7);
}

// A star: the hub gets 0.15 + 0.85 * (leaves' contributions); ranks sum to
// at most n and the hub ranks highest.
TEST(PagerankReference, StarHubRanksHighest) {
  std::vector<Edge> E;
  for (int V = 1; V < 50; ++V)
    E.push_back({0, V, 1});
  std::vector<double> R =
      PagerankBench::reference(prInput(undirected(50, E), 10));
  double Sum = 0;
  for (double X : R)
    Sum += X;
  EXPECT_LE(Sum, 50.0 + 1e-9);
  EXPECT_GT(R[0], R[1]);
  EXPECT_EQ(R[1], R[49]);
}

TEST(PagerankReference, CompareIsExact) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256;
  PagerankBench::Input In = prInput(dpgen::generateKron(P), 10);
  std::vector<double> Ref = PagerankBench::reference(In);
  EXPECT_TRUE(PagerankBench::compare(In, Ref, Ref).Ok);
  // One missing contribution of the smallest possible size (a hub's, 1/deg
  // of its rank damped) must be caught: any change of the fixed-point value.
  std::vector<double> Bad = Ref;
  Bad[7] = PagerankBench::toDouble(PagerankBench::fixedRanks(In)[7] - 1);
  dpbench::Check C = PagerankBench::compare(In, Ref, Bad);
  EXPECT_FALSE(C.Ok);
  EXPECT_NE(C.Detail.find("at 7"), std::string::npos) << C.Detail;
  EXPECT_EQ(PagerankBench::pendingLaunches(In), In.Graph.NumVertices);
}
