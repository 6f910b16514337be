//===- AtomicDependenceTest.cpp - Launches decided by an atomic's result --===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/Analysis/AtomicDependence.h"

using namespace dpopt;

namespace {

std::string decidedBy(const LaunchSite &S) {
  std::optional<AtomicDecision> D = launchDecidedByAtomic(S);
  return D ? D->Name : "";
}

TEST(AtomicDependence, ConditionsAndTheirValues) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *d, int n) {}
__device__ bool claim(int *p) { return atomicExch(p, 1) == 0; }
__device__ bool claimVia(int *p) { return claim(p); }
__global__ void direct(int *d, int v, int x) {
  if (atomicMin(&d[v], x) > x)
    kid<<<1, 32>>>(d, x);
}
__global__ void throughLocals(int *d, int v) {
  int old = atomicCAS(&d[v], 0, 1);
  bool claimed = false;
  claimed = old == 0;
  if (claimed)
    kid<<<1, 32>>>(d, v);
}
__global__ void throughCalls(int *d, int v) {
  if (claimVia(&d[v]))
    kid<<<1, 32>>>(d, v);
}
__global__ void earlyReturn(int *d, int limit) {
  if (atomicAdd(&d[0], 1) >= limit)
    return;
  kid<<<1, 32>>>(d, limit);
}
__global__ void loopBound(int *d) {
  for (int i = 0; i < atomicAdd(&d[1], 0); ++i)
    kid<<<1, 32>>>(d, i);
}
)cu");
  EXPECT_EQ(decidedBy(P->site(1)), "atomicMin");
  EXPECT_EQ(decidedBy(P->site(2)), "atomicCAS");
  EXPECT_EQ(decidedBy(P->site(3)),
            "claimVia (which calls claim (which calls atomicExch))");
  EXPECT_EQ(decidedBy(P->site(4)), "atomicAdd");
  EXPECT_EQ(decidedBy(P->site(5)), "atomicAdd");
}

TEST(AtomicDependence, AtomicsThatDecideNothing) {
  DPOPT_PARSE(P, R"cu(
__global__ void walk(const int *ptr, int *height, int *lines, const int *parent,
                     const int *nodes, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    int v = nodes[i];
    atomicAdd(&lines[v], 1);             // result unused
    int begin = ptr[v], children = ptr[v + 1] - begin;
    if (children > 0) {
      walk<<<(children + 127) / 128, 128>>>(ptr, height, lines, parent, nodes + begin, children);
    } else {
      for (int a = parent[v], k = 1; a >= 0; a = parent[a], ++k)
        if (atomicMax(&height[a], k) >= k) // on the path that does not launch
          break;
    }
  }
  if (atomicAdd(&lines[0], 0) > 7)        // a return after the launch
    return;
}
)cu");
  EXPECT_EQ(decidedBy(P->site(1)), "");
}

} // namespace
