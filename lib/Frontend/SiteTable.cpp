//===- SiteTable.cpp - The user's launch sites and their identity --------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/SiteTable.h"

namespace dpopt {

SiteOrigin *SiteTable::byId(unsigned Id) {
  return Id >= 1 && Id <= Sites.size() ? &Sites[Id - 1] : nullptr;
}

const SiteOrigin *SiteTable::byId(unsigned Id) const {
  return Id >= 1 && Id <= Sites.size() ? &Sites[Id - 1] : nullptr;
}

const SiteOrigin *SiteTable::byOffset(unsigned OriginalOffset) const {
  for (const SiteOrigin &S : Sites)
    if (S.Offset == OriginalOffset)
      return &S;
  return nullptr;
}

} // namespace dpopt
