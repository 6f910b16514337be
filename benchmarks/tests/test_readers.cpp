//===- test_readers.cpp - Matrix Market, DIMACS and SNAP readers ---------===//

#include "readers.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace dpgraph;

namespace {

EdgeList parse(bool (*Reader)(std::istream &, EdgeList &, std::string &),
               const std::string &Text, bool ExpectOk = true) {
  std::istringstream In(Text);
  EdgeList L;
  std::string Err;
  bool Ok = Reader(In, L, Err);
  EXPECT_EQ(Ok, ExpectOk) << Err;
  return L;
}

} // namespace

TEST(MatrixMarket, GeneralRealWithComments) {
  EdgeList L =
      parse(readMatrixMarket, "%%MatrixMarket matrix coordinate real general\n"
                              "% a comment\n"
                              "%\n"
                              "3 4 3\n"
                              "1 1 0.5\n"
                              "3 4 -2e3\n"
                              "\n"
                              "2 3 1.0\n");
  EXPECT_EQ(L.NumVertices, 4);
  ASSERT_EQ(L.Edges.size(), 3u);
  EXPECT_EQ(L.Edges[1].Src, 2); // 1-based -> 0-based
  EXPECT_EQ(L.Edges[1].Dst, 3);
  EXPECT_FALSE(L.HasWeights); // real values are not kept as weights
  EXPECT_FALSE(L.Symmetric);
}

TEST(MatrixMarket, SymmetricPatternBuildsBothDirections) {
  EdgeList L = parse(readMatrixMarket,
                     "%%MatrixMarket matrix coordinate pattern symmetric\n"
                     "3 3 2\n"
                     "2 1\n"
                     "3 2\n");
  EXPECT_TRUE(L.Symmetric);
  BuildOptions O;
  O.Symmetrize = L.Symmetric;
  Csr G = buildCsr(static_cast<int32_t>(L.NumVertices), L.Edges, O);
  EXPECT_EQ(G.numEdges(), 4);
  EXPECT_TRUE(isSymmetric(G));
}

TEST(MatrixMarket, IntegerValuesAreWeights) {
  EdgeList L = parse(readMatrixMarket,
                     "%%MatrixMarket matrix coordinate integer general\n"
                     "2 2 1\n"
                     "1 2 7\n");
  EXPECT_TRUE(L.HasWeights);
  EXPECT_EQ(L.Edges[0].W, 7);
}

TEST(MatrixMarket, Errors) {
  parse(readMatrixMarket, "%%MatrixMarket matrix array real general\n2 2\n",
        false);
  parse(readMatrixMarket, "not a header\n", false);
  parse(readMatrixMarket,
        "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n",
        false); // too few entries
  parse(readMatrixMarket,
        "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n0 1\n",
        false); // 0 is not a valid 1-based index
}

TEST(Dimacs, ArcsAndWeights) {
  EdgeList L = parse(readDimacsGr, "c 9th DIMACS challenge style\n"
                                   "p sp 3 2\n"
                                   "c arcs\n"
                                   "a 1 2 10\n"
                                   "a 3 1 4\n");
  EXPECT_EQ(L.NumVertices, 3);
  ASSERT_EQ(L.Edges.size(), 2u);
  EXPECT_EQ(L.Edges[0].Src, 0);
  EXPECT_EQ(L.Edges[0].Dst, 1);
  EXPECT_EQ(L.Edges[0].W, 10);
  EXPECT_EQ(L.Edges[1].Src, 2);
  EXPECT_TRUE(L.HasWeights);
}

TEST(Dimacs, Errors) {
  parse(readDimacsGr, "a 1 2 3\n", false);             // arc before p
  parse(readDimacsGr, "p sp 2 2\na 1 2 3\n", false);   // count mismatch
  parse(readDimacsGr, "p sp 2 1\na 1 3 3\n", false);   // id out of range
  parse(readDimacsGr, "p sp 2 1\na 1 2 3.5\n", false); // non-integer weight
}

TEST(Snap, CommentsTabsAndZeroBasedIds) {
  EdgeList L = parse(readSnap, "# Directed graph\n"
                               "# FromNodeId\tToNodeId\n"
                               "0\t5\n"
                               "5 2\n"
                               "\n"
                               "3\t3\t1234567\n");
  EXPECT_EQ(L.NumVertices, 6);
  ASSERT_EQ(L.Edges.size(), 3u);
  EXPECT_EQ(L.Edges[0].Dst, 5);
  EXPECT_FALSE(L.HasWeights);
  parse(readSnap, "1 x\n", false);
  parse(readSnap, "-1 2\n", false);
}

TEST(Readers, FormatFromPath) {
  EXPECT_EQ(formatFromPath("a/b/cnr-2000.mtx"), TextFormat::MatrixMarket);
  EXPECT_EQ(formatFromPath("USA-road-d.NY.gr"), TextFormat::DimacsGr);
  EXPECT_EQ(formatFromPath("web-Google.txt"), TextFormat::Snap);
  EXPECT_EQ(formatFromPath("graph.bin"), TextFormat::Unknown);
}
