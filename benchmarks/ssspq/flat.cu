//===- ssspq/flat.cu - sssp/flat.cu, built as ssspq's flat peer ----------===//
//
// ssspq's flat peer is sssp's, unchanged: the kernels and the host class come
// from sssp/flat.cu. Its main names SsspBench, and the macro turns that into
// SsspqBench so that the DPBENCH line says bench=ssspq. ssspq.h has already
// included sssp/sssp.h (#pragma once), so the macro renames only the uses in
// sssp/flat.cu, never the definition of SsspBench.
//
//===----------------------------------------------------------------------===//

#include "ssspq.h"

#define SsspBench SsspqBench
#include "../sssp/flat.cu"
#undef SsspBench
