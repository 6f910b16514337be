//===- SiteTable.h - The user's launch sites and their identity -*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every kernel launch written in the user's file gets an id (1, 2, ... in
// source order) when the file is first parsed. The id survives rewriting:
// launch statements a pass wrote carry it in a marker (LaunchMarkers.h),
// other launches are
// found again by mapping their offset back to the user's file. Pragmas are
// attached to ids once, from the user's text.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_FRONTEND_SITETABLE_H
#define DPOPT_FRONTEND_SITETABLE_H

#include "dpopt/Pragma/PragmaDirective.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace dpopt {

struct SiteOrigin {
  unsigned Id = 0;
  /// Offset of the launch expression in the user's file.
  unsigned Offset = 0;
  bool DeviceSide = false;
  bool IsStatement = false;
  std::optional<PragmaDirective> Pragma;
  /// Offset of the first '#pragma dp' attached, when Pragma is set.
  unsigned PragmaOffset = 0;
  /// The per-site controls a --tuning file entry sets (TuningFile.h); they
  /// choose how passes transform the launch but assert nothing about it.
  std::optional<PragmaDirective> Tuning;
  /// Where that entry is, "file:line", for remarks.
  std::string TuningFrom;
};

class SiteTable {
public:
  void add(SiteOrigin S) { Sites.push_back(std::move(S)); }
  SiteOrigin *byId(unsigned Id);
  const SiteOrigin *byId(unsigned Id) const;
  /// The site whose launch expression starts at \p OriginalOffset.
  const SiteOrigin *byOffset(unsigned OriginalOffset) const;
  llvm::ArrayRef<SiteOrigin> all() const { return Sites; }

private:
  std::vector<SiteOrigin> Sites; // ids are 1-based positions
};

} // namespace dpopt

#endif // DPOPT_FRONTEND_SITETABLE_H
