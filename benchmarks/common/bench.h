//===- bench.h - CUDA host side of the benchmark framework -----*- C++ -*-===//
//
// Host-only C++17 plus the CUDA runtime API (no kernels here, so dpopt and
// clang's host-only CUDA mode parse it). A variant file (<bench>/<variant>.cu)
// contains its kernels, one host class Impl and a one-line main:
//
//   class BfsCdp {
//   public:
//     explicit BfsCdp(const BfsBench::Input &In); // allocate + upload (setup)
//     void reset();                 // restore initial device state (untimed)
//     void run();                   // every launch of one solve (timed)
//     std::vector<int> result();    // copy the answer back (untimed)
//   };
//   int main(int Argc, char **Argv) {
//     return dpbench::runBenchmark<BfsBench, BfsCdp>(Argc, Argv);
//   }
//
// Bench (in <bench>/<bench>.h) supplies: Name, Input, Value, load(),
// describe(), reference(), compare() and pendingLaunches(); see README "Adding
// a benchmark".
//
// Protocol of runBenchmark: parse options; load the input; compute or load
// the CPU reference; raise the pending-launch limit; setup (measuring device
// memory); Warmup + Runs iterations of { reset, events around run, check
// errors, copy back, verify } (fewer timed runs when --max-seconds is
// reached); print one DPBENCH line. Exit status: 0 PASS,
// 1 FAIL (a wrong result in any run, warm-up included), 2 ERROR.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "bench_core.h"

#include <chrono>
#include <cuda_runtime.h>
#include <utility>

/// Checks a CUDA runtime call; on failure prints an ERROR result line and
/// exits with status 2.
#define CUDA_CHECK(Call) ::dpbench::cudaCheck((Call), #Call, __FILE__, __LINE__)

/// Checks the kernel launch just made. Configuration errors show up here;
/// faults inside the kernel show up at the next synchronizing call.
#define CUDA_CHECK_LAUNCH()                                                    \
  ::dpbench::cudaCheck(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

namespace dpbench {

/// The report being built; fatal() prints it as an ERROR line.
inline Report &currentReport() {
  static Report R;
  return R;
}

[[noreturn]] inline void fatal(const std::string &Message) {
  Report R = currentReport();
  R.Status = "ERROR";
  R.Detail = Message;
  std::fflush(stderr);
  std::printf("%s\n", formatReport(R).c_str());
  std::fflush(stdout);
  std::exit(2);
}

inline void cudaCheck(cudaError_t Err, const char *What, const char *File,
                      int Line) {
  if (Err != cudaSuccess)
    fatal(std::string(File) + ":" + std::to_string(Line) + ": " + What + ": " +
          cudaGetErrorName(Err) + " (" + cudaGetErrorString(Err) + ")");
}

/// Owning device array (no copies; moves allowed).
template <class T> class DeviceArray {
public:
  DeviceArray() = default;
  explicit DeviceArray(size_t Count) : Count(Count) {
    if (Count)
      CUDA_CHECK(cudaMalloc(&Ptr, Count * sizeof(T)));
  }
  explicit DeviceArray(const std::vector<T> &Host) : DeviceArray(Host.size()) {
    upload(Host);
  }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;
  DeviceArray(DeviceArray &&O) noexcept : Ptr(O.Ptr), Count(O.Count) {
    O.Ptr = nullptr;
    O.Count = 0;
  }
  DeviceArray &operator=(DeviceArray &&O) noexcept {
    std::swap(Ptr, O.Ptr);
    std::swap(Count, O.Count);
    return *this;
  }
  ~DeviceArray() {
    if (Ptr)
      cudaFree(Ptr); // Not checked: a sticky error was reported already.
  }

  T *get() const { return Ptr; }
  size_t size() const { return Count; }

  void upload(const std::vector<T> &Host) {
    if (Host.size() != Count)
      fatal("DeviceArray::upload: size mismatch");
    if (Count)
      CUDA_CHECK(cudaMemcpy(Ptr, Host.data(), Count * sizeof(T),
                            cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> Host(Count);
    if (Count)
      CUDA_CHECK(cudaMemcpy(Host.data(), Ptr, Count * sizeof(T),
                            cudaMemcpyDeviceToHost));
    return Host;
  }
  /// Sets every byte to Byte (e.g. 0, or 0xFF for -1 in int arrays).
  void fillBytes(int Byte) {
    if (Count)
      CUDA_CHECK(cudaMemset(Ptr, Byte, Count * sizeof(T)));
  }
  /// Writes one element.
  void set(size_t Index, const T &Value) {
    CUDA_CHECK(
        cudaMemcpy(Ptr + Index, &Value, sizeof(T), cudaMemcpyHostToDevice));
  }
  /// Reads one element (synchronizes).
  T at(size_t Index) const {
    T Value;
    CUDA_CHECK(
        cudaMemcpy(&Value, Ptr + Index, sizeof(T), cudaMemcpyDeviceToHost));
    return Value;
  }

private:
  T *Ptr = nullptr;
  size_t Count = 0;
};

/// CUDA events around work on the legacy default stream. A parent grid
/// completes only after its child grids, so the stop event also waits for
/// every nested launch.
class GpuTimer {
public:
  GpuTimer() {
    CUDA_CHECK(cudaEventCreate(&Start));
    CUDA_CHECK(cudaEventCreate(&Stop));
  }
  ~GpuTimer() {
    cudaEventDestroy(Start);
    cudaEventDestroy(Stop);
  }
  GpuTimer(const GpuTimer &) = delete;
  GpuTimer &operator=(const GpuTimer &) = delete;

  void start() { CUDA_CHECK(cudaEventRecord(Start, 0)); }
  /// Records the stop event, waits for it and returns elapsed milliseconds.
  double stopMs() {
    CUDA_CHECK(cudaEventRecord(Stop, 0));
    CUDA_CHECK(cudaEventSynchronize(Stop));
    float Ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&Ms, Start, Stop));
    return Ms;
  }

private:
  cudaEvent_t Start = nullptr, Stop = nullptr;
};

inline size_t freeDeviceMemory() {
  size_t Free = 0, Total = 0;
  CUDA_CHECK(cudaMemGetInfo(&Free, &Total));
  return Free;
}

/// Device-side launches beyond this many pending grids fail (silently, as
/// far as the host sees), so it must cover every child launch one parent
/// grid can make. Never lowered below the CUDA default of 2048.
/// Returns the limit in effect. A refusal (e.g. not enough memory for the
/// launch pool) is not fatal: flat variants do not need the limit, and a CDP
/// variant whose launches overflow produces a wrong result, i.e. FAIL.
inline size_t raisePendingLaunchLimit(long long Count) {
  size_t Want = static_cast<size_t>(std::max<long long>(Count, 2048));
  cudaError_t Err =
      cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, Want);
  if (Err != cudaSuccess) {
    (void)cudaGetLastError(); // not sticky; clear it
    std::fprintf(stderr,
                 "warning: cannot raise the pending launch limit to %zu: %s\n",
                 Want, cudaGetErrorString(Err));
  }
  size_t Have = 0;
  CUDA_CHECK(cudaDeviceGetLimit(&Have, cudaLimitDevRuntimePendingLaunchCount));
  return Have;
}

inline std::string deviceName() {
  int Dev = 0;
  CUDA_CHECK(cudaGetDevice(&Dev));
  cudaDeviceProp Prop;
  CUDA_CHECK(cudaGetDeviceProperties(&Prop, Dev));
  return Prop.name;
}

inline int multiprocessorCount() {
  int Dev = 0, Count = 0;
  CUDA_CHECK(cudaGetDevice(&Dev));
  CUDA_CHECK(
      cudaDeviceGetAttribute(&Count, cudaDevAttrMultiProcessorCount, Dev));
  return Count;
}

/// Host wall-clock seconds since an arbitrary point (for CPU-side logs).
inline double hostSeconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

/// The shared driver; see the file comment for the protocol.
template <class Bench, class Impl> int runBenchmark(int Argc, char **Argv) {
  using Value = typename Bench::Value;
  Report &R = currentReport();
  R.Bench = Bench::Name;
  Options O;
  std::string Err;
  if (!parseArgs(Argc, Argv, Bench::Name, O, Err)) {
    std::fprintf(stderr, "%s", usage(Bench::Name).c_str());
    fatal(Err);
  }
  if (O.Help) {
    std::printf("%s", usage(Bench::Name).c_str());
    return 0;
  }
  R.Variant = O.Variant;
  R.Dataset = O.Dataset;

  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(nullptr)); // Create the context before measuring.
  R.Gpu = deviceName();

  double T0 = hostSeconds();
  typename Bench::Input In;
  try {
    In = Bench::load(O);
  } catch (const std::exception &E) {
    fatal(std::string("cannot load input: ") + E.what());
  }
  std::fprintf(stderr, "[%s/%s] input %s: %s (%.2f s)\n", Bench::Name,
               O.Variant.c_str(), O.Input.c_str(), Bench::describe(In).c_str(),
               hostSeconds() - T0);

  std::vector<Value> Ref;
  std::string Key, CachePath;
  if (!O.RefCache.empty()) {
    Key = refCacheKey(Bench::Name, O);
    CachePath = refCachePath(O.RefCache, Bench::Name, O.Dataset, Key);
  }
  T0 = hostSeconds();
  if (!CachePath.empty() && loadRef(CachePath, Key, Ref)) {
    std::fprintf(stderr, "[%s/%s] reference loaded from %s\n", Bench::Name,
                 O.Variant.c_str(), CachePath.c_str());
  } else {
    Ref = Bench::reference(In);
    std::fprintf(stderr, "[%s/%s] CPU reference computed (%.2f s)\n",
                 Bench::Name, O.Variant.c_str(), hostSeconds() - T0);
    if (!CachePath.empty() && !saveRef(CachePath, Key, Ref))
      std::fprintf(stderr, "[%s/%s] warning: cannot write %s\n", Bench::Name,
                   O.Variant.c_str(), CachePath.c_str());
  }

  long long Pending =
      O.PendingLaunches >= 0 ? O.PendingLaunches : Bench::pendingLaunches(In);
  const size_t PendingLimit = raisePendingLaunchLimit(Pending);

  int Status = 0;
  {
    size_t FreeBefore = freeDeviceMemory();
    Impl Variant(In);
    CUDA_CHECK(cudaDeviceSynchronize());
    size_t FreeAfter = freeDeviceMemory();
    R.GpuMemMb = FreeBefore > FreeAfter
                     ? static_cast<double>(FreeBefore - FreeAfter) / 1048576.0
                     : 0.0;

    GpuTimer Timer;
    double TimedMs = 0;
    for (int Run = 0; Run < O.Warmup + O.Runs; ++Run) {
      Variant.reset();
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaDeviceSynchronize());
      Timer.start();
      Variant.run();
      double Ms = Timer.stopMs();
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaDeviceSynchronize());
      std::vector<Value> Got = Variant.result();
      CUDA_CHECK(cudaDeviceSynchronize());
      Check C = Bench::compare(In, Ref, Got);
      const bool Warm = Run < O.Warmup;
      if (!C.Ok) {
        R.Status = "FAIL";
        R.TimesMs.clear();
        R.Detail = std::string(Warm ? "warm-up run " : "run ") +
                   std::to_string(Warm ? Run : Run - O.Warmup) + ": " +
                   C.Detail + " pending_limit=" + std::to_string(PendingLimit);
        Status = 1;
        break;
      }
      if (!Warm) {
        R.TimesMs.push_back(Ms);
        TimedMs += Ms;
      }
      std::fprintf(stderr, "[%s/%s] %s %d: %.4f ms\n", Bench::Name,
                   O.Variant.c_str(), Warm ? "warm-up" : "run",
                   Warm ? Run : Run - O.Warmup, Ms);
      R.Detail = Bench::describe(In) + (C.Detail.empty() ? "" : " ") +
                 C.Detail + " pending_limit=" + std::to_string(PendingLimit);
      // Time box for very slow variants (e.g. millions of device launches).
      if (!Warm && O.MaxSeconds > 0 && TimedMs >= 1000.0 * O.MaxSeconds)
        break;
    }
  }
  if (Status == 0)
    R.Status = "PASS";
  std::fflush(stderr);
  std::printf("%s\n", formatReport(R).c_str());
  std::fflush(stdout);
  return Status;
}

} // namespace dpbench
