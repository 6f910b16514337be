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
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
    if (!Out) {
      Err = "cannot open " + Tmp + " for writing";
      return false;
    }
    uint32_t Version = 1, Reserved = 0;
    int64_t N = P.size();
    Out.write(PointsMagic, 8);
    Out.write(reinterpret_cast<const char *>(&Version), 4);
    Out.write(reinterpret_cast<const char *>(&Reserved), 4);
    Out.write(reinterpret_cast<const char *>(&N), 8);
    Out.write(reinterpret_cast<const char *>(P.X.data()), N * sizeof(float));
    Out.write(reinterpret_cast<const char *>(P.Y.data()), N * sizeof(float));
    if (!Out) {
      Err = "write to " + Tmp + " failed";
      return false;
    }
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    Err = "cannot rename " + Tmp + " to " + Path;
    return false;
  }
  return true;
}

inline bool readPoints(const std::string &Path, PointSet &P, std::string &Err) {
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In) {
    Err = "cannot open " + Path;
    return false;
  }
  const int64_t Size = static_cast<int64_t>(In.tellg());
  In.seekg(0);
  char Magic[8];
  uint32_t Version = 0, Reserved = 0;
  int64_t N = -1;
  if (!In.read(Magic, 8) || std::memcmp(Magic, PointsMagic, 8) != 0 ||
      !In.read(reinterpret_cast<char *>(&Version), 4) || Version != 1 ||
      !In.read(reinterpret_cast<char *>(&Reserved), 4) ||
      !In.read(reinterpret_cast<char *>(&N), 8) || N < 0 ||
      Size != 24 + 8 * N) {
    Err = Path + ": not a version-1 .dpp point file (or truncated)";
    return false;
  }
  P.X.resize(N);
  P.Y.resize(N);
  if (!In.read(reinterpret_cast<char *>(P.X.data()), N * sizeof(float)) ||
      !In.read(reinterpret_cast<char *>(P.Y.data()), N * sizeof(float))) {
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
