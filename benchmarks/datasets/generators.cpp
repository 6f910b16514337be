//===- datasets/generators.cpp - Deterministic synthetic datasets ---------===//
//
// All randomness comes from dprng streams seeded by (seed, generator tag,
// chunk index); chunks have a fixed size, so the thread count never changes
// the output. Edge lists go through dpgraph::buildCsr (symmetrize, drop self
// loops, dedupe, sort rows), and weights are a hash of the unordered endpoint
// pair, so the two directions of an edge carry the same weight.
//
//===----------------------------------------------------------------------===//

#include "generators.h"

#include "gen_array.h"
#include "gen_bezier.h"
#include "gen_image.h"
#include "gen_points.h"
#include "gen_sat.h"
#include "gen_tree.h"

#include "parallel.h"
#include "rng.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

namespace dpgen {

using dpgraph::Csr;
using dpgraph::Edge;
using dpgraph::parallelFor;
using dprng::hash64;
using dprng::Xoshiro256;

namespace {

// Stream tags: different generators (and phases) with the same seed draw
// independent numbers.
enum Tag : uint64_t {
  KronEdges = 0x4b524f4e,
  KronPerm,
  WebOut,
  WebPerm,
  PapersAuthors,
  RoadTree,
  RoadExtra,
  Weights,
};

constexpr int32_t MaxWeight = 100;

int64_t scaled(double Base, double Scale, int64_t Min) {
  return std::max<int64_t>(Min, std::llround(Base * Scale));
}

Csr finish(int64_t N, const std::vector<Edge> &Edges, const GenParams &P) {
  dpgraph::BuildOptions O;
  O.Symmetrize = true;
  O.RemoveSelfLoops = true;
  O.Dedupe = true;
  O.Weighted = false;
  O.Threads = P.Threads;
  Csr G = dpgraph::buildCsr(static_cast<int32_t>(N), Edges, O);
  dpgraph::assignHashWeights(G, hash64(P.Seed, Weights), MaxWeight);
  return G;
}

/// Seeded Fisher-Yates permutation of [0, N).
std::vector<int32_t> permutation(int64_t N, uint64_t Seed) {
  std::vector<int32_t> Perm(N);
  std::iota(Perm.begin(), Perm.end(), 0);
  Xoshiro256 R(Seed);
  for (int64_t I = N - 1; I > 0; --I)
    std::swap(Perm[I], Perm[R.below(I + 1)]);
  return Perm;
}

/// Runs Body(Chunk, Rng, Out) over Chunks chunks in parallel and concatenates
/// the per-chunk edge lists in chunk order.
template <class Fn>
std::vector<Edge> chunkedEdges(int64_t Chunks, const GenParams &P, uint64_t T,
                               Fn Body) {
  std::vector<std::vector<Edge>> Parts(Chunks);
  parallelFor(Chunks, P.Threads, [&](int64_t C) {
    Xoshiro256 R(hash64(P.Seed, T, C));
    Body(C, R, Parts[C]);
  });
  size_t Total = 0;
  for (const auto &Part : Parts)
    Total += Part.size();
  std::vector<Edge> Edges;
  Edges.reserve(Total);
  for (auto &Part : Parts) {
    Edges.insert(Edges.end(), Part.begin(), Part.end());
    std::vector<Edge>().swap(Part);
  }
  return Edges;
}

} // namespace

bool parseScale(const std::string &Text, double &Scale) {
  if (Text == "full") {
    Scale = 1.0;
    return true;
  }
  if (Text == "quick") {
    Scale = 1.0 / 16;
    return true;
  }
  if (Text == "tiny") {
    Scale = 1.0 / 256;
    return true;
  }
  char *End = nullptr;
  Scale = std::strtod(Text.c_str(), &End);
  return !Text.empty() && *End == '\0' && Scale > 0 && Scale <= 64;
}

//===----------------------------------------------------------------------===//
// kron: R-MAT / Kronecker with Graph500 parameters
//===----------------------------------------------------------------------===//
//
// kron_g500-simple-logn16 (DIMACS10): 65,536 vertices, 2,456,071 undirected
// edges after removing duplicates and self loops. Each generated edge picks
// one quadrant per level with probabilities A, B, C, D; vertex labels are
// then shuffled (as in Graph500) so that hubs are not clustered at low ids.
// The edge factor is calibrated so that the deduplicated graph has about as
// many edges as the DIMACS10 graph at scale 1.

Csr generateKron(const GenParams &P) {
  const double A = 0.57, B = 0.19, C = 0.19;
  const int LogN =
      std::clamp(16 + static_cast<int>(std::lround(std::log2(P.Scale))), 4, 30);
  const int64_t N = int64_t(1) << LogN;
  const int64_t EdgeFactor = 48;
  const int64_t M = EdgeFactor * N;
  constexpr int64_t PerChunk = 1 << 16;
  const int64_t Chunks = (M + PerChunk - 1) / PerChunk;
  std::vector<Edge> Edges =
      chunkedEdges(Chunks, P, KronEdges,
                   [&](int64_t Chunk, Xoshiro256 &R, std::vector<Edge> &Out) {
                     const int64_t End = std::min(M, (Chunk + 1) * PerChunk);
                     Out.reserve(End - Chunk * PerChunk);
                     for (int64_t I = Chunk * PerChunk; I < End; ++I) {
                       int32_t U = 0, V = 0;
                       for (int L = 0; L < LogN; ++L) {
                         double X = R.unit();
                         int RowBit = X >= A + B; // C or D
                         int ColBit =
                             (X >= A && X < A + B) || X >= A + B + C; // B or D
                         U = (U << 1) | RowBit;
                         V = (V << 1) | ColBit;
                       }
                       Out.push_back({U, V, 0});
                     }
                   });
  std::vector<int32_t> Perm = permutation(N, hash64(P.Seed, KronPerm));
  for (Edge &E : Edges) {
    E.Src = Perm[E.Src];
    E.Dst = Perm[E.Dst];
  }
  return finish(N, Edges, P);
}

//===----------------------------------------------------------------------===//
// cnr: web crawl graph
//===----------------------------------------------------------------------===//
//
// cnr-2000 (DIMACS10 version, undirected): 325,557 vertices, 2,738,969
// edges, a heavy-tailed degree distribution (max degree ~18,000) and strong
// id locality (pages of one host are numbered together). Each page gets a
// Pareto-distributed number of links; a link goes to a nearby page (same
// "host") with probability LocalProb, otherwise to a popular page drawn with
// a power-law bias (index N * U^3 through a random permutation), which creates
// the hubs.

Csr generateWeb(const GenParams &P) {
  const int64_t N = scaled(325557, P.Scale, 64);
  const double LocalProb = 0.55;
  const double LocalMean = 24.0; // mean |offset| of a local link
  const double ParetoShape = 1.35, MinLinks = 2.8, MaxLinks = 2000.0;
  const std::vector<int32_t> Popular = permutation(N, hash64(P.Seed, WebPerm));
  constexpr int64_t PerChunk = 4096;
  const int64_t Chunks = (N + PerChunk - 1) / PerChunk;
  std::vector<Edge> Edges = chunkedEdges(
      Chunks, P, WebOut,
      [&](int64_t Chunk, Xoshiro256 &R, std::vector<Edge> &Out) {
        const int64_t End = std::min(N, (Chunk + 1) * PerChunk);
        for (int64_t U = Chunk * PerChunk; U < End; ++U) {
          double Links =
              MinLinks * std::pow(1.0 - R.unit(), -1.0 / ParetoShape);
          int64_t K = static_cast<int64_t>(std::min(Links, MaxLinks));
          for (int64_t I = 0; I < K; ++I) {
            int64_t V;
            if (R.unit() < LocalProb) {
              int64_t Off = 1 + static_cast<int64_t>(-LocalMean *
                                                     std::log(1.0 - R.unit()));
              V = (R.next() & 1) ? U + Off : U - Off;
              if (V < 0 || V >= N)
                V = (R.next() & 1) ? U + 1 : U - 1; // stay near the edge
              V = std::clamp<int64_t>(V, 0, N - 1);
            } else {
              double U3 = R.unit();
              U3 = U3 * U3 * U3; // popularity bias; no pow(): portable
              int64_t Rank = static_cast<int64_t>(static_cast<double>(N) * U3);
              V = Popular[std::min(Rank, N - 1)];
            }
            Out.push_back(
                {static_cast<int32_t>(U), static_cast<int32_t>(V), 0});
          }
        }
      });
  return finish(N, Edges, P);
}

//===----------------------------------------------------------------------===//
// citeseer: co-paper graph
//===----------------------------------------------------------------------===//
//
// coPapersCiteseer (DIMACS10), the "CiteSeer" of Wu et al.: 434,102 papers,
// 16,036,720 undirected edges (32M stored), average degree 73.9, degrees from
// 1 to 1,188. Two papers are adjacent when they share an author, so the graph
// is a union of cliques. Author a owns the papers in its slice of the id
// range (every paper has at least one author, so no paper is isolated) and
// writes Size papers in total, mostly nearby ids (papers are numbered in
// roughly chronological/topical order) and some anywhere. Sizes are
// geometric, plus a small share of prolific authors and a handful of huge
// ones, which produce the tail.

Csr generateCoPapers(const GenParams &P) {
  const int64_t N = scaled(434102, P.Scale, 64);
  const double AuthorsPerPaper = 0.28;
  const int64_t Authors =
      std::max<int64_t>(1, std::llround(N * AuthorsPerPaper));
  const double MeanExtra = 11.0; // geometric part of the size
  const double ProlificProb = 0.004;
  const int64_t ProlificMax = 300;
  const double MegaProb = 5e-5; // a handful of huge cliques: the max degree
  const int64_t MegaMax = 1000;
  const double RemoteProb = 0.15;
  constexpr int64_t PerChunk = 1024;
  const int64_t Chunks = (Authors + PerChunk - 1) / PerChunk;
  std::vector<Edge> Edges = chunkedEdges(
      Chunks, P, PapersAuthors,
      [&](int64_t Chunk, Xoshiro256 &R, std::vector<Edge> &Out) {
        const int64_t End = std::min(Authors, (Chunk + 1) * PerChunk);
        std::vector<int32_t> Members;
        for (int64_t A = Chunk * PerChunk; A < End; ++A) {
          const int64_t OwnBegin = A * N / Authors;
          const int64_t OwnEnd = (A + 1) * N / Authors;
          int64_t Size =
              2 + static_cast<int64_t>(-MeanExtra * std::log(1.0 - R.unit()));
          double Kind = R.unit();
          if (Kind < MegaProb)
            Size += R.below(MegaMax);
          else if (Kind < MegaProb + ProlificProb)
            Size += R.below(ProlificMax);
          Members.clear();
          for (int64_t V = OwnBegin; V < OwnEnd; ++V)
            Members.push_back(static_cast<int32_t>(V));
          const int64_t Window = std::max<int64_t>(Size, 4);
          const int64_t Center = (OwnBegin + OwnEnd) / 2;
          for (int64_t I = static_cast<int64_t>(Members.size()); I < Size;
               ++I) {
            int64_t V;
            if (R.unit() < RemoteProb)
              V = R.below(N);
            else
              V = std::clamp<int64_t>(Center - Window + R.below(2 * Window + 1),
                                      0, N - 1);
            Members.push_back(static_cast<int32_t>(V));
          }
          std::sort(Members.begin(), Members.end());
          Members.erase(std::unique(Members.begin(), Members.end()),
                        Members.end());
          for (size_t I = 0; I < Members.size(); ++I)
            for (size_t J = I + 1; J < Members.size(); ++J)
              Out.push_back({Members[I], Members[J], 0});
        }
      });
  return finish(N, Edges, P);
}

//===----------------------------------------------------------------------===//
// road: planar-ish road network
//===----------------------------------------------------------------------===//
//
// USA-road-d.NY (DIMACS 9th challenge): 264,346 intersections, 730,100
// directed arcs, average degree 2.8, maximum degree 8, huge diameter. We lay
// the vertices on a W x H grid (row-major ids, so neighbors have nearby ids),
// take a random spanning tree of the grid (Kruskal on random edge keys: the
// graph is connected), then add a share of the other grid edges and at most
// one diagonal per grid cell. Degree <= 4 grid + 4 diagonal = 8.

Csr generateRoad(const GenParams &P) {
  const int64_t Target = scaled(264346, P.Scale, 16);
  const int64_t W = static_cast<int64_t>(std::ceil(std::sqrt(double(Target))));
  const int64_t H = (Target + W - 1) / W;
  const int64_t N = W * H;
  const double ExtraGridProb = 0.285;
  const double DiagonalProb = 0.052;
  auto Id = [&](int64_t X, int64_t Y) {
    return static_cast<int32_t>(Y * W + X);
  };

  // All grid edges with a random key; sorting by key gives a random order.
  struct GridEdge {
    uint64_t Key;
    int32_t A, B;
  };
  std::vector<GridEdge> Grid;
  Grid.reserve(2 * N);
  const uint64_t TreeSeed = hash64(P.Seed, RoadTree);
  for (int64_t Y = 0; Y < H; ++Y)
    for (int64_t X = 0; X < W; ++X) {
      if (X + 1 < W)
        Grid.push_back({hash64(TreeSeed, Grid.size()), Id(X, Y), Id(X + 1, Y)});
      if (Y + 1 < H)
        Grid.push_back({hash64(TreeSeed, Grid.size()), Id(X, Y), Id(X, Y + 1)});
    }
  std::sort(Grid.begin(), Grid.end(), [](const GridEdge &L, const GridEdge &R) {
    return L.Key < R.Key || (L.Key == R.Key && L.A < R.A) ||
           (L.Key == R.Key && L.A == R.A && L.B < R.B);
  });
  std::vector<int32_t> Parent(N);
  std::iota(Parent.begin(), Parent.end(), 0);
  auto Find = [&](int32_t V) {
    while (Parent[V] != V) {
      Parent[V] = Parent[Parent[V]]; // path halving
      V = Parent[V];
    }
    return V;
  };
  std::vector<Edge> Edges;
  Edges.reserve(N + N / 2);
  Xoshiro256 R(hash64(P.Seed, RoadExtra));
  for (const GridEdge &E : Grid) {
    int32_t RA = Find(E.A), RB = Find(E.B);
    if (RA != RB) {
      Parent[RA] = RB;
      Edges.push_back({E.A, E.B, 0});
    } else if (R.unit() < ExtraGridProb) {
      Edges.push_back({E.A, E.B, 0});
    }
  }
  for (int64_t Y = 0; Y + 1 < H; ++Y)
    for (int64_t X = 0; X + 1 < W; ++X) {
      double U = R.unit();
      if (U < DiagonalProb)
        Edges.push_back({Id(X, Y), Id(X + 1, Y + 1), 0});
      else if (U < 2 * DiagonalProb)
        Edges.push_back({Id(X + 1, Y), Id(X, Y + 1), 0});
    }
  return finish(N, Edges, P);
}

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

namespace {

template <Csr (*Gen)(const GenParams &)>
bool writeGraphWith(const GenParams &P, const std::string &Path,
                    std::string &Err) {
  return dpgraph::writeGraph(Path, Gen(P), Err);
}

} // namespace

const std::vector<Generator> &generators() {
  static const std::vector<Generator> Table = {
      {"kron",
       "R-MAT Graph500 (A=.57 B=.19 C=.19), like kron_g500-simple-logn16",
       writeGraphWith<generateKron>},
      {"cnr", "web graph with hubs and id locality, like cnr-2000",
       writeGraphWith<generateWeb>},
      {"citeseer", "union of author cliques, like coPapersCiteseer",
       writeGraphWith<generateCoPapers>},
      {"road", "grid road network, degree <= 8, like USA-road-NY",
       writeGraphWith<generateRoad>},
      {"bezier-t32",
       "20,000 Bezier lines, max tess. 32, curvature scale 16 (BT)",
       writeBezierT32},
      {"bezier-t2048",
       "20,000 Bezier lines, max tess. 2048, curv. scale 64 (BT)",
       writeBezierT2048},
      {"sat-rand3", "random 3-SAT, 42,000 clauses, 10,000 variables (SP)",
       writeSatRand3},
      {"sat-5", "random 5-SAT, 23,459 clauses, 1,111 variables (SP)",
       writeSat5},
      {"tree-d1",
       "tree, 128..256 children, half expanded, depths 0..3 (TH, TD)",
       writeTreeD1},
      {"tree-d2", "tree, 32..128 children, all expanded, depths 0..4 (TH, TD)",
       writeTreeD2},
      {"points-uniform", "2^21 points uniform in the unit square (QT)",
       writePointsUniform},
      {"points-clustered", "2^21 points, 64 clusters + 10% background (QT)",
       writePointsClustered},
      {"image-noise", "4096^2 binary noise, density 0.50 (CCL)",
       writeImageNoise},
      {"image-dense", "4096^2 binary noise, density 0.62 (CCL)",
       writeImageDense},
      {"image-blobs", "4096^2 random discs + 3% flipped pixels (CCL)",
       writeImageBlobs},
      {"ints-uniform", "2^25 int32 values uniform in [0, 2^31) (NR, QS)",
       writeIntsUniform},
      {"ints-dups", "2^25 int32 values, 1024 distinct ones (NR, QS)",
       writeIntsDups},
      {"ints-sorted", "2^25 ascending int32 values, 1% swapped pairs (QS)",
       writeIntsSorted},
  };
  return Table;
}

const Generator *findGenerator(const std::string &Name) {
  for (const Generator &G : generators())
    if (Name == G.Name)
      return &G;
  return nullptr;
}

} // namespace dpgen
