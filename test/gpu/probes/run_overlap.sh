#!/usr/bin/env bash
# Runs launch_overlap.cu over its scenarios and mitigations, 8 at a time,
# each under a 5 s time-out, twice; prints scenario,mitigation,busy,run,result.
#   test/gpu/probes/run_overlap.sh OUTDIR [NVCC]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$1
NVCC=${2:-nvcc}
mkdir -p "$OUT"
"$NVCC" -rdc=true -arch=sm_90 -o "$OUT/lo" "$HERE/launch_overlap.cu" -lcudadevrt || exit 1
one() {
  timeout 5 "$1/lo" $2 $3 $4 > /dev/null 2>&1
  case $? in 0) R=ok ;; 124) R=HANG ;; *) R=error ;; esac
  echo "$2,$3,$4,$5,$R"
}
export -f one
{
  for S in 0 1 2 3; do for M in 0 1 2 3; do for B in 100 3000; do for R in 1 2; do
    echo "$OUT $S $M $B $R"
  done; done; done; done
} | xargs -P 8 -L 1 bash -c 'one "$@"' _ | sort > "$OUT/overlap.csv"
cat "$OUT/overlap.csv"
