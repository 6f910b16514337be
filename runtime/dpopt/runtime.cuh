//===- dpopt/runtime.cuh - dpopt's header-only device runtime -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Code that dpopt's rewritten files call. It is header-only so that users add
// nothing but '-I <dpopt>/runtime' (or the installed include directory) to
// their nvcc command line. Everything lives in namespace dpopt::rt; names the
// passes generate in user files start with __dpopt_.
//
// Contents:
//   launch geometry  -- thread counts and ceiling divisions in 64 bits, and
//                       the grid a coarsened child is launched with.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_RUNTIME_CUH
#define DPOPT_RUNTIME_CUH

#define DPOPT_RUNTIME_VERSION 1

#include <cuda_runtime.h>

namespace dpopt {
namespace rt {

/// Threads in a grid of \p Grid blocks of \p Block threads, without the
/// 32-bit overflow that gridDim.x * blockDim.x can hit.
__host__ __device__ inline unsigned long long threadCount(dim3 Grid, dim3 Block) {
  return static_cast<unsigned long long>(Grid.x) * Grid.y * Grid.z * Block.x *
         Block.y * Block.z;
}

/// ceil(N / D) for positive D.
__host__ __device__ inline unsigned int ceilDiv(unsigned long long N, unsigned int D) {
  return static_cast<unsigned int>((N + D - 1) / D);
}

/// The grid of a child coarsened by \p Factor: x is divided first (ceiling),
/// then what is left of the factor divides y, then z; never fewer than one
/// block in any dimension. The coarsened kernel loops over the original
/// blocks with the coarsened grid as its stride, so any shape is correct.
__host__ __device__ inline dim3 coarsenGrid(dim3 Grid, unsigned int Factor) {
  unsigned int Left = Factor == 0 ? 1 : Factor;
  unsigned int *Dims[3] = {&Grid.x, &Grid.y, &Grid.z};
  for (unsigned int *D : Dims) {
    if (Left <= 1 || *D <= 1)
      continue;
    unsigned int Take = Left < *D ? Left : *D;
    *D = ceilDiv(*D, Take);
    Left = ceilDiv(Left, Take);
  }
  return Grid;
}

} // namespace rt
} // namespace dpopt

#endif // DPOPT_RUNTIME_CUH
