#!/usr/bin/env bash
# Runs divergent_launches.cu over launch patterns, 8 at a time, each under a
# time-out; prints one CSV line per pattern: lanes1,stream1,lanes2,stream2,result
# and launch_starvation.cu over its switches (lines tail,malloc,busy,launch,waves,check,result).
#   test/gpu/probes/run_divergent.sh OUTDIR [NVCC] [starvation]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$1
NVCC=${2:-nvcc}
mkdir -p "$OUT"
if [ "${3:-all}" != starvation ]; then
"$NVCC" -rdc=true -arch=sm_90 -o "$OUT/dl" "$HERE/divergent_launches.cu" -lcudadevrt || exit 1
one() {
  timeout 15 "$1/dl" $2 $3 $4 $5 > /dev/null 2>&1
  case $? in 0) R=ok ;; 124) R=HANG ;; *) R=error ;; esac
  echo "$2,$3,$4,$5,$R"
}
export -f one
{
  for S1 in implicit tail ff named; do for L1 in two half one all; do
    for S2 in ff implicit; do for L2 in one other all; do
      echo "$OUT $L1 $S1 $L2 $S2"
    done; done
  done; done
} | xargs -P 8 -L 1 bash -c 'one "$@"' _ | sort > "$OUT/divergent.csv"
rm -f "$OUT/dl"
grep -c ok "$OUT/divergent.csv"; grep -v ",ok$" "$OUT/divergent.csv"
fi
# launch_starvation.cu: TAIL MALLOC BUSY LAUNCH
"$NVCC" -rdc=true -arch=sm_90 -o "$OUT/ls" "$HERE/launch_starvation.cu" -lcudadevrt || exit 1
two() {
  timeout 10 "$1/ls" $2 $3 $4 $5 $6 $7 > /dev/null 2>&1
  case $? in 0) R=ok ;; 124) R=HANG ;; *) R=error ;; esac
  echo "$2,$3,$4,$5,$6,$7,$R"
}
export -f two
{
  for T in 0 1; do for M in 0 1; do for B in 100 3000; do for L in 1 2; do
    for W in 2 3 5; do for C in 0 1; do
      echo "$OUT $T $M $B $L $W $C"
    done; done
  done; done; done; done
} | xargs -P 8 -L 1 bash -c 'two "$@"' _ | sort > "$OUT/starvation.csv"
rm -f "$OUT/ls"
echo "starvation:"; cat "$OUT/starvation.csv"
