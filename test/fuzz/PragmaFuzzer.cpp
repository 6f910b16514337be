//===- PragmaFuzzer.cpp - libFuzzer target for the '#pragma dp' parser ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Besides not crashing (ASan), the parser must keep two promises on any
// input: an error offset lies within the text, and a directive it accepts
// prints (str()) to text that parses back to the same directive.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Pragma/PragmaDirective.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  auto Result = dpopt::parsePragmaClauses(Text);
  if (const auto *E = std::get_if<dpopt::PragmaError>(&Result)) {
    if (E->Offset > Size || E->Message.empty())
      std::abort();
    return 0;
  }
  const auto &D = std::get<dpopt::PragmaDirective>(Result);
  std::string Printed = D.str();
  auto Again = dpopt::parsePragmaClauses(Printed);
  const auto *D2 = std::get_if<dpopt::PragmaDirective>(&Again);
  if (!D2 || D2->str() != Printed)
    std::abort();
  return 0;
}
