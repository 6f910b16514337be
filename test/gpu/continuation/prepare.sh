#!/usr/bin/env bash
# Development machine: rewrites programs.cu (legacy CDP1 kernels; it does
# not compile for sm_90 as written) with dpopt's continuation pass alone and
# with the default pipeline, into DIR (default out/cont-gpu/). Carry that
# folder to the GPU machine and run test/gpu/continuation/run.sh there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
out=${1:-$root/out/cont-gpu}
mkdir -p "$out"
gen() { # name, input, dpopt options...
  local name=$1 input=$2
  shift 2
  "$dpopt" "$input" -o "$out/$name.cu" --remarks "$@" > "$out/$name.log" 2>&1
  echo "generated $name"
}
programs=$root/test/gpu/continuation/programs.cu
gen programs-cont "$programs" --passes=continuation
gen programs-default "$programs"
gen programs-cont-aggregate "$programs" --passes=continuation,aggregate
