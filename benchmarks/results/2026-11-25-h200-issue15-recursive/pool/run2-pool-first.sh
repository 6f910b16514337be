#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
E=out/exp
N="/usr/local/cuda/bin/nvcc -rdc=true -arch=sm_90 -std=c++17 -O3 -I runtime -I benchmarks/common -lcudadevrt"
$N -I benchmarks/nr $E/nr_cont.cu -o $E/nr_cont &
$N -I benchmarks/nr benchmarks/nr/cdp.cu -o $E/nr_cdp &
$N -I benchmarks/th $E/th_cont.cu benchmarks/common/graph.cpp -o $E/th_cont &
$N -I benchmarks/th benchmarks/th/cdp.cu benchmarks/common/graph.cpp -o $E/th_cdp &
$N -I benchmarks/td $E/td_cont.cu benchmarks/common/graph.cpp -o $E/td_cont &
$N -I benchmarks/td benchmarks/td/cdp.cu benchmarks/common/graph.cpp -o $E/td_cdp &
$N -I benchmarks/ccl $E/ccl_cont.cu -o $E/ccl_cont &
$N -I benchmarks/ccl benchmarks/ccl/cdp.cu -o $E/ccl_cdp &
$E/dpgen gen ints-uniform --scale full -o $E/ints-uniform-full.bin &
$E/dpgen gen tree-d1 --scale full -o $E/tree-d1-full.dpg &
$E/dpgen gen image-blobs --scale full -o $E/image-blobs-full.dpi &
$E/dpgen gen tree-d2 --scale quick -o $E/tree-d2-quick.dpg &
wait
run() { timeout 90 $E/$1 --input $E/$2 --dataset $2 --variant $1 --runs 5 --warmup 1 2>&1 | grep -E "DPBENCH|rror" | tail -2; }
for b in nr_cdp nr_cont; do run $b ints-uniform-quick.bin; run $b ints-uniform-full.bin; done
for b in th_cdp th_cont td_cdp td_cont; do run $b tree-d2-quick.dpg; run $b tree-d1-full.dpg; done
for b in ccl_cdp ccl_cont; do run $b image-blobs-full.dpi; done
OUT=$OUT/cont test/gpu/continuation/run.sh out/cont-gpu 2>&1 | tail -8
