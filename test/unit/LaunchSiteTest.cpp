//===- LaunchSiteTest.cpp - Facts about each launch site -----------------===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtil.h"

#include "dpopt/Frontend/LaunchMarkers.h"

using namespace dpopt;

namespace {

TEST(LaunchSite, SidesCallersAndCallees) {
  DPOPT_PARSE(P, R"cu(
template <class T> __global__ void kid(T *a, int n) { a[threadIdx.x] = n; }
__global__ void plain(float *a, int n) {}
__device__ void helper(float *a, int n) { kid<float><<<1, 32>>>(a, n); }
__global__ void parent(float *a, int n) {
  plain<<<1, 32>>>(a, n);
  helper(a, n);
  auto f = [&](int m) { kid<float><<<m, 32>>>(a, m); };
  f(n);
}
void host(float *a) {
  parent<<<1, 1>>>(a, 4);
  auto g = [&] { kid<int><<<1, 1>>>(nullptr, 0); };
  g();
}
)cu");
  ASSERT_EQ(P->Analysis->sites().size(), 5u);
  const LaunchSite &H = P->site(1);
  EXPECT_EQ(H.Side, LaunchSide::Device);
  EXPECT_EQ(H.Kind, CallerKind::Device);
  EXPECT_EQ(H.CallerName, "helper");
  EXPECT_EQ(H.CalleeName, "kid<float>");
  EXPECT_TRUE(H.IsStatement);

  const LaunchSite &Plain = P->site(2);
  EXPECT_EQ(Plain.Kind, CallerKind::Global);
  EXPECT_EQ(Plain.CallerName, "parent");
  EXPECT_EQ(Plain.CalleeName, "plain");

  const LaunchSite &L = P->site(3);
  EXPECT_EQ(L.Side, LaunchSide::Device);
  EXPECT_EQ(L.Kind, CallerKind::Lambda);
  EXPECT_EQ(L.CallerName, "lambda in parent");

  const LaunchSite &Host = P->site(4);
  EXPECT_EQ(Host.Side, LaunchSide::Host);
  EXPECT_EQ(Host.Kind, CallerKind::Host);

  const LaunchSite &HostLambda = P->site(5);
  EXPECT_EQ(HostLambda.Side, LaunchSide::Host);
  EXPECT_EQ(HostLambda.Kind, CallerKind::Lambda);
  EXPECT_EQ(HostLambda.CalleeName, "kid<int>");
}

TEST(LaunchSite, OverloadedKernelsAndTemplateParents) {
  DPOPT_PARSE(P, R"cu(
__global__ void over(int *a) {}
__global__ void over(float *a) {}
template <class T> __global__ void kid(T *a) {}
template <class T> __global__ void parent(T *a) {
  over<<<1, 1>>>(a);
  kid<T><<<2, 32>>>(a);
}
void host(float *f) { parent<float><<<1, 1>>>(f); }
)cu");
  const LaunchSite &Over = P->site(1);
  EXPECT_EQ(Over.CalleeName, "over");
  ASSERT_TRUE(Over.Callee);
  EXPECT_TRUE(Over.InTemplate);
  const LaunchSite &Kid = P->site(2);
  ASSERT_TRUE(Kid.Callee) << "resolved through parent<float>";
  EXPECT_EQ(Kid.CalleeName, "kid<float>");
}

TEST(LaunchSite, ConfigurationTextAndDimensions) {
  DPOPT_PARSE(P, R"cu(
#define GRID(n) (((n) + 127) / 128)
__global__ void k(int n) {}
__global__ void parent(int n, dim3 param, cudaStream_t s) {
  k<<<GRID(n), 128>>>(n);
  k<<<dim3(n, 4), dim3(32, 1, 1)>>>(n);
  dim3 g3(n, n, 2);
  k<<<g3, 32, 64, s>>>(n);
  dim3 changed(n);
  changed.y = 2;
  k<<<changed, 32>>>(n);
  k<<<param, 32, 0, cudaStreamFireAndForget>>>(n);
  dim3 b2 = dim3(16, 16);
  k<<<1, b2>>>(n);
}
)cu");
  const LaunchSite &A = P->site(1);
  EXPECT_EQ(A.Grid.Text, "GRID(n)");
  EXPECT_EQ(A.Block.Text, "128");
  EXPECT_EQ(A.Grid.Dims, 1u);
  EXPECT_FALSE(A.SharedMem.isWritten());
  EXPECT_FALSE(A.Stream.isWritten());

  const LaunchSite &B = P->site(2);
  EXPECT_EQ(B.Grid.Dims, 2u);
  EXPECT_EQ(B.Block.Dims, 1u) << "dim3(32, 1, 1) is one-dimensional";
  EXPECT_TRUE(B.Grid.DimsKnown);

  const LaunchSite &C = P->site(3);
  EXPECT_EQ(C.Grid.Text, "g3");
  EXPECT_EQ(C.Grid.Dims, 3u);
  EXPECT_TRUE(C.Grid.DimsKnown);
  EXPECT_EQ(C.SharedMem.Text, "64");
  EXPECT_EQ(C.Stream.Text, "s");

  const LaunchSite &D = P->site(4);
  EXPECT_FALSE(D.Grid.DimsKnown) << "a variable changed after its definition";
  EXPECT_EQ(D.Grid.Dims, 3u);

  const LaunchSite &E = P->site(5);
  EXPECT_FALSE(E.Grid.DimsKnown) << "a parameter says nothing";
  EXPECT_EQ(E.Stream.Text, "cudaStreamFireAndForget");

  const LaunchSite &F = P->site(6);
  EXPECT_EQ(F.Block.Dims, 2u);
  EXPECT_TRUE(F.Block.DimsKnown);
}

TEST(LaunchSite, ArgumentsAndTypes) {
  DPOPT_PARSE(P, R"cu(
struct Pair { int a, b; };
__global__ void k(const float *x, Pair p, int n = 3) {}
__global__ void parent(const float *x, Pair p) { k<<<1, 1>>>(x + 1, p); }
)cu");
  const LaunchSite &S = P->site(1);
  ASSERT_EQ(S.Args.size(), 3u);
  EXPECT_EQ(S.Args[0].Text, "x + 1");
  EXPECT_EQ(S.Args[0].Type, "const float *");
  EXPECT_EQ(S.Args[1].Text, "p");
  EXPECT_EQ(S.Args[1].Type, "Pair");
  EXPECT_EQ(S.Args[2].Text, "") << "default argument not written";
  EXPECT_EQ(S.Args[2].Type, "int");
}

TEST(LaunchSite, LoopsAndConditionals) {
  DPOPT_PARSE(P, R"cu(
__global__ void k(int n) {}
__global__ void parent(int n) {
  k<<<1, 1>>>(n);
  for (int i = 0; i < n; ++i)
    if (i % 2)
      k<<<1, 1>>>(i);
  while (n--) {
    switch (n) {
    case 1:
      do { k<<<1, 1>>>(n); } while (0);
      break;
    }
  }
}
)cu");
  EXPECT_EQ(P->site(1).LoopDepth, 0u);
  EXPECT_EQ(P->site(1).ConditionalDepth, 0u);
  EXPECT_FALSE(P->site(1).inLoop());
  EXPECT_EQ(P->site(2).LoopDepth, 1u);
  EXPECT_EQ(P->site(2).ConditionalDepth, 1u);
  EXPECT_EQ(P->site(3).LoopDepth, 2u);
  EXPECT_EQ(P->site(3).ConditionalDepth, 1u);
}

TEST(LaunchSite, Recursion) {
  DPOPT_PARSE(P, R"cu(
__global__ void self(int d) { if (d > 0) self<<<1, 1>>>(d - 1); }
__global__ void pong(int d);
__device__ void bounce(int d) { pong<<<1, 1>>>(d - 1); }
__global__ void ping(int d) { if (d > 0) bounce(d); }
__global__ void pong(int d) { if (d > 0) ping<<<1, 1>>>(d - 1); }
__global__ void leaf(int d) {}
__global__ void parent(int d) { leaf<<<1, 1>>>(d); }
)cu");
  EXPECT_TRUE(P->site(1).Recursive);
  EXPECT_TRUE(P->site(2).Recursive) << "ping -> bounce -> pong -> ping";
  EXPECT_TRUE(P->site(3).Recursive);
  EXPECT_FALSE(P->site(4).Recursive);
}

TEST(LaunchSite, StatementsMacrosAndPragmas) {
  DPOPT_PARSE(P, R"cu(
#define LAUNCH(n) k<<<(n + 31) / 32, 32>>>(n)
__global__ void k(int n) {}
__global__ void parent(int n) {
#pragma dp threshold(64)
#pragma dp coarsen(4)
  k<<<1, 1>>>(n);
  LAUNCH(n);
  return k<<<1, 1>>>(n);
}
)cu");
  const LaunchSite &A = P->site(1);
  ASSERT_TRUE(A.Pragma);
  EXPECT_EQ(A.Pragma->str(), "threshold(64) coarsen(4)");
  EXPECT_TRUE(A.IsStatement);
  EXPECT_FALSE(A.FromMacro);
  const LaunchSite &M = P->site(2);
  EXPECT_TRUE(M.FromMacro);
  EXPECT_TRUE(M.IsStatement);
  EXPECT_FALSE(M.Pragma);
  const LaunchSite &R = P->site(3);
  EXPECT_FALSE(R.IsStatement) << "part of a return statement";
}

TEST(LaunchSite, HostSitesHaveTheFactsDeviceSitesHave) {
  DPOPT_PARSE(P, R"cu(
__global__ void k(float *a, int n) {}
void host(float *a, int n, cudaStream_t s) {
  for (int i = 0; i < 4; ++i)
    if (n > i)
      k<<<dim3(n, 2), 64, 128, s>>>(a, i);
}
)cu");
  ASSERT_EQ(P->Analysis->hostSites().size(), 1u);
  const LaunchSite &S = *P->Analysis->hostSites().front();
  EXPECT_EQ(S.Side, LaunchSide::Host);
  EXPECT_EQ(S.CalleeName, "k");
  EXPECT_EQ(S.Grid.Text, "dim3(n, 2)");
  EXPECT_EQ(S.Grid.Dims, 2u);
  EXPECT_EQ(S.Block.Dims, 1u);
  EXPECT_EQ(S.SharedMem.Text, "128");
  EXPECT_EQ(S.InStream, StreamKind::Other);
  ASSERT_EQ(S.Args.size(), 2u);
  EXPECT_EQ(S.Args[1].Text, "i");
  EXPECT_EQ(S.Args[1].Type, "int");
  EXPECT_EQ(S.LoopDepth, 1u);
  EXPECT_EQ(S.ConditionalDepth, 1u);
  EXPECT_TRUE(S.IsStatement);
  EXPECT_EQ(S.EnclosingBlock, nullptr) << "the body of an if without braces";
  EXPECT_TRUE(P->Analysis->launchSequences().empty());
}

TEST(LaunchSite, StreamLocalsAreLookedThrough) {
  // threshold's rewrite declares such a local and marks it used with
  // (void): a discarded value is no write, so the launch stays
  // fire-and-forget for the passes after it. An assigned local is Other.
  DPOPT_PARSE(P, R"cu(
__global__ void k(int n) {}
__global__ void parent(int n) {
  cudaStream_t s = (cudaStreamFireAndForget); (void)s;
  k<<<1, 32, 0, s>>>(n);
  cudaStream_t t = cudaStreamTailLaunch;
  k<<<1, 32, 0, t>>>(n);
  cudaStream_t u = cudaStreamFireAndForget;
  if (n > 1)
    u = 0;
  k<<<1, 32, 0, u>>>(n);
}
)cu");
  ASSERT_EQ(P->Analysis->deviceSites().size(), 3u);
  EXPECT_EQ(P->site(1).InStream, StreamKind::FireAndForget);
  EXPECT_EQ(P->site(2).InStream, StreamKind::TailLaunch);
  EXPECT_EQ(P->site(3).InStream, StreamKind::Other);
}

TEST(LaunchSite, LaunchSequences) {
  DPOPT_PARSE(P, R"cu(
#define TWICE(n) k<<<1, n>>>(n); k<<<1, n>>>(n)
__global__ void k(int n) {}
__global__ void parent(int n) { k<<<1, 1>>>(n); k<<<1, 1>>>(n); }
void host(int n) {
  k<<<1, 32>>>(n);
  k<<<2, 32>>>(n);
  ;
  k<<<3, 32>>>(n);
  cudaDeviceSynchronize();
  k<<<4, 32>>>(n);
  if (n) {
    k<<<5, 32>>>(n);
    k<<<6, 32>>>(n);
  }
  k<<<7, 32>>>(n);
  int m = n;
  k<<<8, 32>>>(m);
  TWICE(m);
}
)cu");
  std::vector<LaunchSequence> Seqs = P->Analysis->launchSequences();
  ASSERT_EQ(Seqs.size(), 4u);
  auto grids = [](const LaunchSequence &Q) {
    std::string G;
    for (const LaunchSite *S : Q.Sites)
      G += (S->FromMacro ? std::string("macro") : S->Grid.Text) + " ";
    return G;
  };
  // Empty statements do not break a run; a call, a declaration or the end
  // of a block does. A device thread's launches make runs too.
  EXPECT_EQ(grids(Seqs[0]), "1 1 ");
  EXPECT_EQ(Seqs[0].Sites[0]->Side, LaunchSide::Device);
  EXPECT_EQ(grids(Seqs[1]), "1 2 3 ");
  EXPECT_EQ(grids(Seqs[2]), "5 6 ");
  EXPECT_EQ(grids(Seqs[3]), "8 macro macro ");
  for (const LaunchSequence &Q : Seqs)
    for (const LaunchSite *S : Q.Sites)
      EXPECT_EQ(S->EnclosingBlock, Q.Block);
}

TEST(LaunchSite, TemplateLaunchInsideAnExpressionIsResolved) {
  // Clang 22 resolves device-side launches anywhere, not only as statements.
  DPOPT_PARSE(P, R"cu(
template <class T> __global__ void kid(T *a) {}
__global__ void parent(float *a) { (void)(kid<float><<<1, 1>>>(a), 0); }
)cu");
  ASSERT_EQ(P->Analysis->sites().size(), 1u);
  const LaunchSite &S = P->site(1);
  EXPECT_EQ(S.CalleeName, "kid<float>");
  EXPECT_EQ(S.Side, LaunchSide::Device);
  EXPECT_FALSE(S.IsStatement);
}

TEST(LaunchSite, MarkedStatementKeepsItsSiteId) {
  // A launch statement a pass wrote starts with its site's marker: the site
  // keeps the user's id, and the marker belongs to the statement.
  DPOPT_PARSE(P, R"cu(
__global__ void kid(int *a) {}
__global__ void parent(int *a) {
  kid<<<1, 1>>>(a);
  kid<<<2, 1>>>(a);
}
)cu");
  const LaunchSite &Second = P->site(2);
  std::string Marked = markers::markDeviceStatement(1, "kid<<<3, 1>>>(a);");
  clang::tooling::Replacements Edits;
  llvm::cantFail(Edits.add(
      clang::tooling::Replacement(P->Source->path(), Second.StmtBegin,
                                  Second.StmtEnd - Second.StmtBegin, Marked)));
  P->Analysis.reset(); // it refers to the parse apply() replaces
  ASSERT_FALSE(llvm::errorToBool(P->WC->apply(Edits, "test")));
  ProgramAnalysis A(*P->WC);
  ASSERT_EQ(A.sites().size(), 2u);
  const LaunchSite &Rewritten = A.sites()[1];
  EXPECT_EQ(Rewritten.Id, 1u) << "the marker names site 1";
  EXPECT_EQ(P->WC->text().substr(Rewritten.StmtBegin,
                                 Rewritten.StmtEnd - Rewritten.StmtBegin),
            Marked);
  EXPECT_EQ(A.sites()[0].Id, 1u) << "the user's site 1, found by its offset";
  EXPECT_EQ(P->WC->outputText().find("__dpopt"), std::string::npos);
}

TEST(LaunchSite, LocationsPointIntoTheUserFile) {
  DPOPT_PARSE(P, "template <class T> __global__ void kid(T *a) {}\n"
                 "__global__ void parent(float *a) {\n"
                 "  kid<float><<<1, 1>>>(a); kid<float><<<1, 1>>>(a);\n"
                 "}\n");
  UserLocation A = P->WC->locate(P->site(1).Call->getBeginLoc());
  UserLocation B = P->WC->locate(P->site(2).Call->getBeginLoc());
  EXPECT_EQ(A.Line, 3u);
  EXPECT_EQ(A.Column, 3u);
  EXPECT_EQ(B.Line, 3u);
  EXPECT_EQ(B.Column, 28u);
  EXPECT_EQ(P->WC->outputText(), P->Source->text());
}

} // namespace
