//===- datasets/gen_tree.cpp - Synthetic trees for TH and TD -------------===//
//
// Wu et al. describe their trees only as "dataset1: a depth-5 tree whose
// nodes have 128 to 256 children, only half of the non-leaf nodes have
// children; dataset2: a depth-5 tree whose nodes have 32 to 128 children, all
// non-leaf nodes have children". Counting depth-5 as five levels of nodes
// (depths 0..4), dataset2 has 1 + 80 + 80^2 + 80^3 + 80^4 ~ 41.5M nodes in
// expectation (518K of them internal), which fits easily. The same
// convention gives dataset1 1 + 192 + 96*192 + 96^2*192 + 96^3*192 ~ 172M
// nodes (a 2 GB file, 1.4 GB on the GPU, seconds of I/O per run), so tree-d1
// stops one level earlier (depths 0..3: ~1.79M nodes, 9.3K internal): it
// keeps the defining property, few large child grids, at a tractable size.
// Each node's fanout and expansion come from a hash of (seed, shape, node),
// so the output never depends on the thread count. The root alone has the
// mean fanout: every level scales with it, so a random root fanout would
// make the tree size vary 4x between seeds.
//
//===----------------------------------------------------------------------===//

#include "gen_tree.h"

#include "rng.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace dpgen {

namespace {

enum TreeTag : uint64_t {
  TreeD1 = 0x54524545, // "TREE"
  TreeD2,
};

enum TreeStream : uint64_t { Fanout = 1, Expand = 2 };

} // namespace

dpgraph::Csr generateTree(const TreeShape &S, const GenParams &P,
                          uint64_t Tag) {
  if (S.Levels < 1 || S.MinChildren < 1 || S.MaxChildren < S.MinChildren)
    throw std::invalid_argument("bad tree shape");
  const double Scale = std::min(P.Scale, 1.0);
  const uint64_t Seed = dprng::hash64(P.Seed, Tag);
  const uint64_t Span = uint64_t(S.MaxChildren - S.MinChildren) + 1;
  dpgraph::Csr G;
  G.RowPtr.push_back(0);
  int64_t LevelBegin = 0, LevelEnd = 1, Next = 1;
  for (int Depth = 0; Depth < S.Levels; ++Depth) {
    double Prob = S.ExpandProb;
    if (Depth == S.Levels - 2)
      Prob *= Scale;
    for (int64_t V = LevelBegin; V < LevelEnd; ++V) {
      int64_t Count = 0;
      bool Expands = Depth + 1 < S.Levels &&
                     (Depth == 0 ||
                      dprng::mapToUnit(dprng::hash64(Seed, Expand, V)) < Prob);
      if (Expands && Depth == 0)
        Count = (S.MinChildren + S.MaxChildren) / 2;
      else if (Expands)
        Count = S.MinChildren +
                dprng::mapToRange(dprng::hash64(Seed, Fanout, V), Span);
      if (Next + Count >= (int64_t(1) << 31))
        throw std::length_error("tree too large for int32 node ids");
      for (int64_t K = 0; K < Count; ++K)
        G.Col.push_back(static_cast<int32_t>(Next++));
      G.RowPtr.push_back(static_cast<int64_t>(G.Col.size()));
    }
    LevelBegin = LevelEnd;
    LevelEnd = Next;
  }
  G.NumVertices = static_cast<int32_t>(Next);
  G.Symmetric = false;
  return G;
}

dpgraph::Csr generateTreeD1(const GenParams &P) {
  TreeShape S;
  S.Levels = 4;
  S.MinChildren = 128;
  S.MaxChildren = 256;
  S.ExpandProb = 0.5;
  return generateTree(S, P, TreeD1);
}

dpgraph::Csr generateTreeD2(const GenParams &P) {
  TreeShape S;
  S.Levels = 5;
  S.MinChildren = 32;
  S.MaxChildren = 128;
  S.ExpandProb = 1.0;
  return generateTree(S, P, TreeD2);
}

bool writeTreeD1(const GenParams &P, const std::string &Path,
                 std::string &Err) {
  return dpgraph::writeGraph(Path, generateTreeD1(P), Err);
}

bool writeTreeD2(const GenParams &P, const std::string &Path,
                 std::string &Err) {
  return dpgraph::writeGraph(Path, generateTreeD2(P), Err);
}

} // namespace dpgen
