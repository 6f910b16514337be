#!/usr/bin/env bash
cd "$(dirname "$0")/../.."
E=out/exp
/usr/local/cuda/bin/nvcc -rdc=true -arch=sm_90 -O3 -lineinfo $E/probe_err_malloc.cu -o $E/probe -lcudadevrt
for b in 0 1; do $E/probe $b; compute-sanitizer --tool memcheck --leak-check no $E/probe $b 2>&1 | grep -E "bad=|Invalid|ERROR SUMMARY|at .*cu:" | head -5; done
