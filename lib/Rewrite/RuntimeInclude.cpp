//===- RuntimeInclude.cpp - Rewritten files include the runtime ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Rewrite/RuntimeInclude.h"

namespace dpopt {

llvm::StringRef runtimeIncludeLine() {
  return "#include \"dpopt/runtime.cuh\" // dpopt's device runtime\n";
}

std::string withRuntimeInclude(llvm::StringRef Text) {
  if (Text.contains("#include \"dpopt/runtime.cuh\""))
    return Text.str();
  return runtimeIncludeLine().str() + Text.str();
}

} // namespace dpopt
