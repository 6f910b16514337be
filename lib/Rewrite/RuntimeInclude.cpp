//===- RuntimeInclude.cpp - Rewritten files include the runtime ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/RuntimeInclude.h"

namespace dpopt {

std::string runtimeIncludeLine(llvm::StringRef Header) {
  return "#include \"dpopt/" + Header.str() + "\" // dpopt's device runtime\n";
}

std::string withRuntimeInclude(llvm::StringRef Text, llvm::StringRef Header) {
  if (Text.contains("#include \"dpopt/" + Header.str() + "\""))
    return Text.str();
  return runtimeIncludeLine(Header) + Text.str();
}

} // namespace dpopt
