//===- mstv/mstv.h - MST, verify kernel: input, reference -*- C++ -*-===//
//
// Boruvka's minimum spanning forest (common/boruvka.h) with the "verify"
// kernel (which edge of a component is its chosen lightest one) in CDP
// form; the other kernels of a round are flat in every variant.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "boruvka.h"

struct MstvBench : MstBase {
  static constexpr const char *Name = "mstv";
};
