//===- mstf/mstf.h - MST, find kernel: input, reference ---*- C++ -*-===//
//
// Boruvka's minimum spanning forest (common/boruvka.h) with the "find"
// kernel (per component, the lightest edge leaving it) in CDP form; the
// other kernels of a round are flat in every variant.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "boruvka.h"

struct MstfBench : MstBase {
  static constexpr const char *Name = "mstf";
};
