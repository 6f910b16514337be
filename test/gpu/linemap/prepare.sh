#!/usr/bin/env bash
# Development machine: rewrites oob.cu with the passes that copy the child's
# body into dpopt's own code, with and without '#line' directives, into DIR
# (default out/linemap-gpu); carry it to the GPU machine and run
# test/gpu/linemap/run.sh there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
out=${1:-$root/out/linemap-gpu}
mkdir -p "$out"
src=$root/test/gpu/linemap/oob.cu
cp "$src" "$out/oob-asis.cu"
for passes in threshold coarsen aggregate default; do
  args=()
  [ "$passes" != default ] && args=(--passes=$passes)
  "$dpopt" "$src" -o "$out/oob-$passes.cu" "${args[@]}" -R > "$out/oob-$passes.log" 2>&1
done
# The control: without directives the report names the output file.
"$dpopt" "$src" -o "$out/oob-nolines.cu" --passes=coarsen --no-line-directives
grep -n '// OOB$' "$src" | cut -d: -f1 > "$out/oob-line.txt"
echo "generated $(ls "$out"/*.cu | wc -l) programs in $out"
