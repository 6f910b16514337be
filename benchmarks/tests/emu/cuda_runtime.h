//===- emu/cuda_runtime.h - Sequential CPU emulation of CUDA ---*- C++ -*-===//
//
// Test-only. Lets g++ compile a benchmark variant (after emu_translate.py has
// turned `k<<<g, b>>>(args)` into `dpemu::launch(k, dpemu::Config(g,
// b))(args)`) and run it on the CPU, through the real driver and CPU reference.
// It checks the logic of kernels and host code before any GPU time is spent:
// indexing, off-by-ones, initialization, termination, launch configurations,
// the pending-launch bound, and independence from the order in which threads
// and child grids run.
//
// Model: one CPU thread runs every GPU thread to completion, one after the
// other. DPEMU_ORDER selects the schedule:
//   seq       threads in index order; device launches run after the
//             launching grid (all children pending until the parent ends)
//   shuffle   threads in a seeded random order (DPEMU_SEED); device launches
//             deferred and run in random order
//   immediate threads in index order; a device launch runs to completion at
//             the launch site, inside its parent thread
// Not emulated: __syncthreads, shared memory, warp shuffles/votes (a
// cooperative-groups coalesced group is the calling thread alone), streams
// other than the default one, true concurrency (races between instructions).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1) : x(X), y(Y), z(Z) {}
};
using uint3 = dim3;
inline uint3 make_uint3(unsigned X, unsigned Y, unsigned Z) {
  return uint3(X, Y, Z);
}

inline dim3 threadIdx, blockIdx, blockDim, gridDim;

enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInvalidConfiguration = 9,
};
enum cudaMemcpyKind {
  cudaMemcpyHostToHost,
  cudaMemcpyHostToDevice,
  cudaMemcpyDeviceToHost,
  cudaMemcpyDeviceToDevice,
  cudaMemcpyDefault
};
enum cudaLimit { cudaLimitDevRuntimePendingLaunchCount = 0x04 };
enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount = 16 };
using cudaStream_t = void *;
// The device-side named stream dpopt's threshold pass launches into. The
// emulator's schedules (sequential, shuffled, immediate) never rely on stream
// order, so it is just a distinct value, as in CUDA's device runtime.
#define cudaStreamFireAndForget (reinterpret_cast<cudaStream_t>(0x4))
using cudaEvent_t = std::chrono::steady_clock::time_point *;
struct cudaDeviceProp {
  char name[256];
};

namespace dpemu {

struct State {
  cudaError_t LastError = cudaSuccess;
  size_t PendingLimit = 2048;
  size_t Allocated = 0;
  std::map<void *, size_t> Sizes;
  int Depth = 0; // > 0 while a kernel thread runs
  std::deque<std::function<void()>> Pending;
  size_t PendingInGrid = 0; // device launches made under the current host grid
  std::mt19937_64 Rng{
      std::strtoull(std::getenv("DPEMU_SEED") ? std::getenv("DPEMU_SEED") : "1",
                    nullptr, 10)};
  std::string Order =
      std::getenv("DPEMU_ORDER") ? std::getenv("DPEMU_ORDER") : "seq";
  uint64_t ThreadsRun = 0, DeviceLaunches = 0, Dropped = 0;

  ~State() {
    std::fprintf(stderr, "dpemu: %llu GPU threads, %llu device launches\n",
                 static_cast<unsigned long long>(ThreadsRun),
                 static_cast<unsigned long long>(DeviceLaunches));
  }

  void dropped(const char *Why) {
    if (Dropped++ == 0)
      std::fprintf(stderr, "dpemu: device launch dropped: %s\n", Why);
  }
};

inline State &state() {
  static State S;
  return S;
}

struct Config {
  unsigned Grid, Block;
  Config(dim3 G, dim3 B, size_t Shared = 0, cudaStream_t Stream = nullptr)
      : Grid(G.x), Block(B.x) {
    (void)Shared;
    (void)Stream;
  }
};

/// Runs every thread of one grid (not its children).
template <class Fn> void runGrid(const Config &C, Fn &&Body) {
  State &S = state();
  dim3 SavedT = threadIdx, SavedB = blockIdx, SavedBD = blockDim,
       SavedGD = gridDim;
  const uint64_t Total = uint64_t(C.Grid) * C.Block;
  std::vector<uint64_t> Order;
  if (S.Order == "shuffle") {
    Order.resize(Total);
    for (uint64_t I = 0; I < Total; ++I)
      Order[I] = I;
    std::shuffle(Order.begin(), Order.end(), S.Rng);
  }
  ++S.Depth;
  for (uint64_t I = 0; I < Total; ++I) {
    uint64_t T = Order.empty() ? I : Order[I];
    gridDim = dim3(C.Grid);
    blockDim = dim3(C.Block);
    blockIdx = dim3(static_cast<unsigned>(T / C.Block));
    threadIdx = dim3(static_cast<unsigned>(T % C.Block));
    ++S.ThreadsRun;
    Body();
  }
  --S.Depth;
  threadIdx = SavedT;
  blockIdx = SavedB;
  blockDim = SavedBD;
  gridDim = SavedGD;
}

template <class F> struct Launcher {
  F *Kernel;
  Config C;
  template <class... Args> void operator()(Args &&...A) {
    State &S = state();
    if (C.Grid == 0 || C.Block == 0 || C.Block > 1024) {
      // A device-side launch error is only visible to the launching thread
      // (which the benchmarks do not check): the work is simply lost.
      if (S.Depth > 0)
        S.dropped("invalid configuration");
      else
        S.LastError = cudaErrorInvalidConfiguration;
      return;
    }
    auto Job = [K = Kernel, Cfg = C,
                Tup = std::make_tuple(std::decay_t<Args>(A)...)]() {
      runGrid(Cfg, [&] { std::apply(K, Tup); });
    };
    if (S.Depth == 0) { // host launch: the grid and all its descendants
      S.PendingInGrid = 0;
      Job();
      while (!S.Pending.empty()) {
        if (S.Order == "shuffle" && S.Pending.size() > 1)
          std::swap(S.Pending.front(), S.Pending[S.Rng() % S.Pending.size()]);
        auto Next = std::move(S.Pending.front());
        S.Pending.pop_front();
        Next();
      }
      return;
    }
    // Device launch. Conservatively count every launch under one host grid
    // as pending at once; beyond the limit the launch fails, as on a GPU.
    ++S.DeviceLaunches;
    if (++S.PendingInGrid > S.PendingLimit) {
      S.dropped("pending launch count exceeded");
      return;
    }
    if (S.Order == "immediate") {
      Job();
      return;
    }
    S.Pending.push_back(Job);
  }
};

template <class F> Launcher<F> launch(F *Kernel, Config C) {
  return Launcher<F>{Kernel, C};
}

} // namespace dpemu

// Device built-ins used by the benchmarks.
template <class T> T atomicAdd(T *P, T V) {
  T Old = *P;
  *P = Old + V;
  return Old;
}
template <class T> T atomicMin(T *P, T V) {
  T Old = *P;
  *P = std::min(Old, V);
  return Old;
}
template <class T> T atomicMax(T *P, T V) {
  T Old = *P;
  *P = std::max(Old, V);
  return Old;
}
template <class T> T atomicExch(T *P, T V) {
  T Old = *P;
  *P = V;
  return Old;
}
template <class T> T atomicCAS(T *P, T Compare, T V) {
  T Old = *P;
  if (Old == Compare)
    *P = V;
  return Old;
}
template <class T> T min(T A, T B) { return A < B ? A : B; }
template <class T> T max(T A, T B) { return A < B ? B : A; }
inline void __syncthreads() {
  std::fprintf(stderr, "dpemu: __syncthreads is not emulated\n");
  std::abort();
}

// Runtime API.
inline const char *cudaGetErrorName(cudaError_t E) {
  switch (E) {
  case cudaSuccess:
    return "cudaSuccess";
  case cudaErrorInvalidValue:
    return "cudaErrorInvalidValue";
  case cudaErrorMemoryAllocation:
    return "cudaErrorMemoryAllocation";
  case cudaErrorInvalidConfiguration:
    return "cudaErrorInvalidConfiguration";
  }
  return "cudaErrorUnknown";
}
inline const char *cudaGetErrorString(cudaError_t E) {
  return cudaGetErrorName(E);
}
inline cudaError_t cudaGetLastError() {
  cudaError_t E = dpemu::state().LastError;
  dpemu::state().LastError = cudaSuccess;
  return E;
}
inline cudaError_t cudaPeekAtLastError() { return dpemu::state().LastError; }
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int *D) {
  *D = 0;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp *P, int) {
  std::snprintf(P->name, sizeof(P->name), "dpemu (CPU emulation, order=%s)",
                dpemu::state().Order.c_str());
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int *V, cudaDeviceAttr, int) {
  *V = 4; // a small "GPU": grid-stride loops take several turns
  return cudaSuccess;
}
inline cudaError_t cudaDeviceSetLimit(cudaLimit, size_t V) {
  dpemu::state().PendingLimit = V;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetLimit(size_t *V, cudaLimit) {
  *V = dpemu::state().PendingLimit;
  return cudaSuccess;
}
template <class T> cudaError_t cudaMalloc(T **P, size_t Bytes) {
  void *Mem = std::malloc(Bytes ? Bytes : 1);
  if (!Mem)
    return cudaErrorMemoryAllocation;
  std::memset(Mem, 0xA5, Bytes); // device memory starts as garbage
  dpemu::state().Sizes[Mem] = Bytes;
  dpemu::state().Allocated += Bytes;
  *P = static_cast<T *>(Mem);
  return cudaSuccess;
}
inline cudaError_t cudaFree(void *P) {
  if (P) {
    auto &S = dpemu::state();
    auto It = S.Sizes.find(P);
    if (It == S.Sizes.end())
      return cudaErrorInvalidValue;
    S.Allocated -= It->second;
    S.Sizes.erase(It);
    std::free(P);
  }
  return cudaSuccess;
}
inline cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  *Total = size_t(80) << 30;
  *Free = *Total - dpemu::state().Allocated;
  return cudaSuccess;
}
inline cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Bytes,
                              cudaMemcpyKind) {
  std::memmove(Dst, Src, Bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Bytes,
                                   cudaMemcpyKind K, cudaStream_t = nullptr) {
  return cudaMemcpy(Dst, Src, Bytes, K);
}
inline cudaError_t cudaMemset(void *P, int Byte, size_t Bytes) {
  std::memset(P, Byte, Bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemsetAsync(void *P, int Byte, size_t Bytes,
                                   cudaStream_t = nullptr) {
  return cudaMemset(P, Byte, Bytes);
}
inline cudaError_t cudaEventCreate(cudaEvent_t *E) {
  *E = new std::chrono::steady_clock::time_point();
  return cudaSuccess;
}
inline cudaError_t cudaEventDestroy(cudaEvent_t E) {
  delete E;
  return cudaSuccess;
}
inline cudaError_t cudaEventRecord(cudaEvent_t E, cudaStream_t = nullptr) {
  *E = std::chrono::steady_clock::now();
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t A,
                                        cudaEvent_t B) {
  *Ms = std::chrono::duration<float, std::milli>(*B - *A).count();
  return cudaSuccess;
}
