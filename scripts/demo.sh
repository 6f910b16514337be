#!/usr/bin/env bash
# README command 1: set up, build, and run dpopt on the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
mkdir -p out
echo
echo "== dpopt examples/bfs.cu -o out/bfs.dpopt.cu --report --remarks"
build/bin/dpopt examples/bfs.cu -o out/bfs.dpopt.cu --report --remarks
echo
echo "dpopt wrote the rewritten program to out/bfs.dpopt.cu"
echo "(diff it against examples/bfs.cu to see what changed)."
NVCC=$(command -v nvcc || echo "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc")
if [ -x "$NVCC" ]; then
  "$NVCC" -O3 -rdc=true -arch=sm_90 -I runtime out/bfs.dpopt.cu -o out/bfs -lcudadevrt
  echo "nvcc built out/bfs from it; run ./out/bfs on a Hopper GPU (prints PASS and the time)."
else
  echo "Build it with: nvcc -O3 -rdc=true -arch=sm_90 -I runtime out/bfs.dpopt.cu -o out/bfs -lcudadevrt"
fi
