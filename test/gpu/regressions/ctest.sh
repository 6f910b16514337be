#!/usr/bin/env bash
# GPU regression tests: the differential tester's programs that a dpopt
# configuration once broke (cases.txt). Each is generated again
# (test/difftest/gen.py), run as written and after dpopt under a time-out,
# and its output line compared. Exit 77 (skipped) without a GPU.
#   test/gpu/regressions/ctest.sh DPOPT NVCC WORKDIR
set -u
DPOPT=$1 NVCC=$2 WORK=$3
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "gpu.regressions: skipped, no GPU on this machine"
  exit 77
fi
mkdir -p "$WORK"
FAIL=0
while read -r SEED PROG CONFIG; do
  case "$SEED" in ''|\#*) continue ;; esac
  SRC=$WORK/s$SEED.cu
  [ -f "$SRC" ] || python3 "$ROOT/test/difftest/gen.py" --seed "$SEED" --programs 8 -o "$SRC"
  [ -x "$WORK/s$SEED.orig" ] ||
    "$NVCC" -rdc=true -arch=sm_90 "$SRC" -o "$WORK/s$SEED.orig" -lcudadevrt || { FAIL=1; continue; }
  WANT=$(timeout 60 "$WORK/s$SEED.orig" "$PROG" | grep "^p$PROG ")
  OPTS=$(sed -n "s/^$CONFIG: *//p" "$ROOT/test/difftest/configs.txt")
  OUT=$WORK/s$SEED.$CONFIG
  # shellcheck disable=SC2086
  if ! "$DPOPT" "$SRC" -o "$OUT.cu" $OPTS 2> "$OUT.dpopt.log" ||
     ! "$NVCC" -rdc=true -arch=sm_90 -I "$ROOT/runtime" "$OUT.cu" -o "$OUT" -lcudadevrt; then
    echo "FAIL seed $SEED p$PROG $CONFIG: dpopt or nvcc failed"; FAIL=1; continue
  fi
  timeout 60 "$OUT" "$PROG" > "$OUT.log" 2>&1; RC=$?
  GOT=$(grep "^p$PROG " "$OUT.log")
  if [ "$RC" = 124 ]; then echo "FAIL seed $SEED p$PROG $CONFIG: hung (60 s)"; FAIL=1
  elif [ -z "$WANT" ] || [ "$GOT" != "$WANT" ]; then
    echo "FAIL seed $SEED p$PROG $CONFIG: printed '$GOT', the original '$WANT'"; FAIL=1
  else echo "PASS seed $SEED p$PROG $CONFIG"; fi
done < "$HERE/cases.txt"
exit $FAIL
