//===- test_mst.cpp - Boruvka (mstf, mstv) CPU reference -----------------===//

#include "mstf/mstf.h"
#include "mstv/mstv.h"

#include "generators.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace dpgraph;

namespace {

MstBase::Input mstInput(Csr G) {
  MstBase::Input In;
  In.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(In.Graph, In.RowPtr, Err));
  EXPECT_TRUE(MstBase::buildKeys(In, Err)) << Err;
  return In;
}

Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

/// Kruskal with union-find over the same keys: forest weight and edges, and
/// one representative per vertex (its smallest connected vertex id).
struct Forest {
  long long Weight = 0, Edges = 0;
  std::vector<int> Smallest;
};

Forest kruskal(const MstBase::Input &In) {
  const Csr &G = In.Graph;
  std::vector<std::tuple<unsigned long long, int, int>> E;
  for (int U = 0; U < G.NumVertices; ++U)
    for (int64_t I = G.RowPtr[U]; I < G.RowPtr[U + 1]; ++I)
      if (U < G.Col[I])
        E.emplace_back(In.Key[I], U, G.Col[I]);
  std::sort(E.begin(), E.end());
  std::vector<int> P(G.NumVertices);
  std::iota(P.begin(), P.end(), 0);
  auto Find = [&](int X) {
    while (P[X] != X)
      X = P[X] = P[P[X]];
    return X;
  };
  Forest F;
  for (auto &[K, U, V] : E) {
    int A = Find(U), B = Find(V);
    if (A != B) {
      P[std::max(A, B)] = std::min(A, B); // root = smallest id
      F.Weight += static_cast<long long>(K >> 32);
      ++F.Edges;
    }
  }
  F.Smallest.resize(G.NumVertices);
  for (int V = 0; V < G.NumVertices; ++V)
    F.Smallest[V] = Find(V);
  return F;
}

/// Checks the reference's forest against Kruskal's: same weight and edge
/// count, and the component labels partition the vertices the same way.
void expectSameForest(const MstBase::Input &In) {
  std::vector<long long> R = MstBase::reference(In);
  Forest F = kruskal(In);
  ASSERT_GE(R.size(), 3u);
  EXPECT_EQ(R[0], F.Weight);
  EXPECT_EQ(R[1], F.Edges);
  const int N = In.Graph.NumVertices;
  const size_t Summary = 3 + 2 * R[2];
  ASSERT_EQ(R.size(), Summary + N);
  long long SumEdges = 0, SumWeight = 0;
  for (long long Round = 0; Round < R[2]; ++Round) {
    EXPECT_GT(R[3 + 2 * Round], 0); // every recorded round hooks something
    SumEdges += R[3 + 2 * Round];
    SumWeight += R[4 + 2 * Round];
  }
  EXPECT_EQ(SumEdges, R[1]);
  EXPECT_EQ(SumWeight, R[0]);
  EXPECT_LE(R[2], std::log2(std::max(N, 1)) + 1);
  // Same partition: label(u) == label(v) iff smallest(u) == smallest(v).
  std::map<long long, int> LabelToSmallest;
  for (int V = 0; V < N; ++V) {
    long long Label = R[Summary + V];
    EXPECT_EQ(R[Summary + Label], Label) << "label is not a member";
    auto [It, New] = LabelToSmallest.emplace(Label, F.Smallest[V]);
    EXPECT_EQ(It->second, F.Smallest[V]) << V;
  }
  std::set<int> Roots(F.Smallest.begin(), F.Smallest.end());
  EXPECT_EQ(LabelToSmallest.size(), Roots.size());
}

} // namespace

// 0-1 (w 4), 1-2 (w 1), 0-2 (w 3), 2-3 (w 2), 4-5 (w 7), 6 isolated.
// Forest: {1-2, 2-3, 0-2} weight 6 and {4-5} weight 7.
TEST(MstReference, SmallForestByHand) {
  MstBase::Input In = mstInput(
      undirected(7, {{0, 1, 4}, {1, 2, 1}, {0, 2, 3}, {2, 3, 2}, {4, 5, 7}}));
  std::vector<long long> R = MstBase::reference(In);
  EXPECT_EQ(R[0], 13);
  EXPECT_EQ(R[1], 4);
  // Round 1: 0->2 (3), 1<->2 (1), 3->2 (2), 4<->5 (7): 4 edges, weight 13.
  EXPECT_EQ(R[2], 1);
  EXPECT_EQ(R[3], 4);
  EXPECT_EQ(R[4], 13);
  // Mutual pairs: the smaller id is the root (1 for {1, 2}, 4 for {4, 5}).
  EXPECT_EQ(std::vector<long long>(R.begin() + 5, R.end()),
            (std::vector<long long>{1, 1, 1, 1, 4, 4, 6}));
  expectSameForest(In);
}

// Equal weights everywhere: ties are broken by edge id, and the forest is
// still a spanning tree.
TEST(MstReference, EqualWeightsOnACycle) {
  std::vector<Edge> E;
  for (int V = 0; V < 9; ++V)
    E.push_back({V, (V + 1) % 9, 5});
  MstBase::Input In = mstInput(undirected(9, E));
  std::vector<long long> R = MstBase::reference(In);
  EXPECT_EQ(R[0], 40);
  EXPECT_EQ(R[1], 8);
  expectSameForest(In);
}

TEST(MstReference, MatchesKruskalOnGeneratedGraphs) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 64;
  for (Csr G :
       {dpgen::generateKron(P), dpgen::generateWeb(P), dpgen::generateRoad(P)})
    expectSameForest(mstInput(G));
}

TEST(MstReference, RejectsAsymmetricInput) {
  MstBase::Input In;
  In.Graph = buildCsr(2, {{0, 1, 3}}, BuildOptions());
  std::string Err;
  EXPECT_FALSE(MstBase::buildKeys(In, Err));
  Csr G = undirected(2, {{0, 1, 3}});
  G.Weight[1] = 4;
  In.Graph = G;
  EXPECT_FALSE(MstBase::buildKeys(In, Err));
}

TEST(MstReference, CompareNamesThePart) {
  MstBase::Input In =
      mstInput(undirected(4, {{0, 1, 2}, {1, 2, 3}, {2, 3, 1}}));
  std::vector<long long> Ref = MstBase::reference(In);
  dpbench::Check C = MstfBench::compare(In, Ref, Ref);
  EXPECT_TRUE(C.Ok);
  EXPECT_NE(C.Detail.find("weight=6"), std::string::npos) << C.Detail;
  std::vector<long long> Bad = Ref;
  Bad.back() += 1;
  C = MstvBench::compare(In, Ref, Bad);
  EXPECT_FALSE(C.Ok);
  EXPECT_NE(C.Detail.find("component"), std::string::npos) << C.Detail;
  Bad = Ref;
  Bad[0] += 1;
  C = MstvBench::compare(In, Ref, Bad);
  EXPECT_FALSE(C.Ok);
  EXPECT_NE(C.Detail.find("weight/edges"), std::string::npos) << C.Detail;
  Bad.pop_back();
  EXPECT_FALSE(MstfBench::compare(In, Ref, Bad).Ok);
  EXPECT_STREQ(MstfBench::Name, "mstf");
  EXPECT_STREQ(MstvBench::Name, "mstv");
}
