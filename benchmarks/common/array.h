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

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
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
  // Written to a temporary name first, so that an interrupted run never
  // leaves a truncated file under the final name.
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
    if (!Out) {
      Err = "cannot open " + Tmp + " for writing";
      return false;
    }
    uint32_t Version = 1, Reserved = 0;
    int64_t Count = static_cast<int64_t>(A.Values.size());
    Out.write(ArrayMagic, 8);
    Out.write(reinterpret_cast<const char *>(&Version), 4);
    Out.write(reinterpret_cast<const char *>(&Reserved), 4);
    Out.write(reinterpret_cast<const char *>(&Count), 8);
    Out.write(reinterpret_cast<const char *>(A.Values.data()),
              static_cast<std::streamsize>(Count * 4));
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

inline bool readArray(const std::string &Path, IntArray &A, std::string &Err) {
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In) {
    Err = "cannot open " + Path;
    return false;
  }
  const int64_t Size = static_cast<int64_t>(In.tellg());
  In.seekg(0);
  char Magic[8];
  uint32_t Version = 0, Reserved = 0;
  int64_t Count = -1;
  if (!In.read(Magic, 8) || std::memcmp(Magic, ArrayMagic, 8) != 0 ||
      !In.read(reinterpret_cast<char *>(&Version), 4) || Version != 1 ||
      !In.read(reinterpret_cast<char *>(&Reserved), 4) ||
      !In.read(reinterpret_cast<char *>(&Count), 8) || Count < 0 ||
      Count > MaxArrayCount || Size != 24 + 4 * Count) {
    Err = Path + ": not a version-1 .dpv array file (or truncated)";
    return false;
  }
  A.Values.resize(Count);
  if (!In.read(reinterpret_cast<char *>(A.Values.data()),
               static_cast<std::streamsize>(Count * 4))) {
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
