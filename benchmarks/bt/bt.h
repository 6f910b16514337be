//===- bt/bt.h - Bezier tessellation: input, reference, check ---*- C++ -*-===//
//
// Tessellation of quadratic Bezier lines, as in the CUDA samples' CDP Bezier
// example that Olabi et al. use (BT): every line gets a number of points
// that grows with its curvature,
//
//   n = clamp(ceil(curvature * CurvatureScale), 4, MaxTess),
//   curvature = |P1 - (P0 + P2) / 2| / max(|P2 - P0|, 1e-6)
//
// (dpbez::tessellationCount), and point i of n is B(i / (n - 1)) with
// B(t) = (1-t)^2 P0 + 2 (1-t) t P1 + t^2 P2. Points of all lines go to one
// array, line after line: the host lays out the slices (Offset = exclusive
// prefix sum of n) once at setup, standing in for the per-line device
// cudaMalloc of the original, so memory use is deterministic. The GPU
// recomputes n per line (the parent's work) and never writes past its
// slice. The result is the flat (x, y) array, compared with an absolute
// tolerance of 1e-5 (coordinates lie in [0, 1]; float rounding differs by a
// few 1e-8 between the host and nvcc's fma contraction).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "bezier.h"

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

struct BtBench {
  static constexpr const char *Name = "bt";
  using Value = float; ///< x and y of every point, interleaved.

  static constexpr double Tolerance = 1e-5;

  struct Input {
    dpbez::LineSet Lines;
    int NumLines = 0;
    std::vector<int> Offset; ///< NumLines + 1: first point of each line.
  };

  /// Lays out the point slices (also used by the tests).
  static Input fromLines(dpbez::LineSet Lines) {
    Input In;
    std::string Err = dpbez::validate(Lines);
    if (!Err.empty())
      throw dpbench::InputError(Err);
    // Point and coordinate indices are 32-bit on the GPU.
    const long long MaxPoints = INT_MAX / 2;
    if (Lines.numLines() > MaxPoints / dpbez::MinTess)
      throw dpbench::InputError("too many lines");
    In.Lines = std::move(Lines);
    In.NumLines = static_cast<int>(In.Lines.numLines());
    In.Offset.resize(In.NumLines + 1);
    long long Total = 0;
    for (int L = 0; L < In.NumLines; ++L) {
      In.Offset[L] = static_cast<int>(Total);
      Total +=
          dpbez::tessellationCount(&In.Lines.Ctrl[6 * size_t(L)],
                                   In.Lines.MaxTess, In.Lines.CurvatureScale);
      if (Total > MaxPoints)
        throw dpbench::InputError("more than 2^30 points");
    }
    In.Offset[In.NumLines] = static_cast<int>(Total);
    return In;
  }

  static Input load(const dpbench::Options &O) {
    dpbez::LineSet Lines;
    std::string Err;
    if (!dpbez::readLineSet(O.Input, Lines, Err))
      throw dpbench::InputError(Err);
    return fromLines(std::move(Lines));
  }

  static int count(const Input &In, int L) {
    return In.Offset[L + 1] - In.Offset[L];
  }
  static long long totalPoints(const Input &In) {
    return In.Offset[In.NumLines];
  }

  static std::string describe(const Input &In) {
    int Min = In.NumLines ? INT_MAX : 0, Max = 0, Capped = 0;
    for (int L = 0; L < In.NumLines; ++L) {
      Min = std::min(Min, count(In, L));
      Max = std::max(Max, count(In, L));
      Capped += count(In, L) == In.Lines.MaxTess;
    }
    char Scale[32];
    std::snprintf(Scale, sizeof(Scale), "%g", In.Lines.CurvatureScale);
    return "lines=" + std::to_string(In.NumLines) +
           " max_tess=" + std::to_string(In.Lines.MaxTess) +
           " curvature_scale=" + Scale +
           " points=" + std::to_string(totalPoints(In)) +
           " tess=" + std::to_string(Min) + ".." + std::to_string(Max) +
           " capped=" + std::to_string(Capped);
  }

  /// Point I of N on the line with control points C, written to Out[0..1];
  /// the kernels' formula.
  static void point(const float *C, int I, int N, float *Out) {
    float T = static_cast<float>(I) / static_cast<float>(N - 1);
    float U = 1.0f - T;
    float A = U * U, B = 2.0f * U * T, D = T * T;
    Out[0] = A * C[0] + B * C[2] + D * C[4];
    Out[1] = A * C[1] + B * C[3] + D * C[5];
  }

  static std::vector<float> reference(const Input &In) {
    std::vector<float> Points(2 * size_t(totalPoints(In)));
    for (int L = 0; L < In.NumLines; ++L) {
      const float *C = &In.Lines.Ctrl[6 * size_t(L)];
      for (int I = 0; I < count(In, L); ++I)
        point(C, I, count(In, L), &Points[2 * (size_t(In.Offset[L]) + I)]);
    }
    return Points;
  }

  static dpbench::Check compare(const Input &, const std::vector<float> &Ref,
                                const std::vector<float> &Got) {
    return dpbench::compareRelative(Ref, Got, Tolerance, "coordinate");
  }

  /// The CDP parent grid launches one child per line.
  static long long pendingLaunches(const Input &In) { return In.NumLines; }
};
