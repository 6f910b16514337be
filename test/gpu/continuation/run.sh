#!/usr/bin/env bash
# GPU machine: builds every program prepare.sh wrote into DIR (default
# out/cont-gpu) and runs each at two sizes; each must print PASSED.
# Writes results.csv and the logs to $OUT (default DIR/results). SIZES
# (';'-separated argument lists) replaces the two sizes; flatten/run.sh
# uses this script with its own. Unless SIZES is set, it also builds and
# runs pool_test.cu (the block pool the continued kernels take their state
# from), which must print PASSED.
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=${1:-$root/out/cont-gpu}
out=${OUT:-$dir/results}
mkdir -p "$out/bin"
nvcc_flags=(-O3 -std=c++17 -rdc=true -arch=sm_90 -I "$root/runtime" -lcudadevrt)
for f in "$dir"/*.cu; do
  name=$(basename "$f" .cu)
  ( nvcc "${nvcc_flags[@]}" -o "$out/bin/$name" "$f" > "$out/$name.build.log" 2>&1 \
      && echo "$name built" || echo "$name BUILD-FAILED" ) &
done
wait
echo "variant,status,seconds" > "$out/results.csv"
for f in "$dir"/*.cu; do
  name=$(basename "$f" .cu)
  [ -x "$out/bin/$name" ] || echo "$name,BUILD-FAILED,0" >> "$out/results.csv"
done
for bin in "$out"/bin/*; do
  name=$(basename "$bin")
  IFS=';' read -r -a sizes <<< "${SIZES:-5000 3;200000 1}"
  for size in "${sizes[@]}"; do
    start=$(date +%s%N)
    timeout 120 "$bin" $size > "$out/$name.${size// /_}.run.log" 2>&1
    rc=$?
    secs=$(( ($(date +%s%N) - start) / 1000000 ))e-3
    status=FAIL
    [ $rc = 0 ] && grep -q '^PASSED' "$out/$name.${size// /_}.run.log" && status=PASS
    [ $rc = 124 ] && status=TIMEOUT
    echo "$name ${size// /_},$status,$secs" >> "$out/results.csv"
    echo "$name $size: $status ($(tail -n 1 "$out/$name.${size// /_}.run.log"))"
  done
done
if [ -z "${SIZES:-}" ]; then
  status=BUILD-FAILED
  if nvcc "${nvcc_flags[@]}" -o "$out/pool_test" "$root/test/gpu/continuation/pool_test.cu" \
       > "$out/pool_test.build.log" 2>&1; then
    timeout 120 "$out/pool_test" > "$out/pool_test.run.log" 2>&1
    rc=$?
    status=FAIL
    [ $rc = 0 ] && grep -q '^PASSED' "$out/pool_test.run.log" && status=PASS
    [ $rc = 124 ] && status=TIMEOUT
  fi
  echo "pool_test,$status,-" >> "$out/results.csv"
  echo "pool_test: $status ($(tail -n 2 "$out/pool_test.run.log" 2>/dev/null | head -n 1))"
fi
