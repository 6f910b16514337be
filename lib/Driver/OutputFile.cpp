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

namespace {

Error writeError(StringRef Path, std::error_code EC) {
  return createStringError(EC, "cannot write '" + Path + "': " + EC.message());
}

/// A device, FIFO or socket cannot be replaced by renaming a file over it
/// (as root that would replace /dev/null): such outputs are written through.
Error writeThrough(StringRef Path, StringRef Contents) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return writeError(Path, EC);
  OS << Contents;
  OS.close();
  EC = OS.error();
  OS.clear_error();
  return EC ? writeError(Path, EC) : Error::success();
}

/// A regular file is written beside its target and renamed over it when
/// complete.
Error writeAtomically(StringRef Path, StringRef Contents) {
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
  if (WriteError)
    sys::fs::remove(Temp);
  sys::DontRemoveFileOnSignal(Temp);
  return WriteError ? writeError(Path, WriteError) : Error::success();
}

} // namespace

Error writeOutputFile(StringRef Path, StringRef Contents) {
  if (Path == "-") {
    outs() << Contents;
    outs().flush();
    if (std::error_code EC = outs().error()) {
      // Reported here; left set, LLVM would abort at exit.
      outs().clear_error();
      return createStringError(EC, "cannot write to stdout: " + EC.message());
    }
    return Error::success();
  }
  // Like a compiler's -o, a symbolic link is followed: its target gets the
  // text and the link stays.
  SmallString<256> Target(Path);
  if (sys::fs::is_symlink_file(Path)) {
    if (std::error_code EC = sys::fs::real_path(Path, Target))
      return createStringError(EC, "cannot write '" + Path +
                                       "': it is a symbolic link whose target "
                                       "cannot be resolved (" +
                                       EC.message() + ")");
  }
  sys::fs::file_status Status;
  if (!sys::fs::status(Target, Status)) {
    if (Status.type() == sys::fs::file_type::directory_file)
      return createStringError(std::make_error_code(std::errc::is_a_directory),
                               "cannot write '" + Path +
                                   "': it is a directory");
    if (Status.type() != sys::fs::file_type::regular_file)
      return writeThrough(Target, Contents);
  }
  return writeAtomically(Target, Contents);
}

} // namespace dpopt
