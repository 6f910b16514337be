//===- graph.cpp - CSR construction and the .dpg binary format -----------===//

#include "graph.h"

#include "binfile.h"
#include "parallel.h"
#include "rng.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dpgraph {

namespace {

constexpr char Magic[8] = {'D', 'P', 'G', 'R', 'A', 'P', 'H', '\0'};
constexpr uint32_t FormatVersion = 1;
constexpr uint32_t FlagWeighted = 1;
constexpr uint32_t FlagSymmetric = 2;
constexpr size_t HeaderBytes = 32;

// Rows are sorted in chunks of this many rows; a constant, so that the work
// split (and thus nothing observable) depends on the thread count.
constexpr int64_t RowsPerChunk = 4096;

template <class T> void appendRaw(std::vector<char> &Out, const T &Value) {
  const char *P = reinterpret_cast<const char *>(&Value);
  Out.insert(Out.end(), P, P + sizeof(T));
}

template <class T>
void appendArray(std::vector<char> &Out, const std::vector<T> &Values) {
  const char *P = reinterpret_cast<const char *>(Values.data());
  Out.insert(Out.end(), P, P + Values.size() * sizeof(T));
}

} // namespace

Csr buildCsr(int32_t NumVertices, const std::vector<Edge> &Edges,
             const BuildOptions &Opts) {
  if (NumVertices < 0)
    throw std::invalid_argument("buildCsr: negative vertex count");
  const int64_t N = NumVertices;
  auto Keep = [&](const Edge &E) {
    if (E.Src < 0 || E.Src >= N || E.Dst < 0 || E.Dst >= N)
      throw std::out_of_range("buildCsr: edge (" + std::to_string(E.Src) +
                              ", " + std::to_string(E.Dst) +
                              ") out of range for " + std::to_string(N) +
                              " vertices");
    return !(Opts.RemoveSelfLoops && E.Src == E.Dst);
  };
  // Counting sort by source: count, prefix, scatter. Sequential, so the
  // scatter order (and everything after it) is deterministic.
  std::vector<int64_t> Start(N + 1, 0);
  for (const Edge &E : Edges) {
    if (!Keep(E))
      continue;
    ++Start[E.Src + 1];
    if (Opts.Symmetrize && E.Src != E.Dst)
      ++Start[E.Dst + 1];
  }
  for (int64_t V = 0; V < N; ++V)
    Start[V + 1] += Start[V];
  // Key = (dst << 32) | weight: sorting keys sorts a row by (dst, weight).
  std::vector<uint64_t> Keys(Start[N]);
  std::vector<int64_t> Fill(Start.begin(), Start.end() - 1);
  auto Key = [&](int32_t Dst, int32_t W) {
    int32_t Wk = Opts.Weighted ? W : 0;
    return (static_cast<uint64_t>(static_cast<uint32_t>(Dst)) << 32) |
           static_cast<uint32_t>(Wk);
  };
  for (const Edge &E : Edges) {
    if (Opts.RemoveSelfLoops && E.Src == E.Dst)
      continue;
    Keys[Fill[E.Src]++] = Key(E.Dst, E.W);
    if (Opts.Symmetrize && E.Src != E.Dst)
      Keys[Fill[E.Dst]++] = Key(E.Src, E.W);
  }
  // Sort and dedupe each row in place, recording the new row lengths.
  std::vector<int64_t> NewLen(N, 0);
  const int64_t Chunks = (N + RowsPerChunk - 1) / RowsPerChunk;
  parallelFor(Chunks, Opts.Threads, [&](int64_t C) {
    int64_t End = std::min(N, (C + 1) * RowsPerChunk);
    for (int64_t V = C * RowsPerChunk; V < End; ++V) {
      uint64_t *B = Keys.data() + Start[V];
      uint64_t *E = Keys.data() + Start[V + 1];
      std::sort(B, E);
      if (Opts.Dedupe)
        E = std::unique(B, E, [](uint64_t X, uint64_t Y) {
          return (X >> 32) == (Y >> 32);
        });
      NewLen[V] = E - B;
    }
  });
  Csr G;
  G.NumVertices = NumVertices;
  G.Symmetric = Opts.Symmetrize;
  G.RowPtr.assign(N + 1, 0);
  for (int64_t V = 0; V < N; ++V)
    G.RowPtr[V + 1] = G.RowPtr[V] + NewLen[V];
  G.Col.resize(G.RowPtr[N]);
  if (Opts.Weighted)
    G.Weight.resize(G.RowPtr[N]);
  parallelFor(Chunks, Opts.Threads, [&](int64_t C) {
    int64_t End = std::min(N, (C + 1) * RowsPerChunk);
    for (int64_t V = C * RowsPerChunk; V < End; ++V)
      for (int64_t I = 0; I < NewLen[V]; ++I) {
        uint64_t K = Keys[Start[V] + I];
        G.Col[G.RowPtr[V] + I] = static_cast<int32_t>(K >> 32);
        if (Opts.Weighted)
          G.Weight[G.RowPtr[V] + I] = static_cast<int32_t>(K & 0xffffffffu);
      }
  });
  return G;
}

void assignHashWeights(Csr &G, uint64_t Seed, int32_t MaxWeight) {
  G.Weight.resize(G.Col.size());
  const int64_t N = G.NumVertices;
  const int64_t Chunks = (N + RowsPerChunk - 1) / RowsPerChunk;
  parallelFor(Chunks, 0, [&](int64_t C) {
    int64_t End = std::min(N, (C + 1) * RowsPerChunk);
    for (int64_t U = C * RowsPerChunk; U < End; ++U)
      for (int64_t E = G.RowPtr[U]; E < G.RowPtr[U + 1]; ++E) {
        uint64_t A = std::min<int64_t>(U, G.Col[E]);
        uint64_t B = std::max<int64_t>(U, G.Col[E]);
        G.Weight[E] = 1 + static_cast<int32_t>(dprng::mapToRange(
                              dprng::hash64(Seed, A, B), MaxWeight));
      }
  });
}

std::vector<char> serializeGraph(const Csr &G) {
  std::vector<char> Out;
  Out.reserve(HeaderBytes + G.RowPtr.size() * 8 +
              G.Col.size() * (G.weighted() ? 8 : 4));
  Out.insert(Out.end(), Magic, Magic + 8);
  appendRaw(Out, FormatVersion);
  uint32_t Flags =
      (G.weighted() ? FlagWeighted : 0) | (G.Symmetric ? FlagSymmetric : 0);
  appendRaw(Out, Flags);
  appendRaw(Out, static_cast<int64_t>(G.NumVertices));
  appendRaw(Out, G.numEdges());
  appendArray(Out, G.RowPtr);
  appendArray(Out, G.Col);
  if (G.weighted())
    appendArray(Out, G.Weight);
  return Out;
}

bool deserializeGraph(const std::vector<char> &Bytes, Csr &G,
                      std::string &Err) {
  if (Bytes.size() < HeaderBytes || std::memcmp(Bytes.data(), Magic, 8) != 0) {
    Err = "not a .dpg graph (bad magic)";
    return false;
  }
  uint32_t Version, Flags;
  int64_t N, M;
  std::memcpy(&Version, Bytes.data() + 8, 4);
  std::memcpy(&Flags, Bytes.data() + 12, 4);
  std::memcpy(&N, Bytes.data() + 16, 8);
  std::memcpy(&M, Bytes.data() + 24, 8);
  if (Version != FormatVersion) {
    Err = "unsupported .dpg version " + std::to_string(Version);
    return false;
  }
  if (N < 0 || N > INT32_MAX || M < 0) {
    Err = "bad vertex or edge count in header";
    return false;
  }
  const bool Weighted = (Flags & FlagWeighted) != 0;
  const uint64_t Expected = HeaderBytes + static_cast<uint64_t>(N + 1) * 8 +
                            static_cast<uint64_t>(M) * (Weighted ? 8 : 4);
  if (Bytes.size() != Expected) {
    Err = "file size " + std::to_string(Bytes.size()) + " does not match " +
          "header (expected " + std::to_string(Expected) + ")";
    return false;
  }
  G = Csr();
  G.NumVertices = static_cast<int32_t>(N);
  G.Symmetric = (Flags & FlagSymmetric) != 0;
  const char *P = Bytes.data() + HeaderBytes;
  G.RowPtr.resize(N + 1);
  std::memcpy(G.RowPtr.data(), P, (N + 1) * 8);
  P += (N + 1) * 8;
  G.Col.resize(M);
  std::memcpy(G.Col.data(), P, M * 4);
  P += M * 4;
  if (Weighted) {
    G.Weight.resize(M);
    std::memcpy(G.Weight.data(), P, M * 4);
  }
  Err = validateGraph(G);
  return Err.empty();
}

bool writeGraph(const std::string &Path, const Csr &G, std::string &Err) {
  std::vector<char> Bytes = serializeGraph(G);
  return dpbinfile::writeAtomically(Path, Err, [&](std::ostream &Out) {
    dpbinfile::writeBytes(Out, Bytes.data(),
                          static_cast<int64_t>(Bytes.size()));
  });
}

bool readGraph(const std::string &Path, Csr &G, std::string &Err) {
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In) {
    Err = "cannot open " + Path;
    return false;
  }
  std::streamsize Size = In.tellg();
  In.seekg(0);
  std::vector<char> Bytes(static_cast<size_t>(Size));
  if (!In.read(Bytes.data(), Size)) {
    Err = "cannot read " + Path;
    return false;
  }
  if (!deserializeGraph(Bytes, G, Err)) {
    Err = Path + ": " + Err;
    return false;
  }
  return true;
}

std::string validateGraph(const Csr &G) {
  const int64_t N = G.NumVertices;
  if (static_cast<int64_t>(G.RowPtr.size()) != N + 1)
    return "row offset array has wrong length";
  if (G.RowPtr[0] != 0 || G.RowPtr[N] != G.numEdges())
    return "row offsets do not span the edge array";
  for (int64_t V = 0; V < N; ++V)
    if (G.RowPtr[V + 1] < G.RowPtr[V])
      return "row offsets decrease at vertex " + std::to_string(V);
  for (int32_t C : G.Col)
    if (C < 0 || C >= N)
      return "edge destination " + std::to_string(C) + " out of range";
  if (G.weighted() && G.Weight.size() != G.Col.size())
    return "weight array has wrong length";
  return "";
}

bool isSymmetric(const Csr &G) {
  for (int64_t U = 0; U < G.NumVertices; ++U)
    for (int64_t E = G.RowPtr[U]; E < G.RowPtr[U + 1]; ++E) {
      int32_t V = G.Col[E];
      auto B = G.Col.begin() + G.RowPtr[V];
      auto End = G.Col.begin() + G.RowPtr[V + 1];
      auto It = std::lower_bound(B, End, static_cast<int32_t>(U));
      if (It == End || *It != U)
        return false;
      if (G.weighted() && G.Weight[It - G.Col.begin()] != G.Weight[E])
        return false;
    }
  return true;
}

bool offsets32(const Csr &G, std::vector<int32_t> &Out, std::string &Err) {
  if (G.numEdges() > INT32_MAX) {
    Err = "graph has " + std::to_string(G.numEdges()) +
          " edges; the GPU kernels use int32 offsets";
    return false;
  }
  Out.assign(G.RowPtr.begin(), G.RowPtr.end());
  return true;
}

int32_t maxDegreeVertex(const Csr &G) {
  int32_t Best = 0;
  for (int32_t V = 1; V < G.NumVertices; ++V)
    if (G.degree(V) > G.degree(Best))
      Best = V;
  return Best;
}

GraphStats computeStats(const Csr &G) {
  GraphStats S;
  S.NumVertices = G.NumVertices;
  S.NumEdges = G.numEdges();
  S.MinDegree = G.NumVertices > 0 ? INT64_MAX : 0;
  for (int32_t V = 0; V < G.NumVertices; ++V) {
    int64_t D = G.degree(V);
    S.MinDegree = std::min(S.MinDegree, D);
    S.MaxDegree = std::max(S.MaxDegree, D);
    S.Isolated += D == 0;
    for (int64_t E = G.RowPtr[V]; E < G.RowPtr[V + 1]; ++E)
      S.SelfLoops += G.Col[E] == V;
  }
  S.AvgDegree =
      G.NumVertices > 0 ? static_cast<double>(S.NumEdges) / G.NumVertices : 0.0;
  return S;
}

std::string formatStats(const GraphStats &S) {
  std::ostringstream OS;
  OS << "vertices=" << S.NumVertices << " edges=" << S.NumEdges
     << " degree[min/avg/max]=" << S.MinDegree << "/" << S.AvgDegree << "/"
     << S.MaxDegree << " isolated=" << S.Isolated
     << " self_loops=" << S.SelfLoops;
  return OS.str();
}

} // namespace dpgraph
