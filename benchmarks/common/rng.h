//===- rng.h - Portable seeded random numbers and hashing ------*- C++ -*-===//
//
// Generators and synthetic values must be identical on every machine and
// standard library, so we use our own tiny generators (splitmix64 for seeding
// and hashing, xoshiro256** for streams) and our own integer-to-range mappings
// instead of <random> distributions, whose output differs between libstdc++
// and libc++ versions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace dprng {

/// One step of splitmix64: a strong 64-bit mixer, used for seeding and as a
/// stateless hash.
inline uint64_t splitmix64(uint64_t &State) {
  uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

/// Stateless hash of up to three 64-bit values.
inline uint64_t hash64(uint64_t A, uint64_t B = 0, uint64_t C = 0) {
  uint64_t S = A;
  uint64_t H = splitmix64(S);
  S = H ^ B;
  H = splitmix64(S);
  S = H ^ C;
  return splitmix64(S);
}

/// Maps a 64-bit random value to [0, N), N <= 2^32, without division
/// (Lemire's multiply-shift on the high 32 bits); the tiny bias is irrelevant
/// for data generation and the result is portable.
inline uint32_t mapToRange(uint64_t X, uint64_t N) {
  return static_cast<uint32_t>(((X >> 32) * N) >> 32);
}

/// Maps a 64-bit random value to a double in [0, 1).
inline double mapToUnit(uint64_t X) {
  return static_cast<double>(X >> 11) * (1.0 / 9007199254740992.0);
}

/// xoshiro256** (Blackman and Vigna): fast stream generator.
class Xoshiro256 {
public:
  explicit Xoshiro256(uint64_t Seed) {
    uint64_t S = Seed;
    for (uint64_t &Word : State)
      Word = splitmix64(S);
  }

  uint64_t next() {
    const uint64_t Result = rotl(State[1] * 5, 7) * 9;
    const uint64_t T = State[1] << 17;
    State[2] ^= State[0];
    State[3] ^= State[1];
    State[1] ^= State[2];
    State[0] ^= State[3];
    State[2] ^= T;
    State[3] = rotl(State[3], 45);
    return Result;
  }

  /// Uniform integer in [0, N), N <= 2^32.
  uint32_t below(uint64_t N) { return mapToRange(next(), N); }
  /// Uniform double in [0, 1).
  double unit() { return mapToUnit(next()); }

private:
  static uint64_t rotl(uint64_t X, int K) { return (X << K) | (X >> (64 - K)); }
  uint64_t State[4];
};

} // namespace dprng
