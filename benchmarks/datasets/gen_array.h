//===- datasets/gen_array.h - Integer arrays for NR and QS -----*- C++ -*-===//
#pragma once

#include "array.h"
#include "generators.h"

#include <cstdint>
#include <string>

namespace dpgen {

/// Number of values at a scale: 2^25 at full scale, 2^20 at quick (1/16),
/// 2^15 at tiny (1/256); see gen_array.cpp for why it is not linear.
int64_t arrayCount(const GenParams &P);

/// Values uniform in [0, 2^31).
dparray::IntArray generateIntsUniform(const GenParams &P);
/// Values drawn uniformly from 1024 distinct values in [0, 2^31).
dparray::IntArray generateIntsDups(const GenParams &P);
/// Strictly ascending values in [0, 2^31), then count / 100 swaps of two
/// random positions.
dparray::IntArray generateIntsSorted(const GenParams &P);

bool writeIntsUniform(const GenParams &P, const std::string &Path,
                      std::string &Err);
bool writeIntsDups(const GenParams &P, const std::string &Path,
                   std::string &Err);
bool writeIntsSorted(const GenParams &P, const std::string &Path,
                     std::string &Err);

} // namespace dpgen
