//===- nr/nr.h - Nested reduction: input, CPU reference, check -*- C++ -*-===//
//
// Nested reduction (NR, the recursive reduction of CDP tutorials): the sum
// of an array of 32-bit integers, accumulated in 64 bits (the ints-*
// datasets hold values up to 2^31, 2^25 of them). Integer addition is
// exact and associative, so every variant's sum equals the CPU reference.
//
// The recursive versions (cdp1.cu, cdp.cu) split the array into segments
// of NrSegment values, one per block of NrBlockSize threads. A block folds
// the upper half of its segment onto the lower half and launches a
// one-block child grid on the remaining half, which does the same, until
// one value is left; each level's result goes back up through a slot that
// the level above reads once the child is done. Host-only: the variants
// hold the kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "array.h"
#include "bench_core.h"

#include <cstdint>
#include <string>
#include <vector>

/// Threads of a block of the host-launched grid of the recursive versions;
/// each block reduces NrSegment = 2 * NrBlockSize values.
constexpr int NrBlockSize = 512;
constexpr int NrSegment = 2 * NrBlockSize;

/// The host code sizes grids as (n + B - 1) / B in int; this keeps that far
/// from overflowing (the datasets have 2^25 values).
constexpr int64_t NrMaxCount = int64_t(1) << 30;

struct NrBench {
  static constexpr const char *Name = "nr";
  using Value = long long;

  struct Input {
    dparray::IntArray Array;
  };

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dparray::readArray(O.Input, In.Array, Err))
      throw dpbench::InputError(Err);
    if (static_cast<int64_t>(In.Array.Values.size()) > NrMaxCount)
      throw dpbench::InputError("nr sums at most 2^30 values");
    return In;
  }

  static std::string describe(const Input &In) {
    return dparray::describeArray(In.Array);
  }

  /// One value: the sum.
  static std::vector<long long> reference(const Input &In) {
    long long Sum = 0;
    for (int32_t V : In.Array.Values)
      Sum += V;
    return {Sum};
  }

  static dpbench::Check compare(const Input &,
                                const std::vector<long long> &Ref,
                                const std::vector<long long> &Got) {
    return dpbench::compareExact(Ref, Got, "sum");
  }

  /// Child launches under one block whose segment has Len values: a level
  /// with Len values keeps Half = ceil(Len / 2) and launches a child on
  /// them unless Half is 1 (Len <= 2).
  static long long childLaunches(long long Len) {
    long long Launches = 0;
    for (; Len > 2; Len = (Len + 1) / 2)
      ++Launches;
    return Launches;
  }

  /// The whole recursion tree can be pending at once (the host-launched
  /// grid completes only after every descendant), and each level of cdp.cu
  /// makes two launches, the child and the tail-launched copy of its
  /// result; dpopt's continuation of cdp1.cu keeps one tail launch per
  /// suspended block instead of the copy. 589,824 at n = 2^25.
  static long long pendingLaunches(const Input &In) {
    const long long N = static_cast<long long>(In.Array.Values.size());
    const long long Full = N / NrSegment, Last = N % NrSegment;
    return 2 * (Full * childLaunches(NrSegment) + childLaunches(Last));
  }
};
