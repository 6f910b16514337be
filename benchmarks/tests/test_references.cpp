//===- test_references.cpp - CPU references on hand-checked graphs -------===//

#include "bfs/bfs.h"

#include <gtest/gtest.h>

using namespace dpgraph;

namespace {

/// Undirected weighted graph from an edge list.
Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

BfsBench::Input bfsInput(Csr G, int Source) {
  BfsBench::Input In;
  In.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(In.Graph, In.RowPtr, Err));
  In.Source = Source;
  return In;
}

} // namespace

//   0 - 1 - 2 - 3      5 (isolated)
//    \     /
//      4
TEST(BfsReference, Levels) {
  Csr G = undirected(6, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {0, 4, 1}, {4, 2, 1}});
  std::vector<int> Level = BfsBench::reference(bfsInput(G, 0));
  EXPECT_EQ(Level, (std::vector<int>{0, 1, 2, 3, 1, BfsUnvisited}));
  std::vector<int> From3 = BfsBench::reference(bfsInput(G, 3));
  EXPECT_EQ(From3, (std::vector<int>{3, 2, 1, 0, 2, BfsUnvisited}));
}

TEST(BfsReference, DirectedEdgesAreFollowedOneWay) {
  Csr G = buildCsr(3, {{0, 1, 1}, {2, 1, 1}}, BuildOptions());
  EXPECT_EQ(BfsBench::reference(bfsInput(G, 0)),
            (std::vector<int>{0, 1, BfsUnvisited}));
}

TEST(BfsReference, CompareReportsMismatch) {
  Csr G = undirected(3, {{0, 1, 1}});
  BfsBench::Input In = bfsInput(G, 0);
  std::vector<int> Ref = BfsBench::reference(In);
  EXPECT_TRUE(BfsBench::compare(In, Ref, Ref).Ok);
  std::vector<int> Bad = Ref;
  Bad[2] = 4;
  EXPECT_FALSE(BfsBench::compare(In, Ref, Bad).Ok);
  EXPECT_EQ(BfsBench::pendingLaunches(In), 3);
}
