//===- bench_core.h - Host-only core of the benchmark framework -*- C++ -*-===//
//
// Plain C++17, no CUDA: command-line options, the result line, statistics,
// result comparison and the reference cache. bench.h adds the CUDA parts and
// the driver. The per-benchmark headers (<name>/<name>.h) include only this
// file and graph.h, so their CPU references can be unit-tested with g++.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <type_traits>
#include <vector>

namespace dpbench {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options {
  std::string Input;    ///< --input FILE (required)
  std::string Dataset;  ///< --dataset NAME (default: input file stem)
  std::string Variant;  ///< --variant NAME (default: from the binary name)
  std::string RefCache; ///< --ref-cache DIR (optional)
  int Runs = 7;         ///< --runs N: timed runs
  int Warmup = 1;       ///< --warmup N: untimed (but verified) runs
  /// --max-seconds S: stop timing once the timed runs took S seconds in
  /// total (at least one run is always timed); 0 = always do Runs runs.
  double MaxSeconds = 0;
  /// --pending-launches N; -1 means "the benchmark's own bound".
  long long PendingLaunches = -1;
  /// --param KEY=VALUE (repeatable): benchmark-specific knobs.
  std::map<std::string, std::string> Params;
  bool Help = false;

  long long paramInt(const std::string &Key, long long Default) const {
    auto It = Params.find(Key);
    return It == Params.end() ? Default : std::atoll(It->second.c_str());
  }
};

inline std::string usage(const std::string &Bench) {
  return "usage: " + Bench +
         "_<variant> --input FILE [--dataset NAME] [--variant NAME]\n"
         "         [--runs N (7)] [--warmup N (1)] [--ref-cache DIR]\n"
         "         [--max-seconds S] [--pending-launches N]\n"
         "         [--param KEY=VALUE]...\n";
}

/// Last path component without directory and extension.
inline std::string fileStem(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  size_t Dot = Base.find_last_of('.');
  return Dot == std::string::npos || Dot == 0 ? Base : Base.substr(0, Dot);
}

/// Parses argv. The variant defaults to the binary name without the leading
/// "<bench>_" (bfs_cdp -> cdp, bfs_none -> none). Returns false with Err set
/// on bad arguments.
inline bool parseArgs(int Argc, char **Argv, const std::string &Bench,
                      Options &O, std::string &Err) {
  auto ParseInt = [&](const std::string &Flag, const char *Text,
                      long long &Out) {
    char *End = nullptr;
    Out = std::strtoll(Text, &End, 10);
    if (*Text == '\0' || *End != '\0') {
      Err = Flag + " expects an integer, got '" + Text + "'";
      return false;
    }
    return true;
  };
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "-h" || A == "--help") {
      O.Help = true;
      return true;
    }
    if (I + 1 >= Argc) {
      Err = "unknown option or missing value: " + A;
      return false;
    }
    const char *V = Argv[++I];
    long long N = 0;
    if (A == "--input") {
      O.Input = V;
    } else if (A == "--dataset") {
      O.Dataset = V;
    } else if (A == "--variant") {
      O.Variant = V;
    } else if (A == "--ref-cache") {
      O.RefCache = V;
    } else if (A == "--runs" || A == "--warmup" || A == "--pending-launches") {
      if (!ParseInt(A, V, N))
        return false;
      if (N < 0 || (A == "--runs" && N < 1)) {
        Err = A + " out of range";
        return false;
      }
      if (A == "--runs")
        O.Runs = static_cast<int>(N);
      else if (A == "--warmup")
        O.Warmup = static_cast<int>(N);
      else
        O.PendingLaunches = N;
    } else if (A == "--max-seconds") {
      char *End = nullptr;
      O.MaxSeconds = std::strtod(V, &End);
      if (*V == '\0' || *End != '\0' || !(O.MaxSeconds >= 0)) {
        Err = "--max-seconds expects a non-negative number";
        return false;
      }
    } else if (A == "--param") {
      std::string KV = V;
      size_t Eq = KV.find('=');
      if (Eq == std::string::npos || Eq == 0) {
        Err = "--param expects KEY=VALUE, got '" + KV + "'";
        return false;
      }
      O.Params[KV.substr(0, Eq)] = KV.substr(Eq + 1);
    } else {
      Err = "unknown option: " + A;
      return false;
    }
  }
  if (O.Input.empty()) {
    Err = "--input is required";
    return false;
  }
  if (O.Dataset.empty())
    O.Dataset = fileStem(O.Input);
  if (O.Variant.empty()) {
    std::string Exe = Argc > 0 ? Argv[0] : "";
    size_t Slash = Exe.find_last_of('/');
    Exe = Slash == std::string::npos ? Exe : Exe.substr(Slash + 1);
    std::string Prefix = Bench + "_";
    O.Variant = Exe.compare(0, Prefix.size(), Prefix) == 0
                    ? Exe.substr(Prefix.size())
                    : (Exe.empty() ? "unknown" : Exe);
  }
  return true;
}

/// Thrown by Bench::load() for unusable input; the driver reports it as an
/// ERROR line (exit status 2).
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

//===----------------------------------------------------------------------===//
// Statistics and the result line
//===----------------------------------------------------------------------===//

struct Stats {
  double Median = 0, Min = 0, Max = 0;
};

inline Stats summarize(std::vector<double> Times) {
  Stats S;
  if (Times.empty())
    return S;
  std::sort(Times.begin(), Times.end());
  size_t N = Times.size();
  S.Min = Times.front();
  S.Max = Times.back();
  S.Median = N % 2 ? Times[N / 2] : 0.5 * (Times[N / 2 - 1] + Times[N / 2]);
  return S;
}

/// Everything the one machine-readable result line carries.
struct Report {
  std::string Bench, Variant, Dataset;
  std::string Status = "ERROR"; ///< PASS, FAIL (wrong result) or ERROR.
  std::vector<double> TimesMs;  ///< Timed runs; reported only for PASS.
  double GpuMemMb = -1;         ///< Device memory taken by setup; -1 unknown.
  std::string Gpu;              ///< Device name.
  std::string Detail;           ///< Free text (no newlines).
};

/// Makes a value safe inside the double-quoted detail/gpu fields.
inline std::string quoteField(const std::string &S) {
  std::string Out;
  for (char C : S)
    Out += (C == '"' ? '\'' : (C == '\n' || C == '\r' || C == '\t') ? ' ' : C);
  return "\"" + Out + "\"";
}

/// Formats the line that the harness parses (see README "Result line"):
///   DPBENCH bench=.. variant=.. dataset=.. status=.. median_ms=.. min_ms=..
///           max_ms=.. runs=.. gpu_mem_mb=.. gpu="..." detail="..."
/// Times are NA unless the status is PASS: a wrong result has no time.
inline std::string formatReport(const Report &R) {
  char Buf[256];
  std::string Line = "DPBENCH bench=" + R.Bench + " variant=" + R.Variant +
                     " dataset=" + R.Dataset + " status=" + R.Status;
  if (R.Status == "PASS" && !R.TimesMs.empty()) {
    Stats S = summarize(R.TimesMs);
    std::snprintf(Buf, sizeof(Buf), " median_ms=%.4f min_ms=%.4f max_ms=%.4f",
                  S.Median, S.Min, S.Max);
    Line += Buf;
  } else {
    Line += " median_ms=NA min_ms=NA max_ms=NA";
  }
  Line += " runs=" + std::to_string(R.Status == "PASS" ? R.TimesMs.size() : 0);
  if (R.GpuMemMb >= 0) {
    std::snprintf(Buf, sizeof(Buf), " gpu_mem_mb=%.1f", R.GpuMemMb);
    Line += Buf;
  } else {
    Line += " gpu_mem_mb=NA";
  }
  Line += " gpu=" + quoteField(R.Gpu) + " detail=" + quoteField(R.Detail);
  return Line;
}

//===----------------------------------------------------------------------===//
// Comparison helpers for Bench::compare
//===----------------------------------------------------------------------===//

/// Outcome of comparing a GPU result with the CPU reference.
struct Check {
  bool Ok = true;
  std::string Detail;
};

template <class T> std::string valueText(const T &V) {
  std::ostringstream OS;
  OS << V;
  return OS.str();
}

/// Exact element-wise comparison (integer results).
template <class T>
Check compareExact(const std::vector<T> &Ref, const std::vector<T> &Got,
                   const std::string &What) {
  Check C;
  if (Ref.size() != Got.size()) {
    C.Ok = false;
    C.Detail = What + ": size " + std::to_string(Got.size()) +
               " != " + std::to_string(Ref.size());
    return C;
  }
  size_t Bad = 0, First = 0;
  for (size_t I = 0; I < Ref.size(); ++I)
    if (!(Ref[I] == Got[I]) && Bad++ == 0)
      First = I;
  if (Bad) {
    C.Ok = false;
    C.Detail = What + ": " + std::to_string(Bad) + " of " +
               std::to_string(Ref.size()) + " differ; first at " +
               std::to_string(First) + ": got " + valueText(Got[First]) +
               " expected " + valueText(Ref[First]);
  }
  return C;
}

/// Floating-point comparison: |got - ref| <= RelTol * max(|ref|, 1).
/// NaN or Inf in Got always fails.
template <class T>
Check compareRelative(const std::vector<T> &Ref, const std::vector<T> &Got,
                      double RelTol, const std::string &What) {
  Check C;
  if (Ref.size() != Got.size()) {
    C.Ok = false;
    C.Detail = What + ": size " + std::to_string(Got.size()) +
               " != " + std::to_string(Ref.size());
    return C;
  }
  size_t Bad = 0, First = 0;
  double MaxRel = 0;
  for (size_t I = 0; I < Ref.size(); ++I) {
    double R = static_cast<double>(Ref[I]);
    double G = static_cast<double>(Got[I]);
    double Scale = std::max(std::fabs(R), 1.0);
    double Rel = std::fabs(G - R) / Scale;
    if (!std::isfinite(G) || !(Rel <= RelTol)) {
      if (Bad++ == 0)
        First = I;
    } else {
      MaxRel = std::max(MaxRel, Rel);
    }
  }
  if (Bad) {
    C.Ok = false;
    C.Detail = What + ": " + std::to_string(Bad) + " of " +
               std::to_string(Ref.size()) + " outside rel tol " +
               valueText(RelTol) + "; first at " + std::to_string(First) +
               ": got " + valueText(Got[First]) + " expected " +
               valueText(Ref[First]);
  } else {
    C.Detail = "max_rel_err=" + valueText(MaxRel);
  }
  return C;
}

//===----------------------------------------------------------------------===//
// Reference cache
//===----------------------------------------------------------------------===//
//
// CPU references (e.g. Dijkstra on 32M edges) can take seconds; the harness
// runs many variants on one dataset, so the first run stores the reference
// and later runs load it. The key names the input file by absolute path,
// size and modification time plus all --param values; a mismatch means
// "recompute". The key's hash is part of the file name so two inputs with
// the same dataset name do not evict each other.

inline uint64_t fnv1a(const std::string &S) {
  uint64_t H = 1469598103934665603ULL;
  for (unsigned char C : S) {
    H ^= C;
    H *= 1099511628211ULL;
  }
  return H;
}

inline std::string refCacheKey(const std::string &Bench, const Options &O) {
  std::string Key = "bench=" + Bench;
  char *Real = realpath(O.Input.c_str(), nullptr);
  Key += ";input=" + std::string(Real ? Real : O.Input.c_str());
  std::free(Real);
  struct stat St;
  if (stat(O.Input.c_str(), &St) == 0)
    Key += ";size=" + std::to_string(static_cast<long long>(St.st_size)) +
           ";mtime=" + std::to_string(static_cast<long long>(St.st_mtime)) +
           "." + std::to_string(static_cast<long long>(St.st_mtim.tv_nsec));
  for (const auto &KV : O.Params)
    Key += ";" + KV.first + "=" + KV.second;
  return Key;
}

inline std::string refCachePath(const std::string &Dir,
                                const std::string &Bench,
                                const std::string &Dataset,
                                const std::string &Key) {
  char Hash[20];
  std::snprintf(Hash, sizeof(Hash), "%016llx",
                static_cast<unsigned long long>(fnv1a(Key)));
  std::string Safe;
  for (char C : Dataset)
    Safe +=
        (std::isalnum(static_cast<unsigned char>(C)) || C == '-' || C == '_')
            ? C
            : '_';
  return Dir + "/" + Bench + "-" + Safe + "-" + Hash + ".ref";
}

constexpr char RefMagic[8] = {'D', 'P', 'R', 'E', 'F', '1', '\0', '\0'};

/// Loads a cached reference; false when absent, stale or malformed.
template <class T>
bool loadRef(const std::string &Path, const std::string &Key,
             std::vector<T> &Out) {
  static_assert(std::is_trivially_copyable<T>::value,
                "reference values must be trivially copyable");
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  char M[8];
  uint32_t KeyLen = 0, Elem = 0;
  uint64_t Count = 0;
  if (!In.read(M, 8) || std::memcmp(M, RefMagic, 8) != 0 ||
      !In.read(reinterpret_cast<char *>(&KeyLen), 4) || KeyLen > (1u << 20))
    return false;
  std::string StoredKey(KeyLen, '\0');
  if (!In.read(&StoredKey[0], KeyLen) || StoredKey != Key ||
      !In.read(reinterpret_cast<char *>(&Elem), 4) || Elem != sizeof(T) ||
      !In.read(reinterpret_cast<char *>(&Count), 8) || Count > (1ull << 40))
    return false;
  Out.resize(Count);
  return static_cast<bool>(
      In.read(reinterpret_cast<char *>(Out.data()), Count * sizeof(T)));
}

/// Stores a reference (write to a temporary file, then rename).
template <class T>
bool saveRef(const std::string &Path, const std::string &Key,
             const std::vector<T> &Values) {
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
    if (!Out)
      return false;
    uint32_t KeyLen = static_cast<uint32_t>(Key.size());
    uint32_t Elem = sizeof(T);
    uint64_t Count = Values.size();
    Out.write(RefMagic, 8);
    Out.write(reinterpret_cast<const char *>(&KeyLen), 4);
    Out.write(Key.data(), KeyLen);
    Out.write(reinterpret_cast<const char *>(&Elem), 4);
    Out.write(reinterpret_cast<const char *>(&Count), 8);
    Out.write(reinterpret_cast<const char *>(Values.data()), Count * sizeof(T));
    if (!Out)
      return false;
  }
  return std::rename(Tmp.c_str(), Path.c_str()) == 0;
}

} // namespace dpbench
