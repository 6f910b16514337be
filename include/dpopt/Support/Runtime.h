//===- Runtime.h - The device runtime that generated code calls --*- C++
//-*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Passes name runtime/dpopt/ only through this table (RuntimeEntryPoints.def):
// rt::aggTake and the like are the qualified names generated code writes, and
// RuntimeHeader says which header a rewritten file must include for them. The
// build checks every row against the headers, so a rename in the runtime fails
// dpopt's build, not the user's nvcc run.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_SUPPORT_RUNTIME_H
#define DPOPT_SUPPORT_RUNTIME_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace dpopt {

/// A header of the device runtime, in the order rewritten files include them.
enum class RuntimeHeader : unsigned {
#define DPOPT_RUNTIME_HEADER(Id, File) Id,
#include "dpopt/Support/RuntimeEntryPoints.def"
};

/// Every runtime header, in include order.
llvm::ArrayRef<RuntimeHeader> allRuntimeHeaders();

/// The file name of \p H under runtime/dpopt/ ("aggregate.cuh").
llvm::StringRef runtimeHeaderFile(RuntimeHeader H);

/// A name generated code refers to, qualified ("dpopt::rt::aggTake").
struct RuntimeEntry {
  RuntimeHeader Header;
  const char *Name;
};

// Generated code is built by concatenation: an entry point reads like the
// string it stands for.
std::string operator+(llvm::StringRef Left, const RuntimeEntry &Right);
std::string operator+(const RuntimeEntry &Left, llvm::StringRef Right);

namespace rt {
#define DPOPT_RUNTIME_ENTRY(Header, Id)                                        \
  inline constexpr RuntimeEntry Id{RuntimeHeader::Header, "dpopt::rt::" #Id};
#include "dpopt/Support/RuntimeEntryPoints.def"
} // namespace rt

/// \p Text with an include of each of \p Headers added at the top (nvcc
/// needs -I <dpopt>/runtime), in include
/// order, except those it already includes. Only the output gets them: while
/// dpopt works, the parse-only prelude includes the runtime, so the file's
/// precompiled preamble stays valid.
std::string withRuntimeIncludes(llvm::StringRef Text,
                                llvm::ArrayRef<RuntimeHeader> Headers);

/// The parse-only prelude's includes of \p Headers, in include order.
std::string runtimeIncludes(llvm::ArrayRef<RuntimeHeader> Headers);

} // namespace dpopt

#endif // DPOPT_SUPPORT_RUNTIME_H
