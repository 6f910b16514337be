//===- OutputFile.h - Writing the result safely -----------------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// dpopt runs inside build systems: a half-written output must never be left
// where make would take it for a finished one. The text goes to a temporary
// file beside the target and is renamed over it only when complete. A
// symbolic link is followed (its target is written, the link stays), and a
// device, FIFO or socket is written through, never replaced.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_DRIVER_OUTPUTFILE_H
#define DPOPT_DRIVER_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace dpopt {

/// Writes \p Contents to \p Path atomically; "-" writes to stdout.
llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Contents);

/// True when \p Output names the same file as \p Input (existing paths are
/// compared by identity, so links and "./" spellings are caught).
bool isSameFile(llvm::StringRef Input, llvm::StringRef Output);

} // namespace dpopt

#endif // DPOPT_DRIVER_OUTPUTFILE_H
