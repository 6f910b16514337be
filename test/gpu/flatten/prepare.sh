#!/usr/bin/env bash
# Development machine: rewrites chains.cu (chains of one-block children; two
# of its kernels wait with the legacy cudaDeviceSynchronize(), so it does
# not compile for sm_90 as written) and tails.cu (CDP2 chains whose postwork
# is a tail launch; it also runs as written) with flatten-recursion alone
# and with the default pipeline, into DIR (default out/flatten-gpu/); also
# tails.cu as written, its rewrite with a gather table of one slot (the
# blocks of all but one grid alive at once then make their own tail
# launches), and one whose gathered launches are always checked in phases
# (as above 4,096 blocks). Carry that folder to the GPU machine and run
# test/gpu/flatten/run.sh there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
out=${1:-$root/out/flatten-gpu}
mkdir -p "$out"
gen() { # name, input, dpopt options...
  local name=$1 input=$2
  shift 2
  "$dpopt" "$input" -o "$out/$name.cu" --remarks "$@" > "$out/$name.log" 2>&1
  echo "generated $name"
}
chains=$root/test/gpu/flatten/chains.cu
gen chains-flatten "$chains" --passes=flatten-recursion
gen chains-default "$chains"
tails=$root/test/gpu/flatten/tails.cu
gen tails-flatten "$tails" --passes=flatten-recursion
gen tails-default "$tails"
cp "$tails" "$out/tails-original.cu"
{ echo '#define DPOPT_TAIL_GATHER_SLOTS 1u'; cat "$out/tails-flatten.cu"; } > "$out/tails-one-slot.cu"
{ echo '#define DPOPT_TAIL_GATHER_ONE_BLOCK 0u'; cat "$out/tails-flatten.cu"; } > "$out/tails-phases.cu"
grep -q 'tailGatherRecord' "$out/tails-flatten.cu" || { echo "tails.cu was not flattened"; exit 1; }
