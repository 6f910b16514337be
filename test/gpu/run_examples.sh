#!/usr/bin/env bash
# GPU test: rewrite each bundled example with dpopt, build it with nvcc and
# run it; each example checks its own result against a CPU computation and
# prints PASS. Exits 77 (ctest SKIP) when there is no GPU or no nvcc.
set -u
DPOPT=$1 NVCC=$2 ROOT=$3 WORK=$4
. "$(dirname "$0")/./require-gpu.sh"
require_gpu "$NVCC"
mkdir -p "$WORK"
status=0
for src in "$ROOT"/examples/*.cu; do
  name=$(basename "$src" .cu)
  for passes in none default; do
    out="$WORK/$name.$passes.cu"
    args=(); [ "$passes" = none ] && args=(--passes=none)
    if ! "$DPOPT" "$src" -o "$out" "${args[@]}"; then
      echo "FAIL $name ($passes): dpopt"; status=1; continue
    fi
    if ! "$NVCC" -O2 -rdc=true -arch=sm_90 -I "$ROOT/runtime" -o "$WORK/$name.$passes" "$out" -lcudadevrt; then
      echo "FAIL $name ($passes): nvcc"; status=1; continue
    fi
    if "$WORK/$name.$passes" | tee "$WORK/$name.$passes.log" | grep -q '^PASS'; then
      echo "PASS $name ($passes)"
    else
      echo "FAIL $name ($passes): wrong result"; status=1
    fi
  done
done
exit $status
