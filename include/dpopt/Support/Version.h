//===- Version.h - dpopt's version ------------------------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_VERSION_H
#define DPOPT_SUPPORT_VERSION_H

namespace dpopt {

/// "0.1.0"; set from CMake's project version.
const char *dpoptVersion();

} // namespace dpopt

#endif // DPOPT_SUPPORT_VERSION_H
