#!/usr/bin/env bash
# ctest gpu.remove_launch: rewrites the remove-launch test programs with
# dpopt, builds and runs them on the GPU (run.sh prepare + device).
# Exits 77 (ctest SKIP) when there is no GPU or no nvcc.
set -u
DPOPT=$1 NVCC=$2 WORK=$3
. "$(dirname "$0")/../require-gpu.sh"
require_gpu "$NVCC"
HERE="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$WORK" && mkdir -p "$WORK"
bash "$HERE/run.sh" prepare "$DPOPT" "$WORK/gen" || exit 1
NVCC="$NVCC" bash "$HERE/run.sh" device "$WORK/gen" "$WORK/log"
