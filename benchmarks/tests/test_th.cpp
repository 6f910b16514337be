//===- test_th.cpp - Trees: generator, tree file checks, TH reference ----===//

#include "gen_tree.h"
#include "th/th.h"

#include <gtest/gtest.h>

using namespace dpgraph;

namespace {

dpgen::GenParams params(double Scale, uint64_t Seed = 1) {
  dpgen::GenParams P;
  P.Scale = Scale;
  P.Seed = Seed;
  return P;
}

dptree::Tree tree(Csr G) {
  dptree::Tree T;
  std::string Err;
  EXPECT_TRUE(dptree::makeTree(std::move(G), T, Err)) << Err;
  return T;
}

/// Directed children lists from (parent, child) pairs.
Csr childLists(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Weighted = false;
  return buildCsr(N, E, O);
}

// Children: 0 -> {1, 2, 3}, 1 -> {4, 5}, 3 -> {6}, 4 -> {7}.
Csr handTree() {
  return childLists(8, {{0, 1, 0},
                        {0, 2, 0},
                        {0, 3, 0},
                        {1, 4, 0},
                        {1, 5, 0},
                        {3, 6, 0},
                        {4, 7, 0}});
}

} // namespace

TEST(Tree, MakeTreeComputesParentsDepthsAndOrder) {
  dptree::Tree T = tree(handTree());
  EXPECT_EQ(T.Parent, (std::vector<int32_t>{-1, 0, 0, 0, 1, 1, 3, 4}));
  EXPECT_EQ(T.Depth, (std::vector<int32_t>{0, 1, 1, 1, 2, 2, 2, 3}));
  EXPECT_EQ(T.Order.size(), 8u);
  EXPECT_EQ(T.Order.front(), 0);
  EXPECT_EQ(T.Height, 3);
  EXPECT_EQ(T.Internal, 4);
  EXPECT_EQ(T.MaxChildren, 3);
  EXPECT_EQ(T.ChildPtr.size(), 9u);
}

TEST(Tree, MakeTreeRejectsNonTrees) {
  dptree::Tree T;
  std::string Err;
  // Node 2 has two parents.
  EXPECT_FALSE(dptree::makeTree(
      childLists(3, {{0, 1, 0}, {0, 2, 0}, {1, 2, 0}}), T, Err));
  // The root is somebody's child.
  EXPECT_FALSE(dptree::makeTree(childLists(2, {{0, 1, 0}, {1, 0, 0}}), T, Err));
  // A cycle 1 -> 2 -> 1 unreachable from the root.
  EXPECT_FALSE(dptree::makeTree(childLists(3, {{1, 2, 0}, {2, 1, 0}}), T, Err));
  EXPECT_NE(Err.find("reachable"), std::string::npos);
  // A single node is a tree.
  EXPECT_TRUE(dptree::makeTree(childLists(1, {}), T, Err));
}

TEST(ThReference, Heights) {
  ThBench::Input In;
  In.Tree = tree(handTree());
  std::vector<int> Ref = ThBench::reference(In);
  EXPECT_EQ(Ref, (std::vector<int>{3, 2, 0, 1, 1, 0, 0, 0}));
  EXPECT_TRUE(ThBench::compare(In, Ref, Ref).Ok);
  std::vector<int> Bad = Ref;
  Bad[3] = 2;
  EXPECT_FALSE(ThBench::compare(In, Ref, Bad).Ok);
  EXPECT_EQ(ThBench::pendingLaunches(In), 4);
}

TEST(TreeGenerator, ShapesFollowTheDatasetDefinitions) {
  struct Case {
    Csr (*Gen)(const dpgen::GenParams &);
    int Levels, MinChildren, MaxChildren;
    bool AllExpanded;
  };
  for (const Case &C : {Case{dpgen::generateTreeD1, 4, 128, 256, false},
                        Case{dpgen::generateTreeD2, 5, 32, 128, true}}) {
    dptree::Tree T = tree(C.Gen(params(1.0 / 256)));
    EXPECT_EQ(T.Height, C.Levels - 1);
    EXPECT_EQ(T.Children.degree(0), (C.MinChildren + C.MaxChildren) / 2);
    int64_t Unexpanded = 0, Candidates = 0;
    for (int32_t V = 0; V < T.numNodes(); ++V) {
      int64_t D = T.Children.degree(V);
      if (D > 0) {
        EXPECT_GE(D, C.MinChildren);
        EXPECT_LE(D, C.MaxChildren);
      }
      // Breadth-first numbering: children are consecutive, after the parent.
      for (int64_t E = T.Children.RowPtr[V]; E < T.Children.RowPtr[V + 1];
           ++E) {
        EXPECT_GT(T.Children.Col[E], V);
        if (E > T.Children.RowPtr[V])
          EXPECT_EQ(T.Children.Col[E], T.Children.Col[E - 1] + 1);
      }
      if (T.Depth[V] >= 1 && T.Depth[V] < C.Levels - 2) {
        ++Candidates;
        Unexpanded += D == 0;
      }
    }
    if (C.AllExpanded) {
      EXPECT_EQ(Unexpanded, 0);
    } else {
      // "Only half of the non-leaf nodes have children" (upper levels).
      EXPECT_NEAR(double(Unexpanded) / Candidates, 0.5, 0.1);
    }
  }
}

TEST(TreeGenerator, DeterministicAndScaled) {
  Csr A = dpgen::generateTreeD1(params(1.0 / 16, 3));
  Csr B = dpgen::generateTreeD1(params(1.0 / 16, 3));
  EXPECT_EQ(serializeGraph(A), serializeGraph(B));
  Csr C = dpgen::generateTreeD1(params(1.0 / 16, 4));
  EXPECT_NE(serializeGraph(A), serializeGraph(C));
  // Full tree-d1: ~1.7M nodes (the quick one ~1/16 of that). The scale only
  // thins the last expanding level, so it never changes the height.
  Csr Full = dpgen::generateTreeD1(params(1.0));
  EXPECT_GT(Full.NumVertices, 1400000);
  EXPECT_LT(Full.NumVertices, 2200000);
  EXPECT_LT(A.NumVertices, Full.NumVertices / 8);
  EXPECT_EQ(tree(std::move(Full)).Height, 3);
  EXPECT_EQ(tree(std::move(A)).Height, 3);
}

TEST(TreeGenerator, WritesAReadableTreeFile) {
  const std::string Path = ::testing::TempDir() + "/dpbench-test-tree-d1.dpg";
  std::string Err;
  ASSERT_TRUE(dpgen::writeTreeD1(params(1.0 / 256), Path, Err)) << Err;
  dptree::Tree T;
  ASSERT_TRUE(dptree::readTree(Path, T, Err)) << Err;
  EXPECT_EQ(T.Height, 3);
  std::remove(Path.c_str());
}
