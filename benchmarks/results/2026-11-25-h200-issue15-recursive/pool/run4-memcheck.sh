#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
E=out/exp
N="/usr/local/cuda/bin/nvcc -rdc=true -arch=sm_90 -std=c++17 -O3 -I runtime -I benchmarks/common -lcudadevrt"
$N out/cont-gpu/programs-cont.cu -o $E/programs-cont &
$N out/cont-gpu/programs-default.cu -o $E/programs-default &
$N -I benchmarks/nr $E/nr_cont.cu -o $E/nr_cont &
$N -I benchmarks/qs $E/qs_default.cu -o $E/qs_default &
$E/dpgen gen ints-uniform --scale tiny -o $E/ints-uniform-tiny.bin &
$E/dpgen gen ints-dups --scale tiny -o $E/ints-dups-tiny.bin &
wait
S="compute-sanitizer --tool memcheck --leak-check no --error-exitcode 9"
for p in programs-cont programs-default; do $S $E/$p 2000 1 > $OUT/memcheck-$p.txt 2>&1; echo "$p rc=$?"; tail -2 $OUT/memcheck-$p.txt; done
$S $E/nr_cont --input $E/ints-uniform-tiny.bin --dataset ints-uniform-tiny --variant nr_cont --runs 2 --warmup 1 > $OUT/memcheck-nr_cont.txt 2>&1; echo "nr rc=$?"; grep -E "DPBENCH|ERROR SUMMARY" $OUT/memcheck-nr_cont.txt
for d in ints-uniform-tiny ints-dups-tiny; do $S $E/qs_default --input $E/$d.bin --dataset $d --variant qs_default --runs 2 --warmup 1 > $OUT/memcheck-qs_default-$d.txt 2>&1; echo "qs $d rc=$?"; grep -E "DPBENCH|ERROR SUMMARY" $OUT/memcheck-qs_default-$d.txt; done
