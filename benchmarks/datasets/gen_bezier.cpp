//===- datasets/gen_bezier.cpp - Bezier line sets (bt) --------------------===//
//
// Olabi et al. take BT's datasets from the CUDA sample's parameters: a
// maximum tessellation (points per line) and a "curvature" constant, which
// we read as the scale from curvature to points (n = ceil(curvature *
// scale), clamped to [4, MaxTess]; bt/bt.h). Random control points in the
// unit square give a heavy-tailed curvature (distance of the middle point
// from the chord's midpoint over a chord that can be short), so most lines
// get few points and a tail gets up to MaxTess, the irregular nested
// parallelism BT is about.
//
// Lines come in fixed-size chunks with their own xoshiro streams: the output
// does not depend on the thread count.
//
//===----------------------------------------------------------------------===//

#include "gen_bezier.h"

#include "parallel.h"
#include "rng.h"

#include <algorithm>
#include <cmath>

namespace dpgen {

namespace {

constexpr uint64_t BezierTag = 0x42455a31; // "BEZ1"
/// Shortest chord we generate: bounds the curvature, and with it how much
/// float rounding of the control point differences can move the count.
constexpr double MinGenChord = 1.0 / 64;

} // namespace

bool tessellationCountIsRobust(double X, int MaxTess) {
  // ceil(X) flips between K and K + 1 at X = K; after clamping to
  // [MinTess, MaxTess] that changes the count only for K in
  // [MinTess, MaxTess - 1]. Float evaluation of X (sums, squares, sqrt,
  // division; with or without fma) is off by at most ~1.4e-3 + 1e-6 X for
  // chords >= 1/64 and scales <= 64: keep a margin of 3x and more.
  double K = std::nearbyint(X);
  if (K < dpbez::MinTess || K > MaxTess - 1)
    return true;
  return std::fabs(X - K) >= 0.005 + 2e-5 * X;
}

dpbez::LineSet generateBezierLines(int64_t NumLines, int MaxTess, float Scale,
                                   uint64_t Seed, int Threads) {
  dpbez::LineSet S;
  S.MaxTess = MaxTess;
  S.CurvatureScale = Scale;
  S.Ctrl.resize(static_cast<size_t>(NumLines) * 6);
  constexpr int64_t PerChunk = 1024;
  const int64_t Chunks = (NumLines + PerChunk - 1) / PerChunk;
  dpgraph::parallelFor(Chunks, Threads, [&](int64_t Chunk) {
    dprng::Xoshiro256 R(dprng::hash64(Seed, BezierTag, Chunk));
    const int64_t End = std::min(NumLines, (Chunk + 1) * PerChunk);
    for (int64_t L = Chunk * PerChunk; L < End; ++L) {
      float *C = &S.Ctrl[6 * L];
      for (;;) {
        for (int I = 0; I < 6; ++I)
          C[I] = static_cast<float>(R.unit());
        double Cx = double(C[4]) - C[0], Cy = double(C[5]) - C[1];
        if (std::sqrt(Cx * Cx + Cy * Cy) < MinGenChord)
          continue;
        if (tessellationCountIsRobust(dpbez::curvature<double>(C) * Scale,
                                      MaxTess))
          break;
      }
    }
  });
  return S;
}

static int64_t scaledLines(double Scale) {
  return std::max<int64_t>(16, std::llround(20000 * Scale));
}

dpbez::LineSet generateBezierT32(const GenParams &P) {
  return generateBezierLines(scaledLines(P.Scale), 32, 16.0f, P.Seed,
                             P.Threads);
}

dpbez::LineSet generateBezierT2048(const GenParams &P) {
  return generateBezierLines(scaledLines(P.Scale), 2048, 64.0f, P.Seed,
                             P.Threads);
}

bool writeBezierT32(const GenParams &P, const std::string &Path,
                    std::string &Err) {
  return dpbez::writeLineSet(Path, generateBezierT32(P), Err);
}

bool writeBezierT2048(const GenParams &P, const std::string &Path,
                      std::string &Err) {
  return dpbez::writeLineSet(Path, generateBezierT2048(P), Err);
}

} // namespace dpgen
