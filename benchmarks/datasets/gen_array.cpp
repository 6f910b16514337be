//===- datasets/gen_array.cpp - Integer arrays for NR and QS -------------===//
//
// Inputs of the array benchmarks: uniform values (the average case of
// quicksort), few distinct values (many keys equal to the pivot: the hard
// case for partitioning) and nearly sorted values (bad for a naive pivot
// choice). Every value is a hash of (seed, kind, index), so the thread count
// never matters; the swaps of ints-sorted come from one sequential stream.
//
// The count scales as 2^25 * Scale^1.25 rather than linearly: quick (1/16)
// gives 2^20 values, tiny (1/256) 2^15, small enough that a CDP quicksort
// with a launch per partition finishes quickly at the quick scale.
//
//===----------------------------------------------------------------------===//

#include "gen_array.h"

#include "parallel.h"
#include "rng.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace dpgen {

namespace {

enum ArrayTag : uint64_t {
  ArrayUniform = 0x494e5453, // "INTS"
  ArrayDupsKeys,
  ArrayDupsPick,
  ArraySorted,
  ArraySortedSwaps,
};

constexpr uint64_t ValueRange = uint64_t(1) << 31;
constexpr int64_t DupsDistinct = 1024;

/// Fills A.Values[I] = Value(I) for every index in parallel.
template <class Fn> dparray::IntArray fillArray(const GenParams &P, Fn Value) {
  dparray::IntArray A;
  A.Values.resize(arrayCount(P));
  const int64_t N = static_cast<int64_t>(A.Values.size());
  constexpr int64_t PerChunk = 1 << 16;
  dpgraph::parallelFor(
      (N + PerChunk - 1) / PerChunk, P.Threads, [&](int64_t Chunk) {
        const int64_t End = std::min(N, (Chunk + 1) * PerChunk);
        for (int64_t I = Chunk * PerChunk; I < End; ++I)
          A.Values[I] = Value(I);
      });
  return A;
}

} // namespace

int64_t arrayCount(const GenParams &P) {
  const double Count = 33554432.0 * std::pow(P.Scale, 1.25);
  return std::clamp<int64_t>(std::llround(Count), 16, dparray::MaxArrayCount);
}

dparray::IntArray generateIntsUniform(const GenParams &P) {
  const uint64_t Seed = dprng::hash64(P.Seed, ArrayUniform);
  return fillArray(P, [&](int64_t I) {
    return static_cast<int32_t>(
        dprng::mapToRange(dprng::hash64(Seed, I), ValueRange));
  });
}

dparray::IntArray generateIntsDups(const GenParams &P) {
  // The keys: 1024 distinct values, drawn sequentially and redrawn on a
  // collision.
  std::vector<int32_t> Keys;
  std::set<int32_t> Seen;
  dprng::Xoshiro256 R(dprng::hash64(P.Seed, ArrayDupsKeys));
  while (static_cast<int64_t>(Keys.size()) < DupsDistinct) {
    const int32_t K = static_cast<int32_t>(R.below(ValueRange));
    if (Seen.insert(K).second)
      Keys.push_back(K);
  }
  const uint64_t Seed = dprng::hash64(P.Seed, ArrayDupsPick);
  return fillArray(P, [&](int64_t I) {
    return Keys[dprng::mapToRange(dprng::hash64(Seed, I), DupsDistinct)];
  });
}

dparray::IntArray generateIntsSorted(const GenParams &P) {
  // Value I lies in its own slice [I * 2^31 / N, (I + 1) * 2^31 / N) of the
  // range; N < 2^31 makes every slice non-empty, so the values are strictly
  // ascending.
  const int64_t N = arrayCount(P);
  const uint64_t Seed = dprng::hash64(P.Seed, ArraySorted);
  dparray::IntArray A = fillArray(P, [&](int64_t I) {
    const uint64_t Lo = static_cast<uint64_t>(I) * ValueRange / N;
    const uint64_t Hi = static_cast<uint64_t>(I + 1) * ValueRange / N;
    return static_cast<int32_t>(
        Lo + dprng::mapToRange(dprng::hash64(Seed, I), Hi - Lo));
  });
  dprng::Xoshiro256 R(dprng::hash64(P.Seed, ArraySortedSwaps));
  for (int64_t S = 0; S < N / 100; ++S) {
    const uint32_t X = R.below(N);
    const uint32_t Y = R.below(N);
    std::swap(A.Values[X], A.Values[Y]);
  }
  return A;
}

bool writeIntsUniform(const GenParams &P, const std::string &Path,
                      std::string &Err) {
  return dparray::writeArray(Path, generateIntsUniform(P), Err);
}

bool writeIntsDups(const GenParams &P, const std::string &Path,
                   std::string &Err) {
  return dparray::writeArray(Path, generateIntsDups(P), Err);
}

bool writeIntsSorted(const GenParams &P, const std::string &Path,
                     std::string &Err) {
  return dparray::writeArray(Path, generateIntsSorted(P), Err);
}

} // namespace dpgen
