//===- ParameterAccessesTest.cpp - Memory a kernel reaches ---------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "ParameterAccesses.h"

using namespace dpopt;

namespace {

std::optional<std::vector<MemoryAccess>>
accessesOf(const test::ParsedSnippet &P, llvm::StringRef Kernel,
           std::string *Why = nullptr) {
  return parameterAccesses(P.WC->unit(), P.function(Kernel), Why);
}

TEST(ParameterAccesses, ListsReadsAndWritesOverTheParameters) {
  DPOPT_PARSE(P, R"cu(
struct Pair { int A; long long B; };
__global__ void copy(const long long *From, long long *To) { *To = *From; }
__global__ void mix(int *Out, Pair *S, unsigned *C, int I, int N) {
  Out[I * 2 + 1] += S->A;
  (*S).B = N > 0 ? Out[(I + 1) % N] : 0;
  atomicAdd(&C[I & 3], 1u);
  int Local = I * 3;
  Local += Out[0];
}
)cu");
  auto Copy = accessesOf(*P, "copy");
  ASSERT_TRUE(Copy);
  ASSERT_EQ(Copy->size(), 2u);
  EXPECT_EQ((*Copy)[0].Lvalue, "*To");
  EXPECT_TRUE((*Copy)[0].Write);
  EXPECT_EQ((*Copy)[0].Bytes, 8u);
  EXPECT_EQ((*Copy)[1].Lvalue, "*From");
  EXPECT_FALSE((*Copy)[1].Write);
  ASSERT_EQ((*Copy)[0].Params.size(), 1u);
  EXPECT_EQ((*Copy)[0].Params[0]->getName(), "To");

  auto Mix = accessesOf(*P, "mix");
  ASSERT_TRUE(Mix);
  std::vector<std::pair<std::string, bool>> Seen;
  for (const MemoryAccess &A : *Mix)
    Seen.push_back({A.Lvalue, A.Write});
  std::vector<std::pair<std::string, bool>> Want = {
      {"Out[I * 2 + 1]", true},    {"S->A", false},    {"(*S).B", true},
      {"Out[(I + 1) % N]", false}, {"C[I & 3]", true}, {"Out[0]", false}};
  EXPECT_EQ(Seen, Want);
  // 'Out[(I + 1) % N]' names Out, I and N.
  std::vector<std::string> Names;
  for (const clang::ParmVarDecl *V : (*Mix)[3].Params)
    Names.push_back(V->getNameAsString());
  EXPECT_EQ(Names, (std::vector<std::string>{"Out", "I", "N"}));
}

TEST(ParameterAccesses, UnknownWhereAnAddressIsNotTheParameters) {
  DPOPT_PARSE(P, R"cu(
__device__ int Global;
__device__ int helper(int *P) { return *P; }
__global__ void viaLocal(int *Out, int I) { int *At = Out + I; *At = 1; }
__global__ void indirect(int *Out, const int *Idx) { Out[Idx[0]] = 1; }
__global__ void calls(int *Out) { Out[0] = helper(Out); }
__global__ void global(int *Out) { Out[0] = Global; }
__global__ void changes(int *Out, int I) { ++I; Out[I] = 1; }
__global__ void builtin(int *Out) { Out[threadIdx.x] = 1; }
)cu");
  for (const char *K :
       {"viaLocal", "indirect", "calls", "global", "changes", "builtin"}) {
    std::string Why;
    EXPECT_FALSE(accessesOf(*P, K, &Why)) << K;
    EXPECT_FALSE(Why.empty()) << K;
  }
}

} // namespace
