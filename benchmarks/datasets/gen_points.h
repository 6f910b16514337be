//===- datasets/gen_points.h - 2-D point sets for QT -----------*- C++ -*-===//
#pragma once

#include "generators.h"
#include "pointset.h"

#include <string>

namespace dpgen {

/// 2^21 points (scaled) uniform in [0, 1)^2.
dppoints::PointSet generatePointsUniform(const GenParams &P);
/// 2^21 points (scaled): 90% in 64 clusters of different spread and
/// popularity, 10% uniform background.
dppoints::PointSet generatePointsClustered(const GenParams &P);

bool writePointsUniform(const GenParams &P, const std::string &Path,
                        std::string &Err);
bool writePointsClustered(const GenParams &P, const std::string &Path,
                          std::string &Err);

} // namespace dpgen
