//===- CompileFlagsTest.cpp - nvcc flags become clang flags --------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace dpopt;
using Strings = std::vector<std::string>;

namespace {

TEST(CompileFlags, KeepsFlagsThatChangeTheParse) {
  TranslatedFlags F = translateNvccFlags(
      {"-Iinc", "-I", "other", "-DN=4", "-D", "M", "-UNDEBUG", "-std=c++17",
       "-isystem", "/opt/x", "-include", "pre.h", "-iquote", "q"});
  EXPECT_EQ(F.ClangArgs,
            (Strings{"-Iinc", "-Iother", "-DN=4", "-DM", "-UNDEBUG", "-std=c++17",
                     "-isystem", "/opt/x", "-include", "pre.h", "-iquote", "q"}));
  EXPECT_TRUE(F.Ignored.empty());
}

TEST(CompileFlags, NvccLongFormsAndLists) {
  TranslatedFlags F = translateNvccFlags(
      {"--include-path", "a,b", "--define-macro=X=1,Y", "--undefine-macro", "Z",
       "--std", "c++20", "--pre-include=p.h", "--system-include", "s"});
  EXPECT_EQ(F.ClangArgs, (Strings{"-Ia", "-Ib", "-DX=1", "-DY", "-UZ", "-std=c++20",
                                  "-include", "p.h", "-isystem", "s"}));
}

TEST(CompileFlags, DropsNvccOnlyFlagsWithANote) {
  TranslatedFlags F = translateNvccFlags(
      {"-arch=sm_90", "-gencode", "arch=compute_90,code=sm_90", "-rdc=true", "-O3",
       "-Xcompiler", "-fopenmp", "-lineinfo", "--use_fast_math", "-c", "-o",
       "x.o", "-lcudadevrt", "-G", "-ccbin", "g++", "--expt-relaxed-constexpr",
       "-MD", "-MF", "x.d", "-x", "cu", "-Wno-deprecated-gpu-targets", "-DKEEP"});
  EXPECT_EQ(F.ClangArgs, (Strings{"-DKEEP"}));
  EXPECT_EQ(F.Ignored,
            (Strings{"-arch=sm_90", "-gencode arch=compute_90,code=sm_90",
                     "-rdc=true", "-O3", "-Xcompiler -fopenmp", "-lineinfo",
                     "--use_fast_math", "-c", "-o x.o", "-lcudadevrt", "-G",
                     "-ccbin g++", "--expt-relaxed-constexpr", "-MD", "-MF x.d",
                     "-Wno-deprecated-gpu-targets"}));
}

TEST(CompileFlags, UnknownFlagsGoToClang) {
  TranslatedFlags F = translateNvccFlags({"-fno-exceptions", "-ffast-math"});
  EXPECT_EQ(F.ClangArgs, (Strings{"-fno-exceptions", "-ffast-math"}));
}

TEST(CompileFlags, RelativePathsResolveAgainstTheWorkingDirectory) {
  TranslatedFlags F =
      translateNvccFlags({"-Iinc", "-I/abs", "-include", "p.h"}, "/build/dir");
  EXPECT_EQ(F.ClangArgs,
            (Strings{"-I/build/dir/inc", "-I/abs", "-include", "/build/dir/p.h"}));
}

TEST(CompileFlags, CompilationDatabase) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("dpopt-cdb", Dir));
  llvm::SmallString<128> Source(Dir);
  llvm::sys::path::append(Source, "k.cu");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS((Dir + "/compile_commands.json").str(), EC);
    ASSERT_FALSE(EC);
    OS << "[{\"directory\": \"" << Dir << "\", \"file\": \"" << Source
       << "\", \"command\": \"/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
          "-DFROM_DB -Iinclude -O3 -arch=sm_90 -x cu -rdc=true -c "
       << Source << " -o k.o\"}]";
  }
  llvm::Expected<TranslatedFlags> F = flagsFromCompilationDatabase(Dir, Source);
  ASSERT_TRUE(static_cast<bool>(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(F->ClangArgs, (Strings{"-DFROM_DB", "-I" + (Dir + "/include").str()}));
  // Like other clang tools, a file missing from the database gets the flags
  // of its closest neighbour.
  llvm::Expected<TranslatedFlags> Neighbour =
      flagsFromCompilationDatabase(Dir, (Dir + "/other.cu").str());
  ASSERT_TRUE(static_cast<bool>(Neighbour)) << llvm::toString(Neighbour.takeError());
  EXPECT_EQ(Neighbour->ClangArgs[0], "-DFROM_DB");
  llvm::Expected<TranslatedFlags> NoDatabase =
      flagsFromCompilationDatabase((Dir + "/include").str(), Source);
  EXPECT_FALSE(static_cast<bool>(NoDatabase));
  llvm::consumeError(NoDatabase.takeError());
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
