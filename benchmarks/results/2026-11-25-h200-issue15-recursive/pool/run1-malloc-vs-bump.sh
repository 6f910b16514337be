#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
E=out/exp
N="/usr/local/cuda/bin/nvcc -rdc=true -arch=sm_90 -std=c++17 -O3 -I benchmarks/common -lcudadevrt"
$N -I runtime -I benchmarks/nr $E/nr_cont.cu -o $E/nr_cont_malloc &
$N -I $E/runtime-bump -I benchmarks/nr $E/nr_cont.cu -o $E/nr_cont_bump &
$N -I benchmarks/nr benchmarks/nr/cdp.cu -o $E/nr_cdp &
$N -I runtime -I benchmarks/th $E/th_cont.cu benchmarks/common/graph.cpp -o $E/th_cont_malloc &
$N -I $E/runtime-bump -I benchmarks/th $E/th_cont.cu benchmarks/common/graph.cpp -o $E/th_cont_bump &
$N -I benchmarks/th benchmarks/th/cdp.cu benchmarks/common/graph.cpp -o $E/th_cdp &
wait
for b in nr_cdp nr_cont_malloc nr_cont_bump; do
  timeout 60 $E/$b --input $E/ints-uniform-quick.bin --dataset ints-uniform --variant $b --runs 5 --warmup 1 2>&1 | grep -E "DPBENCH|error" 
done
for b in th_cdp th_cont_malloc th_cont_bump; do
  timeout 60 $E/$b --input $E/tree-d2-quick.dpg --dataset tree-d2 --variant $b --runs 5 --warmup 1 2>&1 | grep -E "DPBENCH|error"
done
