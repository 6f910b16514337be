//===- MemoryReadsTest.cpp - Does a kernel's thread wait on memory? -------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/Analysis/MemoryReads.h"

using namespace dpopt;

namespace {

TEST(MemoryReads, ReadsAndWhereTheyAre) {
  DPOPT_PARSE(P, R"cu(
struct Node { int Left, Right; };
__device__ int load(const int *p, int i) { return p[i]; }
__global__ void subscript(const int *Col, int *Out, int n) { Out[n] = Col[n]; }
__global__ void deref(const int *Col, int *Out) { *Out = *Col + 1; }
__global__ void arrow(const Node *T, int *Out) { Out[0] = T->Left; }
__global__ void member(const Node *T, int *Out) { Out[0] = T[1].Right; }
__global__ void inPlace(int *Out) { Out[0] += 2; }
__global__ void increment(int *Out) { ++Out[1]; }
__global__ void atomicUsed(int *D, int *F) { if (atomicMin(&D[0], 3) > 3) F[0] = 1; }
__global__ void throughCall(const int *Col, int *Out) { Out[0] = load(Col, 2); }
__device__ int opaque(int);
__global__ void bodiless(int *Out) { Out[0] = opaque(3); }
__global__ void cached(const int *Col, int *Out) { Out[0] = __ldg(&Col[1]); }
)cu");
  for (const char *Name :
       {"subscript", "deref", "arrow", "member", "inPlace", "increment",
        "atomicUsed", "throughCall", "bodiless"})
    EXPECT_NE(firstMemoryRead(P->function(Name)), nullptr) << Name;
}

TEST(MemoryReads, ComputeAndStoreOnly) {
  DPOPT_PARSE(P, R"cu(
__device__ float curve(float t) { return t * t + fminf(t, 1.0f); }
__global__ void points(float *Out, float S, int n) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < n) {
    Out[2 * I] = curve(S * I);
    Out[2 * I + 1] = S;
  }
}
__global__ void counts(unsigned *Sum, int n) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < n)
    atomicAdd(&Sum[I % 8], 1u);
  { atomicOr(&Sum[0], 2u); }
  for (int K = 0; K < n; ++K)
    (void)atomicAnd(&Sum[K], 7u);
}
struct V2 { float X, Y; };
__device__ V2 operator+(V2 A, V2 B) { return {A.X + B.X, A.Y + B.Y}; }
__global__ void sums(V2 *Out, float S) { Out[0] = V2{S, S} + V2{1.0f, S}; }
__global__ void locals(int *Out, int n) {
  int Local = n * 3;
  Local += 2;
  Out[0] = Local;
}
)cu");
  for (const char *Name : {"points", "counts", "sums", "locals"})
    EXPECT_EQ(firstMemoryRead(P->function(Name)), nullptr) << Name;
}

} // namespace
