//===- bfsq/flat.cu - bfs/flat.cu, built as bfsq's flat peer -------------===//
//
// bfsq's flat peer is bfs's, unchanged: the kernels and the host class come
// from bfs/flat.cu. Its main names BfsBench, and the macro turns that into
// BfsqBench so that the DPBENCH line says bench=bfsq. bfsq.h has already
// included bfs/bfs.h (#pragma once), so the macro renames only the uses in
// bfs/flat.cu, never the definition of BfsBench.
//
//===----------------------------------------------------------------------===//

#include "bfsq.h"

#define BfsBench BfsqBench
#include "../bfs/flat.cu"
#undef BfsBench
