#!/usr/bin/env bash
# Builds and runs the CDP2 probes (coop_runtime.cu, streams.cu,
# tail_nesting.cu, gridid.cu, tail_order.cu) and the
# partial-barrier control of remove-launch T3 (plainly and under
# compute-sanitizer racecheck and synccheck); writes logs to $1.
#   test/gpu/probes/run.sh OUTDIR [NVCC]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$1
NVCC=${2:-nvcc}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/gpu.txt" 2>&1
"$NVCC" --version | tail -2 > "$OUT/nvcc.txt"
date -u +%FT%TZ > "$OUT/date.txt"
for P in coop_runtime streams tail_nesting gridid tail_order; do
  "$NVCC" -rdc=true -arch=sm_90 -o "$OUT/$P" "$HERE/$P.cu" -lcudadevrt > "$OUT/$P.build.log" 2>&1 &&
    timeout 120 "$OUT/$P" > "$OUT/$P.log" 2>&1
  echo "$P exit $?" >> "$OUT/summary.txt"
  rm -f "$OUT/$P"
done
PB=$HERE/../remove-launch/partial_barrier.cu
"$NVCC" -arch=sm_90 -o "$OUT/pb" "$PB" > "$OUT/pb.build.log" 2>&1
for F in named named-reg; do
  timeout 60 "$OUT/pb" $F >> "$OUT/pb.run.log" 2>&1
  for Tool in racecheck synccheck; do
    timeout 120 compute-sanitizer --tool $Tool "$OUT/pb" $F > "$OUT/pb.$F.$Tool.log" 2>&1
    echo "partial_barrier $F $Tool: exit $?, $(grep -c -i 'hazard\|error' "$OUT/pb.$F.$Tool.log") lines naming hazards/errors" >> "$OUT/summary.txt"
  done
done
rm -f "$OUT/pb"
cat "$OUT/summary.txt"
