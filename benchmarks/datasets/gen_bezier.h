//===- datasets/gen_bezier.h - Bezier line sets (bt) ------------*- C++ -*-===//
//
// Datasets of the BT benchmark (Olabi et al. Table I: T0032-C16, T2048-C64,
// 20,000 lines each). See benchmarks/README.md "Datasets".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bezier.h"
#include "generators.h"

#include <cstdint>
#include <string>

namespace dpgen {

/// Lines with control points uniform in [0, 1)^2, redrawn while the chord is
/// shorter than 1/64 or curvature * Scale lies within a rounding margin of a
/// step of the point count (so every device computes the same counts).
dpbez::LineSet generateBezierLines(int64_t NumLines, int MaxTess, float Scale,
                                   uint64_t Seed, int Threads);

/// True when curvature * Scale = X (computed in double) is far enough from
/// every step of ceil() inside [MinTess, MaxTess] that float rounding on any
/// device gives the same point count.
bool tessellationCountIsRobust(double X, int MaxTess);

/// 20,000 lines at full scale, MaxTess 32, curvature scale 16 (T0032-C16).
dpbez::LineSet generateBezierT32(const GenParams &P);
/// 20,000 lines at full scale, MaxTess 2048, curvature scale 64 (T2048-C64).
dpbez::LineSet generateBezierT2048(const GenParams &P);

bool writeBezierT32(const GenParams &P, const std::string &Path,
                    std::string &Err);
bool writeBezierT2048(const GenParams &P, const std::string &Path,
                      std::string &Err);

} // namespace dpgen
