#!/usr/bin/env bash
# Runs divergent_runtime.cu for every X (0-14) and Y (0-2), and X in another
# warp (W=1) for a few X, each RUNS times (default 3) under a 10 s time-out,
# 8 processes at a time; writes OUTDIR/divergent_runtime.csv (X,Y,W,run,result)
# and prints the cells that hung.
#   test/gpu/probes/run_divergent_runtime.sh OUTDIR [NVCC] [RUNS]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$1
NVCC=${2:-nvcc}
RUNS=${3:-3}
mkdir -p "$OUT"
"$NVCC" -rdc=true -arch=sm_90 -o "$OUT/dr" "$HERE/divergent_runtime.cu" -lcudadevrt || exit 1
one() {
  timeout 10 "$1/dr" $2 $3 $4 > /dev/null 2>&1
  case $? in 0) R=ok ;; 124) R=HANG ;; *) R=error ;; esac
  echo "$2,$3,$4,$5,$R"
}
export -f one
{
  for K in $(seq "$RUNS"); do
    for X in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do for Y in 0 1 2; do echo "$OUT $X $Y 0 $K"; done; done
    for X in 1 4 5 6 7; do echo "$OUT $X 0 1 $K"; done
  done
} | xargs -P 8 -L 1 bash -c 'one "$@"' _ | sort -t, -k1n -k2n -k3n -k4n > "$OUT/divergent_runtime.csv"
rm -f "$OUT/dr"
grep -v ",ok$" "$OUT/divergent_runtime.csv"
