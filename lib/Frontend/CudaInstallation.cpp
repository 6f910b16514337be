//===- CudaInstallation.cpp - Locating the CUDA toolkit ------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "dpopt/Frontend/CudaInstallation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <vector>

using namespace llvm;

namespace dpopt {
namespace {

bool hasRuntimeHeader(StringRef Root) {
  SmallString<256> P(Root);
  sys::path::append(P, "include", "cuda_runtime.h");
  return sys::fs::exists(P);
}

unsigned readCudaVersion(StringRef Root) {
  SmallString<256> P(Root);
  sys::path::append(P, "include", "cuda.h");
  auto Buf = MemoryBuffer::getFile(P);
  if (!Buf)
    return 0;
  StringRef Text = (*Buf)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION ");
  if (At == StringRef::npos)
    return 0;
  StringRef Rest = Text.substr(At + strlen("#define CUDA_VERSION ")).ltrim();
  unsigned V = 0;
  Rest.take_while([](char C) { return C >= '0' && C <= '9'; })
      .getAsInteger(10, V);
  return V;
}

CudaInstallation describe(StringRef Root, StringRef FoundBy) {
  CudaInstallation C;
  SmallString<256> Real;
  if (sys::fs::real_path(Root, Real))
    Real = Root;
  C.Root = std::string(Real);
  SmallString<256> CCCL(C.Root);
  sys::path::append(CCCL, "include", "cccl");
  if (sys::fs::is_directory(CCCL))
    C.CCCLIncludeDir = std::string(CCCL);
  C.Version = readCudaVersion(C.Root);
  C.FoundBy = std::string(FoundBy);
  return C;
}

} // namespace

Expected<CudaInstallation> findCudaInstallation(StringRef ExplicitPath) {
  if (!ExplicitPath.empty()) {
    if (hasRuntimeHeader(ExplicitPath))
      return describe(ExplicitPath, "--cuda-path");
    return createStringError(
        inconvertibleErrorCode(),
        "--cuda-path=" + ExplicitPath +
            " is not a CUDA toolkit (no include/cuda_runtime.h there)");
  }
  std::vector<std::string> Tried;
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"}) {
    if (std::optional<std::string> V = sys::Process::GetEnv(Var)) {
      if (!V->empty() && hasRuntimeHeader(*V))
        return describe(*V, std::string("$") + Var);
      Tried.push_back(std::string("$") + Var + "=" + *V);
    }
  }
  if (ErrorOr<std::string> Nvcc = sys::findProgramByName("nvcc")) {
    SmallString<256> Root(*Nvcc);
    sys::fs::make_absolute(Root);
    SmallString<256> Real;
    if (!sys::fs::real_path(Root, Real))
      Root = Real;
    sys::path::remove_filename(Root); // .../bin
    sys::path::remove_filename(Root); // the toolkit
    if (hasRuntimeHeader(Root))
      return describe(Root, "nvcc on PATH");
    Tried.push_back("nvcc on PATH (" + *Nvcc + ")");
  } else {
    Tried.push_back("nvcc on PATH (none)");
  }
  if (hasRuntimeHeader("/usr/local/cuda"))
    return describe("/usr/local/cuda", "/usr/local/cuda");
  Tried.push_back("/usr/local/cuda");

  std::string Msg = "cannot find the CUDA toolkit (tried ";
  for (size_t I = 0; I < Tried.size(); ++I)
    Msg += (I ? ", " : "") + Tried[I];
  Msg += "); install CUDA 12 or 13 and pass --cuda-path=DIR or set CUDA_HOME";
  return createStringError(inconvertibleErrorCode(), Msg);
}

} // namespace dpopt
