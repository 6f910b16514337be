//===- parallel.h - Deterministic parallel loops -----*- C++ -*-===//
//
// Work is cut into a fixed number of chunks that do not depend on the thread
// count; each chunk seeds its own random stream from its index. So the output
// is identical for any number of threads.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace dpgraph {

inline int resolveThreads(int Threads) {
  if (Threads > 0)
    return Threads;
  unsigned HW = std::thread::hardware_concurrency();
  return HW == 0 ? 1 : static_cast<int>(HW);
}

/// Calls Body(I) for every I in [0, Count) on up to Threads threads.
inline void parallelFor(int64_t Count, int Threads,
                        const std::function<void(int64_t)> &Body) {
  int T = static_cast<int>(
      std::min<int64_t>(resolveThreads(Threads), std::max<int64_t>(Count, 1)));
  if (T <= 1) {
    for (int64_t I = 0; I < Count; ++I)
      Body(I);
    return;
  }
  std::atomic<int64_t> Next{0};
  std::vector<std::thread> Pool;
  Pool.reserve(T);
  for (int K = 0; K < T; ++K)
    Pool.emplace_back([&] {
      for (int64_t I; (I = Next.fetch_add(1)) < Count;)
        Body(I);
    });
  for (std::thread &Th : Pool)
    Th.join();
}

} // namespace dpgraph
