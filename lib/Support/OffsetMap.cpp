//===- OffsetMap.cpp - Mapping offsets through text edits ----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/OffsetMap.h"

#include <algorithm>

namespace dpopt {

EditMap EditMap::fromReplacements(const clang::tooling::Replacements &R) {
  EditMap M;
  long Shift = 0;
  for (const clang::tooling::Replacement &Rep : R) {
    Edit E;
    E.OldOffset = Rep.getOffset();
    E.OldLength = Rep.getLength();
    E.NewOffset = static_cast<unsigned>(static_cast<long>(E.OldOffset) + Shift);
    E.NewLength = static_cast<unsigned>(Rep.getReplacementText().size());
    Shift += static_cast<long>(E.NewLength) - static_cast<long>(E.OldLength);
    M.Edits.push_back(E);
  }
  return M;
}

unsigned EditMap::toOld(unsigned NewOffset) const {
  // The last edit that starts at or before NewOffset decides.
  auto It = std::upper_bound(
      Edits.begin(), Edits.end(), NewOffset,
      [](unsigned Off, const Edit &E) { return Off < E.NewOffset; });
  if (It == Edits.begin())
    return NewOffset;
  const Edit &E = *std::prev(It);
  if (NewOffset < E.NewOffset + E.NewLength)
    return E.OldOffset;
  return NewOffset - (E.NewOffset + E.NewLength) + (E.OldOffset + E.OldLength);
}

unsigned OriginMap::toOriginal(unsigned Offset) const {
  for (auto It = Maps.rbegin(); It != Maps.rend(); ++It)
    Offset = It->toOld(Offset);
  return Offset;
}

} // namespace dpopt
