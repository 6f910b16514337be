//===- Version.cpp - dpopt's version -------------------------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Support/Version.h"

namespace dpopt {

const char *dpoptVersion() { return DPOPT_VERSION_STRING; }

} // namespace dpopt
