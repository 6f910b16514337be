#!/usr/bin/env bash
# GPU machine: builds every program prepare.sh wrote into DIR (default
# out/cons-gpu) and runs each; each must print PASSED. The consolidated
# builds are also run with a tiny record pool (every buffer overflows at
# once: each thread launches its own child) and a pool that fills part way,
# and with clones that look up their grid buffers (no slot passed).
# Writes results.csv and the logs to $OUT (default DIR/results).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=${1:-$root/out/cons-gpu}
out=${OUT:-$dir/results}
mkdir -p "$out/bin"
nvcc_flags=(-O3 -std=c++17 -rdc=true -arch=sm_90 -I "$root/runtime" -lcudadevrt)
build() { # name source extra-flags...
  local name=$1 src=$2
  shift 2
  if nvcc "${nvcc_flags[@]}" "$@" -o "$out/bin/$name" "$src" > "$out/$name.build.log" 2>&1; then
    echo "$name built"
  else
    echo "$name BUILD-FAILED"
  fi
}
for f in "$dir"/*.cu; do
  name=$(basename "$f" .cu)
  build "$name" "$f" &
done
build pragmas-cons-pool4k "$dir/pragmas-cons.cu" -DDPOPT_AGG_POOL_BYTES=4096 &
build postwork-cons-pool4k "$dir/postwork-cons.cu" -DDPOPT_AGG_POOL_BYTES=4096 &
build postwork-cons-blocks1 "$dir/postwork-cons.cu" -DDPOPT_CONS_BLOCKS=1 &
build patterns-cons-block-pool4k "$dir/patterns-cons-block.cu" -DDPOPT_AGG_POOL_BYTES=4096 &
build patterns-cons-grid-pool256k "$dir/patterns-cons-grid.cu" -DDPOPT_AGG_POOL_BYTES=262144 &
# Clones whose launchers pass no group slot: their blocks look them up.
build patterns-cons-grid-noslot "$dir/patterns-cons-grid.cu" -DDPOPT_AGG_LAUNCHER_PROBES=0 &
build postwork-cons-noslot "$dir/postwork-cons.cu" -DDPOPT_AGG_LAUNCHER_PROBES=0 &
wait
echo "variant,status,seconds" > "$out/results.csv"
for bin in "$out"/bin/*; do
  name=$(basename "$bin")
  start=$(date +%s%N)
  timeout 120 "$bin" 5000 3 > "$out/$name.run.log" 2>&1
  rc=$?
  secs=$(( ($(date +%s%N) - start) / 1000000 ))e-3
  status=FAIL
  [ $rc = 0 ] && grep -q '^PASSED' "$out/$name.run.log" && status=PASS
  [ $rc = 124 ] && status=TIMEOUT
  echo "$name,$status,$secs" >> "$out/results.csv"
  echo "$name: $status ($(tail -n 1 "$out/$name.run.log"))"
done
