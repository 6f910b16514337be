//===- grid_barrier_test.cu - Stress test of dpopt/grid_barrier.cuh -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Fills the GPU with as many blocks as can be resident at once (occupancy
// API) and runs thousands of phases: in each, every block writes the phase
// number, passes the barrier, and checks that every block's write of this
// phase is visible, then passes the barrier again before the next write.
// Run once with a cooperative launch (cooperative groups' grid sync) and
// once with an ordinary launch (the counter barrier).
//
//===----------------------------------------------------------------------===//

#include "dpopt/grid_barrier.cuh"

#include <cstdio>
#include <cstdlib>

#define CHECK(X)                                                                   \
  do {                                                                             \
    cudaError_t E = (X);                                                           \
    if (E != cudaSuccess) {                                                        \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(E), __LINE__);  \
      std::exit(2);                                                                \
    }                                                                              \
  } while (0)

constexpr int Threads = 256;

__global__ void phases(dpopt::rt::GridBarrier *B, unsigned *Data, unsigned *Errors,
                       unsigned Phases) {
  unsigned Blocks = gridDim.x;
  for (unsigned P = 1; P <= Phases; ++P) {
    if (threadIdx.x == 0)
      Data[blockIdx.x] = P;
    dpopt::rt::gridSync(*B);
    // Each thread checks a share of the blocks' writes.
    for (unsigned I = threadIdx.x; I < Blocks; I += blockDim.x)
      if (static_cast<volatile unsigned *>(Data)[I] != P)
        atomicAdd(Errors, 1u);
    dpopt::rt::gridSync(*B);
  }
}

static int run(bool Cooperative, unsigned Phases) {
  int Device = 0, SMs = 0, PerSM = 0;
  CHECK(cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Device));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSM, phases, Threads, 0));
  unsigned Blocks = static_cast<unsigned>(SMs * PerSM);
  dpopt::rt::GridBarrier *B;
  unsigned *Data, *Errors;
  CHECK(cudaMalloc(&B, sizeof(*B)));
  CHECK(cudaMalloc(&Data, Blocks * sizeof(unsigned)));
  CHECK(cudaMalloc(&Errors, sizeof(unsigned)));
  CHECK(cudaMemset(B, 0, sizeof(*B)));
  CHECK(cudaMemset(Data, 0, Blocks * sizeof(unsigned)));
  CHECK(cudaMemset(Errors, 0, sizeof(unsigned)));
  cudaEvent_t Start, Stop;
  CHECK(cudaEventCreate(&Start));
  CHECK(cudaEventCreate(&Stop));
  CHECK(cudaEventRecord(Start));
  if (Cooperative) {
    void *Args[] = {&B, &Data, &Errors, &Phases};
    CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(phases), dim3(Blocks),
                                      dim3(Threads), Args, 0, 0));
  } else {
    phases<<<Blocks, Threads>>>(B, Data, Errors, Phases);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaEventRecord(Stop));
  CHECK(cudaDeviceSynchronize());
  float Ms = 0;
  CHECK(cudaEventElapsedTime(&Ms, Start, Stop));
  unsigned Bad = 0;
  CHECK(cudaMemcpy(&Bad, Errors, sizeof(Bad), cudaMemcpyDeviceToHost));
  std::printf("%s %-11s %u blocks x %d threads (%d per SM, %d SMs), %u phases: %u stale "
              "reads, %.3f ms (%.2f us per barrier)\n",
              Bad ? "FAIL" : "ok  ", Cooperative ? "cooperative" : "counter", Blocks,
              Threads, PerSM, SMs, Phases, Bad, Ms, 1000.0 * Ms / (2.0 * Phases));
  CHECK(cudaFree(B));
  CHECK(cudaFree(Data));
  CHECK(cudaFree(Errors));
  return Bad ? 1 : 0;
}

int main(int Argc, char **Argv) {
  unsigned Phases = Argc > 1 ? static_cast<unsigned>(std::atoi(Argv[1])) : 5000;
  int Failures = run(true, Phases) + run(false, Phases);
  std::printf("%s (%d failures)\n", Failures ? "FAILED" : "PASSED", Failures);
  return Failures ? 1 : 0;
}
