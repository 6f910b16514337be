#!/usr/bin/env bash
cd out/exp
nvcc -O3 -rdc=true -arch=sm_90 divergence.cu -o div -lcudadevrt || exit 1
for m in 1 2 0 3 5 4; do for L in 2000; do timeout 20 ./div $m $L > div.$m.log 2>&1; echo "mode $m L $L rc=$? $(tail -1 div.$m.log)"; done; done
B=../../benchmarks
nvcc -O3 -rdc=true -arch=sm_90 -I $B/common -I $B/bfs -I ../../runtime bfs_T2.cu $B/common/graph.cpp -o bfs_T2 -lcudadevrt || exit 1
nvcc -O3 -rdc=true -arch=sm_90 -I $B/common -I $B/bfs -I ../../runtime $B/gen/bfs/T.cu $B/common/graph.cpp -o bfs_T -lcudadevrt || exit 1
mkdir -p /tmp/d; ../../benchmarks/build/bin/dpgen gen cnr --scale quick -o /tmp/d/cnr.bin > /dev/null 2>&1 || { cmake -S $B -B /tmp/bb -G Ninja > /dev/null && ninja -C /tmp/bb dpgen > /dev/null && /tmp/bb/bin/dpgen gen cnr --scale quick -o /tmp/d/cnr.bin > /dev/null; }
for v in bfs_T bfs_T2; do for i in 1 2 3 4 5 6 7 8; do timeout 10 ./$v --input /tmp/d/cnr.bin --runs 5 --warmup 1 > o.log 2>&1; echo "$v try $i rc=$? $(grep -o 'status=[A-Z]* median_ms=[0-9.]*' o.log)"; done; done
