//===- persist_runtime_test.cu - dpopt/persist.cuh on the GPU -------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The launch record of remove-launch's T1/T2 under full occupancy:
//   claims:  every thread of a persistent grid (2D blocks, divergent warps)
//            claims records in rounds with different numbers of child
//            blocks; per round the indices must be exactly 0..n-1, the
//            first child blocks must be the prefix sums in index order, the
//            maximum must be right, and persistFind must map every child
//            block back to its record; heads are reused every other round.
//   launch:  launchPersistent with more original blocks than resident ones,
//            on a stream, repeated: each round sees the original blocks;
//            then with fewer (10): only those are played.
// Prints PASS/FAIL lines; the exit status is the number of failures.
//
//===----------------------------------------------------------------------===//

#include "dpopt/persist.cuh"

#include <cstdio>
#include <vector>

struct Rec {
  unsigned long long __first;
  unsigned long long Blocks;
  unsigned Owner;
};

constexpr int Rounds = 40;

/// Thread (block b, thread t) launches in round r when (b + t + r) % 3 != 0,
/// with (b * 7 + t + r) % 9 child blocks. Block 0's threads check the round.
__global__ void claims(dpopt::rt::PersistState *S, Rec *R, unsigned *Errors) {
  const unsigned T = threadIdx.x + blockDim.x * threadIdx.y;
  const unsigned Threads = blockDim.x * blockDim.y;
  const unsigned Id = blockIdx.x * Threads + T;
  for (unsigned long long Round = 0; Round < Rounds; ++Round) {
    dpopt::rt::persistBeginRound(S, Round);
    if ((blockIdx.x + T + Round) % 3 != 0) {
      unsigned long long Blocks = (blockIdx.x * 7 + T + Round) % 9;
      unsigned I;
      unsigned long long First;
      if (!dpopt::rt::persistClaim(S, Round, Blocks, I, First))
        atomicAdd(Errors, 1000000u);
      else
        R[I] = {First, Blocks, Id};
    }
    dpopt::rt::gridSync(S->__barrier);
    const dpopt::rt::PersistWork W = dpopt::rt::persistWork(S, Round);
    // Expected totals, computed by every thread of block 0 the slow way.
    if (blockIdx.x == 0) {
      unsigned long long Count = 0, Blocks = 0, Max = 0;
      for (unsigned B = 0; B < gridDim.x; ++B)
        for (unsigned U = 0; U < Threads; ++U)
          if ((B + U + Round) % 3 != 0) {
            unsigned long long N = (B * 7 + U + Round) % 9;
            ++Count;
            Blocks += N;
            Max = N > Max ? N : Max;
          }
      if (T == 0 && (W.__count != Count || W.__blocks != Blocks || W.__max_blocks != Max))
        atomicAdd(Errors, 1);
    }
    // Records: prefix sums in index order; every child block finds its own.
    for (unsigned I = Id; I < W.__count; I += gridDim.x * Threads) {
      unsigned long long Next = I + 1 < W.__count ? R[I + 1].__first : W.__blocks;
      if (R[I].__first + R[I].Blocks != Next)
        atomicAdd(Errors, 1);
      for (unsigned long long B = R[I].__first; B < Next; ++B) {
        unsigned Found = dpopt::rt::persistFind(R, W.__count, B);
        if (R[Found].__first > B || R[Found].__first + R[Found].Blocks <= B)
          atomicAdd(Errors, 1);
      }
    }
    dpopt::rt::gridSync(S->__barrier);
  }
}

__global__ void countBlocks(dpopt::rt::PersistState *S, Rec *R, dim3 Original, int *Seen,
                            int Add) {
  const unsigned long long Blocks = (unsigned long long)Original.x * Original.y;
  for (unsigned long long B = blockIdx.x; B < Blocks; B += gridDim.x)
    if (threadIdx.x == 0)
      atomicAdd(&Seen[B], Add);
  (void)S;
  (void)R;
}

int main() {
  int Fails = 0;
  {
    const dim3 Block(16, 8);
    unsigned long long Resident = dpopt::rt::persistentBlocks(claims, Block, 0);
    void *Memory = nullptr;
    unsigned *Errors = nullptr;
    cudaMalloc(&Memory, dpopt::rt::PersistRecordsOffset + Resident * 128 * sizeof(Rec));
    cudaMemset(Memory, 0, sizeof(dpopt::rt::PersistState));
    cudaMalloc(&Errors, sizeof(unsigned));
    cudaMemset(Errors, 0, sizeof(unsigned));
    dpopt::rt::PersistState *S = static_cast<dpopt::rt::PersistState *>(Memory);
    Rec *R = reinterpret_cast<Rec *>(static_cast<char *>(Memory) +
                                     dpopt::rt::PersistRecordsOffset);
    void *Args[] = {&S, &R, &Errors};
    cudaError_t E = cudaLaunchCooperativeKernel((const void *)claims, dim3((unsigned)Resident),
                                                Block, Args, 0, 0);
    if (E == cudaSuccess)
      E = cudaDeviceSynchronize();
    unsigned Host = 1;
    cudaMemcpy(&Host, Errors, sizeof(unsigned), cudaMemcpyDeviceToHost);
    bool Ok = E == cudaSuccess && Host == 0;
    printf("%s claims: %llu resident blocks of 128 threads, %d rounds, %u errors (%s)\n",
           Ok ? "PASS" : "FAIL", Resident, Rounds, Host, cudaGetErrorString(E));
    Fails += !Ok;
    cudaFree(Memory);
    cudaFree(Errors);
  }
  {
    const dim3 Original(1000, 7);
    int *Seen = nullptr;
    cudaMalloc(&Seen, 7000 * sizeof(int));
    cudaMemset(Seen, 0, 7000 * sizeof(int));
    cudaStream_t St;
    cudaStreamCreate(&St);
    unsigned long long Resident = dpopt::rt::persistentBlocks(countBlocks, dim3(64), 0);
    cudaError_t E = cudaSuccess;
    for (int I = 1; I <= 3 && E == cudaSuccess; ++I)
      E = dpopt::rt::launchPersistent(countBlocks, Resident, Original, dim3(64), 0, St, Seen, I);
    if (E == cudaSuccess)
      E = cudaStreamSynchronize(St);
    std::vector<int> Host(7000);
    cudaMemcpy(Host.data(), Seen, 7000 * sizeof(int), cudaMemcpyDeviceToHost);
    int Wrong = 0;
    for (int V : Host)
      Wrong += V != 6;
    // A grid smaller than what is resident: every block still launches, the
    // ones without an original block find nothing to do.
    cudaMemset(Seen, 0, 7000 * sizeof(int));
    if (E == cudaSuccess)
      E = dpopt::rt::launchPersistent(countBlocks, Resident, dim3(10), dim3(64), 0, St, Seen, 1);
    if (E == cudaSuccess)
      E = cudaStreamSynchronize(St);
    cudaMemcpy(Host.data(), Seen, 7000 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int I = 0; I < 7000; ++I)
      Wrong += Host[I] != (I < 10 ? 1 : 0);
    bool Ok = E == cudaSuccess && Wrong == 0 && Resident > 0 && Resident < 7000;
    printf("%s launch: %llu resident blocks for 7,000 original ones (3 launches) and 10, %d wrong "
           "(%s)\n",
           Ok ? "PASS" : "FAIL", Resident, Wrong, cudaGetErrorString(E));
    Fails += !Ok;
    cudaFree(Seen);
    cudaStreamDestroy(St);
  }
  printf("%s: %d failure(s)\n", Fails ? "FAIL" : "PASS", Fails);
  return Fails;
}
