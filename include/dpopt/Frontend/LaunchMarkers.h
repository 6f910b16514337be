//===- LaunchMarkers.h - dpopt's internal launch-site markers ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A pass that rewrites a launch writes a new launch statement, which has no
// place in the user's file. To keep the site's identity (its id, its pragma,
// remarks at the user's line) through later passes, generated device-side
// launch statements carry a marker comment right before them:
//
//   /*__dpopt_site:N*/child<<<g, b>>>(args);
//
// where N is the id of the user's launch site the statement derives from.
// (Launches the passes did not write are found again by mapping their offset
// back to the user's file.) The analysis counts the marker as part of the
// statement, so a pass that replaces the statement replaces its marker too.
// Markers never hold a newline, so line numbers are kept, and they are
// removed before output.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_LAUNCHMARKERS_H
#define DPOPT_FRONTEND_LAUNCHMARKERS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace dpopt {
namespace markers {

/// The marker comment naming site \p Id.
std::string siteMarker(unsigned Id);

/// Prefixes a generated device-side launch statement with its site's marker.
std::string markDeviceStatement(unsigned Id, llvm::StringRef Statement);

struct FoundMarker {
  unsigned Id = 0;
  /// Characters from the marker's start to the end of the text searched.
  unsigned Length = 0;
};

/// The marker that \p TextBefore ends with (blanks after it allowed), if any.
std::optional<FoundMarker> markerEndingAt(llvm::StringRef TextBefore);

/// The offset of the first thing in \p Text that looks like a dpopt marker,
/// or npos. Inputs must have none: markers in them would be stripped from
/// the output.
size_t findMarkerSyntax(llvm::StringRef Text);

/// What dpopt writes before a braced grid or block configuration
/// ('<<<{64, 1, 1}, 128>>>', which nvcc accepts and clang's parser does not)
/// so that clang reads it as dim3{64, 1, 1}. A pass that copies the
/// configuration copies 'dim3{...}' (valid CUDA); where the user's text stays,
/// strip() takes the marker and the 'dim3' out again.
std::string bracedConfigMarker();

/// Removes every marker, restoring the user-visible text.
std::string strip(llvm::StringRef Text);

} // namespace markers
} // namespace dpopt

#endif // DPOPT_FRONTEND_LAUNCHMARKERS_H
