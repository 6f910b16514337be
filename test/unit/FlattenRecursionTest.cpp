//===- FlattenRecursionTest.cpp - flatten-recursion's decisions ----------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/Passes/FlattenRecursionPass.h"

using namespace dpopt;

namespace {

const SiteVerdict &verdict(const PassPlan &P, const test::ParsedSnippet &S,
                           unsigned Id) {
  return P.verdictFor(S.site(Id));
}

TEST(FlattenRecursion, OneBlockChainUnderThreadZero) {
  DPOPT_PARSE(P, R"cu(
__global__ void walk(int *a, int n) {
  a[threadIdx.x] += n;
  if (threadIdx.x == 0 && n > 1)
    walk<<<1, n / 2>>>(a + n, n / 2);
}
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) { kid<<<1, 32>>>(a); }
)cu");
  std::unique_ptr<Pass> Pass = createFlattenRecursionPass();
  std::unique_ptr<PassPlan> Plan = Pass->plan(*P->Analysis, PassOptions());
  const SiteVerdict &Walk = verdict(*Plan, *P, 1);
  EXPECT_TRUE(Walk.Transforms) << Walk.Reason;
  const SiteVerdict &Kid = verdict(*Plan, *P, 2);
  EXPECT_FALSE(Kid.Transforms);
  EXPECT_EQ(Kid.Id, DiagId::FlattenNotSelfLaunch);
}

TEST(FlattenRecursion, LeavesWhatABlockCannotRunAsAChain) {
  DPOPT_PARSE(P, R"cu(
__global__ void grid2(int *a, int n) {
  if (threadIdx.x == 0 && n > 1)
    grid2<<<2, 32>>>(a, n / 2);
}
__global__ void all(int *a, int n) {
  if (n > 1)
    all<<<1, 32>>>(a, n / 2);
}
__global__ void inner(int *a, int n) {
  if (n > 2)
    __syncthreads();
  if (threadIdx.x == 0 && n > 1)
    inner<<<1, 32>>>(a, n / 2);
}
)cu");
  std::unique_ptr<Pass> Pass = createFlattenRecursionPass();
  std::unique_ptr<PassPlan> Plan = Pass->plan(*P->Analysis, PassOptions());
  EXPECT_EQ(verdict(*Plan, *P, 1).Id, DiagId::FlattenNotOneChild)
      << "two blocks per child grid";
  EXPECT_EQ(verdict(*Plan, *P, 2).Id, DiagId::FlattenNotOneChild)
      << "every thread launches";
  EXPECT_EQ(verdict(*Plan, *P, 3).Id, DiagId::FlattenKernelBody)
      << "a barrier inside an if";
}

} // namespace
