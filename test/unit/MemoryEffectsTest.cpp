//===- MemoryEffectsTest.cpp - What memory kernels access -----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/Analysis/HostPointers.h"
#include "dpopt/Analysis/MemoryEffects.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace dpopt;

namespace {

constexpr unsigned RW = ReadsMemory | WritesMemory;

/// The access bits of each parameter of kernel \p Name.
std::vector<unsigned> paramAccess(const test::ParsedSnippet &P,
                                  llvm::StringRef Name) {
  std::vector<unsigned> Bits;
  for (const ParamEffect &E : computeKernelEffects(P.function(Name)).Params)
    Bits.push_back(E.Access);
  return Bits;
}

using Bits = std::vector<unsigned>;

/// The local variable \p Name of \p F.
const clang::VarDecl *local(const clang::FunctionDecl *F,
                            llvm::StringRef Name) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::StringRef Name;
    const clang::VarDecl *Found = nullptr;
    bool VisitVarDecl(clang::VarDecl *VD) {
      if (!Found && VD->getName() == Name)
        Found = VD;
      return true;
    }
  } Find;
  Find.Name = Name;
  Find.TraverseDecl(const_cast<clang::FunctionDecl *>(F));
  EXPECT_TRUE(Find.Found) << "no variable " << Name.str();
  return Find.Found;
}

TEST(MemoryEffects, ReadsWritesAndReadModifyWrites) {
  DPOPT_PARSE(P, R"cu(
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
__global__ void rmw(int *a, int *b, int *c, int n) {
  a[threadIdx.x] += n;
  b[threadIdx.x]++;
  --*c;
}
struct Pair { float x, y; };
__global__ void members(Pair *p, const Pair *q, Pair *r) {
  p->x = q[1].y;
  Pair copy = q[2];
  r[0] = copy;
}
__global__ void none(float *unused, int n) { int x = n; (void)x; }
)cu");
  EXPECT_EQ(paramAccess(*P, "copy"), (Bits{ReadsMemory, WritesMemory, 0}));
  EXPECT_EQ(paramAccess(*P, "rmw"), (Bits{RW, RW, RW, 0}));
  EXPECT_EQ(paramAccess(*P, "members"),
            (Bits{WritesMemory, ReadsMemory, WritesMemory}))
      << "a struct copied in reads, assigned writes";
  KernelEffects None = computeKernelEffects(P->function("none"));
  EXPECT_EQ(None.Params[0].Access, 0u);
  EXPECT_TRUE(None.isKnown());
  EXPECT_TRUE(computeKernelEffects(P->function("copy")).isKnown());
  EXPECT_TRUE(computeKernelEffects(P->function("members")).isKnown());
}

TEST(MemoryEffects, AtomicsCacheHintsAndMemcpy) {
  DPOPT_PARSE(P, R"cu(
__global__ void atomics(int *a, unsigned *b, unsigned long long *c, float *d) {
  atomicAdd(a, 1);
  atomicCAS(b + 1, 0u, 1u);
  atomicExch(&c[2], 3ull);
  atomicMax(a + 4, 2);
  atomicAdd(&d[threadIdx.x], 1.0f);
}
__global__ void hints(const float *in, float *out, const int *idx) {
  float v = __ldg(in + threadIdx.x) + __ldcg(in) + __ldg(idx);
  __stwt(out + threadIdx.x, v);
}
__global__ void copies(const char *src, char *dst, char *z) {
  memcpy(dst, src, 16);
  memset(z, 0, 4);
}
)cu");
  EXPECT_EQ(paramAccess(*P, "atomics"), (Bits{RW, RW, RW, RW}));
  EXPECT_EQ(paramAccess(*P, "hints"),
            (Bits{ReadsMemory, WritesMemory, ReadsMemory}));
  EXPECT_EQ(paramAccess(*P, "copies"),
            (Bits{ReadsMemory, WritesMemory, WritesMemory}));
  for (const char *K : {"atomics", "hints", "copies"}) {
    KernelEffects E = computeKernelEffects(P->function(K));
    EXPECT_TRUE(E.isKnown()) << K << ": " << E.Unknown->What;
  }
}

TEST(MemoryEffects, DerivedPointersAndLocalAliases) {
  DPOPT_PARSE(P, R"cu(
struct S { float f; int g[4]; };
__global__ void derived(float *a, const float *b, float *c, int *d, S *s,
                        bool flag, int n) {
  float *p = a + 4;
  p[1] = 0;
  const float *q = (const float *)&b[2];
  float x = q[-1];
  float *r = flag ? c : p;
  *r = x;
  int *u = reinterpret_cast<int *>(d);
  u++;
  u += n;
  float *v = &s->f;
  int *w = s->g;
  x += *v + w[1];
}
__global__ void reassigned(float *a, float *b, float *c) {
  float *p = a;
  for (int i = 0; i < 4; ++i) {
    p[i] = 1;
    p = b;
  }
  c++;
  c[0] = 1;
}
)cu");
  EXPECT_EQ(
      paramAccess(*P, "derived"),
      (Bits{WritesMemory, ReadsMemory, WritesMemory, 0, ReadsMemory, 0, 0}))
      << "d is only moved, never dereferenced";
  EXPECT_EQ(paramAccess(*P, "reassigned"),
            (Bits{WritesMemory, WritesMemory, WritesMemory}))
      << "p holds a or b, flow-insensitively";
  EXPECT_TRUE(computeKernelEffects(P->function("derived")).isKnown());
}

TEST(MemoryEffects, HelpersAndLambdasMapTheirParameters) {
  DPOPT_PARSE(P, R"cu(
__device__ void put(float *dst, float v) { *dst = v; }
__device__ float get(const float &src) { return src; }
__device__ float *at(float *base, int i) { return base + i; }
__device__ void touch(float *unused) {}
__global__ void viaHelpers(const float *in, float *out, float *out2,
                           float *untouched) {
  put(out + threadIdx.x, get(in[threadIdx.x]));
  *at(out2, 3) += 1;
  touch(untouched);
}
__global__ void viaLambdas(float *a, float *b, const float *c) {
  auto write = [&](int i) { a[i] = 0; };
  write(1);
  auto scale = [](float *p, float s) { *p *= s; };
  scale(b, 2);
  float sum = [=] { return c[0]; }();
  a[0] = sum;
}
)cu");
  EXPECT_EQ(paramAccess(*P, "viaHelpers"),
            (Bits{ReadsMemory, WritesMemory, RW, 0}));
  EXPECT_EQ(paramAccess(*P, "viaLambdas"),
            (Bits{WritesMemory, RW, ReadsMemory}));
  for (const char *K : {"viaHelpers", "viaLambdas"}) {
    KernelEffects E = computeKernelEffects(P->function(K));
    EXPECT_TRUE(E.isKnown()) << K << ": " << E.Unknown->What;
  }
}

TEST(MemoryEffects, RecursionReachesAFixpoint) {
  DPOPT_PARSE(P, R"cu(
__device__ void pingpong(int *p, int *q, int n) {
  if (n == 0) {
    *p = 1;
    return;
  }
  pingpong(q, p, n - 1);
}
__device__ int odd(const int *p, int n);
__device__ int even(const int *p, int n) { return n == 0 ? *p : odd(p, n - 1); }
__device__ int odd(const int *p, int n) { return n == 0 ? 0 : even(p, n - 1); }
__global__ void rec(int *a, int *b, const int *c, int *d) {
  pingpong(a, b, 5);
  *d = even(c, 3);
}
)cu");
  EXPECT_EQ(paramAccess(*P, "rec"),
            (Bits{WritesMemory, WritesMemory, ReadsMemory, WritesMemory}))
      << "pingpong swaps its arguments on every call";
  EXPECT_TRUE(computeKernelEffects(P->function("rec")).isKnown());
}

TEST(MemoryEffects, UntrackedPointersAreUnknown) {
  DPOPT_PARSE(P, R"cu(
struct Buf { float *data; int n; };
extern __device__ void sink(float *p);
extern __device__ int pure(int x);
__device__ void deref(float *p) { *p = 0; }
__global__ void loaded(int **pp) { pp[1][2] = 3; }
__global__ void byValue(Buf s) { s.data[threadIdx.x] = 1; }
__global__ void bodiless(float *a) { sink(a + 1); }
__global__ void bodilessNoPointer(float *a) { a[0] = pure(1); }
__global__ void stored(float *a, float **slot) { *slot = a; }
__global__ void passedOn(Buf *b) { deref(b->data); }
__global__ void fromInteger(unsigned long long x) { *(int *)x = 1; }
__global__ void addressTaken(float *a, float **where) {
  float *p = a;
  float **pp = &p;
  *pp = *where;
  p[0] = 1;
}
)cu");
  auto Why = [&](const char *K) {
    KernelEffects E = computeKernelEffects(P->function(K));
    return E.Unknown ? E.Unknown->What : std::string("known");
  };
  EXPECT_EQ(Why("loaded"), "a pointer loaded from memory is dereferenced");
  EXPECT_EQ(Why("byValue"), "a pointer loaded from memory is dereferenced");
  EXPECT_EQ(Why("bodiless"), "a pointer derived from 'a' is passed to 'sink', "
                             "whose body dpopt cannot see");
  EXPECT_EQ(Why("bodilessNoPointer"),
            "a call of 'pure', whose body dpopt cannot see")
      << "it may access any global";
  EXPECT_EQ(Why("stored"), "a pointer derived from 'a' is stored to memory");
  EXPECT_EQ(Why("passedOn"), "a pointer loaded from memory is passed to "
                             "'deref', which accesses memory through it");
  EXPECT_EQ(Why("fromInteger"),
            "a pointer made from an integer is dereferenced");
  EXPECT_EQ(Why("addressTaken"),
            "'p', whose address is taken, is dereferenced");

  KernelEffects Loaded = computeKernelEffects(P->function("loaded"));
  ASSERT_TRUE(Loaded.Unknown);
  const clang::SourceManager &SM = P->WC->unit().getSourceManager();
  EXPECT_EQ(SM.getPresumedLineNumber(Loaded.Unknown->Loc), 6u);
  EXPECT_EQ(Loaded.Unknown->In, P->function("loaded"));
  EXPECT_EQ(Loaded.Params[0].Access, ReadsMemory) << "pp[1] is read";
}

TEST(MemoryEffects, EscapesLaunchesAndAsm) {
  DPOPT_PARSE(P, R"cu(
__device__ int *published;
__device__ int counter;
__device__ void publish(int *p) { published = p; }
__global__ void child(int *x) { *x = 1; }
__global__ void tally() { counter++; }
template <class F> __device__ void apply(float *x, F f) { f(x); }
template <class F> __device__ void forEach(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}
__global__ void escapes(int *a) { publish(a); }
__global__ void launches(int *a) { child<<<1, 1>>>(a); }
__global__ void launchesNoPointer(int *a) { tally<<<1, 1>>>(); a[0] = 1; }
__global__ void asmStore(int *a) {
  asm volatile("st.global.u32 [%0], %1;" ::"l"(a), "r"(1));
}
__global__ void asmLane(int *a) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[lane] = 0;
}
__global__ void lambdaPassedOn(float *a) {
  apply(a, [](float *p) { *p = 1; });
}
__global__ void lambdaCaptures(float *a, const float *b) {
  forEach(4, [&](int i) { a[i] = b[i]; });
  [](float *p) { *p += 1; }(a + 8);
}
__global__ void indirect(void (*fp)(float *), float *a) { fp(a); }
)cu");
  auto Why = [&](const char *K) {
    KernelEffects E = computeKernelEffects(P->function(K));
    return E.Unknown ? E.Unknown->What : std::string("known");
  };
  EXPECT_EQ(Why("escapes"), "a pointer derived from 'a' is stored to memory");
  EXPECT_EQ(Why("launches"),
            "a pointer derived from 'a' is passed to a kernel launch");
  EXPECT_EQ(Why("asmStore"), "inline asm that accesses memory");
  EXPECT_EQ(Why("asmLane"), "known");
  EXPECT_EQ(Why("lambdaPassedOn"), "a pointer parameter of a lambda that is "
                                   "passed on is dereferenced");
  EXPECT_EQ(Why("lambdaCaptures"), "known");
  EXPECT_EQ(Why("indirect"), "an indirect call");
  EXPECT_EQ(paramAccess(*P, "lambdaCaptures"), (Bits{RW, ReadsMemory}));

  KernelEffects L = computeKernelEffects(P->function("launchesNoPointer"));
  EXPECT_TRUE(L.isKnown());
  ASSERT_EQ(L.Globals.size(), 1u) << "the child grid's work is the parent's";
  EXPECT_EQ(L.Globals[0].Var->getName(), "counter");
  EXPECT_EQ(L.Globals[0].Access, RW);
}

TEST(MemoryEffects, TemplatesMethodsAndDestructors) {
  DPOPT_PARSE(P, R"cu(
__device__ int live;
struct Acc {
  float Sum;
  __device__ void add(float X) { Sum += X; }
};
struct Guard {
  __device__ ~Guard() { --live; }
};
template <class T> __global__ void fill(T *out, const T *in) { out[0] = in[0]; }
template __global__ void fill<float>(float *, const float *);
template __global__ void fill<int>(int *, const int *);
__global__ void methods(Acc *a, Acc *unused) {
  Guard g;
  a->add(1);
}
)cu");
  // The pattern stands for its instantiations.
  EXPECT_EQ(paramAccess(*P, "fill"), (Bits{WritesMemory, ReadsMemory}));
  KernelEffects M = computeKernelEffects(P->function("methods"));
  EXPECT_TRUE(M.isKnown());
  EXPECT_EQ(M.Params[0].Access, RW) << "through 'this'";
  EXPECT_EQ(M.Params[1].Access, 0u);
  ASSERT_EQ(M.Globals.size(), 1u) << "the destructor runs at the end";
  EXPECT_EQ(M.Globals[0].Access, RW);
}

TEST(MemoryEffects, DeviceGlobalsSharedAndLocals) {
  DPOPT_PARSE(P, R"cu(
__device__ int counter;
__constant__ float coef[4];
__device__ float table[64];
__device__ int flag;
__device__ float *gptr;
__global__ void globals(float *out) {
  __shared__ float tile[32];
  float local[4] = {0, 1, 2, 3};
  float *s = tile;
  s[threadIdx.x] = table[threadIdx.x] * coef[0];
  local[threadIdx.x % 4] += tile[0];
  atomicAdd(&counter, 1);
  float *t = &table[8];
  t[1] = local[2];
  flag = 1;
  out[0] = s[1];
}
__global__ void sharedOnly(int n) {
  extern __shared__ int dyn[];
  int *p = dyn + n;
  p[threadIdx.x] = n;
  int x[8];
  x[n] = 1;
}
__global__ void viaGlobalPointer() { gptr[0] = 1; }
)cu");
  KernelEffects G = computeKernelEffects(P->function("globals"));
  EXPECT_TRUE(G.isKnown()) << G.Unknown->What;
  ASSERT_EQ(G.Globals.size(), 3u) << "not coef, tile or local";
  EXPECT_EQ(G.Globals[0].Var->getName(), "counter");
  EXPECT_EQ(G.Globals[0].Access, RW);
  EXPECT_EQ(G.Globals[1].Var->getName(), "table");
  EXPECT_EQ(G.Globals[1].Access, RW);
  EXPECT_EQ(G.Globals[2].Var->getName(), "flag");
  EXPECT_EQ(G.Globals[2].Access, WritesMemory);
  EXPECT_EQ(G.Params[0].Access, WritesMemory);

  KernelEffects S = computeKernelEffects(P->function("sharedOnly"));
  EXPECT_TRUE(S.isKnown());
  EXPECT_TRUE(S.Globals.empty());
  EXPECT_EQ(S.Params[0].Access, 0u);

  KernelEffects V = computeKernelEffects(P->function("viaGlobalPointer"));
  ASSERT_TRUE(V.Unknown);
  EXPECT_EQ(V.Unknown->What, "a pointer read from 'gptr' is dereferenced");
  ASSERT_EQ(V.Globals.size(), 1u);
  EXPECT_EQ(V.Globals[0].Access, ReadsMemory);
}

TEST(HostPointers, PointerBase) {
  DPOPT_PARSE(P, R"cu(
__global__ void k(float *p) {}
void run(float *d, int n) {
  k<<<1, 1>>>(d + n);
  k<<<1, 1>>>((float *)d);
  k<<<1, 1>>>(&d[3]);
  k<<<1, 1>>>(n + d - 2);
  k<<<1, 1>>>(reinterpret_cast<float *>((char *)d + 4));
  k<<<1, 1>>>(nullptr);
}
)cu");
  const clang::VarDecl *D = P->function("run")->getParamDecl(0);
  std::vector<const clang::VarDecl *> Bases;
  for (const LaunchSite &S : P->Analysis->sites())
    Bases.push_back(pointerBase(S.Args.at(0).E));
  EXPECT_EQ(Bases,
            (std::vector<const clang::VarDecl *>{D, D, D, D, D, nullptr}));
}

TEST(HostPointers, DistinctAllocations) {
  DPOPT_PARSE(P, R"cu(
#include <utility>
void run(float *param, int n) {
  float *d_a, *d_b = nullptr, *d_c = nullptr;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMallocManaged((void **)&d_b, n * sizeof(float));
  cudaMalloc(reinterpret_cast<void **>(&d_c), n);
  float *d_e = d_a;
  float *d_f;
  cudaMalloc(&d_f, n);
  float **where = &d_f;
  float *d_g = nullptr;
  cudaMalloc(&d_g, n);
  d_g = d_c;
  float *d_h = nullptr;
  auto f = [&] { return d_h; };
  float *d_i, *d_j;
  cudaMalloc(&d_i, n);
  cudaMalloc(&d_j, n);
  std::swap(d_i, d_j);
  cudaFree(d_a);
  d_a = nullptr;
  cudaMalloc(&d_a, n);
}
)cu");
  const clang::FunctionDecl *Run = P->function("run");
  auto V = [&](const char *N) { return local(Run, N); };
  EXPECT_FALSE(distinctAllocationsBlocker(V("d_a"), V("d_b"), Run));
  EXPECT_TRUE(provablyDistinctAllocations(V("d_b"), V("d_c"), Run));
  EXPECT_EQ(distinctAllocationsBlocker(V("d_a"), V("d_a"), Run),
            "both are 'd_a'");
  EXPECT_EQ(distinctAllocationsBlocker(V("d_a"), Run->getParamDecl(0), Run),
            "'param' is a parameter of 'run'");
  EXPECT_EQ(distinctAllocationsBlocker(V("d_e"), V("d_a"), Run),
            "'d_e' is initialized at 8:16");
  EXPECT_EQ(distinctAllocationsBlocker(V("d_a"), V("d_f"), Run),
            "the address of 'd_f' is taken at 11:19");
  EXPECT_EQ(distinctAllocationsBlocker(V("d_g"), V("d_a"), Run),
            "'d_g' is assigned at 14:7");
  EXPECT_EQ(distinctAllocationsBlocker(V("d_h"), V("d_a"), Run),
            "'d_h' is captured by reference at 16:25");
  EXPECT_EQ(distinctAllocationsBlocker(V("d_i"), V("d_a"), Run),
            "'d_i' is bound to a reference at 20:13");
}

} // namespace
