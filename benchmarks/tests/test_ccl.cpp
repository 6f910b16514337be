//===- test_ccl.cpp - Binary images, .dpi files and the CCL reference ----===//

#include "ccl/ccl.h"
#include "gen_image.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <numeric>

namespace {

dpgen::GenParams params(double Scale, uint64_t Seed = 1) {
  dpgen::GenParams P;
  P.Scale = Scale;
  P.Seed = Seed;
  return P;
}

CclBench::Input input(int W, int H, const std::vector<uint8_t> &Pixels) {
  CclBench::Input In;
  In.Image.Width = W;
  In.Image.Height = H;
  In.Image.Pixels = Pixels;
  EXPECT_EQ(dpimage::validateImage(In.Image), "");
  return In;
}

/// Sequential union-find with union by smaller index: an independent way to
/// get the smallest index of every component.
std::vector<int> unionFind(const dpimage::Image &I) {
  const int W = I.Width, N = W * I.Height;
  std::vector<int> Parent(N);
  std::iota(Parent.begin(), Parent.end(), 0);
  auto Find = [&](int P) {
    while (Parent[P] != P)
      P = Parent[P] = Parent[Parent[P]];
    return P;
  };
  auto Unite = [&](int A, int B) {
    A = Find(A);
    B = Find(B);
    if (A != B)
      Parent[std::max(A, B)] = std::min(A, B);
  };
  for (int P = 0; P < N; ++P)
    if (I.Pixels[P]) {
      if (P % W > 0 && I.Pixels[P - 1])
        Unite(P, P - 1);
      if (P >= W && I.Pixels[P - W])
        Unite(P, P - W);
    }
  std::vector<int> Label(N, CclBackground);
  for (int P = 0; P < N; ++P)
    if (I.Pixels[P])
      Label[P] = Find(P);
  return Label;
}

} // namespace

TEST(CclReference, HandExample) {
  // 1 1 0 1
  // 0 1 0 1
  // 1 0 0 1      (diagonal pixels are not 4-connected)
  // 1 1 1 1
  CclBench::Input In =
      input(4, 4, {1, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1});
  std::vector<int> Ref = CclBench::reference(In);
  const int B = CclBackground;
  EXPECT_EQ(Ref,
            (std::vector<int>{0, 0, B, 3, B, 0, B, 3, 3, B, B, 3, 3, 3, 3, 3}));
  EXPECT_EQ(CclBench::countComponents(Ref), 2);
  EXPECT_TRUE(CclBench::compare(In, Ref, Ref).Ok);
  std::vector<int> Bad = Ref;
  Bad[8] = 8;
  EXPECT_FALSE(CclBench::compare(In, Ref, Bad).Ok);
  EXPECT_EQ(CclBench::pendingLaunches(In), 4);
}

TEST(CclReference, MatchesUnionFindOnGeneratedImages) {
  for (auto Write : {dpgen::writeImageNoise, dpgen::writeImageDense,
                     dpgen::writeImageBlobs}) {
    const std::string Path = ::testing::TempDir() + "/dpbench-test-image.dpi";
    std::string Err;
    ASSERT_TRUE(Write(params(1.0 / 256), Path, Err)) << Err;
    CclBench::Input In;
    ASSERT_TRUE(dpimage::readImage(Path, In.Image, Err)) << Err;
    std::remove(Path.c_str());
    EXPECT_EQ(In.Image.Width, 256);
    EXPECT_EQ(In.Image.Height, 256);
    std::vector<int> Ref = CclBench::reference(In);
    EXPECT_EQ(Ref, unionFind(In.Image));
    EXPECT_GT(CclBench::countComponents(Ref), 0);
  }
}

TEST(ImageGenerator, DensitiesAndDeterminism) {
  auto Density = [](const dpimage::Image &I) {
    double Sum = 0;
    for (uint8_t P : I.Pixels)
      Sum += P;
    return Sum / I.numPixels();
  };
  dpimage::Image Noise = dpgen::generateNoiseImage(params(1.0 / 16), 0.5, 7);
  EXPECT_EQ(Noise.Width, 1024);
  EXPECT_NEAR(Density(Noise), 0.5, 0.01);
  dpimage::Image Blobs = dpgen::generateBlobImage(params(1.0 / 16));
  EXPECT_NEAR(Density(Blobs), 0.47, 0.08);
  EXPECT_EQ(Blobs.Pixels, dpgen::generateBlobImage(params(1.0 / 16)).Pixels);
  EXPECT_NE(Blobs.Pixels, dpgen::generateBlobImage(params(1.0 / 16, 2)).Pixels);
  // Above the percolation threshold one component holds most pixels.
  CclBench::Input Dense;
  Dense.Image = dpgen::generateNoiseImage(params(1.0 / 16), 0.62, 8);
  std::vector<int> Label = CclBench::reference(Dense);
  std::vector<int> Size(Label.size(), 0);
  for (int L : Label)
    if (L >= 0)
      ++Size[L];
  EXPECT_GT(*std::max_element(Size.begin(), Size.end()),
            0.5 * Density(Dense.Image) * Dense.Image.numPixels());
}

TEST(ImageFile, RoundTripAndRejects) {
  const std::string Path = ::testing::TempDir() + "/dpbench-test-image2.dpi";
  dpimage::Image I;
  I.Width = 3;
  I.Height = 2;
  I.Pixels = {1, 0, 1, 0, 1, 1};
  std::string Err;
  ASSERT_TRUE(dpimage::writeImage(Path, I, Err)) << Err;
  dpimage::Image J;
  ASSERT_TRUE(dpimage::readImage(Path, J, Err)) << Err;
  EXPECT_EQ(J.Width, 3);
  EXPECT_EQ(J.Height, 2);
  EXPECT_EQ(J.Pixels, I.Pixels);
  I.Pixels[0] = 2;
  EXPECT_FALSE(dpimage::writeImage(Path, I, Err));
  std::remove(Path.c_str());
  EXPECT_FALSE(dpimage::readImage(Path, J, Err));
}
