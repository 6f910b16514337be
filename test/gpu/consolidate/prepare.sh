#!/usr/bin/env bash
# Development machine: rewrites pragmas.cu (consolidate's own shapes),
# postwork.cu (CDP1 postwork; it does not compile for sm_90 as written, so
# only its rewrites are built) and the aggregate pass's patterns.cu with dpopt's consolidate pass in every
# granularity, into out/cons-gpu/ (carry that folder to the GPU machine and
# run test/gpu/consolidate/run.sh there).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
out=${1:-$root/out/cons-gpu}
mkdir -p "$out"
gen() { # name, input, dpopt options...
  local name=$1 input=$2
  shift 2
  "$dpopt" "$input" -o "$out/$name.cu" -R "$@" > "$out/$name.log" 2>&1
  echo "generated $name"
}
pragmas=$root/test/gpu/consolidate/pragmas.cu
patterns=$root/test/gpu/aggregate/patterns.cu
cp "$pragmas" "$out/pragmas-cdp.cu"
cp "$patterns" "$out/patterns-cdp.cu"
gen pragmas-cons "$pragmas" --passes=consolidate
gen pragmas-default "$pragmas"
postwork=$root/test/gpu/consolidate/postwork.cu
gen postwork-cons "$postwork" --passes=consolidate
gen postwork-default "$postwork"
# Without the program's own cudaDeviceSetLimit: dpopt raises the
# pending-launch limit before the host launch of the recursive 'tree'.
mkdir -p "$out/inputs"
sed '/cudaLimitDevRuntimePendingLaunchCount, 1 << 16/d' "$postwork" > "$out/inputs/postwork-nolimit.cu"
gen postwork-nolimit "$out/inputs/postwork-nolimit.cu" --passes=consolidate
for g in warp block grid; do
  gen patterns-cons-$g "$patterns" --passes=consolidate --consldt=$g
done
gen patterns-tc-cons-block "$patterns" --passes=threshold,coarsen,consolidate --consldt=block
gen patterns-default-cons-grid "$patterns" --consldt=grid
