//===- test_td.cpp - Tree descendants: CPU reference ---------------------===//

#include "gen_tree.h"
#include "rng.h"
#include "td/td.h"
#include "th/th.h"

#include <gtest/gtest.h>

using namespace dpgraph;

namespace {

dptree::Tree tree(Csr G) {
  dptree::Tree T;
  std::string Err;
  EXPECT_TRUE(dptree::makeTree(std::move(G), T, Err)) << Err;
  return T;
}

} // namespace

// Children: 0 -> {1, 2, 3}, 1 -> {4, 5}, 3 -> {6}, 4 -> {7}.
TEST(TdReference, Descendants) {
  BuildOptions O;
  O.Weighted = false;
  TdBench::Input In;
  In.Tree = tree(buildCsr(8,
                          {{0, 1, 0},
                           {0, 2, 0},
                           {0, 3, 0},
                           {1, 4, 0},
                           {1, 5, 0},
                           {3, 6, 0},
                           {4, 7, 0}},
                          O));
  std::vector<int> Ref = TdBench::reference(In);
  EXPECT_EQ(Ref, (std::vector<int>{7, 3, 0, 1, 1, 0, 0, 0}));
  EXPECT_TRUE(TdBench::compare(In, Ref, Ref).Ok);
  std::vector<int> Bad = Ref;
  Bad[0] = 6;
  EXPECT_FALSE(TdBench::compare(In, Ref, Bad).Ok);
  EXPECT_EQ(TdBench::pendingLaunches(In), 4);
}

// The GPU formulation: every internal node adds its number of children to
// itself and to each ancestor. It must give the reference on real trees.
TEST(TdReference, PostworkFormulationMatches) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256;
  TdBench::Input In;
  In.Tree = tree(dpgen::generateTreeD2(P));
  const dptree::Tree &T = In.Tree;
  std::vector<int> Desc(T.numNodes(), 0);
  for (int32_t V = 0; V < T.numNodes(); ++V) {
    int NumChildren = T.ChildPtr[V + 1] - T.ChildPtr[V];
    if (NumChildren > 0)
      for (int32_t A = V; A >= 0; A = T.Parent[A])
        Desc[A] += NumChildren;
  }
  std::vector<int> Ref = TdBench::reference(In);
  EXPECT_EQ(Desc, Ref);
  EXPECT_EQ(Ref[0], T.numNodes() - 1);
}

// The TH leaf walk with early exit (th/cdp.cu), run over the leaves in a
// scrambled order, must give the reference heights.
TEST(ThReference, LeafWalkWithEarlyExitMatches) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256;
  ThBench::Input In;
  In.Tree = tree(dpgen::generateTreeD1(P));
  const dptree::Tree &T = In.Tree;
  std::vector<int> Height(T.numNodes(), 0);
  std::vector<int32_t> Nodes(T.Order);
  dprng::Xoshiro256 Rng(5);
  for (size_t I = Nodes.size(); I > 1; --I)
    std::swap(Nodes[I - 1], Nodes[Rng.below(I)]);
  for (int32_t V : Nodes) {
    if (T.ChildPtr[V + 1] > T.ChildPtr[V])
      continue;
    int K = 1;
    for (int32_t A = T.Parent[V]; A >= 0; A = T.Parent[A], ++K) {
      int Old = Height[A];
      Height[A] = std::max(Old, K);
      if (Old >= K)
        break;
    }
  }
  EXPECT_EQ(Height, ThBench::reference(In));
}
