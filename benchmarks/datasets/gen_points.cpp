//===- datasets/gen_points.cpp - 2-D point sets for QT -------------------===//
//
// Every coordinate is a multiple of 2^-24 in [0, 1), so it is exact in float
// and so is every quadtree cell boundary down to depth 24 (see
// common/pointset.h). No libm calls: a cluster offset is the sum of four
// uniforms (Irwin-Hall, close to a normal distribution) scaled to the
// cluster's standard deviation, so files are identical on every machine.
// Points are drawn in fixed chunks with one stream per chunk, so the thread
// count never changes the output.
//
//===----------------------------------------------------------------------===//

#include "gen_points.h"

#include "parallel.h"
#include "rng.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace dpgen {

namespace {

enum PointTag : uint64_t {
  PointsUniform = 0x504f494e, // "POIN"
  PointsClusters,
  PointsClustered,
};

constexpr double Grid = 16777216.0; // 2^24

/// Rounds V down to the 2^-24 grid inside [0, 1).
float quantize(double V) {
  double Q = std::floor(std::clamp(V, 0.0, 1.0) * Grid);
  return static_cast<float>(std::min(Q, Grid - 1) / Grid);
}

int64_t pointCount(const GenParams &P) {
  return std::max<int64_t>(16, std::llround(2097152.0 * P.Scale));
}

/// Fills N points in chunks; Body(Rng, X, Y) draws one point.
template <class Fn>
dppoints::PointSet chunkedPoints(int64_t N, const GenParams &P, uint64_t Tag,
                                 Fn Body) {
  dppoints::PointSet S;
  S.X.resize(N);
  S.Y.resize(N);
  constexpr int64_t PerChunk = 1 << 16;
  const int64_t Chunks = (N + PerChunk - 1) / PerChunk;
  dpgraph::parallelFor(Chunks, P.Threads, [&](int64_t C) {
    dprng::Xoshiro256 R(dprng::hash64(P.Seed, Tag, C));
    const int64_t End = std::min(N, (C + 1) * PerChunk);
    for (int64_t I = C * PerChunk; I < End; ++I)
      Body(R, S.X[I], S.Y[I]);
  });
  return S;
}

} // namespace

dppoints::PointSet generatePointsUniform(const GenParams &P) {
  return chunkedPoints(pointCount(P), P, PointsUniform,
                       [](dprng::Xoshiro256 &R, float &X, float &Y) {
                         X = quantize(R.unit());
                         Y = quantize(R.unit());
                       });
}

dppoints::PointSet generatePointsClustered(const GenParams &P) {
  struct Cluster {
    double CX, CY, Sigma;
  };
  constexpr int NumClusters = 64;
  constexpr double BackgroundShare = 0.10;
  std::vector<Cluster> Clusters(NumClusters);
  dprng::Xoshiro256 CR(dprng::hash64(P.Seed, PointsClusters));
  for (Cluster &C : Clusters) {
    C.CX = 0.05 + 0.9 * CR.unit();
    C.CY = 0.05 + 0.9 * CR.unit();
    double U = CR.unit();
    C.Sigma = 0.002 + 0.04 * U * U; // mostly tight, a few wide clusters
  }
  return chunkedPoints(pointCount(P), P, PointsClustered,
                       [&](dprng::Xoshiro256 &R, float &X, float &Y) {
                         if (R.unit() < BackgroundShare) {
                           X = quantize(R.unit());
                           Y = quantize(R.unit());
                           return;
                         }
                         // Popularity bias: low-numbered clusters get more
                         // points.
                         double U = R.unit();
                         const Cluster &C =
                             Clusters[static_cast<int>(NumClusters * U * U)];
                         auto Offset = [&] {
                           // Sum of 4 uniforms: mean 2, variance 1/3; scale to
                           // unit variance. One draw per statement: the order
                           // of calls inside one expression is unspecified, and
                           // float sums depend on it.
                           double S = R.unit();
                           S += R.unit();
                           S += R.unit();
                           S += R.unit();
                           return (S - 2.0) * 1.7320508075688772 * C.Sigma;
                         };
                         X = quantize(C.CX + Offset());
                         Y = quantize(C.CY + Offset());
                       });
}

bool writePointsUniform(const GenParams &P, const std::string &Path,
                        std::string &Err) {
  return dppoints::writePoints(Path, generatePointsUniform(P), Err);
}

bool writePointsClustered(const GenParams &P, const std::string &Path,
                          std::string &Err) {
  return dppoints::writePoints(Path, generatePointsClustered(P), Err);
}

} // namespace dpgen
