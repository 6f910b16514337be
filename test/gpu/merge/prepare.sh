#!/usr/bin/env bash
# Development machine: rewrites programs.cu with dpopt's default pipeline
# (merge acts on '#pragma dp merge' only) and with --passes=merge (also the
# sequence dpopt proves independent) into DIR (default out/merge-gpu); carry
# it to the GPU machine and run test/gpu/merge/run.sh there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
out=${1:-$root/out/merge-gpu}
mkdir -p "$out"
src=$root/test/gpu/merge/programs.cu
cp "$src" "$out/programs-asis.cu"
"$dpopt" "$src" -o "$out/programs-default.cu" -R > "$out/programs-default.log" 2>&1
"$dpopt" "$src" --passes=merge -o "$out/programs-merge.cu" -R > "$out/programs-merge.log" 2>&1
echo "generated $(ls "$out"/*.cu | wc -l) programs in $out"
