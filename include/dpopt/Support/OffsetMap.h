//===- OffsetMap.h - Mapping offsets through text edits ---------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Passes rewrite the working text; remarks and reports must still point into
// the user's file. An EditMap maps an offset of an edited text back to the
// text before one round of edits; an OriginMap chains them back to the
// user's file. Offsets inside inserted or replaced text map to the start of
// the text they replaced.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_OFFSETMAP_H
#define DPOPT_SUPPORT_OFFSETMAP_H

#include "clang/Tooling/Core/Replacement.h"

#include <vector>

namespace dpopt {

class EditMap {
public:
  /// \p R must all apply to one file (tooling::Replacements guarantees they
  /// are sorted and do not overlap).
  static EditMap fromReplacements(const clang::tooling::Replacements &R);

  unsigned toOld(unsigned NewOffset) const;

private:
  struct Edit {
    unsigned OldOffset, OldLength, NewOffset, NewLength;
  };
  std::vector<Edit> Edits; // sorted by NewOffset
};

class OriginMap {
public:
  void push(EditMap M) { Maps.push_back(std::move(M)); }
  unsigned toOriginal(unsigned Offset) const;

private:
  std::vector<EditMap> Maps;
};

} // namespace dpopt

#endif // DPOPT_SUPPORT_OFFSETMAP_H
