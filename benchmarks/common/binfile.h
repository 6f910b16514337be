//===- binfile.h - What the benchmarks' binary file formats share -*- C++
//-*-===//
//
// Host-only. The dataset formats (.dpv arrays, .dpi images, .dpp point sets,
// .dpb Bezier lines) are written whole to a temporary name and renamed, so
// that an interrupted run never leaves a truncated file under the final
// name; all but .dpb start with the same 16 bytes: an 8-byte magic, version
// 1 (uint32) and a reserved word (uint32, 0). Little endian, as the hosts
// that run them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

namespace dpbinfile {

/// Writes \p Path through \p Write(std::ostream &) into Path + ".tmp", then
/// renames it; false with \p Err set when any step fails.
template <class WriteFn>
bool writeAtomically(const std::string &Path, std::string &Err, WriteFn Write) {
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
    if (!Out) {
      Err = "cannot open " + Tmp + " for writing";
      return false;
    }
    Write(Out);
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

/// Writes \p Bytes bytes at \p Data.
inline void writeBytes(std::ostream &Out, const void *Data, int64_t Bytes) {
  Out.write(static_cast<const char *>(Data),
            static_cast<std::streamsize>(Bytes));
}

/// Writes the header: \p Magic, version 1, reserved 0.
inline void writeHeader(std::ostream &Out, const char (&Magic)[8]) {
  const uint32_t Version = 1, Reserved = 0;
  Out.write(Magic, 8);
  writeBytes(Out, &Version, 4);
  writeBytes(Out, &Reserved, 4);
}

/// Opens \p Path for reading; \p Size is its length in bytes.
inline bool openForRead(const std::string &Path, std::ifstream &In,
                        int64_t &Size, std::string &Err) {
  In.open(Path, std::ios::binary | std::ios::ate);
  if (!In) {
    Err = "cannot open " + Path;
    return false;
  }
  Size = static_cast<int64_t>(In.tellg());
  In.seekg(0);
  return true;
}

/// Reads \p Bytes bytes into \p Data; false when the file ends first.
inline bool readBytes(std::istream &In, void *Data, int64_t Bytes) {
  return static_cast<bool>(
      In.read(static_cast<char *>(Data), static_cast<std::streamsize>(Bytes)));
}

/// Reads the header; false unless it is \p Magic, version 1.
inline bool readHeader(std::istream &In, const char (&Magic)[8]) {
  char Seen[8];
  uint32_t Version = 0, Reserved = 0;
  return readBytes(In, Seen, 8) && std::memcmp(Seen, Magic, 8) == 0 &&
         readBytes(In, &Version, 4) && Version == 1 &&
         readBytes(In, &Reserved, 4);
}

} // namespace dpbinfile
