#!/usr/bin/env bash
# ctest gpu.fold: fold.cu as written and after dpopt (threshold alone, the
# default pipeline, and both with --fold-fp-atomics), each built and run;
# every build must print PASSED. The rewritten files must fold what the
# remarks say (DP5102). Exits 77 (ctest SKIP) without a GPU or nvcc.
#   test/gpu/fold/ctest.sh DPOPT NVCC WORKDIR
set -u
DPOPT=$1 NVCC=$2 WORK=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$here/../require-gpu.sh"
require_gpu "$NVCC"
mkdir -p "$WORK"
fail=0
run() { # name dpopt-options...
  local name=$1 src=$here/fold.cu
  shift
  if [ "$name" != original ]; then
    "$DPOPT" "$here/fold.cu" -o "$WORK/$name.cu" --remarks "$@" 2> "$WORK/$name.remarks" ||
      { echo "FAIL $name: dpopt failed"; fail=1; return; }
    src=$WORK/$name.cu
    echo "$name: $(grep -c DP5102 "$WORK/$name.remarks") atomics folded"
  fi
  "$NVCC" -O3 -std=c++17 -rdc=true -arch=sm_90 -I "$root/runtime" "$src" -o "$WORK/$name" -lcudadevrt ||
    { echo "FAIL $name: nvcc failed"; fail=1; return; }
  if timeout 120 "$WORK/$name" > "$WORK/$name.log" 2>&1 && grep -q '^PASSED' "$WORK/$name.log"; then
    echo "PASS $name"
  else
    echo "FAIL $name: $(head -3 "$WORK/$name.log")"; fail=1
  fi
}
run original
run threshold --passes=threshold
run threshold-fp --passes=threshold --fold-fp-atomics
run default
run default-fp --fold-fp-atomics
exit $fail
