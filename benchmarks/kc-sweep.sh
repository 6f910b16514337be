#!/usr/bin/env bash
# The exhaustive configuration sweep of Wu, Li, Becchi (IPDPS'16) §V.B for
# consolidated kernels: from the consolidate variants CSw, CSb and CSg of
# the given benchmarks (benchmarks/prepare.sh with
# CONFIGS=configs-consolidate.txt must have written them), writes
#   gen/<bench>/CS<g>K<X>.cu  -- KC_X for X in 1, 16, 32 (DPOPT_CONS_KC)
#   gen/<bench>/CS<g>B<N>.cu  -- N blocks per consolidated launch, capped at
#                                the work's (DPOPT_CONS_BLOCKS); B1to1 is
#                                the paper's 1-1 mapping
# which the benchmark CMake builds like any other variant. Development or GPU
# machine (it only copies text).
#   benchmarks/kc-sweep.sh td sssp
set -eu
here=$(cd "$(dirname "$0")" && pwd)
for bench in "$@"; do
  for g in w b g; do
    base=$here/gen/$bench/CS$g.cu
    [ -f "$base" ] || { echo "kc-sweep.sh: $base missing (run prepare.sh)" >&2; exit 1; }
    for kc in 1 16 32; do
      { echo "#define DPOPT_CONS_KC ${kc}u"; cat "$base"; } > "$here/gen/$bench/CS${g}K$kc.cu"
    done
    for n in 1 4 16 66 132 264 528 1056 2112 4224 8448; do
      { echo "#define DPOPT_CONS_BLOCKS ${n}u"; cat "$base"; } > "$here/gen/$bench/CS${g}B$n.cu"
    done
    { echo "#define DPOPT_CONS_BLOCKS 0xffffffffu"; cat "$base"; } > "$here/gen/$bench/CS${g}B1to1.cu"
  done
  echo "kc-sweep: $bench: $(ls "$here/gen/$bench" | grep -c '^CS[wbg][KB]') sweep variants"
done
