//===- ccl/ccl.h - Connected-component labelling: input, check -*- C++ -*-===//
//
// Connected-component labelling (CCL, Chen & Shen MICRO'15's benchmark set):
// label the 4-connected components of a binary image. Every foreground
// pixel gets the smallest pixel index (y * width + x) of its component,
// background pixels get -1; that labelling is unique, so GPU results are
// compared exactly. The GPU versions use a lock-free union-find whose links
// always point from a larger to a smaller index, so each component's root
// is its smallest pixel (see cdp.cu). Host-only: the variants hold the
// kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"
#include "image.h"

#include <cstdint>
#include <string>
#include <vector>

constexpr int CclBackground = -1;

struct CclBench {
  static constexpr const char *Name = "ccl";
  using Value = int;

  struct Input {
    dpimage::Image Image;
  };

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dpimage::readImage(O.Input, In.Image, Err))
      throw dpbench::InputError(Err);
    return In;
  }

  static std::string describe(const Input &In) {
    int64_t Foreground = 0;
    for (uint8_t P : In.Image.Pixels)
      Foreground += P;
    return "width=" + std::to_string(In.Image.Width) +
           " height=" + std::to_string(In.Image.Height) +
           " foreground=" + std::to_string(Foreground);
  }

  /// Flood fill in raster order: the first pixel met of a component is its
  /// smallest index.
  static std::vector<int> reference(const Input &In) {
    const dpimage::Image &I = In.Image;
    const int W = I.Width, H = I.Height;
    std::vector<int> Label(I.numPixels(), CclBackground);
    std::vector<int> Stack;
    for (int P = 0; P < W * H; ++P) {
      if (!I.Pixels[P] || Label[P] != CclBackground)
        continue;
      Label[P] = P;
      Stack.assign(1, P);
      while (!Stack.empty()) {
        int Q = Stack.back();
        Stack.pop_back();
        int X = Q % W, Y = Q / W;
        const int Neighbors[4] = {X > 0 ? Q - 1 : -1, X + 1 < W ? Q + 1 : -1,
                                  Y > 0 ? Q - W : -1, Y + 1 < H ? Q + W : -1};
        for (int R : Neighbors)
          if (R >= 0 && I.Pixels[R] && Label[R] == CclBackground) {
            Label[R] = P;
            Stack.push_back(R);
          }
      }
    }
    return Label;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "label");
  }

  /// cdp.cu: one parent thread per row launches one child grid, in each of
  /// the (host-launched) merge and compression grids.
  static long long pendingLaunches(const Input &In) { return In.Image.Height; }

  /// Number of components (for tests and logs).
  static int64_t countComponents(const std::vector<int> &Label) {
    int64_t Count = 0;
    for (size_t P = 0; P < Label.size(); ++P)
      Count += Label[P] == static_cast<int>(P);
    return Count;
  }
};
