#!/usr/bin/env bash
cd out/exp
B=../../benchmarks
mkdir -p /tmp/d
(cmake -S $B -B /tmp/bb -G Ninja > /dev/null && ninja -C /tmp/bb dpgen bfs_cdp th_T > /dev/null && /tmp/bb/bin/dpgen gen cnr --scale quick -o /tmp/d/cnr.bin > /dev/null && /tmp/bb/bin/dpgen gen tree-d2 --scale quick -o /tmp/d/tree-d2.bin >/dev/null) &
for v in th_T_nl th_T_nl_ff; do nvcc -O3 -rdc=true -arch=sm_90 -I $B/common -I $B/th -I ../../runtime $v.cu $B/common/graph.cpp -o $v -lcudadevrt & done
for v in bfs_T_nl bfs_T_ff; do nvcc -O3 -rdc=true -arch=sm_90 -I $B/common -I $B/bfs -I ../../runtime $v.cu $B/common/graph.cpp -o $v -lcudadevrt & done
wait
t() { name=$1; n=$2; to=$3; shift 3; for i in $(seq 1 $n); do timeout $to "$@" > o.log 2>&1; echo "$name try $i rc=$? $(grep -o 'status=[A-Z]* median_ms=[0-9.]*' o.log) $(grep -o 'pending_limit=[0-9a-z]*' o.log)"; done; }
t th_T_pend 1 30 /tmp/bb/bin/th_T --input /tmp/d/tree-d2.bin --runs 3 --warmup 1 --pending-launches 4194304
t th_T_nl 2 30 ./th_T_nl --input /tmp/d/tree-d2.bin --runs 3 --warmup 1
t th_T_nl_ff 2 30 ./th_T_nl_ff --input /tmp/d/tree-d2.bin --runs 3 --warmup 1
t bfs_T_nl 8 10 ./bfs_T_nl --input /tmp/d/cnr.bin --runs 5 --warmup 1
t bfs_cdp 8 10 /tmp/bb/bin/bfs_cdp --input /tmp/d/cnr.bin --runs 5 --warmup 1
t bfs_T_ff 8 10 ./bfs_T_ff --input /tmp/d/cnr.bin --runs 5 --warmup 1
