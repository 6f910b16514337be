//===- datasets/generators.h - Deterministic synthetic datasets -*- C++ -*-===//
//
// Every generator is a pure function of (scale, seed): the same arguments give
// byte-identical files on any machine and with any thread count. See
// benchmarks/README.md ("Datasets") for what each one imitates.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "graph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dpgen {

struct GenParams {
  double Scale = 1.0; ///< 1 = paper size; quick = 1/16; tiny = 1/256.
  uint64_t Seed = 1;
  int Threads = 0; ///< 0 = all hardware threads (output does not depend on it).
};

/// Parses "full" (1), "quick" (1/16), "tiny" (1/256) or a positive number.
bool parseScale(const std::string &Text, double &Scale);

/// Graph generators (all symmetric, no self loops, weights 1..100).
dpgraph::Csr generateKron(const GenParams &P);     ///< kron_g500-logn16-like
dpgraph::Csr generateWeb(const GenParams &P);      ///< cnr-2000-like
dpgraph::Csr generateCoPapers(const GenParams &P); ///< coPapersCiteseer-like
dpgraph::Csr generateRoad(const GenParams &P);     ///< USA-road-NY-like

/// One entry of the dpgen registry. A generator writes its own file format
/// (graphs write .dpg); new non-graph datasets (trees, Bezier lines, SAT
/// formulas, points) add an entry with their own writer.
struct Generator {
  const char *Name;
  const char *Description;
  bool (*Write)(const GenParams &P, const std::string &Path, std::string &Err);
};

const std::vector<Generator> &generators();
const Generator *findGenerator(const std::string &Name);

} // namespace dpgen
