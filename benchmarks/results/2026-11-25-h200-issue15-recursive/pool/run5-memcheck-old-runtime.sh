#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
E=out/exp
N="/usr/local/cuda/bin/nvcc -rdc=true -arch=sm_90 -std=c++17 -O3 -lineinfo -lcudadevrt"
$N -I runtime out/cont-gpu/programs-cont.cu -o $E/pc-pool &
$N -I $E/runtime-old/runtime out/cont-gpu/programs-cont.cu -o $E/pc-malloc &
wait
S="compute-sanitizer --tool memcheck --leak-check no --error-exitcode 9"
for p in pc-malloc pc-pool; do $S $E/$p 2000 1 > $OUT/memcheck-$p.txt 2>&1; echo "$p rc=$?"; grep -E "ERROR SUMMARY|at .*\.cu:|Invalid" $OUT/memcheck-$p.txt | head -6; done
