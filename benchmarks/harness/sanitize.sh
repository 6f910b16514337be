#!/usr/bin/env bash
# Runs one variant of every benchmark once, on its first dataset at 'tiny'
# scale, under compute-sanitizer memcheck and racecheck (GPU machine, after
# BUILD_DIR is built). Writes <tool>-<bench>.log and sanitize.csv to OUT.
# Usage: sanitize.sh BUILD_DIR VARIANT OUT [SECONDS_PER_RUN] [PARALLEL]
# (TOOLS="memcheck" for one tool; racecheck does not support CDP and says so).
set -u
build=$1 variant=$2 out=$3 limit=${4:-120} parallel=${5:-4}
mkdir -p "$out/data"

one() { # bench dataset binary tool
  local bench=$1 ds=$2 binary=$3 tool=$4 log="$out/$4-$1.log"
  timeout "$limit" compute-sanitizer --tool "$tool" --error-exitcode 3 \
    "$binary" --input "$out/data/$ds-tiny.dpg" --runs 1 --warmup 0 > "$log" 2>&1
  local rc=$? status=CLEAN
  local summary
  summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -n 1 | tr ',' ';')
  [ $rc = 3 ] && status=ERRORS
  [ $rc = 124 ] && status=TIMEOUT
  [ $rc != 0 ] && [ $rc != 3 ] && [ $rc != 124 ] && status="EXIT-$rc"
  grep -q "status=PASS" "$log" || status="$status/no-PASS"
  echo "$bench,$ds,$tool,$status,$summary"
}
export -f one
export out limit

jobs=()
while IFS=$'\t' read -r bench var kind binary datasets; do
  [ "$var" = "$variant" ] && [ -x "$binary" ] || continue
  ds=${datasets%%,*}
  [ -e "$out/data/$ds-tiny.dpg" ] ||
    "$build/bin/dpgen" gen "$ds" --scale tiny -o "$out/data/$ds-tiny.dpg" > /dev/null
  for tool in ${TOOLS:-memcheck racecheck}; do jobs+=("$bench $ds $binary $tool"); done
done < <(grep -v '^#' "$build/manifest.tsv")

{
  echo "bench,dataset,tool,status,summary"
  printf '%s\n' "${jobs[@]}" | xargs -P "$parallel" -L 1 bash -c 'one "$@"' _ | sort
} > "$out/sanitize.csv"
cat "$out/sanitize.csv"
