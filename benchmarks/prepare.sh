#!/usr/bin/env bash
# Runs dpopt on every benchmark's cdp.cu for every configuration in
# configs.txt, writing gen/<bench>/<config>.cu (built by CMake as
# <bench>_<config>); for configurations that revive legacy CDP1 code
# (continuation, remove-launch, the default pipeline), also on a legacy
# input <bench>/cdp1.cu, writing gen/<bench>/cdp1_<config>.cu. Runs on the
# development machine, where dpopt is built.
#
#   benchmarks/prepare.sh [--strict] [bench...]
#
# Environment: CONFIGS (default configs.txt; e.g. configs-sweep.txt), JOBS
# (parallel dpopt runs, default: the number of cores),
# DPOPT (default <repo>/build/bin/dpopt), DPOPT_FLAGS (extra
# compiler flags passed after "--"). A failing dpopt run is reported and
# skipped (with --strict the script then exits 1); generated files of
# configurations no longer in configs.txt are removed.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
dpopt=${DPOPT:-$root/build/bin/dpopt}
strict=0
if [ "${1:-}" = "--strict" ]; then
  strict=1
  shift
fi

# Make a relative DPOPT path absolute (we cd below); a bare name uses PATH.
if [[ "$dpopt" != */* ]]; then
  dpopt=$(command -v "$dpopt" || echo "$dpopt")
elif [[ "$dpopt" != /* ]] && [ -e "$dpopt" ]; then
  dpopt="$(cd "$(dirname "$dpopt")" && pwd)/$(basename "$dpopt")"
fi
if [ ! -x "$dpopt" ]; then
  echo "prepare.sh: dpopt not found at $dpopt (build the dpopt project or set DPOPT); nothing generated"
  exit 0
fi

cd "$here"
if [ $# -gt 0 ]; then
  benches=("$@")
else
  benches=()
  for f in */cdp.cu; do
    [ -e "$f" ] && benches+=("${f%/cdp.cu}")
  done
fi

# NAME: options   (comments after '#', blank lines ignored)
names=()
options=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line%%#*}
  [[ "$line" =~ ^[[:space:]]*$ ]] && continue
  name=$(echo "${line%%:*}" | tr -d '[:space:]')
  opts=${line#*:}
  if ! [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] || [ "$name" = cdp ] ||
     [ "$name" = nocdp ] || [ "$name" = flat ] || [ "$line" = "$opts" ]; then
    echo "prepare.sh: bad line in configs.txt: $line" >&2
    exit 2
  fi
  names+=("$name")
  options+=("$opts")
done < "${CONFIGS:-configs.txt}"

# One dpopt run: prints "ok ..." or "FAILED ..." with the log's tail.
gen_one() {
  local bench=$1 name=$2 source=$3 opts
  read -r -a opts <<< "$4"
  local out="gen/$bench/$name.cu" log="gen/$bench/$name.log"
  # shellcheck disable=SC2086
  if "$dpopt" "$bench/$source.cu" -o "$out" "${opts[@]}" -- \
       -std=c++17 -I common -I "$bench" ${DPOPT_FLAGS:-} > "$log" 2>&1 &&
     [ -s "$out" ]; then
    echo "ok     $bench/$name"
  else
    echo "FAILED $bench/$name (dpopt $3); see benchmarks/$log:"
    tail -n 5 "$log" | sed 's/^/         /'
    rm -f "$out"
  fi
}

jobs_file=$(mktemp)
trap 'rm -f "$jobs_file"' EXIT
missing=0
for bench in "${benches[@]}"; do
  if [ ! -f "$bench/cdp.cu" ]; then
    echo "prepare.sh: no $bench/cdp.cu" >&2
    missing=$((missing + 1))
    continue
  fi
  mkdir -p "gen/$bench"
  # Drop outputs of configurations that are gone.
  for old in "gen/$bench"/*.cu; do
    [ -e "$old" ] || continue
    keep=0
    for name in "${names[@]}"; do
      [ "$old" = "gen/$bench/$name.cu" ] && keep=1
      [ "$old" = "gen/$bench/cdp1_$name.cu" ] && keep=1
    done
    [ $keep = 1 ] || rm -f "$old"
  done
  for i in "${!names[@]}"; do
    printf '%s\t%s\t%s\t%s\n' "$bench" "${names[$i]}" cdp "${options[$i]}" >> "$jobs_file"
    # Legacy CDP1 inputs (device-side cudaDeviceSynchronize) build for sm_90
    # only after continuation (the default pipeline starts with it) or
    # remove-launch: variant cdp1_<config>.
    opts=${options[$i]}
    if [ -f "$bench/cdp1.cu" ] && { [[ "$opts" == *remove-launch* ]] ||
        [[ "$opts" == *continuation* ]] || [[ "$opts" != *--passes* ]]; }; then
      printf '%s\t%s\t%s\t%s\n' "$bench" "cdp1_${names[$i]}" cdp1 "${options[$i]}" >> "$jobs_file"
    fi
  done
done

# dpopt runs are independent: run them on every core, report in a fixed order.
results=$(
  while IFS=$'\t' read -r bench name source opts; do
    ( gen_one "$bench" "$name" "$source" "$opts" > "gen/$bench/$name.status" ) &
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-$(nproc)}" ]; do sleep 0.1; done
  done < "$jobs_file"
  wait
  while IFS=$'\t' read -r bench name source opts; do
    cat "gen/$bench/$name.status"
    rm -f "gen/$bench/$name.status"
  done < "$jobs_file"
)
echo "$results"
ok=$(grep -c '^ok' <<< "$results" || true)
failed=$(( $(grep -c '^FAILED' <<< "$results" || true) + missing ))

echo "prepare.sh: $ok generated, $failed failed (into benchmarks/gen)"
if [ $strict = 1 ] && [ $failed -gt 0 ]; then
  exit 1
fi
exit 0
