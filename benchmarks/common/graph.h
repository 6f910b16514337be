//===- graph.h - CSR graphs and the .dpg binary format ---------*- C++ -*-===//
//
// Host-only. The benchmarks, the generator (dpgen) and the tests share this
// one graph type. Text formats (Matrix Market, DIMACS, SNAP) are read by
// datasets/readers.h and converted to this type.
//
// .dpg file layout (little endian, version 1):
//   offset  0  char[8]  magic "DPGRAPH\0"
//   offset  8  uint32   version (1)
//   offset 12  uint32   flags: 1 = weighted, 2 = symmetric
//   offset 16  int64    number of vertices n
//   offset 24  int64    number of stored (directed) edges m
//   offset 32  int64    row offsets [n + 1]
//              int32    column (destination) ids [m]
//              int32    weights [m]            (only when weighted)
// An undirected graph is stored with both directions, so m = 2 * |E|.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dpgraph {

/// Compressed sparse row graph: vertex ids are int32, row offsets int64 (the
/// GPU benchmarks narrow them with offsets32(), which checks the range).
struct Csr {
  int32_t NumVertices = 0;
  std::vector<int64_t> RowPtr; ///< NumVertices + 1 entries, RowPtr[0] = 0.
  std::vector<int32_t> Col;    ///< Destinations, sorted within each row.
  std::vector<int32_t> Weight; ///< Empty, or one positive weight per edge.
  bool Symmetric = false;      ///< Every (u, v) has a matching (v, u).

  int64_t numEdges() const { return static_cast<int64_t>(Col.size()); }
  bool weighted() const { return !Weight.empty(); }
  int64_t degree(int32_t V) const { return RowPtr[V + 1] - RowPtr[V]; }
};

/// One input edge for buildCsr().
struct Edge {
  int32_t Src;
  int32_t Dst;
  int32_t W;
};

struct BuildOptions {
  bool Symmetrize = false;     ///< Also insert (v, u) for every (u, v).
  bool RemoveSelfLoops = true; ///< Drop (v, v).
  bool Dedupe = true;          ///< Keep one (u, v): the one of smallest weight.
  bool Weighted = true; ///< Keep Edge::W; otherwise the graph is unweighted.
  int Threads = 0;      ///< 0 = all hardware threads.
};

/// Builds a CSR graph with sorted rows. The result does not depend on the
/// order of Edges after deduplication (rows are sorted by (dst, weight)), nor
/// on the thread count. Symmetric is set when Symmetrize is requested.
Csr buildCsr(int32_t NumVertices, const std::vector<Edge> &Edges,
             const BuildOptions &Opts);

/// Replaces all weights with 1 + hash(seed, min(u,v), max(u,v)) % MaxWeight,
/// so (u, v) and (v, u) get the same weight on symmetric graphs.
void assignHashWeights(Csr &G, uint64_t Seed, int32_t MaxWeight);

/// Writes G as .dpg. Returns false and sets Err on I/O failure.
bool writeGraph(const std::string &Path, const Csr &G, std::string &Err);

/// Reads a .dpg file and validates its structure (sizes, offsets, ids).
bool readGraph(const std::string &Path, Csr &G, std::string &Err);

/// Serializes to / parses from an in-memory .dpg image (used by the tests
/// and by writeGraph/readGraph).
std::vector<char> serializeGraph(const Csr &G);
bool deserializeGraph(const std::vector<char> &Bytes, Csr &G, std::string &Err);

/// Checks the CSR invariants; returns an empty string when G is valid.
std::string validateGraph(const Csr &G);

/// True when every edge (u, v) has a reverse edge (v, u) with the same weight.
bool isSymmetric(const Csr &G);

/// Row offsets narrowed to int32 for GPU kernels; fails (returns false) when
/// the graph has 2^31 or more edges.
bool offsets32(const Csr &G, std::vector<int32_t> &Out, std::string &Err);

/// The vertex of largest out-degree (smallest id on ties); 0 for an empty
/// graph. Benchmarks use it as their default source: it is never isolated.
int32_t maxDegreeVertex(const Csr &G);

/// Summary statistics, for logs and tests.
struct GraphStats {
  int64_t NumVertices = 0;
  int64_t NumEdges = 0;
  int64_t MinDegree = 0;
  int64_t MaxDegree = 0;
  double AvgDegree = 0;
  int64_t Isolated = 0; ///< Vertices of out-degree 0.
  int64_t SelfLoops = 0;
};
GraphStats computeStats(const Csr &G);
std::string formatStats(const GraphStats &S);

} // namespace dpgraph
