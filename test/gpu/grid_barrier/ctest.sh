#!/usr/bin/env bash
# ctest gpu.grid_barrier: builds and runs the grid barrier stress test.
# Exits 77 (ctest SKIP) when there is no GPU or no nvcc.
set -u
NVCC=$1 ROOT=$2 WORK=$3
if [ -z "$NVCC" ] || [ ! -x "$NVCC" ]; then
  echo "SKIP: nvcc not found (install the CUDA toolkit or set CUDA_HOME)"; exit 77
fi
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no NVIDIA GPU on this machine"; exit 77
fi
mkdir -p "$WORK"
"$NVCC" -O3 -std=c++17 -rdc=true -arch=sm_90 -I "$ROOT/runtime" -o "$WORK/grid_barrier_test" \
  "$ROOT/test/gpu/grid_barrier/grid_barrier_test.cu" -lcudadevrt || exit 1
timeout 120 "$WORK/grid_barrier_test" 5000
