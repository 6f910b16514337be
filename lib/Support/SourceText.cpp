//===- SourceText.cpp - A file's text with line lookup -------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/SourceText.h"

#include <algorithm>

namespace dpopt {

SourceText::SourceText(std::string P, std::string T)
    : Path(std::move(P)), Text(std::move(T)) {
  LineStarts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      LineStarts.push_back(static_cast<unsigned>(I + 1));
}

LineColumn SourceText::lineColumn(unsigned Offset) const {
  Offset = std::min<unsigned>(Offset, Text.size());
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = static_cast<unsigned>(It - LineStarts.begin());
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

llvm::StringRef SourceText::lineText(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return {};
  unsigned Begin = LineStarts[Line - 1];
  unsigned End = Line < LineStarts.size() ? LineStarts[Line] : Text.size();
  llvm::StringRef L(Text.data() + Begin, End - Begin);
  return L.rtrim("\r\n");
}

} // namespace dpopt
