#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
E=out/exp
N="/usr/local/cuda/bin/nvcc -rdc=true -arch=sm_90 -std=c++17 -O3 -I runtime -I benchmarks/common -lcudadevrt"
$N -I benchmarks/nr $E/nr_cont.cu -o $E/nr_cont &
$N -I benchmarks/th $E/th_cont.cu benchmarks/common/graph.cpp -o $E/th_cont &
$E/dpgen gen ints-uniform --scale full -o $E/ints-uniform-full.bin &
$E/dpgen gen tree-d2 --scale quick -o $E/tree-d2-quick.dpg &
OUT=$OUT/cont test/gpu/continuation/run.sh out/cont-gpu 2>&1 | tail -7
wait
run() { timeout 90 $E/$1 --input $E/$2 --dataset $2 --variant $1 --runs 5 --warmup 1 2>&1 | grep -E "DPBENCH|rror" | tail -2; }
run nr_cont ints-uniform-quick.bin; run nr_cont ints-uniform-full.bin; run th_cont tree-d2-quick.dpg
python3 test/difftest/runner.py --work difftest-work/w5 --out $OUT/diff --runtime runtime --build-jobs 16 --run-jobs 8 --timeout 10 > $OUT/diff.log 2>&1; tail -5 $OUT/diff.log
