//===- LaunchMarkers.cpp - dpopt's internal launch-site markers ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/LaunchMarkers.h"

#include "llvm/ADT/Twine.h"

#include <cctype>

using namespace llvm;

namespace dpopt {
namespace markers {
namespace {

constexpr StringLiteral OpenPrefix = "[&]{/*__dpopt_site:";
constexpr StringLiteral Close = "/*__dpopt_end*/}();";
constexpr StringLiteral CloseSemi = ";/*__dpopt_end_semi*/}();";
constexpr StringLiteral CommentSuffix = "*/";

/// Parses "<digits>*/" at the start of S; returns the id and the length used.
std::optional<std::pair<unsigned, size_t>> parseIdAndEnd(StringRef S) {
  size_t Digits = 0;
  while (Digits < S.size() && isdigit(static_cast<unsigned char>(S[Digits])))
    ++Digits;
  if (Digits == 0 || Digits > 9 || !S.substr(Digits).starts_with(CommentSuffix))
    return std::nullopt;
  unsigned Id = 0;
  if (S.substr(0, Digits).getAsInteger(10, Id))
    return std::nullopt;
  return std::make_pair(Id, Digits + CommentSuffix.size());
}

} // namespace

std::string wrapperOpen(unsigned Id) {
  return (OpenPrefix + Twine(Id) + CommentSuffix).str();
}
StringRef wrapperClose() { return Close; }
StringRef wrapperCloseAddingSemicolon() { return CloseSemi; }

std::string wrapDeviceStatement(unsigned Id, StringRef Statement) {
  return wrapperOpen(Id) + Statement.str() + Close.str();
}

std::optional<unsigned> parseWrapperOpen(StringRef Text) {
  if (!Text.starts_with(OpenPrefix))
    return std::nullopt;
  if (auto R = parseIdAndEnd(Text.substr(OpenPrefix.size())))
    return R->first;
  return std::nullopt;
}

size_t findMarkerSyntax(StringRef Text) { return Text.find("/*__dpopt_"); }

std::string strip(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  size_t I = 0;
  while (I < Text.size()) {
    StringRef Rest = Text.substr(I);
    if (Rest.starts_with(OpenPrefix)) {
      if (auto R = parseIdAndEnd(Rest.substr(OpenPrefix.size()))) {
        I += OpenPrefix.size() + R->second;
        continue;
      }
    } else if (Rest.starts_with(Close)) {
      I += Close.size();
      continue;
    } else if (Rest.starts_with(CloseSemi)) {
      I += CloseSemi.size();
      continue;
    }
    Out += Text[I++];
  }
  return Out;
}

} // namespace markers
} // namespace dpopt
