#!/usr/bin/env bash
# ctest gpu.grid_barrier: builds and runs the grid barrier stress test.
# Exits 77 (ctest SKIP) when there is no GPU or no nvcc.
set -u
NVCC=$1 ROOT=$2 WORK=$3
. "$(dirname "$0")/../require-gpu.sh"
require_gpu "$NVCC"
mkdir -p "$WORK"
"$NVCC" -O3 -std=c++17 -rdc=true -arch=sm_90 -I "$ROOT/runtime" -o "$WORK/grid_barrier_test" \
  "$ROOT/test/gpu/grid_barrier/grid_barrier_test.cu" -lcudadevrt || exit 1
timeout 120 "$WORK/grid_barrier_test" 5000
