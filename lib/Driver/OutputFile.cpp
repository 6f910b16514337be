//===- OutputFile.cpp - Writing the result safely ------------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace dpopt {

bool isSameFile(StringRef Input, StringRef Output) {
  if (Output == "-")
    return false;
  if (sys::fs::exists(Output))
    return sys::fs::equivalent(Input, Output);
  return false;
}

Error writeOutputFile(StringRef Path, StringRef Contents) {
  if (Path == "-") {
    outs() << Contents;
    outs().flush();
    if (outs().has_error())
      return createStringError(inconvertibleErrorCode(),
                               "cannot write to stdout");
    return Error::success();
  }
  SmallString<256> Model(Path);
  Model += ".dpopt-%%%%%%.tmp";
  int FD = -1;
  SmallString<256> Temp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return createStringError(EC, "cannot create a temporary file for '" + Path +
                                     "': " + EC.message());
  sys::RemoveFileOnSignal(Temp);
  std::error_code WriteError;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    WriteError = OS.error();
    OS.clear_error();
  }
  if (!WriteError)
    WriteError = sys::fs::rename(Temp, Path);
  if (WriteError) {
    sys::fs::remove(Temp);
    sys::DontRemoveFileOnSignal(Temp);
    return createStringError(WriteError, "cannot write '" + Path +
                                             "': " + WriteError.message());
  }
  sys::DontRemoveFileOnSignal(Temp);
  return Error::success();
}

} // namespace dpopt
