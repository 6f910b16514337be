#!/usr/bin/env bash
# GPU machine: builds every program prepare.sh wrote into DIR (default
# out/merge-gpu), each also with -DDPOPT_MERGE_ALWAYS=1 (merged whenever
# valid, whatever the size), and runs each; each must print PASSED. Writes
# results.csv and the logs to $OUT (default DIR/results).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=${1:-$root/out/merge-gpu}
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
  build "$name-always" "$f" -DDPOPT_MERGE_ALWAYS=1 &
done
wait
echo "variant,status,seconds" > "$out/results.csv"
for f in "$dir"/*.cu; do
  for name in "$(basename "$f" .cu)" "$(basename "$f" .cu)-always"; do
    bin=$out/bin/$name
    if [ ! -x "$bin" ]; then
      echo "$name,BUILD-FAILED,0" >> "$out/results.csv"
      echo "$name: BUILD-FAILED"
      continue
    fi
    start=$(date +%s%N)
    timeout 120 "$bin" > "$out/$name.run.log" 2>&1
    rc=$?
    secs=$(( ($(date +%s%N) - start) / 1000000 ))e-3
    status=FAIL
    [ $rc = 0 ] && grep -q '^PASSED' "$out/$name.run.log" && status=PASS
    [ $rc = 124 ] && status=TIMEOUT
    echo "$name,$status,$secs" >> "$out/results.csv"
    echo "$name: $status ($(tail -n 1 "$out/$name.run.log"))"
  done
done
