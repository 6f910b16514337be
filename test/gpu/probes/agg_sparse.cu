// agg_sparse.cu - What aggregation costs a parent grid whose threads rarely
// launch, and what a group that starts its launch with a tail launch would
// cost instead.
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
// The question (issue 18): on road graphs, gc and a few other pairs the
// default pipeline is 1.2-1.9x faster without aggregation, and there few
// parent threads launch. Aggregation's grid groups make every parent block
// join its group at the start and count out at the end, whether or not it
// launches. A group could instead start when its first thread records: that
// thread tail-launches a one-thread launcher, which runs after the parent
// grid and everything it launched and launches one child for all the
// records; blocks that record nothing then do nothing.
//
// This file is the CDP source: run dpopt --passes=aggregate on it (run_agg.sh
// does) to get the aggregated parent. Kernels:
//   parentPlain  -- `if (Flags[i]) child<<<1, 32>>>(...)`: aggregated by dpopt
//                   in the generated file, plain CDP in the original;
//   parentCheck  -- the same test, no launch (what any variant pays);
//   parentLazy   -- hand-written: a flagged thread records its vertex; the
//                   grid's first recorder tail-launches lazyLauncher, which
//                   launches lazyChild with one block per record. It keeps
//                   its state in one global record set (this probe runs one
//                   parent grid at a time); a real runtime would look the
//                   group up per recording block (aggregate.cuh's table).
// Every round adds 32 per flagged vertex to Out[V % 1024]; the host checks
// Out after each variant's rounds.
//
//   agg_sparse [ROUNDS [MAXPLAIN [PENDING]]] -> lines
//     "variant,fraction,launching,ms_per_round,check"
// ROUNDS (default 100) rounds per timing, 3 from a fraction of 1% on;
// parentPlain only up to the fraction MAXPLAIN (default 1: plain CDP at
// 100% is a million launches a round); PENDING: the device runtime's
// pending-launch limit (default 2^20).

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(X)                                                                  \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::printf("error %s at line %d\n", cudaGetErrorString(E), __LINE__);   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int Threads = 1 << 20;
constexpr int ParentBlock = 256;
constexpr int ChildThreads = 32;

__global__ void child(int *Out, int V) { atomicAdd(&Out[V % 1024], 1); }

__global__ void parentPlain(const unsigned char *Flags, int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && Flags[I])
    child<<<1, ChildThreads>>>(Out, I);
}

__global__ void parentCheck(const unsigned char *Flags, int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && Flags[I])
    atomicAdd(&Out[1024 + I % 1024], 1); // rarely taken; keeps the test
}

struct LazyState {
  unsigned Count;
  int Records[Threads];
};

__global__ void lazyChild(int *Out, const LazyState *S) {
  atomicAdd(&Out[S->Records[blockIdx.x] % 1024], 1);
}

__global__ void lazyLauncher(int *Out, LazyState *S) {
  unsigned Count = S->Count;
  S->Count = 0; // the next parent grid starts after this grid and its child
#pragma dp off
  lazyChild<<<Count, ChildThreads>>>(Out, S);
}

__global__ void parentLazy(const unsigned char *Flags, int *Out, int N,
                           LazyState *S) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && Flags[I]) {
    unsigned Slot = atomicAdd(&S->Count, 1u);
    S->Records[Slot] = I;
    if (Slot == 0) {
#pragma dp off
      lazyLauncher<<<1, 1, 0, cudaStreamTailLaunch>>>(Out, S);
    }
  }
}

static float timeRounds(int Variant, int Rounds, const unsigned char *Flags,
                        int *Out, LazyState *S) {
  const int Grid = Threads / ParentBlock;
  cudaEvent_t A, B;
  CK(cudaEventCreate(&A));
  CK(cudaEventCreate(&B));
  CK(cudaEventRecord(A));
  for (int R = 0; R < Rounds; ++R) {
    if (Variant == 0)
      parentPlain<<<Grid, ParentBlock>>>(Flags, Out, Threads);
    else if (Variant == 1)
      parentCheck<<<Grid, ParentBlock>>>(Flags, Out, Threads);
    else
      parentLazy<<<Grid, ParentBlock>>>(Flags, Out, Threads, S);
  }
  CK(cudaEventRecord(B));
  CK(cudaEventSynchronize(B));
  CK(cudaGetLastError());
  float Ms = 0;
  CK(cudaEventElapsedTime(&Ms, A, B));
  CK(cudaEventDestroy(A));
  CK(cudaEventDestroy(B));
  return Ms / Rounds;
}

int main(int Argc, char **Argv) {
  const int ManyRounds = Argc > 1 ? std::atoi(Argv[1]) : 100;
  const double MaxPlain = Argc > 2 ? std::atof(Argv[2]) : 1.0;
  const size_t Pending =
      Argc > 3 ? std::strtoull(Argv[3], nullptr, 10) : (1u << 20);
  CK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, Pending));
  unsigned char *Flags;
  int *Out;
  LazyState *S;
  CK(cudaMalloc(&Flags, Threads));
  CK(cudaMalloc(&Out, 2048 * sizeof(int)));
  CK(cudaMalloc(&S, sizeof(LazyState)));
  CK(cudaMemset(S, 0, sizeof(LazyState)));
  const char *Names[3] = {"plain-or-aggregated", "check-only", "lazy-tail"};
  const double Fractions[] = {0.0, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0};
  std::vector<unsigned char> H(Threads);
  unsigned long long Seed = 88172645463325252ull;
  for (double F : Fractions) {
    int Launching = 0;
    for (int I = 0; I < Threads; ++I) {
      Seed ^= Seed << 13;
      Seed ^= Seed >> 7;
      Seed ^= Seed << 17;
      H[I] = (Seed % 1000000ull) < F * 1000000.0;
      Launching += H[I];
    }
    CK(cudaMemcpy(Flags, H.data(), Threads, cudaMemcpyHostToDevice));
    std::vector<int> Want(1024, 0);
    for (int I = 0; I < Threads; ++I)
      if (H[I])
        Want[I % 1024] += ChildThreads;
    const int Rounds = F >= 0.01 ? 3 : ManyRounds;
    for (int V = 0; V < 3; ++V) {
      if (V == 0 && F > MaxPlain)
        continue;
      // A warm-up round, then 5 timed repetitions of Rounds rounds.
      timeRounds(V, 1, Flags, Out, S);
      std::vector<float> Times;
      for (int Rep = 0; Rep < 5; ++Rep)
        Times.push_back(timeRounds(V, Rounds, Flags, Out, S));
      std::sort(Times.begin(), Times.end());
      // Check: one more round from zero.
      CK(cudaMemset(Out, 0, 2048 * sizeof(int)));
      timeRounds(V, 1, Flags, Out, S);
      std::vector<int> Got(1024);
      CK(cudaMemcpy(Got.data(), Out, 1024 * sizeof(int),
                    cudaMemcpyDeviceToHost));
      bool Ok = V == 1 ? true : Got == Want;
      std::printf("%s,%g,%d,%.4f,%s\n", Names[V], F, Launching, Times[2],
                  V == 1 ? "n/a" : (Ok ? "ok" : "WRONG"));
      std::fflush(stdout);
    }
  }
  return 0;
}
