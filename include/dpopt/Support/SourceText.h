//===- SourceText.h - A file's text with line lookup ------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_SOURCETEXT_H
#define DPOPT_SUPPORT_SOURCETEXT_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace dpopt {

/// 1-based line and column, as clang prints them (columns count bytes).
struct LineColumn {
  unsigned Line = 0;
  unsigned Column = 0;
};

/// The user's file as dpopt read it; every location dpopt prints is an
/// offset into this text.
class SourceText {
public:
  SourceText(std::string Path, std::string Text);

  llvm::StringRef path() const { return Path; }
  llvm::StringRef text() const { return Text; }
  LineColumn lineColumn(unsigned Offset) const;
  /// The line's text without its end-of-line characters.
  llvm::StringRef lineText(unsigned Line) const;

private:
  std::string Path;
  std::string Text;
  std::vector<unsigned> LineStarts;
};

} // namespace dpopt

#endif // DPOPT_SUPPORT_SOURCETEXT_H
