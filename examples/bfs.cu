// examples/bfs.cu - breadth-first search written the natural CDP way.
//
// Each frontier vertex's thread launches a child grid over its neighbours.
// dpopt rewrites the launch site; the program checks its own result against
// a CPU BFS and prints PASS or FAIL, so it can be run before and after dpopt:
//
//   dpopt examples/bfs.cu -o out/bfs.dpopt.cu --report
//   nvcc -O3 -rdc=true -arch=sm_90 -I runtime out/bfs.dpopt.cu -o out/bfs -lcudadevrt
//   ./out/bfs
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t Err = (call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(Err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

constexpr int ChildBlock = 128;

__global__ void visitNeighbours(const int *Col, int Begin, int Degree, int *Level,
                                int Next, int *Changed) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Degree) {
    int U = Col[Begin + I];
    if (Level[U] < 0) {
      Level[U] = Next; // every writer stores the same value
      *Changed = 1;
    }
  }
}

__global__ void expandFrontier(const int *Row, const int *Col, int *Level, int N,
                               int Cur, int *Changed) {
  int V = blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N && Level[V] == Cur) {
    int Begin = Row[V];
    int Degree = Row[V + 1] - Begin;
    if (Degree > 0)
      visitNeighbours<<<(Degree + ChildBlock - 1) / ChildBlock, ChildBlock>>>(
          Col, Begin, Degree, Level, Cur + 1, Changed);
  }
}

/// A graph with a few hubs, so that some children are large.
static void makeGraph(int N, std::vector<int> &Row, std::vector<int> &Col) {
  std::vector<std::vector<int>> Adj(N);
  unsigned Seed = 12345;
  auto Next = [&Seed] { return Seed = Seed * 1103515245u + 12345u; };
  for (int V = 0; V < N; ++V) {
    int Degree = V % 97 == 0 ? 2000 : 1 + (Next() >> 16) % 16;
    for (int E = 0; E < Degree; ++E)
      Adj[V].push_back((Next() >> 8) % N);
  }
  Row.assign(1, 0);
  for (int V = 0; V < N; ++V) {
    Col.insert(Col.end(), Adj[V].begin(), Adj[V].end());
    Row.push_back(static_cast<int>(Col.size()));
  }
}

int main() {
  const int N = 1 << 16;
  std::vector<int> Row, Col;
  makeGraph(N, Row, Col);

  std::vector<int> Expected(N, -1);
  std::queue<int> Queue;
  Expected[0] = 0;
  Queue.push(0);
  while (!Queue.empty()) {
    int V = Queue.front();
    Queue.pop();
    for (int E = Row[V]; E < Row[V + 1]; ++E)
      if (Expected[Col[E]] < 0) {
        Expected[Col[E]] = Expected[V] + 1;
        Queue.push(Col[E]);
      }
  }

  // Every frontier vertex may launch a child in one parent grid.
  CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, N));
  int *DRow, *DCol, *DLevel, *DChanged;
  CHECK(cudaMalloc(&DRow, Row.size() * sizeof(int)));
  CHECK(cudaMalloc(&DCol, Col.size() * sizeof(int)));
  CHECK(cudaMalloc(&DLevel, N * sizeof(int)));
  CHECK(cudaMalloc(&DChanged, sizeof(int)));
  CHECK(cudaMemcpy(DRow, Row.data(), Row.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DCol, Col.data(), Col.size() * sizeof(int), cudaMemcpyHostToDevice));
  std::vector<int> Level(N, -1);
  Level[0] = 0;
  CHECK(cudaMemcpy(DLevel, Level.data(), N * sizeof(int), cudaMemcpyHostToDevice));

  cudaEvent_t Start, Stop;
  CHECK(cudaEventCreate(&Start));
  CHECK(cudaEventCreate(&Stop));
  CHECK(cudaEventRecord(Start));
  for (int Cur = 0; Cur < N; ++Cur) {
    int Changed = 0;
    CHECK(cudaMemcpy(DChanged, &Changed, sizeof(int), cudaMemcpyHostToDevice));
    expandFrontier<<<(N + 255) / 256, 256>>>(DRow, DCol, DLevel, N, Cur, DChanged);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&Changed, DChanged, sizeof(int), cudaMemcpyDeviceToHost));
    if (!Changed)
      break;
  }
  CHECK(cudaEventRecord(Stop));
  CHECK(cudaEventSynchronize(Stop));
  float Ms = 0;
  CHECK(cudaEventElapsedTime(&Ms, Start, Stop));
  CHECK(cudaMemcpy(Level.data(), DLevel, N * sizeof(int), cudaMemcpyDeviceToHost));

  int Wrong = 0;
  for (int V = 0; V < N; ++V)
    Wrong += Level[V] != Expected[V];
  std::printf("%s bfs: %d vertices, %zu edges, %d wrong levels, %.3f ms\n",
              Wrong ? "FAIL" : "PASS", N, Col.size(), Wrong, Ms);
  return Wrong ? 1 : 0;
}
