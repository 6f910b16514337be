//===- test_references.cpp - CPU references on hand-checked graphs -------===//

#include "bfs/bfs.h"
#include "bfsq/bfsq.h"
#include "spmv/spmv.h"
#include "sssp/sssp.h"
#include "ssspq/ssspq.h"

#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>

using namespace dpgraph;

namespace {

/// Undirected weighted graph from an edge list.
Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

template <class In> In graphInput(Csr G, int Source) {
  In I;
  I.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(I.Graph, I.RowPtr, Err));
  I.Source = Source;
  return I;
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
  Csr G =
      undirected(6, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {0, 4, 1}, {4, 2, 1}});
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

//   0 --4-- 1
//   |       |
//   1       1          5 (isolated)
//   |       |
//   2 --1-- 3 --7-- 4
TEST(SsspReference, Distances) {
  Csr G =
      undirected(6, {{0, 1, 4}, {0, 2, 1}, {2, 3, 1}, {1, 3, 1}, {3, 4, 7}});
  auto In = graphInput<SsspBench::Input>(G, 0);
  EXPECT_EQ(SsspBench::reference(In),
            (std::vector<int>{0, 3, 1, 2, 9, SsspInfinity}));
  auto From4 = graphInput<SsspBench::Input>(G, 4);
  EXPECT_EQ(SsspBench::reference(From4),
            (std::vector<int>{9, 8, 8, 7, 0, SsspInfinity}));
}

TEST(SsspReference, ZeroWeightsAndParallelPaths) {
  // Two routes 0->3: 0-1-3 (5 + 0) and 0-2-3 (2 + 2).
  Csr G = undirected(4, {{0, 1, 5}, {1, 3, 0}, {0, 2, 2}, {2, 3, 2}});
  auto In = graphInput<SsspBench::Input>(G, 0);
  EXPECT_EQ(SsspBench::reference(In), (std::vector<int>{0, 4, 2, 4}));
  std::vector<int> Bad = {0, 4, 2, 5};
  EXPECT_FALSE(SsspBench::compare(In, SsspBench::reference(In), Bad).Ok);
}

TEST(SsspReference, InfinityIsMemsetPattern) {
  int FromBytes;
  std::memset(&FromBytes, 0x7F, sizeof(FromBytes));
  EXPECT_EQ(FromBytes, SsspInfinity);
  int MinusOne;
  std::memset(&MinusOne, 0xFF, sizeof(MinusOne));
  EXPECT_EQ(MinusOne, BfsUnvisited);
}

// bfsq and ssspq are bfs and sssp over the flat peers' queues: the same
// inputs, references and checks, but their own names, which key result lines
// and reference-cache entries.
TEST(QueueBenchmarks, ReuseBfsAndSsspUnderOwnNames) {
  static_assert(std::is_same_v<BfsqBench::Input, BfsBench::Input>);
  static_assert(std::is_same_v<SsspqBench::Input, SsspBench::Input>);
  EXPECT_STREQ(BfsqBench::Name, "bfsq");
  EXPECT_STREQ(BfsBench::Name, "bfs");
  EXPECT_STREQ(SsspqBench::Name, "ssspq");
  EXPECT_STREQ(SsspBench::Name, "sssp");

  Csr G =
      undirected(6, {{0, 1, 4}, {0, 2, 1}, {2, 3, 1}, {1, 3, 1}, {3, 4, 7}});
  BfsBench::Input B = bfsInput(G, 0);
  EXPECT_EQ(BfsqBench::reference(B), BfsBench::reference(B));
  EXPECT_EQ(BfsqBench::pendingLaunches(B), 6);
  auto S = graphInput<SsspBench::Input>(G, 0);
  EXPECT_EQ(SsspqBench::reference(S),
            (std::vector<int>{0, 3, 1, 2, 9, SsspInfinity}));
  EXPECT_EQ(SsspqBench::pendingLaunches(S), 6);
}

namespace {

SpmvBench::Input spmvInput(Csr G) {
  SpmvBench::Input In;
  In.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(In.Graph, In.RowPtr, Err));
  for (int R = 0; R < In.Graph.NumVertices; ++R)
    for (int64_t E = In.Graph.RowPtr[R]; E < In.Graph.RowPtr[R + 1]; ++E)
      In.Val.push_back(spmvMatrixValue(R, In.Graph.Col[E]));
  for (int C = 0; C < In.Graph.NumVertices; ++C)
    In.X.push_back(spmvVectorValue(C));
  return In;
}

} // namespace

TEST(SpmvReference, RowSums) {
  // Rows: 0 -> {1, 2}, 1 -> {}, 2 -> {0}.
  Csr G = buildCsr(3, {{0, 1, 1}, {0, 2, 1}, {2, 0, 1}}, BuildOptions());
  SpmvBench::Input In = spmvInput(G);
  std::vector<float> Y = SpmvBench::reference(In);
  const float V01 = spmvMatrixValue(0, 1), V02 = spmvMatrixValue(0, 2);
  const float V20 = spmvMatrixValue(2, 0);
  EXPECT_EQ(Y[0], V01 * spmvVectorValue(1) + V02 * spmvVectorValue(2));
  EXPECT_EQ(Y[1], 0.0f);
  EXPECT_EQ(Y[2], V20 * spmvVectorValue(0));
}

TEST(SpmvReference, SyntheticValuesAreSmallIntegers) {
  for (int I = 0; I < 1000; ++I) {
    float V = spmvMatrixValue(I, 7 * I + 1), X = spmvVectorValue(I);
    EXPECT_TRUE(V >= 1 && V <= 4 && V == static_cast<int>(V));
    EXPECT_TRUE(X >= 1 && X <= 4 && X == static_cast<int>(X));
  }
}

TEST(SpmvReference, ToleranceCatchesOneMissingTermInALongRow) {
  // A 40,000-nonzero row: the largest rows of kron have tens of thousands.
  std::vector<Edge> E;
  for (int C = 1; C <= 40000; ++C)
    E.push_back({0, C, 1});
  Csr G = buildCsr(40001, E, BuildOptions());
  SpmvBench::Input In = spmvInput(G);
  std::vector<float> Ref = SpmvBench::reference(In);
  std::vector<float> Got = Ref;
  EXPECT_TRUE(SpmvBench::compare(In, Ref, Got).Ok);
  Got[0] -= spmvMatrixValue(0, 1) * spmvVectorValue(1); // drop one term
  EXPECT_FALSE(SpmvBench::compare(In, Ref, Got).Ok);
}
