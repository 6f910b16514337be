//===- partial_barrier.cu - What racecheck says about T3's barrier forms ---===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Written by hand (no dpopt): when remove-launch T3 runs a child block
// smaller than the parent block, the first Count threads run the child and
// the others are idle. Each form below is a 128-thread tree reduction
// through shared memory (log2(128) barriers in a loop, as a child's
// __syncthreads() would be) run by the first 128 threads of a 256-thread
// block, three child blocks in a row, the result checked:
//
//   exit       -- the idle threads exit; the team uses 'barrier.sync 1, 128'
//   named      -- the idle threads wait at __syncthreads() while the team uses
//                 'barrier.sync 1, 128' (T3's form until 2026-11-24)
//   or         -- every thread takes part in every barrier: the team's
//                 barriers are __syncthreads_or(0), the idle threads loop on
//                 __syncthreads_or(0) until the team's last one says 1
//   or-asm     -- the same with the unaligned 'barrier.red.or.pred' on
//                 barrier 0 (what dpopt writes)
//   named-reg  -- 'named' with the count in a register (a kernel parameter),
//                 as dpopt's T3 writes it
//   whole      -- a 128-thread block with __syncthreads() (no idle threads)
//
// Run each plainly and under compute-sanitizer racecheck and synccheck.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

enum Form { Exit, Named, Or, OrAsm, Whole, NamedReg };

__device__ __forceinline__ void named(unsigned Count) {
  asm volatile("barrier.sync 1, %0;" : : "r"(Count) : "memory");
}

__device__ __forceinline__ bool orAsm(bool Flag) {
  unsigned Result;
  asm volatile("{\n .reg .pred p, q;\n setp.ne.u32 p, %1, 0;\n"
               " barrier.red.or.pred q, 0, p;\n selp.u32 %0, 1, 0, q;\n}"
               : "=r"(Result)
               : "r"((unsigned)Flag)
               : "memory");
  return Result != 0;
}

template <Form F> __device__ void teamBarrier(unsigned Count) {
  if (F == NamedReg)
    named(Count);
  else if (F == Named || F == Exit)
    named(128);
  else if (F == Or)
    __syncthreads_or(0);
  else if (F == OrAsm)
    orAsm(false);
  else
    __syncthreads();
}

template <Form F> __global__ void reduce(const int *In, int *Out, unsigned Count) {
  __shared__ int S[128];
  const unsigned T = threadIdx.x;
  if (F == Exit && T >= 128)
    return;
  for (int Child = 0; Child < 3; ++Child) {
    if (T < 128) {
      S[T] = In[(blockIdx.x * 3 + Child) * 128 + T];
      teamBarrier<F>(Count);
      for (unsigned Half = 64; Half > 0; Half /= 2) {
        if (T < Half)
          S[T] += S[T + Half];
        teamBarrier<F>(Count);
      }
      if (T == 0)
        Out[blockIdx.x * 3 + Child] = S[0];
      // The team's last barrier tells the idle threads the child is done.
      if (F == Or)
        __syncthreads_or(1);
      else if (F == OrAsm)
        orAsm(true);
    } else if (F == Or) {
      while (!__syncthreads_or(0))
        ;
    } else if (F == OrAsm) {
      while (!orAsm(false))
        ;
    }
    // The next child block reuses S.
    if (F == Named || F == NamedReg || F == Whole)
      __syncthreads();
    else if (F == Exit)
      named(128);
  }
}

int main(int Argc, char **Argv) {
  const char *Names[] = {"exit", "named", "or", "or-asm", "whole", "named-reg"};
  void (*Kernels[])(const int *, int *, unsigned) = {reduce<Exit>,   reduce<Named>,
                                                     reduce<Or>,     reduce<OrAsm>,
                                                     reduce<Whole>,  reduce<NamedReg>};
  const int Blocks = 64, Items = Blocks * 3 * 128;
  int *In, *Out;
  cudaMalloc(&In, Items * sizeof(int));
  cudaMalloc(&Out, Blocks * 3 * sizeof(int));
  static int H[Items], R[Blocks * 3];
  for (int I = 0; I < Items; ++I)
    H[I] = I % 1000 - 300;
  cudaMemcpy(In, H, sizeof H, cudaMemcpyHostToDevice);
  int Failures = 0;
  for (int F = 0; F < 6; ++F) {
    if (Argc > 1 && strcmp(Argv[1], Names[F]) != 0)
      continue;
    cudaMemset(Out, 0, sizeof R);
    Kernels[F]<<<Blocks, F == Whole ? 128 : 256>>>(In, Out, 128u);
    cudaError_t E = cudaDeviceSynchronize();
    cudaMemcpy(R, Out, sizeof R, cudaMemcpyDeviceToHost);
    int Bad = 0;
    for (int B = 0; B < Blocks * 3; ++B) {
      int Want = 0;
      for (int T = 0; T < 128; ++T)
        Want += H[B * 128 + T];
      Bad += R[B] != Want;
    }
    printf("%s %s: %d of %d sums wrong (%s)\n", Bad || E ? "FAIL" : "PASS", Names[F], Bad,
           Blocks * 3, cudaGetErrorName(E));
    Failures += Bad != 0 || E != cudaSuccess;
  }
  return Failures;
}
