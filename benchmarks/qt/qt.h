//===- qt/qt.h - Quadtree construction: input, reference, check -*- C++ -*-===//
//
// Quadtree construction (QT, as in KLAP's benchmark set and the idea of the
// CUDA samples' cdpQuadtree): one thread block per node counts the node's
// points in its four quadrants and reorders them so that each child's points
// are contiguous, then the children are built the same way, until a node is
// at MaxDepth or holds at most MinPoints points.
//
// Nodes have implicit ids (root 0, children of node v: 4v + 1 .. 4v + 4 in
// quadrant order: 0 = low x low y, 1 = high x, 2 = high y, 3 = both high),
// and the reordering is stable (a partition keeps the input order within a
// quadrant), so the whole result is deterministic: the final permutation of
// the point indices followed by the number of points of every node slot
// (-1 for slots that are not nodes). Both are compared exactly. Point
// coordinates are multiples of 2^-24 and cell boundaries multiples of 2^-d,
// so float classification is exact on CPU and GPU alike.
//
// Parameters: --param maxdepth=D (10; at most 12: the slot arrays have
// (4^(D+1) - 1) / 3 entries) and --param minpoints=M (32).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "pointset.h"

#include <cstdint>
#include <string>
#include <vector>

/// Number of node slots of a quadtree of depth at most MaxDepth.
inline int64_t qtSlots(int MaxDepth) {
  return ((int64_t(1) << (2 * (MaxDepth + 1))) - 1) / 3;
}

/// Quadrant of (X, Y) in a cell whose center is (CX, CY); the GPU code uses
/// the same rule.
inline int qtQuadrant(float X, float Y, float CX, float CY) {
  return (X >= CX ? 1 : 0) | (Y >= CY ? 2 : 0);
}

/// The quadtree the GPU must produce.
struct QtTree {
  std::vector<int> Perm;  ///< Point indices in final order.
  std::vector<int> Count; ///< Points per node slot; -1 if not a node.
  int64_t Nodes = 0, Internal = 0;
  int DeepestLeaf = 0;
  int MaxLeafPoints = 0;
};

/// Sequential construction with the same rules and the same float
/// arithmetic as the kernels.
inline QtTree qtBuildReference(const dppoints::PointSet &P, int MaxDepth,
                               int MinPoints) {
  QtTree T;
  const int N = static_cast<int>(P.size());
  T.Perm.resize(N);
  for (int I = 0; I < N; ++I)
    T.Perm[I] = I;
  T.Count.assign(qtSlots(MaxDepth), -1);
  std::vector<int> Tmp(N);
  struct Builder {
    const dppoints::PointSet &P;
    int MaxDepth, MinPoints;
    QtTree &T;
    std::vector<int> &Tmp;
    void build(int64_t Node, int Begin, int Count, float X0, float Y0,
               float Size, int Depth) {
      T.Count[Node] = Count;
      ++T.Nodes;
      if (Depth == MaxDepth || Count <= MinPoints) {
        T.DeepestLeaf = std::max(T.DeepestLeaf, Depth);
        T.MaxLeafPoints = std::max(T.MaxLeafPoints, Count);
        return;
      }
      ++T.Internal;
      const float Half = Size * 0.5f;
      const float CX = X0 + Half, CY = Y0 + Half;
      int Start[5] = {Begin, 0, 0, 0, 0};
      int Sizes[4] = {0, 0, 0, 0};
      for (int I = Begin; I < Begin + Count; ++I)
        ++Sizes[qtQuadrant(P.X[T.Perm[I]], P.Y[T.Perm[I]], CX, CY)];
      for (int Q = 0; Q < 4; ++Q)
        Start[Q + 1] = Start[Q] + Sizes[Q];
      int Fill[4] = {Start[0], Start[1], Start[2], Start[3]};
      for (int I = Begin; I < Begin + Count; ++I) {
        int Pt = T.Perm[I];
        Tmp[Fill[qtQuadrant(P.X[Pt], P.Y[Pt], CX, CY)]++] = Pt;
      }
      std::copy(Tmp.begin() + Begin, Tmp.begin() + Begin + Count,
                T.Perm.begin() + Begin);
      for (int Q = 0; Q < 4; ++Q)
        build(4 * Node + 1 + Q, Start[Q], Sizes[Q],
              X0 + static_cast<float>(Q & 1) * Half,
              Y0 + static_cast<float>(Q >> 1) * Half, Half, Depth + 1);
    }
  } B{P, MaxDepth, MinPoints, T, Tmp};
  B.build(0, 0, N, 0.0f, 0.0f, 1.0f, 0);
  return T;
}

struct QtBench {
  static constexpr const char *Name = "qt";
  using Value = int;

  struct Input {
    dppoints::PointSet Points;
    int MaxDepth = 10;
    int MinPoints = 32;
  };

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dppoints::readPoints(O.Input, In.Points, Err))
      throw dpbench::InputError(Err);
    long long MaxDepth = O.paramInt("maxdepth", 10);
    long long MinPoints = O.paramInt("minpoints", 32);
    if (MaxDepth < 0 || MaxDepth > 12)
      throw dpbench::InputError("maxdepth must be in 0..12");
    if (MinPoints < 1 || MinPoints > (1LL << 30))
      throw dpbench::InputError("minpoints must be positive");
    In.MaxDepth = static_cast<int>(MaxDepth);
    In.MinPoints = static_cast<int>(MinPoints);
    return In;
  }

  static std::string describe(const Input &In) {
    return "points=" + std::to_string(In.Points.size()) +
           " maxdepth=" + std::to_string(In.MaxDepth) +
           " minpoints=" + std::to_string(In.MinPoints);
  }

  /// The permutation followed by the per-slot point counts.
  static std::vector<int> reference(const Input &In) {
    QtTree T = qtBuildReference(In.Points, In.MaxDepth, In.MinPoints);
    std::vector<int> Out = std::move(T.Perm);
    Out.insert(Out.end(), T.Count.begin(), T.Count.end());
    return Out;
  }

  static dpbench::Check compare(const Input &In, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    const size_t N = static_cast<size_t>(In.Points.size());
    if (Ref.size() != Got.size() || Ref.size() < N)
      return dpbench::compareExact(Ref, Got, "result");
    dpbench::Check C = dpbench::compareExact(
        std::vector<int>(Ref.begin(), Ref.begin() + N),
        std::vector<int>(Got.begin(), Got.begin() + N), "permutation");
    if (!C.Ok)
      return C;
    return dpbench::compareExact(std::vector<int>(Ref.begin() + N, Ref.end()),
                                 std::vector<int>(Got.begin() + N, Got.end()),
                                 "node point count");
  }

  /// cdp.cu: every internal node launches one 4-block grid for its
  /// children, and all of them descend from the one host-launched grid, so
  /// all can be pending at once. Internal nodes of one depth d < MaxDepth
  /// hold disjoint sets of more than MinPoints points, so there are at most
  /// min(4^d, n / (MinPoints + 1)) of them. The exact count (from
  /// qtBuildReference) is 21-35% of this bound on points-*, but computing it
  /// here would cost a second CPU build of the tree per run.
  static long long pendingLaunches(const Input &In) {
    const long long PerLevel = In.Points.size() / (In.MinPoints + 1LL);
    long long Bound = 0, Slots = 1;
    for (int D = 0; D < In.MaxDepth; ++D, Slots *= 4)
      Bound += std::min(Slots, PerLevel);
    return Bound;
  }
};
