//===- LaunchMarkers.cpp - dpopt's internal launch-site markers ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/LaunchMarkers.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <cctype>

using namespace llvm;

namespace dpopt {
namespace markers {
namespace {

constexpr StringLiteral Prefix = "/*__dpopt_site:";
constexpr StringLiteral BracedConfig = "/*__dpopt_braced*/dim3";
constexpr StringLiteral Suffix = "*/";

/// Parses "<digits>*/" at the start of S; returns the id and the length used.
std::optional<std::pair<unsigned, size_t>> parseIdAndEnd(StringRef S) {
  size_t Digits = 0;
  while (Digits < S.size() && isdigit(static_cast<unsigned char>(S[Digits])))
    ++Digits;
  if (Digits == 0 || Digits > 9 || !S.substr(Digits).starts_with(Suffix))
    return std::nullopt;
  unsigned Id = 0;
  if (S.substr(0, Digits).getAsInteger(10, Id))
    return std::nullopt;
  return std::make_pair(Id, Digits + Suffix.size());
}

} // namespace

std::string siteMarker(unsigned Id) {
  return (Prefix + Twine(Id) + Suffix).str();
}

std::string markDeviceStatement(unsigned Id, StringRef Statement) {
  return siteMarker(Id) + Statement.str();
}

std::optional<FoundMarker> markerEndingAt(StringRef TextBefore) {
  StringRef Trimmed = TextBefore.rtrim(" \t");
  if (!Trimmed.ends_with(Suffix))
    return std::nullopt;
  size_t Start = Trimmed.rfind(Prefix);
  if (Start == StringRef::npos)
    return std::nullopt;
  auto R = parseIdAndEnd(Trimmed.substr(Start + Prefix.size()));
  if (!R || Start + Prefix.size() + R->second != Trimmed.size())
    return std::nullopt;
  return FoundMarker{R->first,
                     static_cast<unsigned>(TextBefore.size() - Start)};
}

size_t findMarkerSyntax(StringRef Text) { return Text.find("/*__dpopt_"); }

std::string bracedConfigMarker() { return BracedConfig.str(); }

std::string strip(StringRef Input) {
  std::string Unbraced;
  if (Input.contains(BracedConfig)) {
    SmallVector<StringRef, 8> Pieces;
    Input.split(Pieces, BracedConfig);
    Unbraced = join(Pieces, "");
    Input = Unbraced;
  }
  StringRef Text = Input;
  std::string Out;
  Out.reserve(Text.size());
  size_t I = 0;
  while (I < Text.size()) {
    size_t Next = Text.find(Prefix, I);
    if (Next == StringRef::npos)
      break;
    Out.append(Text.data() + I, Next - I);
    I = Next;
    if (auto R = parseIdAndEnd(Text.substr(I + Prefix.size()))) {
      I += Prefix.size() + R->second;
      continue;
    }
    Out += Text[I++];
  }
  Out.append(Text.data() + I, Text.size() - I);
  return Out;
}

} // namespace markers
} // namespace dpopt
