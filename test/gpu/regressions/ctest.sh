#!/usr/bin/env bash
# GPU regression tests: the differential tester's programs that a dpopt
# configuration once broke (cases.txt). Each is generated again
# (test/difftest/gen.py), run as written and after dpopt under a time-out,
# and its output line compared. Exit 77 (skipped) without a GPU.
# A configuration marked @waits in configs.txt gets the seed's --waits file
# as test/difftest/prepare.py writes it (the output is compared with the
# programs without waits). A case marked @known-hang after its
# configuration is an open defect (docs/cdp2-semantics.md): a hang is
# XFAIL, and a finished run, right or wrong, fails as XPASS so that the
# marker is taken off.
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
while read -r SEED PROG CONFIG MARKS; do
  case "$SEED" in ''|\#*) continue ;; esac
  SRC=$WORK/s$SEED.cu
  [ -f "$SRC" ] || python3 "$ROOT/test/difftest/gen.py" --seed "$SEED" --programs 8 -o "$SRC"
  [ -x "$WORK/s$SEED.orig" ] ||
    "$NVCC" -rdc=true -arch=sm_90 "$SRC" -o "$WORK/s$SEED.orig" -lcudadevrt || { FAIL=1; continue; }
  WANT=$(timeout 60 "$WORK/s$SEED.orig" "$PROG" | grep "^p$PROG ")
  # 'waits' or 'plain' (the configuration marked @waits or not), then its
  # dpopt options: prepare.py's reading of configs.txt.
  read -r -a CFG < <(python3 -c "import sys; sys.path.insert(0, sys.argv[1]); import prepare; \
[(_, o)] = prepare.read_configs(sys.argv[1] + '/configs.txt', {sys.argv[2]}); \
print(' '.join(['waits' if prepare.WAITS in o else 'plain'] + prepare.dpopt_opts(o)))" \
    "$ROOT/test/difftest" "$CONFIG")
  OPTS=("${CFG[@]:1}")
  IN=$SRC
  if [ "${CFG[0]}" = waits ]; then
    IN=$WORK/s$SEED.waits.cu
    [ -f "$IN" ] || python3 -c "import sys; sys.path.insert(0, sys.argv[1]); import prepare; \
prepare.prepare_waits(sys.argv[2], sys.argv[1] + '/gen.py', int(sys.argv[3]), 8, sys.argv[4], 600, []); \
import os; os.rename(sys.argv[4] + '/waits.cu', sys.argv[5])" \
      "$ROOT/test/difftest" "$DPOPT" "$SEED" "$WORK" "$IN" || { FAIL=1; continue; }
  fi
  KNOWN=0
  case " $MARKS " in *" @known-hang "*) KNOWN=1 ;; esac
  OUT=$WORK/s$SEED.$CONFIG
  if ! "$DPOPT" "$IN" -o "$OUT.cu" "${OPTS[@]}" 2> "$OUT.dpopt.log" ||
     ! "$NVCC" -rdc=true -arch=sm_90 -I "$ROOT/runtime" "$OUT.cu" -o "$OUT" -lcudadevrt; then
    echo "FAIL seed $SEED p$PROG $CONFIG: dpopt or nvcc failed"; FAIL=1; continue
  fi
  timeout 60 "$OUT" "$PROG" > "$OUT.log" 2>&1; RC=$?
  GOT=$(grep "^p$PROG " "$OUT.log")
  if [ "$KNOWN" = 1 ]; then
    if [ "$RC" = 124 ]; then echo "XFAIL seed $SEED p$PROG $CONFIG: hung (60 s), a known hang"
    else echo "XPASS seed $SEED p$PROG $CONFIG: a known hang finished (exit $RC, printed '$GOT', the original '$WANT'): take @known-hang off"; FAIL=1; fi
  elif [ "$RC" = 124 ]; then echo "FAIL seed $SEED p$PROG $CONFIG: hung (60 s)"; FAIL=1
  elif [ -z "$WANT" ] || [ "$GOT" != "$WANT" ]; then
    echo "FAIL seed $SEED p$PROG $CONFIG: printed '$GOT', the original '$WANT'"; FAIL=1
  else echo "PASS seed $SEED p$PROG $CONFIG"; fi
done < "$HERE/cases.txt"
exit $FAIL
