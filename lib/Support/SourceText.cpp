//===- SourceText.cpp - A file's text with line lookup -------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/SourceText.h"

#include <algorithm>

namespace dpopt {

clang::LangOptions rawLexLangOptions() {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.CUDA = true;
  return LO;
}

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

std::string onOwnLines(llvm::StringRef Source, unsigned Offset,
                       llvm::StringRef Lines) {
  llvm::StringRef Before = Source.substr(0, Offset);
  size_t LineStart = Before.find_last_of("\n");
  llvm::StringRef OnLine = LineStart == llvm::StringRef::npos
                               ? Before
                               : Before.substr(LineStart + 1);
  if (OnLine.trim().empty())
    return Lines.str();
  return "\n" + Lines.str();
}

bool endsLinesWithCRLF(llvm::StringRef Text) {
  size_t Lines = 0;
  for (size_t At = Text.find('\n'); At != llvm::StringRef::npos;
       At = Text.find('\n', At + 1)) {
    if (At == 0 || Text[At - 1] != '\r')
      return false;
    ++Lines;
  }
  return Lines > 0;
}

std::string withCRLFLineEnds(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size() + Text.size() / 16);
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
  return Out;
}

} // namespace dpopt
