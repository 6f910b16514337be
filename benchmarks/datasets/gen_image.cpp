//===- datasets/gen_image.cpp - Binary images for CCL --------------------===//
//
// Three kinds of 4-connected structure: independent noise below the site
// percolation threshold of the square lattice (p_c ~ 0.5927: many small and
// mid-size components), noise just above it (one giant component with long
// winding paths, the hard case for label propagation and deep union-find
// trees), and overlapping discs with flipped pixels (large components with
// holes, like segmented photographs). The scale shrinks the area; disc radii
// stay the same, so smaller images look like crops of larger ones. Every
// pixel's coin is a hash of (seed, image kind, pixel index), and discs come
// from one sequential stream, so the thread count never matters.
//
//===----------------------------------------------------------------------===//

#include "gen_image.h"

#include "rng.h"

#include <algorithm>
#include <cmath>

namespace dpgen {

namespace {

enum ImageTag : uint64_t {
  ImageNoise = 0x494d4147, // "IMAG"
  ImageDense,
  ImageBlobDiscs,
  ImageBlobFlips,
};

dpimage::Image blankImage(const GenParams &P) {
  dpimage::Image I;
  const double Side = 4096.0 * std::sqrt(P.Scale);
  I.Width = I.Height =
      static_cast<int32_t>(std::clamp<double>(std::llround(Side), 16, 32768));
  I.Pixels.assign(I.numPixels(), 0);
  return I;
}

bool coin(uint64_t Seed, int64_t Pixel, double Prob) {
  return dprng::mapToUnit(dprng::hash64(Seed, Pixel)) < Prob;
}

} // namespace

dpimage::Image generateNoiseImage(const GenParams &P, double Density,
                                  uint64_t Tag) {
  dpimage::Image I = blankImage(P);
  const uint64_t Seed = dprng::hash64(P.Seed, Tag);
  for (int64_t Pixel = 0; Pixel < I.numPixels(); ++Pixel)
    I.Pixels[Pixel] = coin(Seed, Pixel, Density);
  return I;
}

dpimage::Image generateBlobImage(const GenParams &P) {
  dpimage::Image I = blankImage(P);
  const int64_t W = I.Width, H = I.Height;
  // Mean disc area: E[pi (3 + 40 U^2)^2] ~ 1285 px; W*H/2000 discs cover
  // 1 - exp(-0.64) ~ 47% of the image.
  const int64_t Discs = std::max<int64_t>(1, W * H / 2000);
  dprng::Xoshiro256 R(dprng::hash64(P.Seed, ImageBlobDiscs));
  for (int64_t D = 0; D < Discs; ++D) {
    const int64_t CX = R.below(W);
    const int64_t CY = R.below(H);
    const double U = R.unit();
    const int64_t Rad = 3 + static_cast<int64_t>(40.0 * U * U);
    for (int64_t Y = std::max<int64_t>(0, CY - Rad);
         Y <= std::min<int64_t>(H - 1, CY + Rad); ++Y)
      for (int64_t X = std::max<int64_t>(0, CX - Rad);
           X <= std::min<int64_t>(W - 1, CX + Rad); ++X)
        if ((X - CX) * (X - CX) + (Y - CY) * (Y - CY) <= Rad * Rad)
          I.Pixels[Y * W + X] = 1;
  }
  const uint64_t FlipSeed = dprng::hash64(P.Seed, ImageBlobFlips);
  for (int64_t Pixel = 0; Pixel < I.numPixels(); ++Pixel)
    if (coin(FlipSeed, Pixel, 0.03))
      I.Pixels[Pixel] ^= 1;
  return I;
}

bool writeImageNoise(const GenParams &P, const std::string &Path,
                     std::string &Err) {
  return dpimage::writeImage(Path, generateNoiseImage(P, 0.50, ImageNoise),
                             Err);
}

bool writeImageDense(const GenParams &P, const std::string &Path,
                     std::string &Err) {
  return dpimage::writeImage(Path, generateNoiseImage(P, 0.62, ImageDense),
                             Err);
}

bool writeImageBlobs(const GenParams &P, const std::string &Path,
                     std::string &Err) {
  return dpimage::writeImage(Path, generateBlobImage(P), Err);
}

} // namespace dpgen
