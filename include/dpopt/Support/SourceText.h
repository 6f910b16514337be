//===- SourceText.h - A file's text with line lookup ------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_SOURCETEXT_H
#define DPOPT_SUPPORT_SOURCETEXT_H

#include "clang/Basic/LangOptions.h"
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

/// \p Lines (preprocessor directives, say) to insert at \p Offset of
/// \p Source, with a line break first when code precedes \p Offset on its
/// line ('namespace { __global__ void k()': a directive must start a line).
std::string onOwnLines(llvm::StringRef Source, unsigned Offset,
                       llvm::StringRef Lines);

/// The language to lex CUDA text raw (no preprocessor, no parse) in: C++17
/// and CUDA, so that raw strings, digit separators and '<<<' lex as nvcc
/// reads them.
clang::LangOptions rawLexLangOptions();

/// The UTF-8 byte order mark some editors put at the start of a file.
constexpr llvm::StringLiteral Utf8ByteOrderMark = "\xEF\xBB\xBF";

/// True when every line of \p Text ends in CRLF (and there is at least one).
bool endsLinesWithCRLF(llvm::StringRef Text);

/// \p Text with every line ending that is a lone LF made CRLF: dpopt writes
/// LF, and the output of a CRLF file keeps its convention.
std::string withCRLFLineEnds(llvm::StringRef Text);

} // namespace dpopt

#endif // DPOPT_SUPPORT_SOURCETEXT_H
