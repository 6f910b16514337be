#!/usr/bin/env bash
# GPU verification of remove-launch (docs/passes/remove-launch.md).
#
#   run.sh prepare <dpopt> <gen-dir>   # on the dpopt machine: rewrite the programs
#   run.sh device <gen-dir> <log-dir>  # on a GPU machine: build, run, check
#
# cdp1_programs.cu is legacy CDP1 code (device-side cudaDeviceSynchronize):
# only its rewritten form is built (the input does not compile for sm_90).
# partial_barrier.cu is a hand-written control (no dpopt) for what
# racecheck says about T3's partial barrier.
# NO_SANITIZE=1 skips the compute-sanitizer runs.
# t4_patterns.cu, t3_patterns.cu and persistent_patterns.cu (T1, T2, auto,
# and T3/T4 forced) are valid CDP2 code: built as written and rewritten;
# persist_runtime_test.cu tests dpopt/persist.cuh directly. Every
# program checks its result against a CPU reference and exits non-zero on a
# mismatch. The device step writes results.csv (program, variant, status,
# time) and one log per run.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"

case "${1:-}" in
prepare)
  DPOPT="$2"; GEN="$3"
  mkdir -p "$GEN"
  cp "$HERE/t4_patterns.cu" "$GEN/t4_patterns.orig.cu"
  cp "$HERE/t3_patterns.cu" "$GEN/t3_patterns.orig.cu"
  for P in cdp1_programs t4_patterns t3_patterns; do
    "$DPOPT" "$HERE/$P.cu" --passes=remove-launch -o "$GEN/$P.rl.cu" -R \
      2> "$GEN/$P.remarks.txt" || exit 1
  done
  # T3 forced on the T3 patterns (auto makes their host-launched parents
  # persistent instead).
  "$DPOPT" "$HERE/t3_patterns.cu" --passes=remove-launch --remove-launch=T3 \
    -o "$GEN/t3_patterns.T3.cu" -R 2> "$GEN/t3_patterns.T3.remarks.txt" || exit 1
  # Persistent parents: every technique forced, and auto.
  cp "$HERE/persistent_patterns.cu" "$GEN/persistent_patterns.orig.cu"
  for M in auto T1 T2 T3 T4; do
    "$DPOPT" "$HERE/persistent_patterns.cu" --passes=remove-launch --remove-launch=$M \
      -o "$GEN/persistent_patterns.$M.cu" -R 2> "$GEN/persistent_patterns.$M.remarks.txt" || exit 1
  done
  cp "$HERE/persist_runtime_test.cu" "$GEN/persist_runtime_test.test.cu"
  ;;
device)
  GEN="$2"; LOG="$3"
  mkdir -p "$LOG"
  NVCC="${NVCC:-nvcc}"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$LOG/gpu.txt" 2>&1
  "$NVCC" --version > "$LOG/nvcc.txt" 2>&1
  echo "program,variant,status,exit_code,ms" > "$LOG/results.csv"
  Fails=0
  VARIANTS="persist_runtime_test.test cdp1_programs.rl t4_patterns.orig t4_patterns.rl
    t3_patterns.orig t3_patterns.rl t3_patterns.T3 persistent_patterns.orig persistent_patterns.auto
    persistent_patterns.T1 persistent_patterns.T2 persistent_patterns.T3
    persistent_patterns.T4"
  # Build everything first, in parallel.
  for V in $VARIANTS; do
    "$NVCC" -O3 -rdc=true -arch=sm_90 -std=c++17 -I "$ROOT/runtime" -o "$LOG/$V" "$GEN/$V.cu" \
      -lcudadevrt > "$LOG/$V.build.log" 2>&1 &
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-8}" ]; do sleep 0.2; done
  done
  wait
  for V in $VARIANTS; do
    if [ ! -x "$LOG/$V" ]; then
      echo "${V%%.*},${V#*.},build-failed,," >> "$LOG/results.csv"
      Fails=$((Fails+1))
      continue
    fi
    timeout 60 "$LOG/$V" > "$LOG/$V.run.log" 2>&1
    RC=$?
    MS=$(grep -o '[0-9.]* ms' "$LOG/$V.run.log" | tr -d ' ms' | paste -sd';')
    STATUS=$([ $RC -eq 0 ] && echo pass || echo fail)
    [ $RC -eq 0 ] || Fails=$((Fails+1))
    echo "${V%%.*},${V#*.},$STATUS,$RC,$MS" >> "$LOG/results.csv"
    # compute-sanitizer's memcheck on the rewritten programs.
    if [ "${V#*.}" != orig ] && [ -z "${NO_SANITIZE:-}" ] && command -v compute-sanitizer > /dev/null; then
      timeout ${SANITIZE_TIMEOUT:-90} compute-sanitizer --tool memcheck --error-exitcode 1 "$LOG/$V" > "$LOG/$V.memcheck.log" 2>&1
      echo "${V%%.*},${V#*.}+memcheck,$([ $? -eq 0 ] && echo pass || echo fail),," >> "$LOG/results.csv"
      # T3's barriers (partial ones included) and shared memory.
      if grep -q 'remove-launch T3: the block runs' "$GEN/$V.cu"; then
        for Tool in synccheck racecheck; do
          timeout ${SANITIZE_TIMEOUT:-90} compute-sanitizer --tool $Tool --error-exitcode 1 "$LOG/$V" > "$LOG/$V.$Tool.log" 2>&1
          echo "${V%%.*},${V#*.}+$Tool,$([ $? -eq 0 ] && echo pass || echo fail),," >> "$LOG/results.csv"
        done
      fi
    fi
    rm -f "$LOG/$V"
  done
  # The control: plain, then under racecheck and synccheck.
  if "$NVCC" -arch=sm_90 -o "$LOG/partial_barrier" "$HERE/partial_barrier.cu" \
       > "$LOG/partial_barrier.build.log" 2>&1; then
    for M in named named-reg whole; do
      "$LOG/partial_barrier" $M > "$LOG/partial_barrier.$M.run.log" 2>&1
      RC=$?
      [ $RC -eq 0 ] || Fails=$((Fails+1))
      echo "partial_barrier,$M,$([ $RC -eq 0 ] && echo pass || echo fail),$RC," >> "$LOG/results.csv"
      if [ -z "${NO_SANITIZE:-}" ] && command -v compute-sanitizer > /dev/null; then
        for Tool in racecheck synccheck; do
          timeout 60 compute-sanitizer --tool $Tool --error-exitcode 1 "$LOG/partial_barrier" $M \
            > "$LOG/partial_barrier.$M.$Tool.log" 2>&1
          echo "partial_barrier,$M+$Tool,$([ $? -eq 0 ] && echo pass || echo fail),," >> "$LOG/results.csv"
        done
      fi
    done
    rm -f "$LOG/partial_barrier"
  else
    echo "partial_barrier,,build-failed,," >> "$LOG/results.csv"
    Fails=$((Fails+1))
  fi
  cat "$LOG/results.csv"
  exit $Fails
  ;;
*)
  echo "usage: $0 prepare <dpopt> <gen-dir> | device <gen-dir> <log-dir>" >&2
  exit 2
  ;;
esac
