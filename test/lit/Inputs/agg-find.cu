// Checks dpopt::rt::aggFind on the host against a linear search, over
// record sizes of several shapes, and counts the record reads it makes.
#include "dpopt/aggregate.cuh"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

static unsigned long long Reads;

/// An End that counts how often the search reads it.
struct CountedEnd {
  unsigned Value;
  __host__ __device__ operator unsigned() const {
#ifndef __CUDA_ARCH__ // the search runs on the host here
    ++Reads;
#endif
    return Value;
  }
};
struct Rec {
  CountedEnd __end;
};

/// Runs aggFind for every block of records of the given sizes; returns the
/// number of wrong answers and prints the reads.
static int check(const char *Name, const std::vector<unsigned> &Sizes) {
  std::vector<Rec> Records(Sizes.size());
  unsigned End = 0;
  for (size_t I = 0; I < Sizes.size(); ++I)
    Records[I].__end.Value = End += Sizes[I];
  int Wrong = 0;
  unsigned long long MaxReads = 0, AllReads = 0;
  for (unsigned Block = 0; Block < End; ++Block) {
    Reads = 0;
    unsigned Got = dpopt::rt::aggFind(Records.data(),
                                      static_cast<unsigned>(Records.size()),
                                      Block);
    unsigned Want = 0;
    while (Records[Want].__end.Value <= Block)
      ++Want;
    Wrong += Got != Want;
    MaxReads = std::max(MaxReads, Reads);
    AllReads += Reads;
  }
  unsigned Bound = 2 * static_cast<unsigned>(std::ceil(std::log2(Sizes.size() + 1.0))) + 2;
  std::printf("%s: %zu records, %u blocks, %d wrong, reads mean %.1f max %llu, %s\n",
              Name, Sizes.size(), End, Wrong,
              static_cast<double>(AllReads) / End, MaxReads,
              MaxReads <= Bound ? "within 2 log2 + 2" : "PAST THE BOUND");
  return Wrong + (MaxReads > Bound);
}

int main() {
  std::mt19937 Rng(7);
  int Bad = 0;
  std::vector<unsigned> S;
  S.assign(5000, 3);
  Bad += check("alike", S);
  S.clear();
  for (int I = 0; I < 5000; ++I)
    S.push_back(1 + Rng() % 128); // the tree walk's children counts
  Bad += check("random 1-128", S);
  S.clear();
  for (int I = 0; I < 5000; ++I)
    S.push_back(Rng() % 3 == 0 ? 0 : 1 + Rng() % 4); // packed: empty records
  Bad += check("with empty records", S);
  S.assign(4000, 1);
  S[1234] = 200000; // one record holds nearly everything
  Bad += check("one giant", S);
  S.clear();
  for (int I = 0; I < 3000; ++I)
    S.push_back(I < 2900 ? 1 : 5000); // a steep tail
  Bad += check("steep tail", S);
  S.clear();
  for (int I = 0; I < 20; ++I)
    S.push_back(1u << (I % 12)); // powers of two
  Bad += check("powers of two", S);
  S.assign(1, 7);
  Bad += check("one record", S);
  std::printf("aggFind: %s\n", Bad ? "FAILED" : "all correct, reads bounded");
  return Bad != 0;
}
