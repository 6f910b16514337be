//===- test_gc.cpp - Graph coloring CPU reference ------------------------===//

#include "gc/gc.h"

#include "generators.h"

#include <gtest/gtest.h>

using namespace dpgraph;

namespace {

GcBench::Input gcInput(Csr G, uint64_t Seed = 1) {
  GcBench::Input In;
  In.Graph = std::move(G);
  std::string Err;
  EXPECT_TRUE(offsets32(In.Graph, In.RowPtr, Err));
  GcBench::setPriorities(In, Seed);
  return In;
}

Csr undirected(int32_t N, const std::vector<Edge> &E) {
  BuildOptions O;
  O.Symmetrize = true;
  return buildCsr(N, E, O);
}

/// The rounds exactly as the GPU variants run them: blocked flags from the
/// colors at the start of the round, then first-fit for the unblocked.
std::vector<int> jonesPlassmann(const GcBench::Input &In, int &Rounds) {
  const Csr &G = In.Graph;
  std::vector<int> Color(G.NumVertices, GcUncolored);
  for (Rounds = 1;; ++Rounds) {
    std::vector<char> Blocked(G.NumVertices, 0);
    for (int V = 0; V < G.NumVertices; ++V)
      if (Color[V] == GcUncolored)
        for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
          if (Color[G.Col[E]] == GcUncolored &&
              GcBench::higher(In.Priority, G.Col[E], V))
            Blocked[V] = 1;
    std::vector<int> Next = Color;
    bool Left = false;
    for (int V = 0; V < G.NumVertices; ++V) {
      if (Color[V] != GcUncolored)
        continue;
      if (Blocked[V]) {
        Left = true;
        continue;
      }
      std::vector<char> Used(G.degree(V) + 1, 0);
      for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E) {
        int C = Color[G.Col[E]];
        if (C >= 0 && C <= G.degree(V))
          Used[C] = 1;
      }
      int C = 0;
      while (Used[C])
        ++C;
      Next[V] = C;
    }
    // Unblocked vertices are independent: none sees another's new color.
    for (int V = 0; V < G.NumVertices; ++V)
      if (Next[V] != Color[V])
        for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
          EXPECT_EQ(Next[G.Col[E]], Color[G.Col[E]]) << V;
    Color = Next;
    if (!Left)
      return Color;
  }
}

} // namespace

// A triangle 0-1-2 with a tail 2-3 and an isolated vertex 4; priorities set
// by hand: 1 > 2 > 0 > 3 > 4.
TEST(GcReference, GreedyInPriorityOrder) {
  GcBench::Input In =
      gcInput(undirected(5, {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {2, 3, 1}}));
  In.Priority = {30, 50, 40, 20, 10};
  std::vector<int> Color = GcBench::reference(In);
  EXPECT_EQ(Color, (std::vector<int>{2, 0, 1, 0, 0}));
  EXPECT_TRUE(GcBench::isProperColoring(In.Graph, Color));
  EXPECT_EQ(GcBench::rounds(In), 3); // 1, then 2 (and 4), then 0 and 3
  int Rounds = 0;
  EXPECT_EQ(jonesPlassmann(In, Rounds), Color);
  EXPECT_EQ(Rounds, 3);
}

TEST(GcReference, TiesBrokenById) {
  GcBench::Input In = gcInput(undirected(3, {{0, 1, 1}, {1, 2, 1}}));
  In.Priority = {7, 7, 7};
  // Order 2, 1, 0.
  EXPECT_EQ(GcBench::reference(In), (std::vector<int>{0, 1, 0}));
}

TEST(GcReference, RoundsEqualGreedyOnGeneratedGraphs) {
  dpgen::GenParams P;
  P.Scale = 1.0 / 256;
  for (Csr G : {dpgen::generateKron(P), dpgen::generateWeb(P)}) {
    GcBench::Input In = gcInput(G);
    std::vector<int> Ref = GcBench::reference(In);
    EXPECT_TRUE(GcBench::isProperColoring(In.Graph, Ref));
    int Rounds = 0;
    EXPECT_EQ(jonesPlassmann(In, Rounds), Ref);
    EXPECT_EQ(Rounds, GcBench::rounds(In));
    int64_t MaxDegree = 0;
    for (int V = 0; V < In.Graph.NumVertices; ++V)
      MaxDegree = std::max(MaxDegree, In.Graph.degree(V));
    EXPECT_LE(*std::max_element(Ref.begin(), Ref.end()), MaxDegree);
  }
}

TEST(GcReference, CompareAndValidity) {
  GcBench::Input In = gcInput(undirected(3, {{0, 1, 1}, {1, 2, 1}}));
  std::vector<int> Ref = GcBench::reference(In);
  dpbench::Check C = GcBench::compare(In, Ref, Ref);
  EXPECT_TRUE(C.Ok);
  EXPECT_EQ(C.Detail, "colors=2");
  std::vector<int> Bad = Ref;
  Bad[1] = Bad[0];
  EXPECT_FALSE(GcBench::compare(In, Ref, Bad).Ok);
  EXPECT_FALSE(GcBench::isProperColoring(In.Graph, Bad));
  Bad[1] = GcUncolored;
  EXPECT_FALSE(GcBench::isProperColoring(In.Graph, Bad));
}
