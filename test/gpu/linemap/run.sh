#!/usr/bin/env bash
# GPU machine: builds every program prepare.sh wrote with -lineinfo, runs
# each under compute-sanitizer (small and large parts) and checks that the
# out-of-bounds write is reported at oob.cu's line marked OOB -- and, for
# the control built without '#line', at the output file instead; and that
# cuda-gdb stops at that line in dpopt's clone (when cuda-gdb exists).
#   OUT=results test/gpu/linemap/run.sh DIR
set -u
dir=${1:?usage: run.sh DIR}
out=${OUT:-$dir/results}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-nvcc}
sanitizer=${SANITIZER:-$(dirname "$(command -v "$nvcc")")/compute-sanitizer}
line=$(cat "$dir/oob-line.txt")
echo "variant,parts,expected,reported,result" > "$out/results.csv"
status=0
for src in "$dir"/oob-*.cu; do
  name=$(basename "$src" .cu)
  variant=${name#oob-}
  if ! "$nvcc" -rdc=true -arch=sm_90 -lineinfo -I "$here/../../../runtime" "$src" \
      -o "$dir/$name" -lcudadevrt > "$out/$name.build.log" 2>&1; then
    echo "$variant,,,build failed,FAIL" >> "$out/results.csv"; status=1; continue
  fi
  for parts in small large; do
    log=$out/$name-$parts.sanitizer.log
    "$sanitizer" --tool memcheck --show-backtrace no "$dir/$name" "${parts:0:1}" > "$log" 2>&1
    # The first report's source place: "... in FILE:LINE".
    reported=$(grep -m1 -oE ' in [^ ]+\.cu:[0-9]+' "$log" | sed 's/^ in //')
    if [ "$variant" = asis ]; then
      expected="oob-asis.cu:$line"
      case "$reported" in */$expected|$expected) ok=1 ;; *) ok=0 ;; esac
    elif [ "$variant" = nolines ]; then
      expected="oob-nolines.cu:(not $line)"
      case "$reported" in *oob-nolines.cu:*) ok=1 ;; *) ok=0 ;; esac
      [ "${reported##*:}" = "$line" ] && ok=0
    else
      expected="oob.cu:$line"
      case "$reported" in */oob.cu:$line|oob.cu:$line) ok=1 ;; *) ok=0 ;; esac
    fi
    result=PASS; [ $ok = 1 ] || { result=FAIL; status=1; }
    echo "$variant,$parts,$expected,$reported,$result" >> "$out/results.csv"
  done
done
# cuda-gdb: a breakpoint on the user's line stops in dpopt's clone of the
# child (built with -G), and the stop names oob.cu and that line.
gdb=${CUDA_GDB:-$(dirname "$(command -v "$nvcc")")/cuda-gdb}
if [ -x "$gdb" ] && [ -f "$dir/oob-coarsen.cu" ]; then
  "$nvcc" -rdc=true -arch=sm_90 -G -g -I "$here/../../../runtime" "$dir/oob-coarsen.cu" \
    -o "$dir/oob-coarsen-debug" -lcudadevrt > "$out/oob-coarsen-debug.build.log" 2>&1
  timeout 300 "$gdb" -batch -ex "set cuda break_on_launch none" -ex "break oob.cu:$line" \
    -ex "run s" -ex "bt 1" -ex "kill" --args "$dir/oob-coarsen-debug" s \
    > "$out/cuda-gdb.log" 2>&1
  stop=$(grep -m1 -oE '(at|in) [^ ]*oob\.cu:[0-9]+' "$out/cuda-gdb.log" | sed 's/^.* //')
  result=FAIL
  case "$stop" in *oob.cu:$line) result=PASS ;; esac
  [ $result = PASS ] || status=1
  echo "coarsen-cuda-gdb,small,oob.cu:$line,$stop,$result" >> "$out/results.csv"
fi
cat "$out/results.csv"
exit $status
