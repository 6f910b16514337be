//===- RemoveLaunchTest.cpp - remove-launch's decisions ------------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "RemoveLaunch/RemoveLaunchPersistent.h"
#include "RemoveLaunch/RemoveLaunchPlan.h"

using namespace dpopt;

namespace {

const SiteDecision &decision(const RemoveLaunchPlan &P,
                             const test::ParsedSnippet &S, unsigned Id) {
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
  for (int i = 0; i < threadIdx.x; ++i)
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
  EXPECT_NE(Plan.Syncs[0].Reason.find("'sync'"), std::string::npos)
      << Plan.Syncs[0].Reason;
  EXPECT_EQ(Plan.Syncs[0].Sync.Replacement, "cudaSuccess")
      << "inside an expression the call would become its result";
}

TEST(RemoveLaunch, LaunchingChildOnlyWhenItsLaunchesGoToo) {
  DPOPT_PARSE(P, R"cu(
__global__ void leaf(int *a) { a[threadIdx.x] = 1; }
__global__ void barrierLeaf(int *a) { __syncwarp(); }
__global__ void mid(int *a) { leaf<<<1, 32>>>(a); }
__global__ void midStays(int *a) { barrierLeaf<<<1, 32>>>(a); }
__global__ void top(int *a) {
  mid<<<1, 4>>>(a);
  midStays<<<1, 4>>>(a);
  cudaDeviceSynchronize();
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  EXPECT_TRUE(decision(Plan, *P, 1).Chosen); // leaf in mid
  EXPECT_FALSE(
      decision(Plan, *P, 2).Chosen); // barrierLeaf (warp-level) in midStays
  EXPECT_TRUE(decision(Plan, *P, 3).Chosen) << decision(Plan, *P, 3).Reason;
  const SiteDecision &Stays = decision(Plan, *P, 4);
  EXPECT_FALSE(Stays.Chosen);
  EXPECT_NE(Stays.Reason.find("which stays a launch"), std::string::npos)
      << Stays.Reason;
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
  O.RemoveLaunch = RemoveLaunchMode::T1;
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, O);
  EXPECT_TRUE(decision(Plan, *P, 1).Chosen);
  const SiteDecision &Named = decision(Plan, *P, 2);
  EXPECT_FALSE(Named.Chosen);
  EXPECT_NE(Named.Reason.find("--remove-launch"), std::string::npos)
      << Named.Reason;
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
  EXPECT_NE(Plan.Syncs[0].Reason.find("cudaGetParameterBuffer"),
            std::string::npos)
      << Plan.Syncs[0].Reason;
}

// T3: a child whose threads synchronize runs in the parent block when every
// thread of the block reaches the launch.
TEST(RemoveLaunch, BarrierChildIsT3WhereEveryThreadReachesTheLaunch) {
  DPOPT_PARSE(P, R"cu(
__global__ void red(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
}
__global__ void parent(int *a, int n) {
  int t = threadIdx.x;
  red<<<1, 64>>>(a);
  if (t < n)
    if (t % 2 == 0) {
      red<<<2, dim3(32, 2)>>>(a + t);
    }
  cudaDeviceSynchronize();
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  for (unsigned Id : {1u, 2u}) {
    const SiteDecision &D = decision(Plan, *P, Id);
    ASSERT_TRUE(D.Chosen) << D.Reason;
    EXPECT_EQ(*D.Chosen, Technique::T3) << D.Reason;
    EXPECT_NE(D.Reason.find("auto chose T3"), std::string::npos) << D.Reason;
  }
  ASSERT_EQ(Plan.Syncs.size(), 1u);
  EXPECT_TRUE(Plan.Syncs[0].Remove) << Plan.Syncs[0].Reason;
}

TEST(RemoveLaunch, T3NeedsABarrierEveryThreadReaches) {
  DPOPT_PARSE(P, R"cu(
__global__ void red(int *a) { __syncthreads(); a[threadIdx.x] = 1; }
__device__ void viaHelper(int *a) { red<<<1, 32>>>(a); }
__global__ void parent(int *a, int n) {
  for (int i = 0; i < threadIdx.x; ++i)
    red<<<1, 32, 0, cudaStreamFireAndForget>>>(a);
  if (n > 0)
    red<<<1, 32>>>(a);
  else
    a[0] = 0;
  if (n > 1) {
    a[1] = 0;
    red<<<1, 32>>>(a);
  }
  if (n > 2) {
    red<<<1, 32>>>(a);
    a[2] = 0;
  }
  if (n > 3)
    if (n > 4)
      red<<<1, 32>>>(a);
    else
      red<<<1, 32>>>(a + 1);
  switch (n) {
  case 5:
    red<<<1, 32>>>(a);
  }
  if (threadIdx.x > n)
    return;
  red<<<1, 32>>>(a);
}
__global__ void jumps(int *a) {
  red<<<1, 32>>>(a);
again:
  if (a[0]-- > 0)
    goto again;
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  for (unsigned Id : {3u, 4u}) {
    const SiteDecision &D = decision(Plan, *P, Id);
    ASSERT_TRUE(D.Chosen) << "site " << Id << ": " << D.Reason;
    EXPECT_EQ(*D.Chosen, Technique::T3) << "site " << Id;
  }
  std::vector<std::pair<unsigned, const char *>> Want = {
      {1, "not in a kernel's own body"},
      {2, "inside a loop"},
      {5, "statements follow the launch in its block"},
      {6, "holds another launch"},
      {7, "holds another launch"},
      {8, "inside a switch statement"},
      {9, "may return before the block runs the child"},
      {10, "uses goto"}};
  for (const auto &[Id, Why] : Want) {
    const SiteDecision &D = decision(Plan, *P, Id);
    EXPECT_FALSE(D.Chosen) << "site " << Id;
    EXPECT_NE(D.Reason.find(Why), std::string::npos)
        << "site " << Id << ": " << D.Reason;
  }
}

TEST(RemoveLaunch, StreamsThatOrderTheChildKeepTheLaunch) {
  DPOPT_PARSE(P, R"cu(
__global__ void leaf(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a, cudaStream_t s) {
  leaf<<<1, 32, 0, cudaStreamTailLaunch>>>(a);
  leaf<<<1, 32, 0, s>>>(a);
  cudaStream_t tail = cudaStreamTailLaunch;
  leaf<<<1, 32, 0, tail>>>(a);
  leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(a);
  leaf<<<1, 32, 0, 0>>>(a);
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  for (unsigned Id : {1u, 3u}) {
    const SiteDecision &D = decision(Plan, *P, Id);
    EXPECT_FALSE(D.Chosen) << "site " << Id;
    EXPECT_NE(D.Reason.find("cudaStreamTailLaunch"), std::string::npos)
        << D.Reason;
  }
  const SiteDecision &Named = decision(Plan, *P, 2);
  EXPECT_FALSE(Named.Chosen);
  EXPECT_NE(Named.Reason.find("the stream 's'"), std::string::npos)
      << Named.Reason;
  // The fire-and-forget child may run at once; the implicit-stream one may
  // not: the launch into 's' before it stays.
  EXPECT_TRUE(decision(Plan, *P, 4).Chosen) << decision(Plan, *P, 4).Reason;
  const SiteDecision &After = decision(Plan, *P, 5);
  EXPECT_FALSE(After.Chosen);
  EXPECT_NE(After.Reason.find("which stays a launch"), std::string::npos)
      << After.Reason;
}

TEST(RemoveLaunch, ChildRunInItsThreadNeverOvertakesALaunchThatStays) {
  DPOPT_PARSE(P, R"cu(
__global__ void leaf(int *a) { a[threadIdx.x] = 1; }
__global__ void warpy(int *a) { a[0] = __shfl_sync(~0u, 1, 0); }
__global__ void before(int *a) {
  leaf<<<1, 32>>>(a);
  warpy<<<1, 32>>>(a);
}
__global__ void after(int *a) {
  warpy<<<1, 32>>>(a);
  leaf<<<1, 32>>>(a);
}
__global__ void looped(int *a) {
  for (int i = 0; i < 3; ++i) {
    leaf<<<1, 32>>>(a);
    warpy<<<1, 32>>>(a);
    if (a[i] == 7)
      return; // T4 would not enclose the loop: its other launch may stay
  }
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  EXPECT_TRUE(decision(Plan, *P, 1).Chosen) << decision(Plan, *P, 1).Reason;
  for (unsigned Id : {4u, 5u}) {
    const SiteDecision &D = decision(Plan, *P, Id);
    EXPECT_FALSE(D.Chosen) << "site " << Id;
    // Site 5 is refused first because its loop's threads can leave it at
    // different iterations (the return) while the other launch is made
    // (DP3027); either reason keeps the child from overtaking.
    EXPECT_TRUE(D.Reason.find("which stays a launch") != std::string::npos ||
                (Id == 5u &&
                 D.Reason.find("different iterations") != std::string::npos))
        << "site " << Id << ": " << D.Reason;
  }
}

TEST(RemoveLaunch, SerialPathsAreBounded) {
  DPOPT_PARSE(P, R"cu(
__global__ void leaf(int *a, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 1;
}
__global__ void once(int *a, unsigned n) { leaf<<<(n - 1) / 128 + 1, 128>>>(a, n); }
__global__ void loop(int *a, unsigned n) {
  for (int i = 0; i < 3; ++i)
    leaf<<<(n - 1) / 128 + 1, 128>>>(a, n);
}
__global__ void constant(int *a, unsigned n) {
  for (int i = 0; i < 3; ++i)
    leaf<<<4, 128>>>(a, n);
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &Once = decision(Plan, *P, 1);
  ASSERT_TRUE(Once.Chosen) << Once.Reason;
  EXPECT_TRUE(Once.SizeFallback);
  const SiteDecision &Loop = decision(Plan, *P, 2);
  EXPECT_FALSE(Loop.Chosen);
  EXPECT_NE(Loop.Reason.find("not a compile-time constant"), std::string::npos)
      << Loop.Reason;
  const SiteDecision &Constant = decision(Plan, *P, 3);
  ASSERT_TRUE(Constant.Chosen) << Constant.Reason;
  EXPECT_FALSE(Constant.SizeFallback);
}

TEST(RemoveLaunch, T3ChildRules) {
  DPOPT_PARSE(P, R"cu(
__device__ int *scratch() { __shared__ int s[32]; return s; }
__global__ void red(int *a) { __syncthreads(); a[threadIdx.x] = 1; }
__global__ void early(int *a) {
  if (threadIdx.x > 3)
    return;
  __syncthreads();
}
__global__ void dyn(int *a) { extern __shared__ int d[]; d[0] = 1; __syncthreads(); }
__global__ void shares(int *a) { scratch()[threadIdx.x] = 1; __syncthreads(); }
__global__ void huge(int *a) { __shared__ int big[12000]; big[threadIdx.x] = 1; __syncthreads(); }
__global__ void counted(int *a) { a[0] = __syncthreads_count(1); }
__global__ void inLambda(int *a) { auto f = [&] { __syncthreads(); }; a[threadIdx.x] = 1; f(); }
__global__ void parent(int *a, int n) {
  scratch()[0] = 0;
  red<<<1, 100>>>(a);
  red<<<1, n>>>(a);
  early<<<1, 32>>>(a);
  dyn<<<1, 32, 128>>>(a);
  shares<<<1, 32>>>(a);
  huge<<<1, 32>>>(a);
  counted<<<1, 32>>>(a);
  inLambda<<<1, 32>>>(a);
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  std::vector<std::pair<unsigned, const char *>> Want = {
      {1, "not a constant multiple of 32"},
      {2, "not a constant multiple of 32"},
      {3, "may return early"},
      {4, "dynamic shared memory"},
      {5, "use the same shared variable 's'"},
      {6, "would not fit in 48 KiB"},
      {7, "__syncthreads_count"},
      {8, "synchronizes in a way T3 cannot rewrite"}};
  for (const auto &[Id, Why] : Want) {
    const SiteDecision &D = decision(Plan, *P, Id);
    EXPECT_FALSE(D.Chosen) << "site " << Id;
    EXPECT_NE(D.Reason.find(Why), std::string::npos)
        << "site " << Id << ": " << D.Reason;
  }
}

// A call dpopt cannot see into could end the thread (or wait) before the
// block's barrier.
TEST(RemoveLaunch, T3ParentWithUnknownCall) {
  DPOPT_PARSE(P, R"cu(
__device__ void elsewhere(int *a);
__global__ void red(int *a) { __syncthreads(); a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
  elsewhere(a);
  red<<<1, 32>>>(a);
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &D = decision(Plan, *P, 1);
  EXPECT_FALSE(D.Chosen);
  EXPECT_NE(D.Reason.find("'parent' makes a call dpopt cannot see into"),
            std::string::npos)
      << D.Reason;
}

// A parent launched (in this file) with fewer threads per block than its
// synchronizing child has would always stop at T3's run-time check.
TEST(RemoveLaunch, T3ParentBlockTooSmall) {
  DPOPT_PARSE(P, R"cu(
__global__ void red(int *a) { __syncthreads(); a[threadIdx.x] = 1; }
__global__ void small(int *a) { red<<<1, 128>>>(a); }
__global__ void large(int *a) { red<<<1, 128>>>(a); }
void host(int *a) {
  small<<<4, 64>>>(a);
  large<<<4, dim3(32, 4)>>>(a);
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &Small = decision(Plan, *P, 1);
  EXPECT_FALSE(Small.Chosen);
  EXPECT_NE(Small.Reason.find("'small' is launched with 64 threads per block"),
            std::string::npos)
      << Small.Reason;
  const SiteDecision &Large = decision(Plan, *P, 2);
  ASSERT_TRUE(Large.Chosen) << Large.Reason;
  EXPECT_EQ(*Large.Chosen, Technique::T3);
}

// A kernel whose launch its blocks run (T3) has barriers: no thread can run
// it serially, so a launch of it stays.
TEST(RemoveLaunch, T3ParentIsNotRunSerially) {
  DPOPT_PARSE(P, R"cu(
__global__ void red(int *a) { __syncthreads(); a[threadIdx.x] = 1; }
__global__ void mid(int *a) { red<<<1, 32>>>(a); }
__global__ void top(int *a) { if (threadIdx.x == 0) mid<<<1, 32>>>(a); }
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &Inner = decision(Plan, *P, 1);
  ASSERT_TRUE(Inner.Chosen) << Inner.Reason;
  EXPECT_EQ(*Inner.Chosen, Technique::T3);
  const SiteDecision &Outer = decision(Plan, *P, 2);
  EXPECT_FALSE(Outer.Chosen);
  EXPECT_NE(Outer.Reason.find("(T3)"), std::string::npos) << Outer.Reason;
}

TEST(RemoveLaunch, NamedT3OnASerialChild) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
#pragma dp remove_launch(T3)
  kid<<<3, 512>>>(a);
}
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &D = decision(Plan, *P, 1);
  ASSERT_TRUE(D.Chosen) << D.Reason;
  EXPECT_EQ(*D.Chosen, Technique::T3);
}

} // namespace

namespace {

// T1/T2: a parent launched by host code in the file becomes persistent.
TEST(RemoveLaunchPersistent, AutoTakesHostLaunchedParents) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a, int n) { if (threadIdx.x < n) a[threadIdx.x] = 1; }
__global__ void parent(int *a, const int *n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (n[t] > 0)
    kid<<<(n[t] + 63) / 64, 64>>>(a, n[t]);
}
void run(int *a, const int *n) { parent<<<100, 128>>>(a, n); }
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &D = decision(Plan, *P, 1);
  ASSERT_TRUE(D.Persist) << D.Reason;
  EXPECT_EQ(*D.Persist, PersistMode::Select);
  ASSERT_EQ(D.HostLaunches.size(), 1u);
  EXPECT_EQ(D.HostLaunches[0], &P->site(2));
  // The kernel itself keeps a version for launches from elsewhere.
  ASSERT_TRUE(D.Chosen);
  EXPECT_EQ(*D.Chosen, Technique::T4);
  EXPECT_FALSE(D.HostFallsBack) << "the child's size depends on the data";
}

TEST(RemoveLaunchPersistent, ConstantChildSizeLetsTheHostFallBack) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[blockIdx.x * 64 + threadIdx.x] += 1; }
__global__ void parent(int *a) {
  if (threadIdx.x == 0)
    kid<<<4, 64>>>(a);
}
void run(int *a) { parent<<<3, 32>>>(a); }
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &D = decision(Plan, *P, 1);
  ASSERT_TRUE(D.Persist) << D.Reason;
  EXPECT_TRUE(D.HostFallsBack) << D.Reason;
}

TEST(RemoveLaunchPersistent, NamedT2NeedsAHostLaunchInTheFile) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) { kid<<<1, 32>>>(a); }
__global__ void grand(int *a) { parent<<<1, 32>>>(a); }
)cu");
  PassOptions O;
  O.RemoveLaunch = RemoveLaunchMode::T2;
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, O);
  const SiteDecision &D = decision(Plan, *P, 1);
  EXPECT_FALSE(D.removed());
  EXPECT_NE(D.Reason.find("no launch of 'parent' by host code"),
            std::string::npos)
      << D.Reason;
}

TEST(RemoveLaunchPersistent, ChildSharedMemoryReusesTheParents) {
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) {
  __shared__ float s[64];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
}
__global__ void parent(int *a) {
  __shared__ double mine[32];
  __shared__ char flag;
  mine[threadIdx.x % 32] = 1;
  flag = 1;
  __syncthreads();
  if (flag && threadIdx.x == 0)
    kid<<<1, 64>>>(a);
}
void run(int *a) { parent<<<8, 64>>>(a); }
)cu");
  RemoveLaunchPlan Plan = planRemoveLaunch(*P->Analysis, PassOptions());
  const SiteDecision &D = decision(Plan, *P, 1);
  ASSERT_TRUE(D.Persist) << D.Reason;
  std::optional<SharedReuse> R =
      persistentSharedReuse(*P->Analysis, P->site(1));
  ASSERT_TRUE(R);
  EXPECT_EQ(R->ParentBytes, 32u * 8 + 1);
  EXPECT_EQ(R->ChildBytes, 64u * 4);
  EXPECT_NE(D.Reason.find("reuse the parent's (257 bytes)"), std::string::npos)
      << D.Reason;
}

} // namespace
