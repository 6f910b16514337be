//===- Runtime.cpp - The device runtime that generated code calls ---------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/Runtime.h"
#include "dpopt/Support/SourceText.h"

#include "llvm/ADT/STLExtras.h"

namespace dpopt {

namespace {
constexpr RuntimeHeader Headers[] = {
#define DPOPT_RUNTIME_HEADER(Id, File) RuntimeHeader::Id,
#include "dpopt/Support/RuntimeEntryPoints.def"
};
} // namespace

llvm::ArrayRef<RuntimeHeader> allRuntimeHeaders() { return Headers; }

llvm::StringRef runtimeHeaderFile(RuntimeHeader H) {
  switch (H) {
#define DPOPT_RUNTIME_HEADER(Id, File)                                         \
  case RuntimeHeader::Id:                                                      \
    return File;
#include "dpopt/Support/RuntimeEntryPoints.def"
  }
  return "";
}

std::string operator+(llvm::StringRef Left, const RuntimeEntry &Right) {
  return Left.str() + Right.Name;
}

std::string operator+(const RuntimeEntry &Left, llvm::StringRef Right) {
  return Left.Name + Right.str();
}

static std::string includeDirective(RuntimeHeader H) {
  return "#include \"dpopt/" + runtimeHeaderFile(H).str() + "\"";
}

static std::string runtimeIncludeLine(RuntimeHeader H) {
  return includeDirective(H) + " // dpopt's device runtime\n";
}

/// True when a line of \p Text starts (after blanks) with \p Directive: a
/// mention in a comment does not include the header.
static bool hasDirectiveLine(llvm::StringRef Text, llvm::StringRef Directive) {
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    if (Line.ltrim(" \t").starts_with(Directive))
      return true;
    Text = Rest;
  }
  return false;
}

std::string withRuntimeIncludes(llvm::StringRef Text,
                                llvm::ArrayRef<RuntimeHeader> Needed) {
  std::string Lines;
  for (RuntimeHeader H : Needed)
    if (!hasDirectiveLine(Text, includeDirective(H)))
      Lines += runtimeIncludeLine(H);
  // A byte order mark stays the file's first bytes.
  if (Text.consume_front(Utf8ByteOrderMark))
    return Utf8ByteOrderMark.str() + Lines + Text.str();
  return Lines + Text.str();
}

std::string runtimeIncludes(llvm::ArrayRef<RuntimeHeader> Headers) {
  std::string Lines;
  for (RuntimeHeader H : allRuntimeHeaders())
    if (llvm::is_contained(Headers, H))
      Lines += includeDirective(H) + "\n";
  return Lines;
}

} // namespace dpopt
