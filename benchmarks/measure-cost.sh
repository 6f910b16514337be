#!/usr/bin/env bash
# What a dpopt run costs next to nvcc, per benchmark (docs/performance.md):
# for every <bench>/cdp.cu, the CPU time (user + sys) and wall time of
#   dpopt <bench>/cdp.cu -o x.cu [DPOPT_ARGS] -- -std=c++17 -I common -I <bench>
#   nvcc -O3 -rdc=true -arch=sm_90 -std=c++17 -I common -I <bench> -c <bench>/cdp.cu
# the median of RUNS runs each, and dpopt's parse count (--time). Prints CSV.
#
#   benchmarks/measure-cost.sh [bench...]
# Environment: DPOPT (default <repo>/build/bin/dpopt), NVCC (default nvcc on
# PATH or /usr/local/cuda/bin/nvcc), RUNS (default 3), DPOPT_ARGS (default:
# none, i.e. the default pipeline).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dpopt=${DPOPT:-$here/../build/bin/dpopt}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"
if [ $# -gt 0 ]; then benches=("$@"); else
  benches=(); for f in */cdp.cu; do benches+=("${f%/cdp.cu}"); done
fi

# Median of the numbers on stdin.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Runs "$@" RUNS times; prints "cpu_median wall_median".
measure() {
  local cpu=() wall=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%U %S %e" -o "$tmp/t" "$@" > "$tmp/out" 2> "$tmp/err" || {
      echo "measure-cost.sh: failed: $*" >&2; tail -3 "$tmp/err" >&2; return 1; }
    read -r u s e < <(tail -1 "$tmp/t")
    cpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')"); wall+=("$e")
  done
  echo "$(printf '%s\n' "${cpu[@]}" | median) $(printf '%s\n' "${wall[@]}" | median)"
}

echo "bench,dpopt_cpu_s,dpopt_wall_s,parses,nvcc_cpu_s,nvcc_wall_s,cpu_ratio"
for b in "${benches[@]}"; do
  flags=(-std=c++17 -I common -I "$b")
  # shellcheck disable=SC2086
  d=$(measure "$dpopt" "$b/cdp.cu" -o "$tmp/x.cu" ${DPOPT_ARGS:-} -- "${flags[@]}") || continue
  parses=$("$dpopt" "$b/cdp.cu" -o "$tmp/x.cu" ${DPOPT_ARGS:-} --time -- "${flags[@]}" 2>&1 |
           sed -n 's/^dpopt: \([0-9]*\) parse.*/\1/p')
  n=$(measure "$nvcc" -O3 -rdc=true -arch=sm_90 "${flags[@]}" -c "$b/cdp.cu" -o "$tmp/x.o") || continue
  read -r dc dw <<< "$d"; read -r nc nw <<< "$n"
  echo "$b,$dc,$dw,$parses,$nc,$nw,$(awk -v d="$dc" -v n="$nc" 'BEGIN { printf "%.2f", d / n }')"
done
