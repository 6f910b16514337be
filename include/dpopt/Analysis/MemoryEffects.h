//===- MemoryEffects.h - What global memory kernels access ------*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Which global memory a kernel may read and write, in terms the host can
// check at a launch: through which pointer parameters, and which __device__
// and __managed__ variables. The merge pass runs two consecutive host
// launches as one grid only when it can prove them independent, so this
// analysis is sound, not precise: whenever some access cannot be attributed
// to a parameter or a variable, the kernel's effects are unknown, with the
// reason and the place.
//
// The rules, flow-insensitive within each function:
//  - A pointer parameter P "derives" P + i, P - i, &P[i], &P->f, casts of P
//    to other pointer types (C casts and reinterpret_cast included), and the
//    value of every local pointer variable initialized or assigned from a
//    derived pointer (P++, P += i keep P's sources). A local pointer variable
//    assigned from several sources derives from all of them; one whose
//    address is taken (&p, binding to a non-const reference) or that is
//    assigned something untracked (a pointer loaded from memory, one made
//    from an integer, one returned by a function without a body) has an
//    unknown source too, which makes dereferencing it unknown.
//  - An access through a derived pointer (p[i], *p, p->f, p[i].f) writes
//    when it is the left side of '=', reads and writes for compound
//    assignments and ++/--, reads otherwise (struct copies read the source
//    and write the destination). Taking its address or binding it to a
//    reference is no access: the resulting pointer or reference derives
//    from the same sources and is followed.
//  - atomic* (every width, _block and _system variants, the compilers'
//    __atomic/__sync builtins) read and write through their pointer
//    arguments, cuda::atomic_ref reads and writes what it is made on;
//    __ldg/__ldcg/__ldca/__ldcs/__ldlu/__ldcv read, __stcg/__stcs/__stwb/
//    __stwt write; memcpy/memmove write the destination and read the
//    source, memset and free write; printf reads its pointer arguments.
//    Other clang builtins and libdevice's __nv_* functions read and write
//    through their pointer arguments. Device-side cudaMalloc(&p, n) gives p
//    fresh memory; cudaDeviceSynchronize accesses nothing itself.
//  - A call of a function with a body in the translation unit maps the
//    callee's accesses through its pointer and reference parameters (and
//    'this') onto what the caller's arguments derive from; the pointers and
//    references it returns derive from what its return statements do. Each
//    function is summarized once per computation; recursion reruns the
//    computation until the summaries stop changing.
//  - A derived pointer stored to memory, or passed to a function without a
//    body (other than the ones above), to a kernel launch or to inline asm
//    makes the effects unknown. So do any call of a user's function without
//    a body (it may touch any global), indirect and virtual calls, inline
//    asm with memory instructions, texture and surface accesses, device
//    graph launches, placement new and code that depends on template
//    parameters. A device-side launch adds the launched kernel's effects.
//  - Dereferencing a pointer loaded from memory (int **pp; pp[i][j], or the
//    pointer member of a struct parameter passed by value, s.data[i]) is
//    unknown.
//  - Local variables and arrays, __shared__ and __constant__ variables are
//    no global-memory effects, nor is memory from new or malloc. Accesses
//    to __device__ and __managed__ variables (and other non-constant
//    variables of static storage), by name or through pointers derived from
//    their address, are recorded per variable; a __device__ pointer
//    variable's value is untracked.
//  - Lambdas written in the function analysed are part of it (their
//    captures are its variables); their pointer parameters take the
//    arguments of the calls that function makes, or are unknown when the
//    closure is passed on. A lambda written elsewhere (a __device__ lambda
//    passed from the host) is analysed alone: what it captures is unknown
//    when dereferenced.
//  - Opaque handles (pointers to incomplete structs such as cudaStream_t)
//    passed to the runtime are no memory effects.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_ANALYSIS_MEMORYEFFECTS_H
#define DPOPT_ANALYSIS_MEMORYEFFECTS_H

#include "dpopt/Analysis/FunctionFacts.h"

#include "clang/AST/Decl.h"

#include <optional>
#include <vector>

namespace dpopt {

enum AccessBits : unsigned { NoAccess = 0, ReadsMemory = 1, WritesMemory = 2 };

struct ParamEffect {
  /// AccessBits through this pointer parameter or pointers derived from it.
  unsigned Access = NoAccess;
};

struct GlobalEffect {
  /// The variable's canonical declaration.
  const clang::VarDecl *Var = nullptr;
  unsigned Access = NoAccess;
};

struct KernelEffects {
  /// One entry per parameter of the kernel, in order (NoAccess for
  /// parameters that are not pointers).
  std::vector<ParamEffect> Params;
  /// The __device__ and __managed__ variables (not __constant__ or
  /// __shared__) the kernel reads or writes, transitively, in source order.
  std::vector<GlobalEffect> Globals;
  /// Set when some global-memory access cannot be attributed to a parameter
  /// or a variable: then Params and Globals are not all the kernel does.
  /// What is a reason for a remark ("a pointer loaded from memory is
  /// dereferenced"), Loc and In where it was found.
  std::optional<Occurrence> Unknown;

  bool isKnown() const { return !Unknown.has_value(); }
};

/// The effects of __global__ function \p Kernel: of its body and of every
/// function it calls with a body in the translation unit, transitively. For
/// a template pattern, the merged effects of its instantiations.
KernelEffects computeKernelEffects(const clang::FunctionDecl *Kernel);

} // namespace dpopt

#endif // DPOPT_ANALYSIS_MEMORYEFFECTS_H
