#!/usr/bin/env bash
# Development machine: rewrites patterns.cu with dpopt in every aggregate
# configuration, into out/agg-gpu/ (carry that folder to the GPU machine and
# run test/gpu/aggregate/run.sh there).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
out=${1:-$root/out/agg-gpu}
mkdir -p "$out"
gen() { # name, dpopt options...
  local name=$1
  shift
  "$dpopt" "$root/test/gpu/aggregate/patterns.cu" -o "$out/$name.cu" "$@" > "$out/$name.log" 2>&1
  echo "generated $name"
}
cp "$root/test/gpu/aggregate/patterns.cu" "$out/cdp.cu"
gen A-warp --passes=aggregate --agg=warp
gen A-block --passes=aggregate --agg=block
gen A-multiblock4 --passes=aggregate --agg=multiblock:4
gen A-grid --passes=aggregate --agg=grid
gen A-block-aggthr8 --passes=aggregate --agg=block --agg-threshold=8
gen TA --passes=threshold,aggregate
gen CA --passes=coarsen,aggregate
gen TCA --passes=threshold,coarsen,aggregate
gen default
gen AC --passes=aggregate,coarsen
gen ACT --passes=aggregate,coarsen,threshold
gen CAT --passes=coarsen,aggregate,threshold
