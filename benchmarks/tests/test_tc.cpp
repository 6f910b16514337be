//===- test_tc.cpp - Triangle counting CPU reference ---------------------===//

#include "tc/tc.h"

#include "generators.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace dpgraph;

namespace {

TcBench::Input tcInput(Csr G) {
  TcBench::Input In;
  In.Graph = std::move(G);
  TcBench::orient(In);
  return In;
}

Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

/// Triangles by checking every vertex triple (tiny graphs only).
unsigned long long bruteForce(const Csr &G) {
  auto Adjacent = [&](int U, int V) {
    return std::binary_search(G.Col.begin() + G.RowPtr[U],
                              G.Col.begin() + G.RowPtr[U + 1], V);
  };
  unsigned long long Count = 0;
  for (int U = 0; U < G.NumVertices; ++U)
    for (int V = U + 1; V < G.NumVertices; ++V)
      if (Adjacent(U, V))
        for (int W = V + 1; W < G.NumVertices; ++W)
          Count += Adjacent(U, W) && Adjacent(V, W);
  return Count;
}

} // namespace

// K4 (4 triangles) plus a pendant edge and an isolated vertex.
TEST(TcReference, CompleteGraphPlusPendant) {
  Csr G = undirected(6, {{0, 1, 1},
                         {0, 2, 1},
                         {0, 3, 1},
                         {1, 2, 1},
                         {1, 3, 1},
                         {2, 3, 1},
                         {3, 4, 1}});
  TcBench::Input In = tcInput(G);
  EXPECT_EQ(In.OutCol.size(), 7u); // Every undirected edge once.
  std::vector<unsigned long long> C = TcBench::reference(In);
  EXPECT_EQ(TcBench::total(C), 4u);
  // Order (degree, id): 5, 4, 0, 1, 2, 3; 0 is the lowest vertex of the
  // three triangles it is in, 1 of the remaining one (1, 2, 3).
  EXPECT_EQ(C, (std::vector<unsigned long long>{3, 1, 0, 0, 0, 0}));
}

TEST(TcReference, MatchesBruteForceOnGeneratedGraphs) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256;
  for (Csr G : {dpgen::generateKron(P), dpgen::generateWeb(P)}) {
    if (G.NumVertices > 3000) // keep the O(n^3) check cheap
      continue;
    TcBench::Input In = tcInput(G);
    unsigned long long Want = bruteForce(In.Graph);
    EXPECT_GT(Want, 0u);
    EXPECT_EQ(TcBench::total(TcBench::reference(In)), Want);
  }
}

TEST(TcReference, OrientationBoundsOutDegree) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 16;
  TcBench::Input In = tcInput(dpgen::generateKron(P));
  EXPECT_EQ(static_cast<int64_t>(In.OutCol.size()) * 2, In.Graph.numEdges());
  EXPECT_LE(In.MaxOutDegree,
            std::sqrt(static_cast<double>(In.Graph.numEdges())) + 1);
  for (int U = 0; U < In.Graph.NumVertices; ++U)
    EXPECT_TRUE(std::is_sorted(In.OutCol.begin() + In.OutPtr[U],
                               In.OutCol.begin() + In.OutPtr[U + 1]));
}

TEST(TcReference, CompareReportsTotals) {
  TcBench::Input In = tcInput(undirected(3, {{0, 1, 1}, {1, 2, 1}, {0, 2, 1}}));
  std::vector<unsigned long long> Ref = TcBench::reference(In);
  dpbench::Check Ok = TcBench::compare(In, Ref, Ref);
  EXPECT_TRUE(Ok.Ok);
  EXPECT_EQ(Ok.Detail, "triangles=1");
  std::vector<unsigned long long> Bad = Ref;
  Bad[0] += 1;
  EXPECT_FALSE(TcBench::compare(In, Ref, Bad).Ok);
}
