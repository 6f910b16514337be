//===- merge/merge.cu - Merging small independent launches ---------------===//
//
// The benchmark of dpopt's merge pass (Guevara et al. 2009, "Enabling Task
// Parallelism in the CUDA Scheduler"; the clause `merge` in docs/pragma.md
// and docs/passes/merge.md). Each case is a short sequence of launches of
// independent small kernels, written once under `#pragma dp merge`:
//
//   case    kernels (blocks at scale s, threads per block)  category
//   CC      sin (s, 128) + hash (s, 256)                    compute + compute
//   CM      sin (s, 128) + triad (s, 256)                   compute + memory
//   MM      triad (s, 256) + smooth (s, 64)                 memory + memory
//   LAT     triad (s, 256) + sin-long (s, 128)              short + long
//   TRIPLE  stencil (s, 32x8) + reduce (s, 128) + smooth (s, 64)
//
// sin and hash are iterated per-thread computations (float and integer),
// triad a streaming A = s C + B, smooth a 3-point sum through dynamic shared
// memory with barriers, reduce per-block sums through static shared memory
// with barriers, stencil a 5-point stencil on a 2-D grid of 2-D blocks;
// sin-long is sin with many more iterations (the paper's 5.3: kernels with
// very different completion times).
//
// The same file is the variants of run.sh:
//   seq           this file compiled by nvcc (which ignores the pragma),
//                 --mode seq: the launches one after the other on the
//                 default stream;
//   streams       this file, --mode streams: each kernel on its own created
//                 stream, forked from and joined back to the default stream
//                 with events (what a CUDA programmer writes today);
//   merge         dpopt --passes=merge output, --mode seq: one launch of the
//                 merged kernel when the run-time test says the merged grid
//                 is small enough (at most DPOPT_MERGE_BLOCKS_PER_SM, 1 by
//                 default, blocks per SM and at most one wave of the merged
//                 kernel's occupancy), else the launches as written;
//   merge-b<X>    the same with -DDPOPT_MERGE_BLOCKS_PER_SM=<X> (the sweep);
//   merge-always  the same compiled with -DDPOPT_MERGE_ALWAYS=1 (no test).
// --mode solo times every kernel of a case alone (rows solo-<kernel>), so
// that the report can put the merged time next to the longest kernel's time
// and the sum of the kernels' times.
//
// Every buffer is its own cudaMalloc of a local pointer of the case's
// function, so the launches of a sequence are provably independent, and
// every output is written from inputs only, so repeating a sequence gives
// the same result.
//
// Timing (CUDA events on the default stream): per (case, scale, mode) one
// checked run (outputs first filled with 0xFF bytes, so a block that never
// runs is seen), --warmup sequences, a calibration batch that sets K = the
// number of back-to-back sequences that take about --target-ms, then --runs
// batches of K sequences, each timed as a whole and divided by K (a tiny
// sequence takes a few microseconds, near the events' resolution and below
// the launch latency; in a batch the host enqueues ahead of the GPU, so a
// time is the steady-state cost of one sequence, including any host-side
// launch cost the GPU cannot hide). Batches are recorded back to back and
// waited for at the end. Reported: median, min and max over the batches; the
// outputs are verified again after the last batch.
//
// Output: one CSV line per (case, scale, mode) on stdout:
//   case,scale,blocks_total,mode,median_ms,verified,min_ms,max_ms,batch,runs,
//   wave_est,sms
// wave_est estimates the blocks of one wave of the merged kernel: the SM
// count times the fewest blocks per SM the occupancy API gives any of the
// case's kernels at the largest block size and the largest dynamic shared
// memory of the case. sms is the device's SM count
// (cudaDevAttrMultiProcessorCount): the run-time test merges when
// blocks_total <= min(DPOPT_MERGE_BLOCKS_PER_SM x sms, wave_est), if
// dpopt's occupancy equals the estimate. Exit status: 0 all verified, 1 a wrong result,
// 2 a CUDA or usage error.
//
//===----------------------------------------------------------------------===//

#include "bench_core.h"
#include "parallel.h"
#include "rng.h"

#include <cuda_runtime.h>

#include <cstring>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// A CUDA error is reported on stderr (stdout is the CSV) and ends the run.
#define CUDA_CHECK(Call) cudaCheck((Call), #Call, __FILE__, __LINE__)

static void cudaCheck(cudaError_t Err, const char *What, const char *File,
                      int Line) {
  if (Err == cudaSuccess)
    return;
  std::fflush(stdout);
  std::fprintf(stderr, "merge: %s:%d: %s: %s (%s)\n", File, Line, What,
               cudaGetErrorName(Err), cudaGetErrorString(Err));
  std::exit(2);
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

constexpr int SinBlock = 128;
constexpr int HashBlock = 256;
constexpr int TriadBlock = 256;
/// Elements per thread of triad (a grid-wide stride apart, so coalesced): a
/// block moves 96 KB.
constexpr int TriadPerThread = 32;
constexpr float TriadScalar = 1.5f;
constexpr int SmoothBlock = 64;
/// Tiles of SmoothBlock values one smooth block handles, one after another.
constexpr int SmoothTiles = 64;
constexpr int ReduceBlock = 128;
constexpr int ReducePerThread = 16;
constexpr int StencilBlockX = 32;
constexpr int StencilBlockY = 8;
/// Rows per thread of stencil: a block covers 32 x 64 points.
constexpr int StencilRows = 8;
static_assert((ReduceBlock & (ReduceBlock - 1)) == 0,
              "the tree reduction halves a power of two");

/// Compute-bound, floating point: V <- 0.5 sin(V) + X/4, Iters times. The map
/// is a contraction (|d/dV| <= 0.5), so rounding errors do not grow (see
/// SinTolerance).
__global__ void sinIter(const float *X, float *Y, int N, int Iters) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  const float C = 0.25f * X[I];
  float V = C;
  for (int K = 0; K < Iters; ++K)
    V = fmaf(0.5f, sinf(V), C);
  Y[I] = V;
}

/// One round of an integer mixing function (host and device: the reference
/// uses the very same code).
__host__ __device__ inline unsigned mixStep(unsigned H, unsigned K) {
  H ^= H >> 16;
  H *= 0x7feb352du;
  H ^= H >> 15;
  return H + K;
}

/// Compute-bound, integer: Iters dependent rounds of mixStep per element.
__global__ void hashIter(const unsigned *X, unsigned *Y, int N, int Iters) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  unsigned H = X[I];
  for (int K = 0; K < Iters; ++K)
    H = mixStep(H, static_cast<unsigned>(K));
  Y[I] = H;
}

/// Memory-bound: A = S * C + B over gridDim.x * blockDim.x * TriadPerThread
/// elements.
__global__ void triad(const float *B, const float *C, float *A, float S) {
  const int Stride = gridDim.x * blockDim.x;
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  for (int K = 0; K < TriadPerThread; ++K, I += Stride)
    A[I] = fmaf(S, C[I], B[I]);
}

/// Memory-bound with dynamic shared memory (blockDim.x + 2 ints) and
/// barriers: Out[i] = In[i-1] + In[i] + In[i+1] (0 outside [0, N)), over
/// SmoothTiles consecutive tiles of blockDim.x values per block.
__global__ void smooth(const int *In, int *Out, int N) {
  extern __shared__ int Tile[];
  const int T = threadIdx.x;
  const int B = blockDim.x;
  for (int R = 0; R < SmoothTiles; ++R) {
    const int Base = (blockIdx.x * SmoothTiles + R) * B;
    Tile[T + 1] = In[Base + T];
    if (T == 0)
      Tile[0] = Base > 0 ? In[Base - 1] : 0;
    if (T == B - 1)
      Tile[B + 1] = Base + B < N ? In[Base + B] : 0;
    __syncthreads();
    Out[Base + T] = Tile[T] + Tile[T + 1] + Tile[T + 2];
    __syncthreads(); // The next tile overwrites Tile.
  }
}

/// Static shared memory and barriers: Partial[b] = the (wrapping) sum of the
/// ReduceBlock * ReducePerThread values of block b.
__global__ void reduce(const unsigned *In, unsigned *Partial) {
  __shared__ unsigned Sums[ReduceBlock];
  const int T = threadIdx.x;
  const unsigned *Chunk = In + blockIdx.x * (ReduceBlock * ReducePerThread);
  unsigned Sum = 0;
  for (int K = 0; K < ReducePerThread; ++K)
    Sum += Chunk[K * ReduceBlock + T];
  Sums[T] = Sum;
  __syncthreads();
  for (int Half = ReduceBlock / 2; Half > 0; Half /= 2) {
    if (T < Half)
      Sums[T] += Sums[T + Half];
    __syncthreads();
  }
  if (T == 0)
    Partial[blockIdx.x] = Sums[0];
}

/// 2-D grid of 2-D blocks: a five-point stencil on a Width x Height grid,
/// Out = (N + S + W + E) / 4 - C, a missing neighbour replaced by C. Each
/// thread handles StencilRows rows, blockDim.y apart.
__global__ void stencil(const float *In, float *Out, int Width, int Height) {
  const int X = blockIdx.x * blockDim.x + threadIdx.x;
  const int Y0 = blockIdx.y * blockDim.y * StencilRows + threadIdx.y;
  for (int R = 0; R < StencilRows; ++R) {
    const int Y = Y0 + R * blockDim.y;
    const float C = In[Y * Width + X];
    const float N = Y > 0 ? In[(Y - 1) * Width + X] : C;
    const float S = Y + 1 < Height ? In[(Y + 1) * Width + X] : C;
    const float W = X > 0 ? In[Y * Width + X - 1] : C;
    const float E = X + 1 < Width ? In[Y * Width + X + 1] : C;
    Out[Y * Width + X] = 0.25f * ((N + S) + (W + E)) - C;
  }
}

//===----------------------------------------------------------------------===//
// Inputs and CPU references
//===----------------------------------------------------------------------===//

/// Values of the iterated kernels' inputs: 12 bits of a hash of (buffer,
/// index). The references of sin and hash are then tables over 4096 inputs
/// (computed once per iteration count), while every GPU thread still does
/// the whole computation on the value it loads.
constexpr int Levels = 4096;

static uint32_t level(uint64_t Buffer, size_t I) {
  return static_cast<uint32_t>(dprng::hash64(Buffer, I) % Levels);
}

/// Fills V[i] = F(i) on every core (chunks of fixed size: deterministic).
template <class T, class Fn> static std::vector<T> generate(size_t N, Fn F) {
  std::vector<T> V(N);
  constexpr int64_t Chunk = 1 << 16;
  dpgraph::parallelFor((static_cast<int64_t>(N) + Chunk - 1) / Chunk, 0,
                       [&](int64_t C) {
                         size_t End = std::min(N, size_t(C + 1) * Chunk);
                         for (size_t I = size_t(C) * Chunk; I < End; ++I)
                           V[I] = F(I);
                       });
  return V;
}

/// sin's inputs: Levels values in [-2, 2), exact in float.
static std::vector<float> sinInput(uint64_t Buffer, size_t N) {
  return generate<float>(N, [&](size_t I) {
    return static_cast<float>(level(Buffer, I)) / 1024.0f - 2.0f;
  });
}

static std::vector<unsigned> levelInput(uint64_t Buffer, size_t N) {
  return generate<unsigned>(N, [&](size_t I) { return level(Buffer, I); });
}

/// Floats in [0, 1) with 24 significant bits (exact in float).
static std::vector<float> unitInput(uint64_t Buffer, size_t N) {
  return generate<float>(N, [&](size_t I) {
    return static_cast<float>(dprng::hash64(Buffer, I) >> 40) * 0x1p-24f;
  });
}

/// Integers in [0, 2^16): sums of a few never overflow.
static std::vector<int> intInput(uint64_t Buffer, size_t N) {
  return generate<int>(N, [&](size_t I) {
    return static_cast<int>(dprng::hash64(Buffer, I) & 0xffff);
  });
}

/// sin is compared with a tolerance: the CPU iterates the same map in
/// double. On the GPU each step adds at most ~2 ulp of sinf (CUDA's bound
/// without fast math) times 0.5, plus 0.5 ulp of the fmaf, on values of
/// magnitude <= 1: below 2e-7. The map contracts by 0.5, so the error stays
/// below 2e-7 / (1 - 0.5) = 4e-7 however many iterations run. 1e-5 is 25
/// times that; a wrong element (another input, not written: 0xFF bytes are a
/// NaN) is off by far more.
constexpr double SinTolerance = 1e-5;

static const std::vector<float> &sinTable(int Iters) {
  static std::map<int, std::vector<float>> Cache;
  auto It = Cache.find(Iters);
  if (It != Cache.end())
    return It->second;
  std::vector<float> Table(Levels);
  dpgraph::parallelFor(Levels, 0, [&](int64_t Q) {
    const float X = static_cast<float>(Q) / 1024.0f - 2.0f;
    const double C = 0.25f * X;
    double V = C;
    for (int K = 0; K < Iters; ++K)
      V = 0.5 * std::sin(V) + C;
    Table[Q] = static_cast<float>(V);
  });
  return Cache.emplace(Iters, std::move(Table)).first->second;
}

static std::vector<float> sinReference(const std::vector<float> &X, int Iters) {
  const std::vector<float> &Table = sinTable(Iters);
  std::vector<float> Y(X.size());
  for (size_t I = 0; I < X.size(); ++I)
    Y[I] = Table[static_cast<int>((X[I] + 2.0f) * 1024.0f)];
  return Y;
}

static std::vector<unsigned> hashReference(const std::vector<unsigned> &X,
                                           int Iters) {
  static std::map<int, std::vector<unsigned>> Cache;
  std::vector<unsigned> &Table = Cache[Iters];
  if (Table.empty()) {
    Table.resize(Levels);
    for (unsigned Q = 0; Q < Levels; ++Q) {
      unsigned H = Q;
      for (int K = 0; K < Iters; ++K)
        H = mixStep(H, static_cast<unsigned>(K));
      Table[Q] = H;
    }
  }
  std::vector<unsigned> Y(X.size());
  for (size_t I = 0; I < X.size(); ++I)
    Y[I] = Table[X[I]];
  return Y;
}

/// fmaf is correctly rounded on both sides: compared exactly.
static std::vector<float> triadReference(const std::vector<float> &B,
                                         const std::vector<float> &C) {
  std::vector<float> A(B.size());
  for (size_t I = 0; I < B.size(); ++I)
    A[I] = std::fmaf(TriadScalar, C[I], B[I]);
  return A;
}

static std::vector<int> smoothReference(const std::vector<int> &In) {
  const size_t N = In.size();
  std::vector<int> Out(N);
  for (size_t I = 0; I < N; ++I)
    Out[I] = (I > 0 ? In[I - 1] : 0) + In[I] + (I + 1 < N ? In[I + 1] : 0);
  return Out;
}

static std::vector<unsigned> reduceReference(const std::vector<unsigned> &In) {
  constexpr size_t Chunk = ReduceBlock * ReducePerThread;
  std::vector<unsigned> Partial(In.size() / Chunk, 0u);
  for (size_t I = 0; I < In.size(); ++I)
    Partial[I / Chunk] += In[I];
  return Partial;
}

/// The same operations in the same order. 0.25 * sum is exact (a power of
/// two), so a contraction of "0.25 * sum - C" into one fma on either side
/// gives the same float: compared exactly.
static std::vector<float> stencilReference(const std::vector<float> &In,
                                           int Width, int Height) {
  std::vector<float> Out(In.size());
  for (int Y = 0; Y < Height; ++Y)
    for (int X = 0; X < Width; ++X) {
      const float C = In[size_t(Y) * Width + X];
      const float N = Y > 0 ? In[size_t(Y - 1) * Width + X] : C;
      const float S = Y + 1 < Height ? In[size_t(Y + 1) * Width + X] : C;
      const float W = X > 0 ? In[size_t(Y) * Width + X - 1] : C;
      const float E = X + 1 < Width ? In[size_t(Y) * Width + X + 1] : C;
      Out[size_t(Y) * Width + X] = 0.25f * ((N + S) + (W + E)) - C;
    }
  return Out;
}

/// A grid of Blocks blocks as X x Y with X the largest divisor <= 16.
static dim3 grid2d(int Blocks) {
  int X = std::min(Blocks, 16);
  while (Blocks % X)
    --X;
  return dim3(X, Blocks / X);
}

//===----------------------------------------------------------------------===//
// Options, streams and the measurement driver
//===----------------------------------------------------------------------===//

enum class Mode { Seq, Streams, Solo };

struct Options {
  Mode Run = Mode::Seq;
  std::string Label; ///< The CSV mode column; default: the mode's name.
  std::vector<std::string> Cases = {"CC", "CM", "MM", "LAT", "TRIPLE"};
  std::vector<int> Scales = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048};
  int Runs = 11;
  int Warmup = 3;
  double TargetMs = 3.0;
  int MaxBatch = 4096;
  int ItersSin = 256;
  int ItersHash = 2048;
  int ItersLong = 4096;
  bool Header = false;
  bool Info = false;
};

static const char *UsageText =
    "usage: merge [--mode seq|streams|solo] [--label NAME] [--header]\n"
    "             [--cases CC,CM,MM,LAT,TRIPLE] [--scales 2,4,...,2048]\n"
    "             [--runs N (11)] [--warmup N (3)] [--target-ms X (3)]\n"
    "             [--max-batch N (4096)] [--iters-sin N (256)]\n"
    "             [--iters-hash N (2048)] [--iters-long N (4096)] [--info]\n"
    "Prints case,scale,blocks_total,mode,median_ms,verified,min_ms,max_ms,\n"
    "batch,runs,wave_est,sms per (case, scale) on stdout; see merge.cu.\n";

[[noreturn]] static void usageError(const std::string &Message) {
  std::fprintf(stderr, "merge: %s\n%s", Message.c_str(), UsageText);
  std::exit(2);
}

static std::vector<std::string> splitList(const std::string &Text) {
  std::vector<std::string> Items;
  std::stringstream SS(Text);
  for (std::string Item; std::getline(SS, Item, ',');)
    if (!Item.empty())
      Items.push_back(Item);
  return Items;
}

static long long parseInt(const std::string &Flag, const std::string &Text,
                          long long Min) {
  char *End = nullptr;
  long long V = std::strtoll(Text.c_str(), &End, 10);
  if (Text.empty() || *End != '\0' || V < Min || V > (1LL << 30))
    usageError(Flag + " expects an integer >= " + std::to_string(Min) +
               ", got '" + Text + "'");
  return V;
}

static Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    const std::string A = Argv[I];
    if (A == "-h" || A == "--help") {
      std::printf("%s", UsageText);
      std::exit(0);
    }
    if (A == "--header") {
      O.Header = true;
      continue;
    }
    if (A == "--info") {
      O.Info = true;
      continue;
    }
    if (I + 1 >= Argc)
      usageError("unknown option or missing value: " + A);
    const std::string V = Argv[++I];
    if (A == "--mode") {
      if (V == "seq")
        O.Run = Mode::Seq;
      else if (V == "streams")
        O.Run = Mode::Streams;
      else if (V == "solo")
        O.Run = Mode::Solo;
      else
        usageError("--mode expects seq, streams or solo");
    } else if (A == "--label") {
      O.Label = V;
    } else if (A == "--cases") {
      O.Cases = splitList(V);
    } else if (A == "--scales") {
      O.Scales.clear();
      for (const std::string &S : splitList(V)) {
        // Beyond 65536, triad's element indices would overflow int.
        const long long Scale = parseInt(A, S, 1);
        if (Scale > 65536)
          usageError("--scales: at most 65536");
        O.Scales.push_back(static_cast<int>(Scale));
      }
    } else if (A == "--runs") {
      O.Runs = static_cast<int>(parseInt(A, V, 1));
    } else if (A == "--warmup") {
      O.Warmup = static_cast<int>(parseInt(A, V, 0));
    } else if (A == "--max-batch") {
      O.MaxBatch = static_cast<int>(parseInt(A, V, 1));
    } else if (A == "--iters-sin") {
      O.ItersSin = static_cast<int>(parseInt(A, V, 0));
    } else if (A == "--iters-hash") {
      O.ItersHash = static_cast<int>(parseInt(A, V, 0));
    } else if (A == "--iters-long") {
      O.ItersLong = static_cast<int>(parseInt(A, V, 0));
    } else if (A == "--target-ms") {
      char *End = nullptr;
      O.TargetMs = std::strtod(V.c_str(), &End);
      if (V.empty() || *End != '\0' || !(O.TargetMs > 0))
        usageError("--target-ms expects a positive number");
    } else {
      usageError("unknown option: " + A);
    }
  }
  if (O.Label.empty())
    O.Label = O.Run == Mode::Seq       ? "seq"
              : O.Run == Mode::Streams ? "streams"
                                       : "solo";
  if (O.Label.find_first_of(",\" \n") != std::string::npos)
    usageError("--label must not contain commas, quotes or spaces");
  return O;
}

constexpr int MaxKernels = 3;

/// The streams version: kernel i on stream S[i]. fork() makes every stream
/// wait for the work already on the default stream; join() makes the
/// default stream wait for every stream, so the timing events and the next
/// sequence come after all of this one.
struct StreamSet {
  cudaStream_t S[MaxKernels] = {};
  cudaEvent_t Fork = nullptr, Join[MaxKernels] = {};

  void create() {
    for (int I = 0; I < MaxKernels; ++I) {
      CUDA_CHECK(cudaStreamCreateWithFlags(&S[I], cudaStreamNonBlocking));
      CUDA_CHECK(cudaEventCreateWithFlags(&Join[I], cudaEventDisableTiming));
    }
    CUDA_CHECK(cudaEventCreateWithFlags(&Fork, cudaEventDisableTiming));
  }
  void fork(int N) {
    CUDA_CHECK(cudaEventRecord(Fork, 0));
    for (int I = 0; I < N; ++I)
      CUDA_CHECK(cudaStreamWaitEvent(S[I], Fork, 0));
  }
  void join(int N) {
    for (int I = 0; I < N; ++I) {
      CUDA_CHECK(cudaEventRecord(Join[I], S[I]));
      CUDA_CHECK(cudaStreamWaitEvent(0, Join[I], 0));
    }
  }
};

struct Context {
  Options O;
  StreamSet Streams;
  int Sms = 0;
  bool Failed = false;
};

/// One kernel of a case, for the wave estimate, --info and solo rows.
struct KernelDesc {
  std::string Name;
  const void *Fn;
  dim3 Grid, Block;
  size_t DynSmem;
};

/// One output buffer, written by kernel Kernel, and its check.
struct Expect {
  int Kernel;
  void *Dev;
  size_t Bytes;
  std::function<dpbench::Check(const void *Host)> Verify;
};

/// Runs the timing protocol of the file comment for one (case, scale). The
/// case's function launches one sequence per true next():
///
///   while (D.next()) {
///     if (D.solo() == 0) kA<<<...>>>(...);           // kernel 0 alone
///     else if (D.solo() == 1) kB<<<...>>>(...);
///     else if (D.streams()) { D.fork(); ...<<<..., D.stream(i)>>>; D.join(); }
///     else { #pragma dp merge  kA<<<...>>>(...); kB<<<...>>>(...); }
///   }
///
/// next() does everything between sequences: fills, events, checks and the
/// CSV lines (one per part: the whole sequence, or each kernel in solo mode).
class Driver {
public:
  Driver(Context &Ctx, const char *Case, int Scale,
         std::vector<KernelDesc> Kernels)
      : Ctx(Ctx), Case(Case), Scale(Scale), Kernels(std::move(Kernels)) {
    for (const KernelDesc &K : this->Kernels)
      BlocksTotal += static_cast<long long>(K.Grid.x) * K.Grid.y * K.Grid.z;
    WaveEst = waveEstimate();
    if (Ctx.O.Run == Mode::Solo)
      for (int I = 0; I < static_cast<int>(this->Kernels.size()); ++I)
        Parts.push_back(I);
    else
      Parts.push_back(-1);
    Events.resize(Ctx.O.Runs + 1);
    for (cudaEvent_t &E : Events)
      CUDA_CHECK(cudaEventCreate(&E));
    if (Ctx.O.Info)
      printInfo();
  }
  ~Driver() {
    for (cudaEvent_t E : Events)
      cudaEventDestroy(E);
  }
  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;

  template <class T>
  void expectExact(int Kernel, T *Dev, std::vector<T> Ref, const char *What) {
    const size_t Bytes = Ref.size() * sizeof(T);
    Expects.push_back(
        {Kernel, Dev, Bytes, [Ref = std::move(Ref), What](const void *Host) {
           std::vector<T> Got(Ref.size());
           std::memcpy(Got.data(), Host, Got.size() * sizeof(T));
           return dpbench::compareExact(Ref, Got, What);
         }});
  }
  void expectNear(int Kernel, float *Dev, std::vector<float> Ref,
                  double Tolerance, const char *What) {
    const size_t Bytes = Ref.size() * sizeof(float);
    Expects.push_back(
        {Kernel, Dev, Bytes,
         [Ref = std::move(Ref), Tolerance, What](const void *Host) {
           std::vector<float> Got(Ref.size());
           std::memcpy(Got.data(), Host, Got.size() * sizeof(float));
           return dpbench::compareRelative(Ref, Got, Tolerance, What);
         }});
  }

  /// -1: launch the whole sequence; K: launch kernel K alone.
  int solo() const { return Parts[Part]; }
  bool streams() const { return Ctx.O.Run == Mode::Streams; }
  cudaStream_t stream(int I) const { return Ctx.Streams.S[I]; }
  void fork() { Ctx.Streams.fork(static_cast<int>(Kernels.size())); }
  void join() { Ctx.Streams.join(static_cast<int>(Kernels.size())); }

  /// True when the caller should launch one more sequence.
  bool next() {
    for (;;) {
      if (Left > 0) {
        --Left;
        return true;
      }
      switch (At) {
      case Step::Idle:
        if (Part == Parts.size())
          return false;
        for (const Expect &E : Expects)
          CUDA_CHECK(cudaMemset(E.Dev, 0xff, E.Bytes));
        At = Step::Checked;
        Left = 1;
        break;
      case Step::Checked:
        if (!verify("first run")) {
          emit(false);
          break;
        }
        At = Step::Warm;
        Left = Ctx.O.Warmup;
        break;
      case Step::Warm:
        CUDA_CHECK(cudaEventRecord(Events[0], 0));
        At = Step::Calibrated;
        Left = CalibrationSequences;
        break;
      case Step::Calibrated: {
        CUDA_CHECK(cudaEventRecord(Events[1], 0));
        CUDA_CHECK(cudaEventSynchronize(Events[1]));
        CUDA_CHECK(cudaGetLastError());
        float Ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&Ms, Events[0], Events[1]));
        const double PerSequence =
            std::max(static_cast<double>(Ms) / CalibrationSequences, 1e-4);
        Batch = static_cast<int>(std::min<double>(
            Ctx.O.MaxBatch, std::max(1.0, Ctx.O.TargetMs / PerSequence)));
        Rep = 0;
        CUDA_CHECK(cudaEventRecord(Events[0], 0));
        At = Step::Timed;
        Left = Batch;
        break;
      }
      case Step::Timed:
        CUDA_CHECK(cudaEventRecord(Events[++Rep], 0));
        if (Rep < Ctx.O.Runs) {
          Left = Batch;
          break;
        }
        CUDA_CHECK(cudaEventSynchronize(Events[Rep]));
        CUDA_CHECK(cudaGetLastError());
        Times.clear();
        for (int R = 0; R < Ctx.O.Runs; ++R) {
          float Ms = 0;
          CUDA_CHECK(cudaEventElapsedTime(&Ms, Events[R], Events[R + 1]));
          Times.push_back(static_cast<double>(Ms) / Batch);
        }
        emit(verify("after the timed runs"));
        break;
      }
    }
  }

private:
  enum class Step { Idle, Checked, Warm, Calibrated, Timed };
  static constexpr int CalibrationSequences = 4;

  /// Waits, then checks the outputs the current part writes.
  bool verify(const char *When) {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaGetLastError());
    bool Ok = true;
    for (const Expect &E : Expects) {
      if (solo() >= 0 && E.Kernel != solo())
        continue;
      std::vector<unsigned char> Host(E.Bytes);
      CUDA_CHECK(
          cudaMemcpy(Host.data(), E.Dev, E.Bytes, cudaMemcpyDeviceToHost));
      dpbench::Check C = E.Verify(Host.data());
      if (!C.Ok) {
        std::fprintf(stderr, "merge: %s scale %d %s: %s: wrong result: %s\n",
                     Case.c_str(), Scale, label().c_str(), When,
                     C.Detail.c_str());
        Ok = false;
      }
    }
    return Ok;
  }

  std::string label() const {
    return solo() >= 0 ? "solo-" + Kernels[solo()].Name : Ctx.O.Label;
  }

  /// Prints the part's CSV line and moves to the next part.
  void emit(bool Ok) {
    char Buf[512];
    if (Ok) {
      dpbench::Stats S = dpbench::summarize(Times);
      std::snprintf(Buf, sizeof(Buf),
                    "%s,%d,%lld,%s,%.6f,yes,%.6f,%.6f,%d,%d,%lld,%d",
                    Case.c_str(), Scale, BlocksTotal, label().c_str(), S.Median,
                    S.Min, S.Max, Batch, Ctx.O.Runs, WaveEst, Ctx.Sms);
      std::fprintf(stderr,
                   "merge: %-6s scale %5d blocks %6lld %-16s %10.4f ms "
                   "(batch %d)\n",
                   Case.c_str(), Scale, BlocksTotal, label().c_str(), S.Median,
                   Batch);
    } else {
      std::snprintf(Buf, sizeof(Buf), "%s,%d,%lld,%s,NA,no,NA,NA,NA,0,%lld,%d",
                    Case.c_str(), Scale, BlocksTotal, label().c_str(), WaveEst,
                    Ctx.Sms);
      Ctx.Failed = true;
    }
    std::printf("%s\n", Buf);
    std::fflush(stdout);
    ++Part;
    At = Step::Idle;
    Left = 0;
  }

  long long waveEstimate() const {
    int Threads = 0;
    size_t Dyn = 0;
    for (const KernelDesc &K : Kernels) {
      Threads = std::max<int>(Threads, K.Block.x * K.Block.y * K.Block.z);
      Dyn = std::max(Dyn, K.DynSmem);
    }
    int Fewest = -1;
    for (const KernelDesc &K : Kernels) {
      int PerSm = 0;
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, K.Fn,
                                                               Threads, Dyn));
      Fewest = Fewest < 0 ? PerSm : std::min(Fewest, PerSm);
    }
    return static_cast<long long>(std::max(Fewest, 0)) * Ctx.Sms;
  }

  void printInfo() const {
    for (const KernelDesc &K : Kernels) {
      cudaFuncAttributes A;
      CUDA_CHECK(cudaFuncGetAttributes(&A, K.Fn));
      int PerSm = 0;
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &PerSm, K.Fn, K.Block.x * K.Block.y * K.Block.z, K.DynSmem));
      std::fprintf(stderr,
                   "merge: %s scale %d: %s grid %ux%u block %ux%u dyn %zu B: "
                   "%d regs, %zu B static shared, %d blocks/SM\n",
                   Case.c_str(), Scale, K.Name.c_str(), K.Grid.x, K.Grid.y,
                   K.Block.x, K.Block.y, K.DynSmem, A.numRegs,
                   A.sharedSizeBytes, PerSm);
    }
    std::fprintf(stderr,
                 "merge: %s scale %d: %lld blocks (%.3g per SM of %d), wave "
                 "estimate %lld\n",
                 Case.c_str(), Scale, BlocksTotal,
                 static_cast<double>(BlocksTotal) / std::max(Ctx.Sms, 1),
                 Ctx.Sms, WaveEst);
  }

  Context &Ctx;
  std::string Case;
  int Scale;
  std::vector<KernelDesc> Kernels;
  std::vector<Expect> Expects;
  std::vector<int> Parts;
  size_t Part = 0;
  Step At = Step::Idle; ///< What the sequences enqueued last were for.
  int Left = 0;
  int Batch = 0;
  int Rep = 0;
  long long BlocksTotal = 0;
  long long WaveEst = 0;
  std::vector<cudaEvent_t> Events;
  std::vector<double> Times;
};

//===----------------------------------------------------------------------===//
// Cases: every launch sequence is written once, under #pragma dp merge
//===----------------------------------------------------------------------===//

/// Buffer ids for the input hashes (any distinct numbers).
enum : uint64_t {
  SinIn = 1,
  HashIn,
  TriadB,
  TriadC,
  SmoothIn,
  ReduceIn,
  StencilIn
};

/// Compute + compute: sin and hash.
static void runCC(Context &Ctx, int Scale) {
  const Options &O = Ctx.O;
  const int NSin = Scale * SinBlock, NHash = Scale * HashBlock;
  const std::vector<float> SinX = sinInput(SinIn, NSin);
  const std::vector<unsigned> HashX = levelInput(HashIn, NHash);
  float *SinXD, *SinYD;
  unsigned *HashXD, *HashYD;
  CUDA_CHECK(cudaMalloc(&SinXD, NSin * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&SinYD, NSin * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&HashXD, NHash * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&HashYD, NHash * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(SinXD, SinX.data(), NSin * sizeof(float),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(HashXD, HashX.data(), NHash * sizeof(unsigned),
                        cudaMemcpyHostToDevice));
  const dim3 GSin(Scale), BSin(SinBlock), GHash(Scale), BHash(HashBlock);
  const int ItersSin = O.ItersSin, ItersHash = O.ItersHash;

  Driver D(
      Ctx, "CC", Scale,
      {{"sin", reinterpret_cast<const void *>(sinIter), GSin, BSin, 0},
       {"hash", reinterpret_cast<const void *>(hashIter), GHash, BHash, 0}});
  D.expectNear(0, SinYD, sinReference(SinX, ItersSin), SinTolerance, "sin");
  D.expectExact(1, HashYD, hashReference(HashX, ItersHash), "hash");
  while (D.next()) {
    if (D.solo() == 0) {
      sinIter<<<GSin, BSin>>>(SinXD, SinYD, NSin, ItersSin);
    } else if (D.solo() == 1) {
      hashIter<<<GHash, BHash>>>(HashXD, HashYD, NHash, ItersHash);
    } else if (D.streams()) {
      D.fork();
      sinIter<<<GSin, BSin, 0, D.stream(0)>>>(SinXD, SinYD, NSin, ItersSin);
      hashIter<<<GHash, BHash, 0, D.stream(1)>>>(HashXD, HashYD, NHash,
                                                 ItersHash);
      D.join();
    } else {
#pragma dp merge
      sinIter<<<GSin, BSin>>>(SinXD, SinYD, NSin, ItersSin);
      hashIter<<<GHash, BHash>>>(HashXD, HashYD, NHash, ItersHash);
    }
  }
  CUDA_CHECK(cudaFree(SinXD));
  CUDA_CHECK(cudaFree(SinYD));
  CUDA_CHECK(cudaFree(HashXD));
  CUDA_CHECK(cudaFree(HashYD));
}

/// Compute + memory: sin and triad.
static void runCM(Context &Ctx, int Scale) {
  const Options &O = Ctx.O;
  const int NSin = Scale * SinBlock;
  const int NTriad = Scale * TriadBlock * TriadPerThread;
  const std::vector<float> SinX = sinInput(SinIn, NSin);
  const std::vector<float> B = unitInput(TriadB, NTriad);
  const std::vector<float> C = unitInput(TriadC, NTriad);
  float *SinXD, *SinYD, *BD, *CD, *AD;
  CUDA_CHECK(cudaMalloc(&SinXD, NSin * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&SinYD, NSin * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&BD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&CD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&AD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(SinXD, SinX.data(), NSin * sizeof(float),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(
      cudaMemcpy(BD, B.data(), NTriad * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(
      cudaMemcpy(CD, C.data(), NTriad * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 GSin(Scale), BSin(SinBlock), GTriad(Scale), BTriad(TriadBlock);
  const int ItersSin = O.ItersSin;

  Driver D(
      Ctx, "CM", Scale,
      {{"sin", reinterpret_cast<const void *>(sinIter), GSin, BSin, 0},
       {"triad", reinterpret_cast<const void *>(triad), GTriad, BTriad, 0}});
  D.expectNear(0, SinYD, sinReference(SinX, ItersSin), SinTolerance, "sin");
  D.expectExact(1, AD, triadReference(B, C), "triad");
  while (D.next()) {
    if (D.solo() == 0) {
      sinIter<<<GSin, BSin>>>(SinXD, SinYD, NSin, ItersSin);
    } else if (D.solo() == 1) {
      triad<<<GTriad, BTriad>>>(BD, CD, AD, TriadScalar);
    } else if (D.streams()) {
      D.fork();
      sinIter<<<GSin, BSin, 0, D.stream(0)>>>(SinXD, SinYD, NSin, ItersSin);
      triad<<<GTriad, BTriad, 0, D.stream(1)>>>(BD, CD, AD, TriadScalar);
      D.join();
    } else {
#pragma dp merge
      sinIter<<<GSin, BSin>>>(SinXD, SinYD, NSin, ItersSin);
      triad<<<GTriad, BTriad>>>(BD, CD, AD, TriadScalar);
    }
  }
  CUDA_CHECK(cudaFree(SinXD));
  CUDA_CHECK(cudaFree(SinYD));
  CUDA_CHECK(cudaFree(BD));
  CUDA_CHECK(cudaFree(CD));
  CUDA_CHECK(cudaFree(AD));
}

/// Memory + memory: triad and smooth (dynamic shared memory).
static void runMM(Context &Ctx, int Scale) {
  const int NTriad = Scale * TriadBlock * TriadPerThread;
  const int NSmooth = Scale * SmoothBlock * SmoothTiles;
  const std::vector<float> B = unitInput(TriadB, NTriad);
  const std::vector<float> C = unitInput(TriadC, NTriad);
  const std::vector<int> SmoothX = intInput(SmoothIn, NSmooth);
  float *BD, *CD, *AD;
  int *SmoothXD, *SmoothYD;
  CUDA_CHECK(cudaMalloc(&BD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&CD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&AD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&SmoothXD, NSmooth * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&SmoothYD, NSmooth * sizeof(int)));
  CUDA_CHECK(
      cudaMemcpy(BD, B.data(), NTriad * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(
      cudaMemcpy(CD, C.data(), NTriad * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(SmoothXD, SmoothX.data(), NSmooth * sizeof(int),
                        cudaMemcpyHostToDevice));
  const dim3 GTriad(Scale), BTriad(TriadBlock);
  const dim3 GSmooth(Scale), BSmooth(SmoothBlock);
  const size_t SmoothShared = (SmoothBlock + 2) * sizeof(int);

  Driver D(Ctx, "MM", Scale,
           {{"triad", reinterpret_cast<const void *>(triad), GTriad, BTriad, 0},
            {"smooth", reinterpret_cast<const void *>(smooth), GSmooth, BSmooth,
             SmoothShared}});
  D.expectExact(0, AD, triadReference(B, C), "triad");
  D.expectExact(1, SmoothYD, smoothReference(SmoothX), "smooth");
  while (D.next()) {
    if (D.solo() == 0) {
      triad<<<GTriad, BTriad>>>(BD, CD, AD, TriadScalar);
    } else if (D.solo() == 1) {
      smooth<<<GSmooth, BSmooth, SmoothShared>>>(SmoothXD, SmoothYD, NSmooth);
    } else if (D.streams()) {
      D.fork();
      triad<<<GTriad, BTriad, 0, D.stream(0)>>>(BD, CD, AD, TriadScalar);
      smooth<<<GSmooth, BSmooth, SmoothShared, D.stream(1)>>>(
          SmoothXD, SmoothYD, NSmooth);
      D.join();
    } else {
#pragma dp merge
      triad<<<GTriad, BTriad>>>(BD, CD, AD, TriadScalar);
      smooth<<<GSmooth, BSmooth, SmoothShared>>>(SmoothXD, SmoothYD, NSmooth);
    }
  }
  CUDA_CHECK(cudaFree(BD));
  CUDA_CHECK(cudaFree(CD));
  CUDA_CHECK(cudaFree(AD));
  CUDA_CHECK(cudaFree(SmoothXD));
  CUDA_CHECK(cudaFree(SmoothYD));
}

/// Different completion times (the paper's 5.3): a short triad, then a sin
/// with --iters-long iterations, many times longer.
static void runLAT(Context &Ctx, int Scale) {
  const Options &O = Ctx.O;
  const int NTriad = Scale * TriadBlock * TriadPerThread;
  const int NSin = Scale * SinBlock;
  const std::vector<float> B = unitInput(TriadB, NTriad);
  const std::vector<float> C = unitInput(TriadC, NTriad);
  const std::vector<float> SinX = sinInput(SinIn, NSin);
  float *BD, *CD, *AD, *SinXD, *SinYD;
  CUDA_CHECK(cudaMalloc(&BD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&CD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&AD, NTriad * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&SinXD, NSin * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&SinYD, NSin * sizeof(float)));
  CUDA_CHECK(
      cudaMemcpy(BD, B.data(), NTriad * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(
      cudaMemcpy(CD, C.data(), NTriad * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(SinXD, SinX.data(), NSin * sizeof(float),
                        cudaMemcpyHostToDevice));
  const dim3 GTriad(Scale), BTriad(TriadBlock), GSin(Scale), BSin(SinBlock);
  const int ItersLong = O.ItersLong;

  Driver D(
      Ctx, "LAT", Scale,
      {{"triad", reinterpret_cast<const void *>(triad), GTriad, BTriad, 0},
       {"sin-long", reinterpret_cast<const void *>(sinIter), GSin, BSin, 0}});
  D.expectExact(0, AD, triadReference(B, C), "triad");
  D.expectNear(1, SinYD, sinReference(SinX, ItersLong), SinTolerance,
               "sin-long");
  while (D.next()) {
    if (D.solo() == 0) {
      triad<<<GTriad, BTriad>>>(BD, CD, AD, TriadScalar);
    } else if (D.solo() == 1) {
      sinIter<<<GSin, BSin>>>(SinXD, SinYD, NSin, ItersLong);
    } else if (D.streams()) {
      D.fork();
      triad<<<GTriad, BTriad, 0, D.stream(0)>>>(BD, CD, AD, TriadScalar);
      sinIter<<<GSin, BSin, 0, D.stream(1)>>>(SinXD, SinYD, NSin, ItersLong);
      D.join();
    } else {
#pragma dp merge
      triad<<<GTriad, BTriad>>>(BD, CD, AD, TriadScalar);
      sinIter<<<GSin, BSin>>>(SinXD, SinYD, NSin, ItersLong);
    }
  }
  CUDA_CHECK(cudaFree(BD));
  CUDA_CHECK(cudaFree(CD));
  CUDA_CHECK(cudaFree(AD));
  CUDA_CHECK(cudaFree(SinXD));
  CUDA_CHECK(cudaFree(SinYD));
}

/// Three kernels: stencil (2-D), reduce (static shared, barriers) and
/// smooth (dynamic shared, barriers), three block shapes.
static void runTRIPLE(Context &Ctx, int Scale) {
  const dim3 GStencil = grid2d(Scale), BStencil(StencilBlockX, StencilBlockY);
  const int Width = GStencil.x * StencilBlockX;
  const int Height = GStencil.y * StencilBlockY * StencilRows;
  const int NStencil = Width * Height;
  const int NReduce = Scale * ReduceBlock * ReducePerThread;
  const int NSmooth = Scale * SmoothBlock * SmoothTiles;
  const std::vector<float> StencilX = unitInput(StencilIn, NStencil);
  const std::vector<unsigned> ReduceX = levelInput(ReduceIn, NReduce);
  const std::vector<int> SmoothX = intInput(SmoothIn, NSmooth);
  float *StencilXD, *StencilYD;
  unsigned *ReduceXD, *ReduceYD;
  int *SmoothXD, *SmoothYD;
  CUDA_CHECK(cudaMalloc(&StencilXD, NStencil * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&StencilYD, NStencil * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&ReduceXD, NReduce * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&ReduceYD, Scale * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&SmoothXD, NSmooth * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&SmoothYD, NSmooth * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(StencilXD, StencilX.data(), NStencil * sizeof(float),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ReduceXD, ReduceX.data(), NReduce * sizeof(unsigned),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(SmoothXD, SmoothX.data(), NSmooth * sizeof(int),
                        cudaMemcpyHostToDevice));
  const dim3 GReduce(Scale), BReduce(ReduceBlock);
  const dim3 GSmooth(Scale), BSmooth(SmoothBlock);
  const size_t SmoothShared = (SmoothBlock + 2) * sizeof(int);

  Driver D(
      Ctx, "TRIPLE", Scale,
      {{"stencil", reinterpret_cast<const void *>(stencil), GStencil, BStencil,
        0},
       {"reduce", reinterpret_cast<const void *>(reduce), GReduce, BReduce, 0},
       {"smooth", reinterpret_cast<const void *>(smooth), GSmooth, BSmooth,
        SmoothShared}});
  D.expectExact(0, StencilYD, stencilReference(StencilX, Width, Height),
                "stencil");
  D.expectExact(1, ReduceYD, reduceReference(ReduceX), "reduce");
  D.expectExact(2, SmoothYD, smoothReference(SmoothX), "smooth");
  while (D.next()) {
    if (D.solo() == 0) {
      stencil<<<GStencil, BStencil>>>(StencilXD, StencilYD, Width, Height);
    } else if (D.solo() == 1) {
      reduce<<<GReduce, BReduce>>>(ReduceXD, ReduceYD);
    } else if (D.solo() == 2) {
      smooth<<<GSmooth, BSmooth, SmoothShared>>>(SmoothXD, SmoothYD, NSmooth);
    } else if (D.streams()) {
      D.fork();
      stencil<<<GStencil, BStencil, 0, D.stream(0)>>>(StencilXD, StencilYD,
                                                      Width, Height);
      reduce<<<GReduce, BReduce, 0, D.stream(1)>>>(ReduceXD, ReduceYD);
      smooth<<<GSmooth, BSmooth, SmoothShared, D.stream(2)>>>(
          SmoothXD, SmoothYD, NSmooth);
      D.join();
    } else {
#pragma dp merge
      stencil<<<GStencil, BStencil>>>(StencilXD, StencilYD, Width, Height);
      reduce<<<GReduce, BReduce>>>(ReduceXD, ReduceYD);
      smooth<<<GSmooth, BSmooth, SmoothShared>>>(SmoothXD, SmoothYD, NSmooth);
    }
  }
  CUDA_CHECK(cudaFree(StencilXD));
  CUDA_CHECK(cudaFree(StencilYD));
  CUDA_CHECK(cudaFree(ReduceXD));
  CUDA_CHECK(cudaFree(ReduceYD));
  CUDA_CHECK(cudaFree(SmoothXD));
  CUDA_CHECK(cudaFree(SmoothYD));
}

int main(int Argc, char **Argv) {
  Context Ctx;
  Ctx.O = parseOptions(Argc, Argv);
  const std::map<std::string, void (*)(Context &, int)> Cases = {
      {"CC", runCC},
      {"CM", runCM},
      {"MM", runMM},
      {"LAT", runLAT},
      {"TRIPLE", runTRIPLE}};
  for (const std::string &Name : Ctx.O.Cases)
    if (!Cases.count(Name))
      usageError("unknown case '" + Name + "' (CC, CM, MM, LAT, TRIPLE)");

  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(nullptr)); // Create the context before any timing.
  cudaDeviceProp Prop;
  CUDA_CHECK(cudaGetDeviceProperties(&Prop, 0));
  CUDA_CHECK(
      cudaDeviceGetAttribute(&Ctx.Sms, cudaDevAttrMultiProcessorCount, 0));
  std::fprintf(stderr, "merge: %s, %d SMs; mode %s\n", Prop.name, Ctx.Sms,
               Ctx.O.Label.c_str());
  Ctx.Streams.create();

  if (Ctx.O.Header)
    std::printf("case,scale,blocks_total,mode,median_ms,verified,min_ms,"
                "max_ms,batch,runs,wave_est,sms\n");
  for (const std::string &Name : Ctx.O.Cases)
    for (int Scale : Ctx.O.Scales)
      Cases.at(Name)(Ctx, Scale);
  std::fflush(stdout);
  return Ctx.Failed ? 1 : 0;
}
