#!/usr/bin/env bash
# Development machine: test/gpu/probes/run_agg_sparse.sh prepare DIR
#   writes DIR/agg_sparse.cu (the CDP source) and DIR/agg_sparse.dp.cu
#   (dpopt --passes=aggregate of it) and DIR/agg_sparse.blk.cu (the same
#   with --agg=block); DPOPT names dpopt, default build/bin/dpopt.
# GPU machine: test/gpu/probes/run_agg_sparse.sh run DIR OUTDIR
#   builds both and writes OUTDIR/agg_sparse.csv: the original's rows are
#   'cdp,...', the aggregated files' 'dpopt,...' and 'dpopt-block,...'
#   (see agg_sparse.cu).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
case $1 in
prepare)
  mkdir -p "$2"
  cp "$HERE/agg_sparse.cu" "$2/"
  "${DPOPT:-$ROOT/build/bin/dpopt}" --passes=aggregate "$HERE/agg_sparse.cu" -o "$2/agg_sparse.dp.cu"
  "${DPOPT:-$ROOT/build/bin/dpopt}" --passes=aggregate --agg=block "$HERE/agg_sparse.cu" -o "$2/agg_sparse.blk.cu"
  ;;
run)
  mkdir -p "$3"
  nvcc -O3 -rdc=true -arch=sm_90 -o "$3/cdp" "$2/agg_sparse.cu" -lcudadevrt > "$3/build.log" 2>&1 &
  nvcc -O3 -rdc=true -arch=sm_90 -I "$ROOT/runtime" -o "$3/dp" "$2/agg_sparse.dp.cu" -lcudadevrt >> "$3/build.log" 2>&1 &
  nvcc -O3 -rdc=true -arch=sm_90 -I "$ROOT/runtime" -o "$3/blk" "$2/agg_sparse.blk.cu" -lcudadevrt >> "$3/build.log" 2>&1 &
  wait
  { echo "binary,variant,fraction,launching,ms_per_round,check"
    timeout 200 "$3/cdp" 100 0.1 | sed 's/^/cdp,/'
    timeout 200 "$3/dp" 100 | sed 's/^/dpopt,/'
    timeout 200 "$3/blk" 100 | sed 's/^/dpopt-block,/'; } > "$3/agg_sparse.csv"
  rm -f "$3/cdp" "$3/dp" "$3/blk"
  ;;
esac
