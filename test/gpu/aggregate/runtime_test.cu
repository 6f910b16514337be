//===- runtime_test.cu - GPU unit tests of dpopt/aggregate.cuh ------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each test runs the runtime's pieces directly (no dpopt involved) and checks
// what they must guarantee:
//   pool     -- chunks taken at once never overlap; giving all back resets
//               the pool; a full pool says so instead of overlapping
//   records  -- a block of threads recording at once gets distinct slots,
//               block ranges that tile [0, total) in slot order, the max
//               block size, and a chunk that overflows falls back; so do
//               lanes that record with gaps between them (only some lanes
//               of a warp in the call), lanes of one call that record into
//               two groups, packed records of no thread, and a warp whose
//               recorders outnumber the slots left
//   find     -- aggFind matches a linear search for every block, with the
//               records of one group above and with skewed block counts
//               (one huge record first, last or in the middle; sizes that
//               double), where the search's first guess is far off
//   table    -- all blocks of a multi-block group land in one slot, groups
//               of one grid and of two concurrent grids stay apart, and the
//               last block of each group is told exactly once
//
//===----------------------------------------------------------------------===//

#define DPOPT_AGG_POOL_BYTES (1u << 20)
#include "dpopt/aggregate.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace dpopt::rt;

#define CHECK(X)                                                                   \
  do {                                                                             \
    cudaError_t E = (X);                                                           \
    if (E != cudaSuccess) {                                                        \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(E), __LINE__);  \
      std::exit(2);                                                                \
    }                                                                              \
  } while (0)

static int Failures = 0;
static void expect(bool Ok, const char *What) {
  std::printf("%s %s\n", Ok ? "ok  " : "FAIL", What);
  Failures += !Ok;
}

//===----------------------------------------------------------------------===//
// pool
//===----------------------------------------------------------------------===//

__global__ void takeChunks(unsigned long long *Offsets, unsigned Bytes) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  void *P = aggPoolTake(Bytes);
  Offsets[I] = P ? static_cast<unsigned long long>(static_cast<unsigned char *>(P) - AggPool)
                 : ~0ull;
}
__global__ void giveChunks(const unsigned long long *Offsets) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  if (Offsets[I] != ~0ull)
    aggPoolGive();
}
__global__ void readPoolState(unsigned long long *State) { *State = AggPoolState; }

static void testPool() {
  const unsigned Threads = 4096, Bytes = 128; // 512 KiB of a 1 MiB pool
  unsigned long long *D, *State;
  CHECK(cudaMalloc(&D, Threads * sizeof(unsigned long long)));
  CHECK(cudaMalloc(&State, sizeof(unsigned long long)));
  std::vector<unsigned long long> H(Threads);
  for (int Round = 0; Round < 3; ++Round) {
    takeChunks<<<Threads / 256, 256>>>(D, Bytes);
    CHECK(cudaMemcpy(H.data(), D, Threads * 8, cudaMemcpyDeviceToHost));
    std::vector<char> Used(DPOPT_AGG_POOL_BYTES / Bytes, 0);
    bool Ok = true;
    for (unsigned long long O : H) {
      if (O == ~0ull || O % Bytes || O + Bytes > DPOPT_AGG_POOL_BYTES || Used[O / Bytes]++)
        Ok = false;
    }
    expect(Ok, "pool: concurrent chunks are distinct and inside the pool");
    giveChunks<<<Threads / 256, 256>>>(D);
    readPoolState<<<1, 1>>>(State);
    unsigned long long S;
    CHECK(cudaMemcpy(&S, State, 8, cudaMemcpyDeviceToHost));
    expect(S == 0, "pool: giving every chunk back resets it");
  }
  // Twice what fits: the extra takers are told, and nothing overlaps.
  unsigned long long *D2;
  CHECK(cudaMalloc(&D2, 2 * Threads * sizeof(unsigned long long)));
  takeChunks<<<2 * Threads / 256, 256>>>(D2, 2 * Bytes);
  std::vector<unsigned long long> H2(2 * Threads);
  CHECK(cudaMemcpy(H2.data(), D2, H2.size() * 8, cudaMemcpyDeviceToHost));
  std::vector<char> Used(DPOPT_AGG_POOL_BYTES / (2 * Bytes), 0);
  unsigned Got = 0;
  bool Distinct = true;
  for (unsigned long long O : H2)
    if (O != ~0ull) {
      ++Got;
      Distinct &= O % (2 * Bytes) == 0 && O + 2 * Bytes <= DPOPT_AGG_POOL_BYTES &&
                  !Used[O / (2 * Bytes)]++;
    }
  expect(Distinct && Got == DPOPT_AGG_POOL_BYTES / (2 * Bytes),
         "pool: a full pool refuses the rest, and what it gave is distinct");
  giveChunks<<<2 * Threads / 256, 256>>>(D2);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(D));
  CHECK(cudaFree(D2));
  CHECK(cudaFree(State));
}

//===----------------------------------------------------------------------===//
// records and find
//===----------------------------------------------------------------------===//

struct TestRec : AggConfig {
  struct {
    unsigned Thread;
  } Args;
};

__host__ __device__ inline unsigned blocksOf(unsigned T) { return T % 5 == 0 ? 0 : 1 + T % 7; }
__host__ __device__ inline unsigned threadsOf(unsigned T) { return 32 * (1 + T % 4); }

/// Every thread with blocksOf(T) > 0 records; PerThread sets the capacity.
__global__ void recordBlock(TestRec *Out, unsigned *Meta, unsigned *Failed, unsigned PerThread) {
  __shared__ AggGroup G;
  aggBeginBlock(G, sizeof(TestRec), PerThread);
  unsigned T = threadIdx.x;
  TestRec R;
  R.__grid = dim3(blocksOf(T));
  R.__block = dim3(threadsOf(T));
  R.__shmem = T;
  R.__end = 0;
  R.Args.Thread = T;
  if (!aggRecord(G, R) && blocksOf(T) > 0)
    atomicAdd(Failed, 1u);
  if (aggArrive(G, aggBlockThreads())) {
    unsigned Count, Blocks;
    TestRec *Records = aggTake<TestRec>(G, Count, Blocks);
    Meta[0] = Count;
    Meta[1] = Blocks;
    Meta[2] = G.MaxThreads;
    Meta[3] = G.MaxShmem;
    for (unsigned I = 0; I < Count; ++I)
      Out[I] = Records[I];
    // Every block of the aggregated grid finds its record.
    for (unsigned B = 0; B < Blocks; ++B) {
      unsigned I = aggFind(Records, Count, B), J = 0;
      while (Records[J].__end <= B)
        ++J;
      if (I != J)
        atomicAdd(&Meta[4], 1u);
    }
    if (Records)
      aggGiveBack();
  }
}

static void testRecords() {
  const unsigned Threads = 512;
  TestRec *D;
  unsigned *Meta, *Failed;
  CHECK(cudaMalloc(&D, Threads * sizeof(TestRec)));
  CHECK(cudaMalloc(&Meta, 8 * sizeof(unsigned)));
  CHECK(cudaMalloc(&Failed, sizeof(unsigned)));
  for (unsigned PerThread : {1u, 0u}) {
    CHECK(cudaMemset(Meta, 0, 8 * sizeof(unsigned)));
    CHECK(cudaMemset(Failed, 0, sizeof(unsigned)));
    recordBlock<<<1, Threads>>>(D, Meta, Failed, PerThread);
    CHECK(cudaDeviceSynchronize());
    unsigned M[8], F;
    CHECK(cudaMemcpy(M, Meta, sizeof(M), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&F, Failed, sizeof(F), cudaMemcpyDeviceToHost));
    unsigned Launching = 0, Total = 0, MaxThreads = 0, MaxShmem = 0;
    for (unsigned T = 0; T < Threads; ++T)
      if (blocksOf(T)) {
        ++Launching;
        Total += blocksOf(T);
        MaxThreads = std::max(MaxThreads, threadsOf(T));
        MaxShmem = std::max(MaxShmem, T);
      }
    if (PerThread == 0) {
      expect(M[0] == 0 && F == Launching, "records: a group without room launches directly");
      continue;
    }
    std::vector<TestRec> H(M[0]);
    CHECK(cudaMemcpy(H.data(), D, M[0] * sizeof(TestRec), cudaMemcpyDeviceToHost));
    bool Tiles = true;
    std::vector<char> Seen(Threads, 0);
    unsigned At = 0;
    for (const TestRec &R : H) {
      unsigned T = R.Args.Thread;
      Tiles &= T < Threads && !Seen[T]++ && R.__grid.x == blocksOf(T) &&
               R.__block.x == threadsOf(T) && R.__end == At + R.__grid.x;
      At = R.__end;
    }
    expect(M[0] == Launching && F == 0, "records: one slot per launching thread");
    expect(Tiles && M[1] == Total && At == Total,
           "records: block ranges tile the aggregated grid in slot order");
    expect(M[2] == MaxThreads && M[3] == MaxShmem, "records: largest block and shared memory");
    expect(M[4] == 0, "find: binary search agrees with a linear search for every block");
  }
  CHECK(cudaFree(D));
  CHECK(cudaFree(Meta));
  CHECK(cudaFree(Failed));
}

/// Group \p Which of a block's two groups, with \p Capacity records each.
/// Lanes T with T % 3 != 0 call aggRecord (so warps call it with gaps);
/// with \p Split, odd and even lanes record into different groups in one
/// call. A record counts threadsOf(T) / 32 - 1 units as a packed record
/// (zero for a quarter of the threads: such a record joins, runs no block
/// and is not launched by its thread). Out[group * 512 + slot].
__global__ void recordLanes(TestRec *Out, unsigned *Meta, unsigned *Failed, unsigned Capacity,
                            bool Split) {
  __shared__ AggGroup G[2];
  if (threadIdx.x < 2)
    aggInitGroup(G[threadIdx.x], sizeof(TestRec), Capacity);
  __syncthreads();
  const unsigned T = threadIdx.x;
  const unsigned Which = Split ? T % 2 : 0;
  if (T % 3 != 0) {
    TestRec R;
    R.__grid = dim3(blocksOf(T) + 1);
    R.__block = dim3(threadsOf(T));
    R.__shmem = 0;
    R.__end = 0;
    R.Args.Thread = T;
    if (!aggRecord(G[Which], R, 1024, threadsOf(T) / 32 - 1))
      atomicAdd(Failed, 1u);
  }
  __syncthreads();
  if (T < 2) {
    unsigned Count, Units;
    TestRec *Records = aggTake<TestRec>(G[T], Count, Units);
    Meta[4 * T] = Count;
    Meta[4 * T + 1] = Units;
    for (unsigned I = 0; I < Count; ++I)
      Out[T * 512 + I] = Records[I];
  }
  // Give back each chunk with records (aggTake gave back the empty ones).
  __syncthreads();
  if (T < 2 && Meta[4 * T] > 0)
    aggGiveBack();
}

static void testRecordLanes() {
  const unsigned Threads = 512;
  TestRec *D;
  unsigned *Meta, *Failed;
  CHECK(cudaMalloc(&D, 2 * Threads * sizeof(TestRec)));
  CHECK(cudaMalloc(&Meta, 8 * sizeof(unsigned)));
  CHECK(cudaMalloc(&Failed, sizeof(unsigned)));
  struct Case {
    unsigned Capacity;
    bool Split;
    const char *What;
  } Cases[] = {
      {512, false, "records: lanes with gaps record in lane order, packed records of no thread join"},
      {512, true, "records: lanes of one call recording into two groups"},
      {100, false, "records: recorders past the slots left launch themselves"},
  };
  for (const Case &C : Cases) {
    CHECK(cudaMemset(Meta, 0, 8 * sizeof(unsigned)));
    CHECK(cudaMemset(Failed, 0, sizeof(unsigned)));
    recordLanes<<<1, Threads>>>(D, Meta, Failed, C.Capacity, C.Split);
    CHECK(cudaDeviceSynchronize());
    unsigned M[8], F;
    CHECK(cudaMemcpy(M, Meta, sizeof(M), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&F, Failed, sizeof(F), cudaMemcpyDeviceToHost));
    std::vector<TestRec> H(2 * Threads);
    CHECK(cudaMemcpy(H.data(), D, H.size() * sizeof(TestRec), cudaMemcpyDeviceToHost));
    bool Ok = true;
    unsigned Recorded = 0, Callers = 0;
    for (unsigned T = 0; T < Threads; ++T)
      Callers += T % 3 != 0;
    for (unsigned W = 0; W < (C.Split ? 2u : 1u); ++W) {
      unsigned Want = 0;
      for (unsigned T = 0; T < Threads; ++T)
        Want += T % 3 != 0 && (!C.Split || T % 2 == W);
      const unsigned Count = M[4 * W];
      Ok &= Count == (Want < C.Capacity ? Want : C.Capacity);
      std::vector<char> Seen(Threads, 0);
      unsigned At = 0;
      for (unsigned I = 0; I < Count; ++I) {
        const TestRec &R = H[W * Threads + I];
        const unsigned T = R.Args.Thread;
        Ok &= T < Threads && T % 3 != 0 && (!C.Split || T % 2 == W) && !Seen[T]++ &&
              R.__end == At + threadsOf(T) / 32 - 1;
        At = R.__end;
      }
      Ok &= M[4 * W + 1] == At;
      Recorded += Count;
    }
    Ok &= Recorded + F == Callers;
    expect(Ok, C.What);
  }
  CHECK(cudaFree(D));
  CHECK(cudaFree(Meta));
  CHECK(cudaFree(Failed));
}

/// Counts the blocks of the aggregated grid whose record aggFind gets wrong.
__global__ void findAll(const TestRec *Records, unsigned Count, unsigned Blocks,
                        unsigned *Wrong) {
  for (unsigned B = blockIdx.x * blockDim.x + threadIdx.x; B < Blocks;
       B += gridDim.x * blockDim.x) {
    unsigned J = 0;
    while (Records[J].__end <= B)
      ++J;
    if (aggFind(Records, Count, B) != J)
      atomicAdd(Wrong, 1u);
  }
}

static void testFindSkewed() {
  // Block counts of each record, per case.
  std::vector<std::vector<unsigned>> Cases;
  Cases.push_back(std::vector<unsigned>(1000, 1));
  std::vector<unsigned> C(1000, 1);
  C[0] = 100000;
  Cases.push_back(C);
  C[0] = 1;
  C[999] = 100000;
  Cases.push_back(C);
  C[999] = 1;
  C[500] = 100000;
  Cases.push_back(C);
  std::vector<unsigned> Doubling;
  for (unsigned K = 1; K <= 65536; K *= 2)
    Doubling.push_back(K);
  Cases.push_back(Doubling);
  std::reverse(Doubling.begin(), Doubling.end());
  Cases.push_back(Doubling);
  Cases.push_back(std::vector<unsigned>(1, 7));
  unsigned *Wrong;
  CHECK(cudaMalloc(&Wrong, sizeof(unsigned)));
  bool AllRight = true;
  for (const std::vector<unsigned> &Sizes : Cases) {
    std::vector<TestRec> H(Sizes.size());
    unsigned End = 0;
    for (size_t I = 0; I < Sizes.size(); ++I) {
      End += Sizes[I];
      H[I].__end = End;
    }
    TestRec *D;
    CHECK(cudaMalloc(&D, H.size() * sizeof(TestRec)));
    CHECK(cudaMemcpy(D, H.data(), H.size() * sizeof(TestRec), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(Wrong, 0, sizeof(unsigned)));
    findAll<<<256, 256>>>(D, static_cast<unsigned>(H.size()), End, Wrong);
    unsigned W = 1;
    CHECK(cudaMemcpy(&W, Wrong, sizeof(unsigned), cudaMemcpyDeviceToHost));
    AllRight &= W == 0;
    CHECK(cudaFree(D));
  }
  expect(AllRight, "find: skewed block counts agree with a linear search");
  CHECK(cudaFree(Wrong));
}

//===----------------------------------------------------------------------===//
// table
//===----------------------------------------------------------------------===//

/// Each block records one launch of one block (or counts it as launched
/// directly when the pool is full); the last block of each group stores its
/// group's record count, says it was last, and frees the slot.
__global__ void joinGroups(unsigned *Count, unsigned *Lasts, unsigned *Direct,
                           unsigned long long GroupBlocks) {
  __shared__ AggBlockLink L;
  aggBeginMultiBlock(L, sizeof(TestRec), 7u, GroupBlocks, 1u);
  if (threadIdx.x == 0) {
    TestRec R;
    R.__grid = dim3(1);
    R.__block = dim3(32);
    R.__shmem = 0;
    R.__end = 0;
    R.Args.Thread = blockIdx.x;
    if (!aggRecord(L.__slot->__group, R))
      atomicAdd(&Direct[aggBlockRank() / GroupBlocks], 1u);
  }
  if (AggTableSlot *S = aggArriveMultiBlock(L, GroupBlocks)) {
    unsigned N, Blocks;
    TestRec *Records = aggTake<TestRec>(S->__group, N, Blocks);
    unsigned long long Group = aggBlockRank() / GroupBlocks;
    Count[Group] = N;
    atomicAdd(&Lasts[Group], 1u);
    if (Records)
      aggGiveBack();
    aggLeave(S);
  }
}

static void testTable() {
  const unsigned Blocks = 1000, GroupBlocks = 16, Groups = (Blocks + GroupBlocks - 1) / GroupBlocks;
  unsigned *Count[2], *Lasts[2], *Direct[2];
  cudaStream_t S[2];
  for (int I = 0; I < 2; ++I) {
    CHECK(cudaMalloc(&Count[I], Groups * sizeof(unsigned)));
    CHECK(cudaMalloc(&Lasts[I], Groups * sizeof(unsigned)));
    CHECK(cudaMalloc(&Direct[I], Groups * sizeof(unsigned)));
    CHECK(cudaMemset(Count[I], 0, Groups * sizeof(unsigned)));
    CHECK(cudaMemset(Lasts[I], 0, Groups * sizeof(unsigned)));
    CHECK(cudaStreamCreateWithFlags(&S[I], cudaStreamNonBlocking));
  }
  bool Ok = true;
  unsigned long long Recorded = 0;
  for (int Round = 0; Round < 20 && Ok; ++Round) {
  for (int I = 0; I < 2; ++I) {
    CHECK(cudaMemsetAsync(Count[I], 0, Groups * sizeof(unsigned), S[I]));
    CHECK(cudaMemsetAsync(Lasts[I], 0, Groups * sizeof(unsigned), S[I]));
    CHECK(cudaMemsetAsync(Direct[I], 0, Groups * sizeof(unsigned), S[I]));
    joinGroups<<<Blocks, 64, 0, S[I]>>>(Count[I], Lasts[I], Direct[I], GroupBlocks);
  }
  CHECK(cudaDeviceSynchronize());
  for (int I = 0; I < 2; ++I) {
    std::vector<unsigned> C(Groups), L(Groups), D(Groups);
    CHECK(cudaMemcpy(C.data(), Count[I], Groups * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(L.data(), Lasts[I], Groups * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(D.data(), Direct[I], Groups * 4, cudaMemcpyDeviceToHost));
    for (unsigned G = 0; G < Groups; ++G) {
      Recorded += C[G];
      C[G] += D[G];
    }
    for (unsigned G = 0; G < Groups; ++G) {
      unsigned Members = G + 1 < Groups ? GroupBlocks : Blocks - G * GroupBlocks;
      if (Ok && (C[G] != Members || L[G] != 1))
        std::printf("     grid %d group %u: %u records + direct (expected %u), told %u times\n",
                    I, G, C[G], Members, L[G]);
      Ok &= C[G] == Members && L[G] == 1;
    }
  }
  }
  expect(Ok, "table: each group of two concurrent grids accounts for all its blocks "
             "(recorded or launched directly), and its last block is told once (20 rounds)");
  expect(Recorded > 0, "table: groups record while the pool has room");
  for (int I = 0; I < 2; ++I) {
    CHECK(cudaFree(Count[I]));
    CHECK(cudaFree(Lasts[I]));
    CHECK(cudaFree(Direct[I]));
    CHECK(cudaStreamDestroy(S[I]));
  }
}

int main() {
  testPool();
  testRecords();
  testRecordLanes();
  testFindSkewed();
  testTable();
  std::printf("%s (%d failures)\n", Failures ? "FAILED" : "PASSED", Failures);
  return Failures ? 1 : 0;
}
