#!/usr/bin/env bash
# Runs enclosure_launch.cu's scenarios 5 times each, under a 10 s time-out,
# 5 at a time; prints scenario,run,result.
#   test/gpu/probes/run_enclosure.sh OUTDIR [NVCC]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$1
NVCC=${2:-nvcc}
mkdir -p "$OUT"
"$NVCC" -rdc=true -arch=sm_90 -I"$HERE/../../../runtime" -o "$OUT/el" \
  "$HERE/enclosure_launch.cu" -lcudadevrt || exit 1
one() {
  R=$(timeout 10 "$1/el" $2 2>&1)
  case $? in 0) R="ok $R" ;; 124) R=HANG ;; *) R="error $R" ;; esac
  echo "$2,$3,$R"
}
export -f one
{
  for S in 0 1 2 3 4; do for R in 1 2 3 4 5; do echo "$OUT $S $R"; done; done
} | xargs -P 5 -L 1 bash -c 'one "$@"' _ | sort > "$OUT/enclosure.csv"
cat "$OUT/enclosure.csv"
