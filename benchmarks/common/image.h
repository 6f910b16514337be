//===- image.h - Binary images and the .dpi file format --------*- C++ -*-===//
//
// Host-only. The connected-component labelling benchmark (ccl) reads a
// binary image (one byte per pixel, 0 = background, 1 = foreground, row
// major) from a .dpi file.
//
// .dpi layout (little endian, version 1):
//   offset  0  char[8]  magic "DPIMAGE\0"
//   offset  8  uint32   version (1)
//   offset 12  uint32   reserved (0)
//   offset 16  int64    width
//   offset 24  int64    height
//   offset 32  uint8    pixels[width * height], each 0 or 1
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

namespace dpimage {

struct Image {
  int32_t Width = 0, Height = 0;
  std::vector<uint8_t> Pixels; ///< Width * Height bytes, row major, 0 or 1.
  int64_t numPixels() const { return int64_t(Width) * Height; }
};

constexpr char ImageMagic[8] = {'D', 'P', 'I', 'M', 'A', 'G', 'E', '\0'};

/// Empty when the image is well formed; otherwise what is wrong.
inline std::string validateImage(const Image &I) {
  if (I.Width < 1 || I.Height < 1)
    return "image must be at least 1 x 1";
  // Pixel indices (labels) are int32 on the GPU.
  if (I.numPixels() >= (int64_t(1) << 31))
    return "image too large for int32 pixel indices";
  if (static_cast<int64_t>(I.Pixels.size()) != I.numPixels())
    return "pixel array has wrong length";
  for (size_t P = 0; P < I.Pixels.size(); ++P)
    if (I.Pixels[P] > 1)
      return "pixel " + std::to_string(P) + " is neither 0 nor 1";
  return "";
}

inline bool writeImage(const std::string &Path, const Image &I,
                       std::string &Err) {
  Err = validateImage(I);
  if (!Err.empty())
    return false;
  return dpbinfile::writeAtomically(Path, Err, [&](std::ostream &Out) {
    int64_t W = I.Width, H = I.Height;
    dpbinfile::writeHeader(Out, ImageMagic);
    dpbinfile::writeBytes(Out, &W, 8);
    dpbinfile::writeBytes(Out, &H, 8);
    dpbinfile::writeBytes(Out, I.Pixels.data(),
                          static_cast<int64_t>(I.Pixels.size()));
  });
}

inline bool readImage(const std::string &Path, Image &I, std::string &Err) {
  std::ifstream In;
  int64_t Size = 0, W = -1, H = -1;
  if (!dpbinfile::openForRead(Path, In, Size, Err))
    return false;
  if (!dpbinfile::readHeader(In, ImageMagic) ||
      !dpbinfile::readBytes(In, &W, 8) || !dpbinfile::readBytes(In, &H, 8) ||
      W < 1 || H < 1 || W >= (int64_t(1) << 31) || H >= (int64_t(1) << 31) ||
      W * H >= (int64_t(1) << 31) || Size != 32 + W * H) {
    Err = Path + ": not a version-1 .dpi image file (or truncated)";
    return false;
  }
  I.Width = static_cast<int32_t>(W);
  I.Height = static_cast<int32_t>(H);
  I.Pixels.resize(W * H);
  if (!dpbinfile::readBytes(In, I.Pixels.data(), W * H)) {
    Err = "cannot read " + Path;
    return false;
  }
  Err = validateImage(I);
  if (!Err.empty()) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

} // namespace dpimage
