#!/usr/bin/env bash
# The merge benchmark (merge.cu, README.md) in two steps:
#
#   benchmarks/merge/run.sh [gen]          # here, where dpopt is built:
#       dpopt --passes=merge on merge.cu -> benchmarks/merge/gen/merge.dpopt.cu
#   benchmarks/merge/run.sh gpu [OUTDIR]   # on the GPU machine:
#       build the variants with nvcc, run every case, size and mode, write
#       OUTDIR/results.csv, results.md, results.png (with matplotlib),
#       build.log and run.log (OUTDIR: default $OUT, else benchmarks/merge/out)
#
# gen/ and build/ are git-ignored: carry benchmarks/merge/gen to the GPU
# machine. Without gen/merge.dpopt.cu the GPU step runs seq, streams and
# solo only (and says so).
#
# Environment:
#   DPOPT        dpopt binary (default <repo>/build22/bin/dpopt)
#   DPOPT_ARGS   dpopt options (default "--passes=merge")
#   DPOPT_FLAGS  compile flags after "--" (default "-std=c++17 -I <common>")
#   NVCC         nvcc (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   NVCC_FLAGS   default "-rdc=true -arch=sm_90 -O3 -std=c++17"
#   BPS          DPOPT_MERGE_BLOCKS_PER_SM values of the threshold sweep
#                (variants merge-b<X>), besides the default 1 of "merge"
#                (default "0.5 2 4"; "" for none). WAVES, the sweep of the
#                former DPOPT_MERGE_WAVES, is no longer read (a warning).
#   MERGE_ARGS   extra arguments of every merge run (e.g. "--scales 2,64")
#   CASES        default "CC CM MM LAT TRIPLE"
#   TIMEOUT      seconds per run of one binary on one case (default 120)
#   BUDGET       seconds after the start of the GPU step after which the
#                remaining runs are skipped (default 230, build included)
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
common="$root/benchmarks/common"
step=${1:-gen}

case "$step" in
gen)
  dpopt=${DPOPT:-$root/build22/bin/dpopt}
  if [ ! -x "$dpopt" ]; then
    echo "run.sh: dpopt not found at $dpopt (build it or set DPOPT)" >&2
    exit 2
  fi
  mkdir -p "$here/gen"
  out="$here/gen/merge.dpopt.cu"
  read -r -a args <<< "${DPOPT_ARGS:---passes=merge}"
  read -r -a flags <<< "${DPOPT_FLAGS:--std=c++17 -I $common}"
  echo "run.sh: $dpopt merge.cu -o gen/merge.dpopt.cu ${args[*]} -- ${flags[*]}"
  if ! (cd "$here" && "$dpopt" merge.cu -o "$out" "${args[@]}" -- "${flags[@]}"); then
    echo "run.sh: dpopt failed; no $out" >&2
    rm -f "$out"
    exit 1
  fi
  if ! grep -q "DPOPT_MERGE" "$out"; then
    echo "run.sh: warning: $out mentions no DPOPT_MERGE_* macro: did dpopt merge anything?" >&2
  fi
  echo "run.sh: wrote $out; carry benchmarks/merge/gen to the GPU machine and run: benchmarks/merge/run.sh gpu"
  ;;

gpu)
  outdir=${2:-${OUT:-$here/out}}
  mkdir -p "$outdir"
  outdir=$(cd "$outdir" && pwd)
  build="$here/build"
  mkdir -p "$build"
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  read -r -a nvflags <<< "${NVCC_FLAGS:--rdc=true -arch=sm_90 -O3 -std=c++17}"
  read -r -a bps <<< "${BPS-0.5 2 4}"
  read -r -a cases <<< "${CASES:-CC CM MM LAT TRIPLE}"
  read -r -a extra <<< "${MERGE_ARGS:-}"
  gen="$here/gen/merge.dpopt.cu"
  log="$outdir/run.log"
  : > "$log"
  start=$SECONDS
  if [ -n "${WAVES+set}" ]; then
    echo "run.sh: WAVES is no longer read (DPOPT_MERGE_WAVES became DPOPT_MERGE_BLOCKS_PER_SM): the sweep is BPS=\"${bps[*]}\"" | tee -a "$log" >&2
  fi

  # Variants: name, source, extra nvcc flags. seq also gives streams and solo.
  names=(seq)
  sources=("$here/merge.cu")
  defines=("")
  if [ -f "$gen" ]; then
    names+=(merge merge-always)
    sources+=("$gen" "$gen")
    defines+=("" "-DDPOPT_MERGE_ALWAYS=1")
    for x in "${bps[@]}"; do
      names+=("merge-b$x")
      sources+=("$gen")
      defines+=("-DDPOPT_MERGE_BLOCKS_PER_SM=$x")
    done
  else
    echo "run.sh: no $gen (run 'run.sh gen' where dpopt is built and carry benchmarks/merge/gen): seq, streams and solo only" | tee -a "$log" >&2
  fi

  # Build every variant in parallel.
  echo "run.sh: building ${#names[@]} binaries with $nvcc" | tee -a "$log"
  : > "$outdir/build.log"
  pids=()
  for i in "${!names[@]}"; do
    read -r -a defs <<< "${defines[$i]}"
    (
      "$nvcc" "${nvflags[@]}" "${defs[@]}" -I "$common" -I "$root/runtime" \
        "${sources[$i]}" -o "$build/merge_${names[$i]}" -lcudadevrt \
        > "$build/merge_${names[$i]}.log" 2>&1
    ) &
    pids+=($!)
  done
  built=()
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then
      built+=("${names[$i]}")
    else
      echo "run.sh: build of merge_${names[$i]} FAILED" | tee -a "$log" >&2
    fi
    { echo "== merge_${names[$i]}: ${defines[$i]} ${sources[$i]}"
      cat "$build/merge_${names[$i]}.log"; } >> "$outdir/build.log"
  done
  echo "run.sh: built ${built[*]:-nothing} in $((SECONDS - start)) s" | tee -a "$log"
  if command -v nvidia-smi > /dev/null; then nvidia-smi -L >> "$log" 2>&1; fi

  # Runs: per case, every variant one after the other, so that the modes of
  # a case are measured close together in time.
  csv="$outdir/results.csv"
  echo "case,scale,blocks_total,mode,median_ms,verified,min_ms,max_ms,batch,runs,wave_est,sms" > "$csv"
  failed=0
  for c in "${cases[@]}"; do
    for name in "${built[@]}"; do
      if [ "$name" = seq ]; then
        runs=("seq --mode seq" "seq --mode streams" "seq --mode solo")
      else
        runs=("$name --mode seq --label $name")
      fi
      for r in "${runs[@]}"; do
        read -r -a argv <<< "$r"
        bin="$build/merge_${argv[0]}"
        if [ $((SECONDS - start)) -ge "${BUDGET:-230}" ]; then
          echo "run.sh: $c: merge_${argv[*]} SKIPPED (budget of ${BUDGET:-230} s spent)" | tee -a "$log" >&2
          failed=1
          continue
        fi
        echo "== $c: merge_${argv[*]} --cases $c ${extra[*]}" >> "$log"
        timeout "${TIMEOUT:-120}" "$bin" "${argv[@]:1}" --cases "$c" "${extra[@]}" \
          >> "$csv" 2>> "$log"
        status=$?
        if [ $status -ne 0 ]; then
          echo "run.sh: $c: merge_${argv[*]} exited with $status (1: wrong result, 2: error, 124: timeout)" | tee -a "$log" >&2
          failed=1
        fi
      done
    done
  done
  echo "run.sh: runs done in $((SECONDS - start)) s" | tee -a "$log"

  python3 "$here/report.py" "$csv" -o "$outdir/results.md" --png "$outdir/results.png" |
    tee -a "$log"
  echo "run.sh: wrote $outdir/results.csv, results.md (and results.png with matplotlib), run.log, build.log"
  exit $failed
  ;;

*)
  echo "usage: $0 [gen] | gpu [OUTDIR]" >&2
  exit 2
  ;;
esac
