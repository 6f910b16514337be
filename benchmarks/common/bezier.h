//===- bezier.h - Quadratic Bezier line sets (.dpbez format) ----*- C++ -*-===//
//
// Input of the Bezier tessellation benchmark (bt/): quadratic Bezier lines,
// three control points each, plus the two tessellation parameters of the
// dataset. Binary format (host byte order, like .dpg):
//
//   "DPBEZ1\0\0"  int32 MaxTess  float CurvatureScale  int64 NumLines
//   float Ctrl[NumLines * 6]     (x0 y0 x1 y1 x2 y2 per line)
//
// Recognized by content, not by file name. Header-only.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "binfile.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace dpbez {

struct LineSet {
  int32_t MaxTess = 32;        ///< Upper bound on points per line (>= 4).
  float CurvatureScale = 16.f; ///< Points per unit of curvature.
  std::vector<float> Ctrl;     ///< 6 floats per line.

  int64_t numLines() const { return static_cast<int64_t>(Ctrl.size() / 6); }
};

constexpr char BezMagic[8] = {'D', 'P', 'B', 'E', 'Z', '1', '\0', '\0'};
/// Fewest points per line: the two end points and two inner points.
constexpr int MinTess = 4;
/// Lower bound on the chord length used in the curvature (a degenerate line
/// whose end points coincide gets a finite, huge curvature, i.e. MaxTess).
constexpr float MinChord = 1e-6f;

/// Returns "" when S is well formed.
inline std::string validate(const LineSet &S) {
  if (S.MaxTess < MinTess || S.MaxTess > (1 << 20))
    return "MaxTess out of range [4, 2^20]";
  if (!(S.CurvatureScale > 0.0f) || !std::isfinite(S.CurvatureScale))
    return "curvature scale must be positive and finite";
  if (S.Ctrl.size() % 6 != 0)
    return "control point array is not a multiple of 6 floats";
  for (size_t I = 0; I < S.Ctrl.size(); ++I)
    if (!std::isfinite(S.Ctrl[I]))
      return "control point of line " + std::to_string(I / 6) +
             " is not finite";
  return "";
}

inline std::vector<char> serialize(const LineSet &S) {
  std::vector<char> Out(BezMagic, BezMagic + 8);
  auto Append = [&](const void *P, size_t N) {
    const char *C = static_cast<const char *>(P);
    Out.insert(Out.end(), C, C + N);
  };
  int64_t N = S.numLines();
  Append(&S.MaxTess, 4);
  Append(&S.CurvatureScale, 4);
  Append(&N, 8);
  Append(S.Ctrl.data(), S.Ctrl.size() * sizeof(float));
  return Out;
}

inline bool parse(const std::vector<char> &Bytes, LineSet &S,
                  std::string &Err) {
  constexpr size_t Header = 8 + 4 + 4 + 8;
  if (Bytes.size() < Header || std::memcmp(Bytes.data(), BezMagic, 8) != 0) {
    Err = "not a .dpbez line set (bad magic)";
    return false;
  }
  int64_t N;
  std::memcpy(&S.MaxTess, Bytes.data() + 8, 4);
  std::memcpy(&S.CurvatureScale, Bytes.data() + 12, 4);
  std::memcpy(&N, Bytes.data() + 16, 8);
  if (N < 0 || N > (int64_t(1) << 32) ||
      Bytes.size() != Header + static_cast<uint64_t>(N) * 24) {
    Err = "file size does not match the line count in the header";
    return false;
  }
  S.Ctrl.resize(static_cast<size_t>(N) * 6);
  if (N)
    std::memcpy(S.Ctrl.data(), Bytes.data() + Header, S.Ctrl.size() * 4);
  Err = validate(S);
  return Err.empty();
}

inline bool writeLineSet(const std::string &Path, const LineSet &S,
                         std::string &Err) {
  Err = validate(S);
  if (!Err.empty())
    return false;
  std::vector<char> Bytes = serialize(S);
  return dpbinfile::writeAtomically(Path, Err, [&](std::ostream &Out) {
    dpbinfile::writeBytes(Out, Bytes.data(),
                          static_cast<int64_t>(Bytes.size()));
  });
}

inline bool readLineSet(const std::string &Path, LineSet &S, std::string &Err) {
  std::ifstream In;
  int64_t Size = 0;
  if (!dpbinfile::openForRead(Path, In, Size, Err))
    return false;
  std::vector<char> Bytes(static_cast<size_t>(Size));
  if (Size > 0 && !dpbinfile::readBytes(In, Bytes.data(), Size)) {
    Err = "cannot read " + Path;
    return false;
  }
  if (!parse(Bytes, S, Err)) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

/// Curvature of a line: distance of the middle control point from the
/// chord's midpoint over the chord length (0 for a straight line). Real =
/// float is the kernels' formula (nvcc may contract Dx * Dx + Dy * Dy into
/// an fma; the generator's margin covers that); Real = double is the
/// generator's near-exact value.
template <class Real> Real curvature(const float *C) {
  Real X0 = C[0], Y0 = C[1], X1 = C[2], Y1 = C[3], X2 = C[4], Y2 = C[5];
  Real Half = 0.5;
  Real Dx = X1 - Half * (X0 + X2);
  Real Dy = Y1 - Half * (Y0 + Y2);
  Real Cx = X2 - X0;
  Real Cy = Y2 - Y0;
  Real Dev = std::sqrt(Dx * Dx + Dy * Dy);
  Real Chord = std::sqrt(Cx * Cx + Cy * Cy);
  return Dev / std::max(Chord, static_cast<Real>(MinChord));
}

/// Points of a line: ceil(curvature * scale) clamped to [MinTess, MaxTess].
/// Lines whose curvature * scale lies within rounding error of a step would
/// make the count differ between devices; the generator avoids them (see
/// datasets/gen_bezier.cpp).
inline int tessellationCount(const float *C, int MaxTess, float Scale) {
  float X = curvature<float>(C) * Scale;
  float N = std::min(std::max(std::ceil(X), static_cast<float>(MinTess)),
                     static_cast<float>(MaxTess));
  return static_cast<int>(N);
}

} // namespace dpbez
