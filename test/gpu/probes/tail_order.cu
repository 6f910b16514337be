//===- tail_order.cu - Do one grid's tail launches run one at a time? -----===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A CDP2 probe for what transforming tail-launched postwork would need to
// keep (docs/cdp2-semantics.md): when several threads of one grid each
// tail-launch a one-thread kernel, do those kernels run one after another
// (as launches into one stream would) or at the same time? And tail
// launches made by different grids (the one-block children of one parent)?
//
// Each tail kernel reads a counter, spins for about 20 us, and writes the
// counter plus one (not atomically), and stamps its start and end with
// %globaltimer. If the tail kernels of a grid run one at a time, the
// counter ends at their number and no two [start, end) intervals overlap.
//
// Cases:
//   blocks   64 blocks of 64 threads; thread 0 of each tail-launches
//   threads  one block of 64 threads; every thread tail-launches (two
//            warps; no warp launches again afterwards)
//   grids    one block of 64 threads; thread t launches a one-block child
//            grid into cudaStreamFireAndForget, and each child's thread 0
//            tail-launches: 64 grids, one tail launch each
//   ordered  the same with the children in the implicit stream (per block:
//            the children run one after another, each after the tail
//            launch of the one before)
// Prints, per case: the counter, the launches, the most intervals that
// overlap at one time, and the order of the starts against the launches'
// order where it is known (the 'blocks' and 'threads' cases take a ticket
// just before each launch; in 'grids' and 'ordered' the ticket is the
// child's index).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <utility>
#include <vector>

#define CHECK(X)                                                              \
  do {                                                                        \
    cudaError_t E = (X);                                                      \
    if (E != cudaSuccess) {                                                   \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(E)); \
      return 1;                                                               \
    }                                                                         \
  } while (0)

constexpr int MaxLaunches = 64;

struct Probe {
  int Counter;
  int Launched;                         // order of the launches, by ticket
  unsigned long long Start[MaxLaunches], End[MaxLaunches];
  int Ticket[MaxLaunches];              // launch ticket of slot i
};

__device__ unsigned long long now() {
  unsigned long long T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  return T;
}

__global__ void slowIncrement(Probe *P, int Slot, int Ticket) {
  P->Start[Slot] = now();
  P->Ticket[Slot] = Ticket;
  int V = *static_cast<volatile int *>(&P->Counter);
  unsigned long long Until = now() + 20000; // about 20 us
  while (now() < Until) {
  }
  *static_cast<volatile int *>(&P->Counter) = V + 1;
  __threadfence();
  P->End[Slot] = now();
}

__global__ void fromBlocks(Probe *P) {
  if (threadIdx.x == 0)
    slowIncrement<<<1, 1, 0, cudaStreamTailLaunch>>>(P, blockIdx.x,
                                                     atomicAdd(&P->Launched, 1));
}

__global__ void fromThreads(Probe *P) {
  slowIncrement<<<1, 1, 0, cudaStreamTailLaunch>>>(P, threadIdx.x,
                                                   atomicAdd(&P->Launched, 1));
}

__global__ void childGrid(Probe *P, int Slot) {
  if (threadIdx.x == 0)
    slowIncrement<<<1, 1, 0, cudaStreamTailLaunch>>>(P, Slot, Slot);
}

// Into the fire-and-forget stream: the children of one block's threads in
// the implicit stream would run one after another anyway (it is per block).
__global__ void fromGrids(Probe *P) {
  childGrid<<<1, 32, 0, cudaStreamFireAndForget>>>(P, threadIdx.x);
}

// The same into the implicit stream, for comparison.
__global__ void fromGridsInOrder(Probe *P) {
  childGrid<<<1, 32>>>(P, threadIdx.x);
}

int report(const char *Name, Probe *D, int Launches) {
  Probe H;
  CHECK(cudaMemcpy(&H, D, sizeof(Probe), cudaMemcpyDeviceToHost));
  std::vector<std::pair<unsigned long long, int>> Events;
  for (int I = 0; I < Launches; ++I) {
    Events.push_back({H.Start[I], 1});
    Events.push_back({H.End[I], -1});
  }
  std::sort(Events.begin(), Events.end()); // an end before a start at a tie
  int Now = 0, Most = 0;
  for (auto &E : Events)
    Most = std::max(Most, Now += E.second);
  // Are the starts in launch (ticket) order?
  std::vector<std::pair<unsigned long long, int>> Starts;
  for (int I = 0; I < Launches; ++I)
    Starts.push_back({H.Start[I], H.Ticket[I]});
  std::sort(Starts.begin(), Starts.end());
  int OutOfOrder = 0;
  for (int I = 1; I < Launches; ++I)
    OutOfOrder += Starts[I].second < Starts[I - 1].second;
  unsigned long long First = Starts.front().first,
                     Last = *std::max_element(H.End, H.End + Launches);
  std::printf("%-8s counter %d of %d launches; at most %d running at once; "
              "%d starts before an earlier ticket's; %.1f us from first start "
              "to last end\n",
              Name, H.Counter, Launches, Most, OutOfOrder, (Last - First) / 1e3);
  return 0;
}

int main() {
  Probe *D;
  CHECK(cudaMalloc(&D, sizeof(Probe)));
  const char *Names[] = {"blocks", "threads", "grids", "ordered"};
  for (int Case = 0; Case < 4; ++Case) {
    CHECK(cudaMemset(D, 0, sizeof(Probe)));
    const char *Name = Names[Case];
    if (Case == 0)
      fromBlocks<<<MaxLaunches, 64>>>(D);
    else if (Case == 1)
      fromThreads<<<1, MaxLaunches>>>(D);
    else if (Case == 2)
      fromGrids<<<1, MaxLaunches>>>(D);
    else
      fromGridsInOrder<<<1, MaxLaunches>>>(D);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    if (report(Name, D, MaxLaunches))
      return 1;
  }
  return 0;
}
