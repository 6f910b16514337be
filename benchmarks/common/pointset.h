//===- pointset.h - 2-D point sets and the .dpp binary format --*- C++ -*-===//
//
// Host-only. The quadtree benchmark (qt) reads its points from a .dpp file.
// Coordinates are floats in [0, 1); dpgen writes multiples of 2^-24, so
// every coordinate and every quadtree cell boundary (a multiple of 2^-d) is
// exact in float and the CPU and GPU classify points identically.
//
// .dpp layout (little endian, version 1):
//   offset  0  char[8]  magic "DPPOINTS"
//   offset  8  uint32   version (1)
//   offset 12  uint32   reserved (0)
//   offset 16  int64    number of points n
//   offset 24  float32  x[n], then float32 y[n]
//
//===----------------------------------------------------------------------===//
#pragma once

#include "binfile.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace dppoints {

struct PointSet {
  std::vector<float> X, Y;
  int64_t size() const { return static_cast<int64_t>(X.size()); }
};

constexpr char PointsMagic[8] = {'D', 'P', 'P', 'O', 'I', 'N', 'T', 'S'};

/// Empty when every coordinate is in [0, 1) (NaN fails) and X, Y agree in
/// length; otherwise what is wrong.
inline std::string validatePoints(const PointSet &P) {
  if (P.X.size() != P.Y.size())
    return "x and y arrays differ in length";
  if (P.X.size() >= (size_t(1) << 31))
    return "too many points for int32 indices";
  for (size_t I = 0; I < P.X.size(); ++I)
    if (!(P.X[I] >= 0.0f && P.X[I] < 1.0f && P.Y[I] >= 0.0f && P.Y[I] < 1.0f))
      return "point " + std::to_string(I) + " is outside [0, 1)^2";
  return "";
}

inline bool writePoints(const std::string &Path, const PointSet &P,
                        std::string &Err) {
  Err = validatePoints(P);
  if (!Err.empty())
    return false;
  return dpbinfile::writeAtomically(Path, Err, [&](std::ostream &Out) {
    int64_t N = P.size();
    dpbinfile::writeHeader(Out, PointsMagic);
    dpbinfile::writeBytes(Out, &N, 8);
    dpbinfile::writeBytes(Out, P.X.data(), N * sizeof(float));
    dpbinfile::writeBytes(Out, P.Y.data(), N * sizeof(float));
  });
}

inline bool readPoints(const std::string &Path, PointSet &P, std::string &Err) {
  std::ifstream In;
  int64_t Size = 0, N = -1;
  if (!dpbinfile::openForRead(Path, In, Size, Err))
    return false;
  if (!dpbinfile::readHeader(In, PointsMagic) ||
      !dpbinfile::readBytes(In, &N, 8) || N < 0 || Size != 24 + 8 * N) {
    Err = Path + ": not a version-1 .dpp point file (or truncated)";
    return false;
  }
  P.X.resize(N);
  P.Y.resize(N);
  if (!dpbinfile::readBytes(In, P.X.data(), N * sizeof(float)) ||
      !dpbinfile::readBytes(In, P.Y.data(), N * sizeof(float))) {
    Err = "cannot read " + Path;
    return false;
  }
  Err = validatePoints(P);
  if (!Err.empty()) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

} // namespace dppoints
