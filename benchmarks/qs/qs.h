//===- qs/qs.h - Quicksort of int32 values: input, check --------*- C++ -*-===//
//
// Quicksort (QS, the recursive-partition pattern of CDP quicksorts): sort an
// array of 32-bit integers in ascending order. The sorted array is unique,
// so GPU results are compared exactly with std::sort's.
//
// The GPU versions share one decomposition (see cdp.cu): a block partitions
// a segment three ways around the median of a sample of its values; the
// parts below and above the pivot are sorted the same way, and a segment of
// at most QsCutoff values, or one at depth QsMaxDepth, is sorted by one
// thread with an insertion sort. Host-only: the variants hold the kernels.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "array.h"
#include "bench_core.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

/// Segments of at most this many values are not partitioned but sorted by
/// one thread. Every partition costs two device launches in cdp.cu, so the
/// cutoff sets the number of launches (about 3.4 n / QsCutoff on uniform
/// values: 190K at n = 2^25); a serial sort of QsCutoff values costs about
/// QsCutoff^2 / 4 steps.
constexpr int QsCutoff = 512;

/// Segments at this depth (the host-launched grid has depth 0) are sorted
/// serially whatever their size, so cdp.cu nests at most QsMaxDepth + 1
/// grids, below the 24 levels CDP allows. Balanced splits reach QsCutoff
/// after 16 levels at n = 2^25; with the kernels' sample-median pivots, a
/// CPU model of them reaches it within 19 levels on the full ints-*
/// datasets (tests/test_qs.cpp checks the tiny and quick ones).
constexpr int QsMaxDepth = 20;

/// The pivot of a partitioned segment [Lo, Hi) of N values is the value of
/// rank QsSampleSize / 2 (from 0) among the values at Lo + i * N /
/// QsSampleSize, i = 0..QsSampleSize - 1: close to the segment's median, so
/// that segments halve at every depth.
constexpr int QsSampleSize = 128;

/// The kernels index with int and step over chunks of a few thousand values
/// past the end of a segment; this keeps every such index far from
/// overflowing.
constexpr int64_t QsMaxCount = int64_t(1) << 30;

struct QsBench {
  static constexpr const char *Name = "qs";
  using Value = int;

  struct Input {
    dparray::IntArray Array;
  };

  static Input load(const dpbench::Options &O) {
    Input In;
    std::string Err;
    if (!dparray::readArray(O.Input, In.Array, Err))
      throw dpbench::InputError(Err);
    if (static_cast<int64_t>(In.Array.Values.size()) > QsMaxCount)
      throw dpbench::InputError("qs sorts at most 2^30 values");
    return In;
  }

  static std::string describe(const Input &In) {
    return dparray::describeArray(In.Array);
  }

  static std::vector<int> reference(const Input &In) {
    std::vector<int> Sorted(In.Array.Values.begin(), In.Array.Values.end());
    std::sort(Sorted.begin(), Sorted.end());
    return Sorted;
  }

  static dpbench::Check compare(const Input &, const std::vector<int> &Ref,
                                const std::vector<int> &Got) {
    return dpbench::compareExact(Ref, Got, "element");
  }

  /// Most segments one depth can hold that came out of a partition: only
  /// segments of more than QsCutoff values are partitioned, those of one
  /// depth are disjoint, and each has two parts. Also the capacity of
  /// nocdp.cu's per-level segment lists.
  static long long maxChildSegments(long long N) {
    return 2 * (N / (QsCutoff + 1LL));
  }

  /// cdp.cu: a grid at depth d launches at most two grids at depth d + 1,
  /// and all of them descend from the one host-launched grid, so every
  /// launch of a run can be pending at once. Depth d holds at most
  /// min(2^d, maxChildSegments(n)) launched grids, for d = 1..QsMaxDepth
  /// (654,334 at n = 2^25, 3.4 times the launches on ints-uniform).
  static long long pendingLaunches(const Input &In) {
    const long long PerDepth =
        maxChildSegments(static_cast<long long>(In.Array.Values.size()));
    long long Bound = 0, Grids = 1;
    for (int D = 1; D <= QsMaxDepth; ++D) {
      Grids *= 2;
      Bound += std::min(Grids, PerDepth);
    }
    return Bound;
  }
};
