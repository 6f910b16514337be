//===- RemoveLaunchTest.cpp - remove-launch's decisions ------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/Passes/RemoveLaunchPlan.h"

using namespace dpopt;

namespace {

const SiteDecision &decision(const RemoveLaunchPlan &P, const test::ParsedSnippet &S,
                             unsigned Id) {
  const SiteDecision *D = P.decisionFor(S.site(Id));
  EXPECT_TRUE(D) << "no decision for site " << Id;
  return D ? *D : P.Sites.front();
}

TEST(RemoveLaunch, SerialChildIsT4AndItsSyncGoes) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
  for (int i = 0; i < 3; ++i)
    kid<<<1, 32>>>(a);
  cudaDeviceSynchronize();
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &D = decision(Plan, *P, 1);
  ASSERT_TRUE(D.Chosen) << D.Reason;
  EXPECT_EQ(*D.Chosen, Technique::T4);
  ASSERT_EQ(Plan.Syncs.size(), 1u);
  EXPECT_TRUE(Plan.Syncs[0].Remove) << Plan.Syncs[0].Reason;
  EXPECT_NE(Plan.Syncs[0].Sync.Replacement.find("*/;"), std::string::npos)
      << "a statement of its own becomes an empty statement";
}

TEST(RemoveLaunch, SyncStaysWhileAnyLaunchOfItsKernelStays) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void sync(int *a) { __syncthreads(); }
__global__ void parent(int *a) {
  kid<<<1, 32>>>(a);
  if (threadIdx.x == 0)
    sync<<<1, 32>>>(a);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return;
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  EXPECT_TRUE(decision(Plan, *P, 1).Chosen);
  EXPECT_FALSE(decision(Plan, *P, 2).Chosen);
  ASSERT_EQ(Plan.Syncs.size(), 1u);
  EXPECT_FALSE(Plan.Syncs[0].Remove);
  EXPECT_NE(Plan.Syncs[0].Reason.find("'sync'"), std::string::npos) << Plan.Syncs[0].Reason;
  EXPECT_EQ(Plan.Syncs[0].Sync.Replacement, "cudaSuccess")
      << "inside an expression the call would become its result";
}

TEST(RemoveLaunch, LaunchingChildOnlyWhenItsLaunchesGoToo) {
  DPOPT_PARSE(P, R"cu(
__global__ void leaf(int *a) { a[threadIdx.x] = 1; }
__global__ void barrierLeaf(int *a) { __syncthreads(); }
__global__ void mid(int *a) { leaf<<<1, 32>>>(a); }
__global__ void midStays(int *a) { barrierLeaf<<<1, 32>>>(a); }
__global__ void top(int *a) {
  mid<<<1, 4>>>(a);
  midStays<<<1, 4>>>(a);
  cudaDeviceSynchronize();
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  EXPECT_TRUE(decision(Plan, *P, 1).Chosen);  // leaf in mid
  EXPECT_FALSE(decision(Plan, *P, 2).Chosen); // barrierLeaf in midStays
  EXPECT_TRUE(decision(Plan, *P, 3).Chosen) << decision(Plan, *P, 3).Reason;
  const SiteDecision &Stays = decision(Plan, *P, 4);
  EXPECT_FALSE(Stays.Chosen);
  EXPECT_NE(Stays.Reason.find("which stays a launch"), std::string::npos) << Stays.Reason;
  ASSERT_EQ(Plan.Syncs.size(), 1u);
  EXPECT_FALSE(Plan.Syncs[0].Remove) << "midStays' launch stays";
}

TEST(RemoveLaunch, PragmaOverridesOption) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
#pragma dp remove_launch(T4)
  kid<<<1, 32>>>(a);
  kid<<<1, 32>>>(a);
}
)cu");
  PassOptions O;
  O.RemoveLaunch = RemoveLaunchMode::T3;
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, O);
  EXPECT_TRUE(decision(Plan, *P, 1).Chosen);
  const SiteDecision &Named = decision(Plan, *P, 2);
  EXPECT_FALSE(Named.Chosen);
  EXPECT_NE(Named.Reason.find("--remove-launch"), std::string::npos) << Named.Reason;
}

TEST(RemoveLaunch, LaunchApiKeepsTheSync) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
  void *Buf = cudaGetParameterBuffer(64, 8);
  kid<<<1, 32>>>(a);
  cudaDeviceSynchronize();
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  ASSERT_EQ(Plan.Syncs.size(), 1u);
  EXPECT_FALSE(Plan.Syncs[0].Remove);
  EXPECT_NE(Plan.Syncs[0].Reason.find("cudaGetParameterBuffer"), std::string::npos)
      << Plan.Syncs[0].Reason;
}

} // namespace
