//===- datasets/readers.h - Text graph formats -----------------*- C++ -*-===//
//
// Readers for the formats real datasets come in, so users can convert them to
// .dpg with `dpgen convert`:
//   - Matrix Market coordinate (.mtx): 1-based; general, symmetric,
//     skew-symmetric or hermitian storage; pattern, integer, real or complex
//     values (only integer values are kept as weights).
//   - DIMACS shortest-path (.gr): "c" comments, "p sp N M", "a U V W"
//   (1-based).
//   - SNAP edge lists (.txt/.snap/.el): "#" or "%" comments, "U V [...]" per
//     line, 0-based ids (the vertex count is max id + 1).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "graph.h"

#include <istream>
#include <string>
#include <vector>

namespace dpgraph {

struct EdgeList {
  int64_t NumVertices = 0;
  std::vector<Edge> Edges; ///< 0-based; W = 1 when the file has no weights.
  bool HasWeights = false; ///< Integer weights came from the file.
  bool Symmetric =
      false; ///< The file stores one triangle of a symmetric matrix.
};

enum class TextFormat { MatrixMarket, DimacsGr, Snap, Unknown };

/// Guesses the format from the file extension.
TextFormat formatFromPath(const std::string &Path);
/// Parses "mtx", "gr" or "snap".
TextFormat formatFromName(const std::string &Name);

bool readMatrixMarket(std::istream &In, EdgeList &Out, std::string &Err);
bool readDimacsGr(std::istream &In, EdgeList &Out, std::string &Err);
bool readSnap(std::istream &In, EdgeList &Out, std::string &Err);

/// Opens Path and dispatches on Format.
bool readTextGraph(const std::string &Path, TextFormat Format, EdgeList &Out,
                   std::string &Err);

} // namespace dpgraph
