//===- array.h - Integer arrays and the .dpv file format -------*- C++ -*-===//
//
// Host-only. Benchmarks over a flat array of 32-bit integers (nested
// reduction, quicksort) read it from a .dpv file.
//
// .dpv layout (little endian, version 1):
//   offset  0  char[8]  magic "DPVALUE\0"
//   offset  8  uint32   version (1)
//   offset 12  uint32   reserved (0)
//   offset 16  int64    count
//   offset 24  int32    values[count]
//
//===----------------------------------------------------------------------===//
#pragma once

#include "binfile.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace dparray {

struct IntArray {
  std::vector<int32_t> Values;
};

constexpr char ArrayMagic[8] = {'D', 'P', 'V', 'A', 'L', 'U', 'E', '\0'};

/// Indices are int32 on the GPU, so an array holds fewer than 2^31 values.
constexpr int64_t MaxArrayCount = (int64_t(1) << 31) - 1;

/// Empty when the array is well formed; otherwise what is wrong.
inline std::string validateArray(const IntArray &A) {
  if (static_cast<int64_t>(A.Values.size()) > MaxArrayCount)
    return "array too large for int32 indices";
  return "";
}

inline bool writeArray(const std::string &Path, const IntArray &A,
                       std::string &Err) {
  Err = validateArray(A);
  if (!Err.empty())
    return false;
  return dpbinfile::writeAtomically(Path, Err, [&](std::ostream &Out) {
    int64_t Count = static_cast<int64_t>(A.Values.size());
    dpbinfile::writeHeader(Out, ArrayMagic);
    dpbinfile::writeBytes(Out, &Count, 8);
    dpbinfile::writeBytes(Out, A.Values.data(), Count * 4);
  });
}

inline bool readArray(const std::string &Path, IntArray &A, std::string &Err) {
  std::ifstream In;
  int64_t Size = 0, Count = -1;
  if (!dpbinfile::openForRead(Path, In, Size, Err))
    return false;
  if (!dpbinfile::readHeader(In, ArrayMagic) ||
      !dpbinfile::readBytes(In, &Count, 8) || Count < 0 ||
      Count > MaxArrayCount || Size != 24 + 4 * Count) {
    Err = Path + ": not a version-1 .dpv array file (or truncated)";
    return false;
  }
  A.Values.resize(Count);
  if (!dpbinfile::readBytes(In, A.Values.data(), Count * 4)) {
    Err = "cannot read " + Path;
    return false;
  }
  return true;
}

/// One line: "n=... min=... max=..." (linear time: it is printed with every
/// benchmark run, so no sort for a count of distinct values).
inline std::string describeArray(const IntArray &A) {
  if (A.Values.empty())
    return "n=0";
  const auto [Min, Max] = std::minmax_element(A.Values.begin(), A.Values.end());
  return "n=" + std::to_string(A.Values.size()) +
         " min=" + std::to_string(*Min) + " max=" + std::to_string(*Max);
}

} // namespace dparray
