//===- DepFile.cpp - Make-style dependencies of a rewritten file ---------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Driver/DepFile.h"

#include "dpopt/Frontend/ParseSession.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <vector>

using namespace clang;
using namespace llvm;

namespace dpopt {
namespace {

/// A path as make reads it: spaces, '#' and '$' escaped.
std::string makeQuoted(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

/// \p Path absolute, without '.' and '..' components.
std::string normalPath(StringRef Path) {
  SmallString<256> Out(Path);
  sys::fs::make_absolute(Out);
  sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

} // namespace

std::string makeDepFile(const ParsedUnit &Unit, StringRef Target,
                        StringRef Input) {
  const SourceManager &SM = Unit.getSourceManager();
  std::vector<std::string> Headers;
  StringSet<> Seen;
  std::string InputPath = normalPath(Input);
  Seen.insert(InputPath);
  // Every #include made a file entry in the source manager, with whether it
  // was found through a system directory.
  // (A parse with a precompiled preamble has the preamble's headers among
  // the entries loaded from it.)
  unsigned Local = SM.local_sloc_entry_size();
  for (unsigned I = 0, N = Local + SM.loaded_sloc_entry_size(); I < N; ++I) {
    bool Invalid = false;
    const SrcMgr::SLocEntry &Entry =
        I < Local ? SM.getLocalSLocEntry(I)
                  : SM.getLoadedSLocEntry(I - Local, &Invalid);
    if (Invalid || !Entry.isFile())
      continue;
    const SrcMgr::FileInfo &Info = Entry.getFile();
    if (Info.getFileCharacteristic() != SrcMgr::C_User)
      continue;
    OptionalFileEntryRef File = Info.getContentCache().OrigEntry;
    if (!File)
      continue;
    StringRef Name = File->getName();
    if (Name.starts_with("/__dpopt_internal__/"))
      continue;
    std::string Path = normalPath(Name);
    if (Seen.insert(Path).second)
      Headers.push_back(std::move(Path));
  }
  // Deterministic output, whatever order the files were read in.
  llvm::sort(Headers);
  std::string Out = makeQuoted(Target) + ": " + makeQuoted(InputPath);
  for (const std::string &H : Headers)
    Out += " \\\n  " + makeQuoted(H);
  Out += "\n";
  return Out;
}

} // namespace dpopt
