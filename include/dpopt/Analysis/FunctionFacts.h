//===- FunctionFacts.h - What a device function's body does -----*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Facts about one function body that decide whether a child kernel can be
// serialized, coarsened, aggregated or run by its parent: which thread and
// block indices and dimensions it reads (per dimension), barriers, shared
// memory, warp-level operations, returns, calls and launches. A kernel's
// facts are the merge of its own and those of every function it calls,
// transitively (not of the kernels it launches: those run as other grids).
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_FUNCTIONFACTS_H
#define DPOPT_ANALYSIS_FUNCTIONFACTS_H

#include "dpopt/AST/CudaAST.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"

#include <array>
#include <string>
#include <vector>

namespace dpopt {

/// Where something happens, and in which function (for transitive facts).
struct Occurrence {
  clang::SourceLocation Loc;
  std::string What;
  const clang::FunctionDecl *In = nullptr;
};

/// For an occurrence of FunctionFacts::RuntimeCalls: a call that reads the
/// thread's last error (cudaGetLastError, cudaPeekAtLastError).
inline bool readsLastError(const Occurrence &O) {
  return O.What.find("GetLastError") != std::string::npos ||
         O.What.find("PeekAtLastError") != std::string::npos;
}

/// Dimension bits for index uses.
enum DimMask : unsigned { DimX = 1, DimY = 2, DimZ = 4, DimAll = 7 };

struct SharedVariable {
  const clang::VarDecl *Var = nullptr;
  bool Dynamic = false; // extern __shared__ x[]
  /// Size in bytes when it is a compile-time constant, else 0.
  uint64_t Bytes = 0;
  const clang::FunctionDecl *In = nullptr;
};

struct FunctionFacts {
  /// Bits of DimMask per BuiltinVar: which of .x/.y/.z are read; a use of the
  /// whole variable (e.g. copying blockDim into a dim3) sets all three.
  std::array<unsigned, NumBuiltinVars> IndexUse{};
  bool UsesWarpSize = false;

  std::vector<Occurrence> Barriers;     // __syncthreads & co., grid syncs
  std::vector<Occurrence> WarpOps;      // shuffles, votes, __syncwarp, tiles
  std::vector<Occurrence> Fences;       // __threadfence*
  std::vector<SharedVariable> Shared;   // __shared__ variables used
  std::vector<Occurrence> Returns;      // every return statement
  std::vector<Occurrence> EarlyReturns; // returns before the end of the body
  std::vector<Occurrence>
      LegacyDeviceSyncs;                // device-side cudaDeviceSynchronize
  std::vector<Occurrence> InlineAsm;    // effects unknown to dpopt
  std::vector<Occurrence> UnknownCalls; // indirect, virtual or bodiless calls
  std::vector<Occurrence> CooperativeGroups;
  /// Calls of CUDA's device runtime API (cudaGetLastError, cudaMalloc,
  /// cudaStreamCreateWithFlags, ...; not the legacy cudaDeviceSynchronize,
  /// which has its own list).
  std::vector<Occurrence> RuntimeCalls;
  std::vector<Occurrence> Launches; // kernel launches it makes
  /// Functions called directly (not kernels launched), as written.
  std::vector<const clang::FunctionDecl *> Callees;
  /// Kernels launched, as written.
  std::vector<const clang::FunctionDecl *> LaunchedKernels;

  /// Bytes of the static __shared__ variables used (extern ones count 0).
  uint64_t staticSharedBytes() const {
    uint64_t Bytes = 0;
    for (const SharedVariable &S : Shared)
      Bytes += S.Bytes;
    return Bytes;
  }
  bool usesIndex(BuiltinVar V, unsigned Dims = DimAll) const {
    return (IndexUse[static_cast<unsigned>(V)] & Dims) != 0;
  }
  /// Merges \p O into this (for transitive facts).
  void merge(const FunctionFacts &O);
};

/// The facts of \p FD's own body (its written definition; template
/// instantiations add the callees they resolve).
FunctionFacts computeFunctionFacts(const clang::FunctionDecl *FD);

/// The facts of statement \p S of \p In alone (the functions it calls are in
/// Callees, not merged; returns in \p S count as early returns of \p In).
FunctionFacts computeStatementFacts(const clang::Stmt *S,
                                    const clang::FunctionDecl *In);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_FUNCTIONFACTS_H
