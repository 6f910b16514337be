//===- datasets/gen_image.h - Binary images for CCL ------------*- C++ -*-===//
#pragma once

#include "generators.h"
#include "image.h"

#include <string>

namespace dpgen {

/// Square image of 4096^2 pixels (scaled by area), each foreground with
/// probability Density independently.
dpimage::Image generateNoiseImage(const GenParams &P, double Density,
                                  uint64_t Tag);
/// 4096^2 (scaled): random discs of radius 3..43 covering about 45% of the
/// image, then 3% of the pixels flipped (holes and specks).
dpimage::Image generateBlobImage(const GenParams &P);

bool writeImageNoise(const GenParams &P, const std::string &Path,
                     std::string &Err);
bool writeImageDense(const GenParams &P, const std::string &Path,
                     std::string &Err);
bool writeImageBlobs(const GenParams &P, const std::string &Path,
                     std::string &Err);

} // namespace dpgen
