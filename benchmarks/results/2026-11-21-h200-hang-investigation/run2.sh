#!/usr/bin/env bash
cd out/exp
B=../../benchmarks
mkdir -p /tmp/d
(cmake -S $B -B /tmp/bb -G Ninja > /dev/null && ninja -C /tmp/bb dpgen > /dev/null && /tmp/bb/bin/dpgen gen cnr --scale quick -o /tmp/d/cnr.bin > /dev/null && /tmp/bb/bin/dpgen gen tree-d2 --scale quick -o /tmp/d/tree-d2.bin >/dev/null) &
nvcc -O3 -rdc=true -arch=sm_90 divergence.cu -o div -lcudadevrt &
for v in bfs_T_dbg bfs_T_empty bfs_T_ff; do nvcc -O3 -rdc=true -arch=sm_90 -I $B/common -I $B/bfs -I ../../runtime $v.cu $B/common/graph.cpp -o $v -lcudadevrt & done
nvcc -O3 -rdc=true -arch=sm_90 -I $B/common -I $B/th -I ../../runtime th_T_ff.cu $B/common/graph.cpp -o th_T_ff -lcudadevrt &
wait
for m in 6 7 0; do timeout 30 ./div $m 2000 300 > div.$m.log 2>&1; echo "mode $m rc=$? $(tail -1 div.$m.log)"; done
for i in 1 2 3 4 5 6; do
  timeout 12 ./bfs_T_dbg --input /tmp/d/cnr.bin --runs 5 --warmup 1 > o.log 2> e.log & P=$!
  sleep 6; U=$(nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader); wait $P; rc=$?
  echo "bfs_T_dbg try $i rc=$rc util@6s=$U levels=$(grep -c level e.log) last=$(tail -1 e.log) $(grep -o 'status=[A-Z]*' o.log)"
  [ $rc = 124 ] && grep level e.log | sort | uniq -c | sort -rn | head -3
done
for v in bfs_T_empty bfs_T_ff; do for i in 1 2 3 4 5 6; do timeout 10 ./$v --input /tmp/d/cnr.bin --runs 5 --warmup 1 > o.log 2>&1; echo "$v try $i rc=$? $(grep -o 'status=[A-Z]* median_ms=[0-9.]*' o.log)"; done; done
for i in 1 2; do timeout 40 ./th_T_ff --input /tmp/d/tree-d2.bin --runs 3 --warmup 1 > o.log 2>&1; echo "th_T_ff try $i rc=$? $(grep -o 'status=[A-Z]* median_ms=[0-9.]*' o.log)"; done
