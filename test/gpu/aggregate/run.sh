#!/usr/bin/env bash
# GPU machine: builds every rewritten patterns.cu in DIR (default
# out/agg-gpu, from prepare.sh) and the runtime's unit tests
# (runtime_test.cu), and runs them; each must print PASSED. Variants
# of the block build are also run with a tiny record pool (every group falls
# back to direct launches at once) and a pool that fills up part way, with clones
# whose launchers pass no group slot (they look their groups up), with the
# default's fitted groups split into groups of 2 blocks (smallgroups), and
# with SANITIZE="memcheck racecheck", the TCA build under those
# compute-sanitizer tools. Writes results.csv and
# the logs to $OUT (default DIR/results).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=${1:-$root/out/agg-gpu}
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
build runtime_test "$root/test/gpu/aggregate/runtime_test.cu" &
build A-block-pool4k "$dir/A-block.cu" -DDPOPT_AGG_POOL_BYTES=4096 &
build A-block-pool256k "$dir/A-block.cu" -DDPOPT_AGG_POOL_BYTES=262144 &
build A-grid-pool256k "$dir/A-grid.cu" -DDPOPT_AGG_POOL_BYTES=262144 &
# Clones whose launchers pass no group slot: their blocks look them up.
build A-grid-noslot "$dir/A-grid.cu" -DDPOPT_AGG_LAUNCHER_PROBES=0 &
build default-noslot "$dir/default.cu" -DDPOPT_AGG_LAUNCHER_PROBES=0 &
# The default's fitted groups (a launch that is not recursive) split into
# groups of 2 blocks: a budget of 4 KiB is less than one block's records.
build default-smallgroups "$dir/default.cu" -DDPOPT_AGG_GROUP_BYTES=4096 -DDPOPT_AGG_MIN_GROUP_BLOCKS=2ull &
build TCA-smallgroups "$dir/TCA.cu" -DDPOPT_AGG_GROUP_BYTES=4096 -DDPOPT_AGG_MIN_GROUP_BLOCKS=2ull &
wait
echo "variant,status,seconds" > "$out/results.csv"
for bin in "$out"/bin/*; do
  name=$(basename "$bin")
  # The pool builds run 'pair' too: with the record pool run out it hung
  # until record steps stopped waiting (2026-11-29, docs/cdp2-semantics.md).
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
for tool in ${SANITIZE:-}; do
  if command -v compute-sanitizer > /dev/null; then
    timeout 300 compute-sanitizer --tool $tool "$out/bin/TCA" 600 1 > "$out/TCA.$tool.log" 2>&1
    echo "TCA under $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/TCA.$tool.log" | head -1)"
  fi
done
