//===- test_graph.cpp - CSR construction and the .dpg format -------------===//

#include "graph.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <unistd.h>

using namespace dpgraph;

namespace {

std::vector<int32_t> row(const Csr &G, int32_t V) {
  return std::vector<int32_t>(G.Col.begin() + G.RowPtr[V],
                              G.Col.begin() + G.RowPtr[V + 1]);
}

} // namespace

TEST(Graph, BuildSortsDedupesAndDropsSelfLoops) {
  std::vector<Edge> E = {{0, 2, 5}, {0, 1, 7}, {0, 2, 3}, {1, 1, 1}, {2, 0, 4}};
  BuildOptions O;
  Csr G = buildCsr(3, E, O);
  EXPECT_EQ(validateGraph(G), "");
  EXPECT_EQ(row(G, 0), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(row(G, 1), (std::vector<int32_t>{}));
  EXPECT_EQ(row(G, 2), (std::vector<int32_t>{0}));
  // The duplicate (0,2) keeps the smallest weight.
  EXPECT_EQ(G.Weight[G.RowPtr[0] + 1], 3);
  EXPECT_FALSE(G.Symmetric);
}

TEST(Graph, SymmetrizeAddsReverseEdges) {
  std::vector<Edge> E = {{0, 1, 2}, {1, 2, 9}, {2, 2, 1}};
  BuildOptions O;
  O.Symmetrize = true;
  Csr G = buildCsr(3, E, O);
  EXPECT_EQ(G.numEdges(), 4);
  EXPECT_TRUE(G.Symmetric);
  EXPECT_TRUE(isSymmetric(G));
  EXPECT_EQ(row(G, 1), (std::vector<int32_t>{0, 2}));
}

TEST(Graph, KeepSelfLoopsWhenAsked) {
  BuildOptions O;
  O.RemoveSelfLoops = false;
  O.Symmetrize = true;
  Csr G = buildCsr(2, {{1, 1, 1}, {0, 1, 1}}, O);
  EXPECT_EQ(row(G, 1), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(computeStats(G).SelfLoops, 1);
}

TEST(Graph, OutOfRangeEdgeThrows) {
  EXPECT_THROW(buildCsr(2, {{0, 2, 1}}, BuildOptions()), std::out_of_range);
}

TEST(Graph, HashWeightsAreSymmetricAndInRange) {
  BuildOptions O;
  O.Symmetrize = true;
  O.Weighted = false;
  Csr G = buildCsr(5, {{0, 1, 0}, {1, 2, 0}, {3, 4, 0}, {0, 4, 0}}, O);
  EXPECT_FALSE(G.weighted());
  assignHashWeights(G, 42, 100);
  ASSERT_TRUE(G.weighted());
  EXPECT_TRUE(isSymmetric(G));
  for (int32_t W : G.Weight) {
    EXPECT_GE(W, 1);
    EXPECT_LE(W, 100);
  }
}

TEST(Graph, SerializeRoundTrip) {
  BuildOptions O;
  O.Symmetrize = true;
  Csr G = buildCsr(4, {{0, 1, 3}, {1, 2, 4}, {2, 3, 5}}, O);
  std::vector<char> Bytes = serializeGraph(G);
  EXPECT_EQ(Bytes.size(), 32u + 5 * 8 + 6 * 8);
  Csr H;
  std::string Err;
  ASSERT_TRUE(deserializeGraph(Bytes, H, Err)) << Err;
  EXPECT_EQ(H.NumVertices, G.NumVertices);
  EXPECT_EQ(H.RowPtr, G.RowPtr);
  EXPECT_EQ(H.Col, G.Col);
  EXPECT_EQ(H.Weight, G.Weight);
  EXPECT_TRUE(H.Symmetric);
}

TEST(Graph, UnweightedRoundTripThroughFile) {
  Csr G = buildCsr(3, {{0, 1, 0}, {0, 2, 0}}, [] {
    BuildOptions O;
    O.Weighted = false;
    return O;
  }());
  std::string Path = testing::TempDir() + "/dpbench_graph_" +
                     std::to_string(getpid()) + ".dpg";
  std::string Err;
  ASSERT_TRUE(writeGraph(Path, G, Err)) << Err;
  Csr H;
  ASSERT_TRUE(readGraph(Path, H, Err)) << Err;
  std::remove(Path.c_str());
  EXPECT_FALSE(H.weighted());
  EXPECT_EQ(H.Col, G.Col);
}

TEST(Graph, RejectsCorruptFiles) {
  Csr G = buildCsr(3, {{0, 1, 1}, {1, 2, 1}}, BuildOptions());
  std::vector<char> Bytes = serializeGraph(G);
  Csr H;
  std::string Err;
  std::vector<char> BadMagic = Bytes;
  BadMagic[0] = 'X';
  EXPECT_FALSE(deserializeGraph(BadMagic, H, Err));
  std::vector<char> Short(Bytes.begin(), Bytes.end() - 4);
  EXPECT_FALSE(deserializeGraph(Short, H, Err));
  std::vector<char> BadId = Bytes;
  int32_t Huge = 99;
  std::memcpy(BadId.data() + 32 + 4 * 8, &Huge, 4); // first column id
  EXPECT_FALSE(deserializeGraph(BadId, H, Err));
  EXPECT_NE(Err.find("out of range"), std::string::npos);
}

TEST(Graph, StatsAndMaxDegreeVertex) {
  BuildOptions O;
  O.Symmetrize = true;
  Csr G = buildCsr(5, {{0, 1, 1}, {2, 1, 1}, {3, 1, 1}, {3, 0, 1}}, O);
  GraphStats S = computeStats(G);
  EXPECT_EQ(S.NumEdges, 8);
  EXPECT_EQ(S.MaxDegree, 3);
  EXPECT_EQ(S.MinDegree, 0);
  EXPECT_EQ(S.Isolated, 1);
  EXPECT_EQ(maxDegreeVertex(G), 1);
  std::vector<int32_t> Off;
  std::string Err;
  ASSERT_TRUE(offsets32(G, Off, Err));
  EXPECT_EQ(Off.back(), 8);
}
