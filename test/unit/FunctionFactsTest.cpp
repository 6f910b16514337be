//===- FunctionFactsTest.cpp - Facts about child kernels -----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

using namespace dpopt;

namespace {

TEST(FunctionFacts, IndexUsePerDimension) {
  DPOPT_PARSE(P, R"cu(
__device__ int row() { return blockIdx.y * blockDim.y + threadIdx.y; }
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = row();
  dim3 copy = gridDim;
  a[0] = copy.x;
}
)cu");
  const FunctionFacts &Local = P->Analysis->localFacts(P->function("k"));
  EXPECT_TRUE(Local.usesIndex(BuiltinVar::ThreadIdx, DimX));
  EXPECT_FALSE(Local.usesIndex(BuiltinVar::ThreadIdx, DimY));
  EXPECT_EQ(Local.IndexUse[static_cast<unsigned>(BuiltinVar::GridDim)],
            unsigned(DimAll))
      << "using the whole variable counts as every dimension";
  const FunctionFacts &All = P->Analysis->transitiveFacts(P->function("k"));
  EXPECT_TRUE(All.usesIndex(BuiltinVar::ThreadIdx, DimY)) << "through row()";
  EXPECT_TRUE(All.usesIndex(BuiltinVar::BlockIdx, DimY));
  EXPECT_FALSE(All.usesIndex(BuiltinVar::ThreadIdx, DimZ));
}

TEST(FunctionFacts, BarriersWarpOpsAndSharedMemory) {
  DPOPT_PARSE(P, R"cu(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ float reduceWarp(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__global__ void k(float *a) {
  __shared__ float tile[64];
  extern __shared__ float dyn[];
  tile[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  dyn[0] = reduceWarp(tile[0]);
  __syncwarp();
  __threadfence();
}
__global__ void g(float *a) { cg::this_thread_block().sync(); }
__global__ void plain(float *a) { a[threadIdx.x] = 0; }
)cu");
  const FunctionFacts &F = P->Analysis->transitiveFacts(P->function("k"));
  ASSERT_EQ(F.Barriers.size(), 2u);
  EXPECT_EQ(F.Barriers[0].What, "__syncthreads");
  EXPECT_EQ(F.Barriers[1].What, "__syncwarp");
  ASSERT_GE(F.WarpOps.size(), 2u);
  ASSERT_EQ(F.Shared.size(), 2u);
  EXPECT_EQ(F.Shared[0].Bytes, 256u);
  EXPECT_FALSE(F.Shared[0].Dynamic);
  EXPECT_TRUE(F.Shared[1].Dynamic);
  EXPECT_EQ(F.Fences.size(), 1u);

  const FunctionFacts &G = P->Analysis->transitiveFacts(P->function("g"));
  EXPECT_FALSE(G.Barriers.empty()) << "cooperative groups sync is a barrier";
  EXPECT_FALSE(G.CooperativeGroups.empty());

  const FunctionFacts &Plain =
      P->Analysis->transitiveFacts(P->function("plain"));
  EXPECT_TRUE(Plain.Barriers.empty());
  EXPECT_TRUE(Plain.WarpOps.empty());
  EXPECT_TRUE(Plain.Shared.empty());
}

TEST(FunctionFacts, ReturnsAndEarlyReturns) {
  DPOPT_PARSE(P, R"cu(
__global__ void k(int *a, int n) {
  if (threadIdx.x >= n) return;
  auto f = [] { return 3; };
  for (int i = 0; i < n; ++i)
    if (a[i] < 0) return;
  a[0] = f();
  return;
}
__global__ void none(int *a) { a[0] = 1; }
)cu");
  const FunctionFacts &F = P->Analysis->localFacts(P->function("k"));
  EXPECT_EQ(F.Returns.size(), 3u) << "the lambda's return is not the kernel's";
  EXPECT_EQ(F.EarlyReturns.size(), 2u) << "the final return is not early";
  EXPECT_TRUE(P->Analysis->localFacts(P->function("none")).Returns.empty());
}

TEST(FunctionFacts, CallsLaunchesLegacySyncAndUnknowns) {
  DPOPT_PARSE(P, R"cu(
extern __device__ int elsewhere(int);
__device__ int twice(int x) { return 2 * x; }
__global__ void child(int *a) {}
__global__ void parent(int *a, int (*fp)(int)) {
  a[0] = twice(a[1]) + elsewhere(a[2]) + fp(3);
  child<<<1, 32>>>(a);
  cudaDeviceSynchronize();
  asm volatile("bar.sync 1, 64;");
}
)cu");
  const FunctionFacts &F = P->Analysis->transitiveFacts(P->function("parent"));
  // dim3's constructor (from CUDA's headers) is called too: look at the
  // user's functions.
  std::vector<std::string> UserCallees;
  const clang::SourceManager &SM = P->WC->unit().getSourceManager();
  for (const clang::FunctionDecl *C : F.Callees)
    if (!SM.isInSystemHeader(C->getLocation()))
      UserCallees.push_back(C->getNameAsString());
  EXPECT_EQ(UserCallees, std::vector<std::string>{"twice"});
  EXPECT_EQ(F.Launches.size(), 1u);
  ASSERT_EQ(F.LaunchedKernels.size(), 1u);
  EXPECT_EQ(F.LaunchedKernels[0]->getName(), "child");
  EXPECT_EQ(F.LegacyDeviceSyncs.size(), 1u);
  EXPECT_EQ(F.UnknownCalls.size(), 2u)
      << "elsewhere() has no body, fp is indirect";
  EXPECT_EQ(F.InlineAsm.size(), 1u);
  EXPECT_EQ(F.Barriers.size(), 1u) << "bar.sync in asm";
}

TEST(FunctionFacts, RuntimeReadsOfMachineRegistersAreKnown) {
  DPOPT_PARSE(P, R"cu(
namespace dpopt { namespace rt {
__device__ unsigned sms() { unsigned n; asm("mov.u32 %0, %%nsmid;" : "=r"(n)); return n; }
__device__ unsigned grid() { unsigned long long g; asm volatile("mov.u64 %0, %%gridid;" : "=l"(g)); return g; }
__device__ unsigned tid() { unsigned t; asm("mov.u32 %0, %%tid.x;" : "=r"(t)); return t; }
} }
__device__ unsigned userSms() { unsigned n; asm("mov.u32 %0, %%nsmid;" : "=r"(n)); return n; }
__global__ void scaled(unsigned *a) { a[0] = dpopt::rt::sms(); }
__global__ void gridded(unsigned *a) { a[0] = dpopt::rt::grid(); }
__global__ void placed(unsigned *a) { a[0] = dpopt::rt::tid(); }
__global__ void own(unsigned *a) { a[0] = userSms(); }
)cu");
  auto Asm = [&](const char *Name) {
    return P->Analysis->transitiveFacts(P->function(Name)).InlineAsm.size();
  };
  EXPECT_EQ(Asm("scaled"), 0u) << "%nsmid is the same for every thread";
  EXPECT_EQ(Asm("gridded"), 1u) << "%gridid names the grid that reads it";
  EXPECT_EQ(Asm("placed"), 1u) << "%tid is the thread's";
  EXPECT_EQ(Asm("own"), 1u) << "the user's asm stays unknown";
}

TEST(FunctionFacts, TemplatesUseTheirInstantiationsCallees) {
  DPOPT_PARSE(P, R"cu(
__device__ int helperInt(int x) { return threadIdx.z + x; }
template <class T> __device__ T pick(T x) { return helperInt(x); }
template <class T> __global__ void k(T *a) { a[0] = pick(a[0]); }
__global__ void parent(int *a) { k<int><<<1, 1>>>(a); }
)cu");
  const LaunchSite &S = P->site(1);
  ASSERT_TRUE(S.Callee);
  const FunctionFacts &F = P->Analysis->transitiveFacts(S.Callee);
  EXPECT_TRUE(F.usesIndex(BuiltinVar::ThreadIdx, DimZ));
  EXPECT_TRUE(F.UnknownCalls.empty());
}

} // namespace
