#!/usr/bin/env bash
# ctest gpu.linemap: prepare.sh then run.sh; compute-sanitizer must report
# the out-of-bounds write at the user's line in every variant. Exits 77
# (ctest SKIP) when there is no GPU or no nvcc.
set -u
DPOPT=$1 NVCC=$2 WORK=$3
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$NVCC" ] || [ ! -x "$NVCC" ]; then
  echo "SKIP: nvcc not found (install the CUDA toolkit or set CUDA_HOME)"; exit 77
fi
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no NVIDIA GPU on this machine"; exit 77
fi
export PATH="$(dirname "$NVCC"):$PATH"
DPOPT=$DPOPT "$here/prepare.sh" "$WORK" || exit 1
OUT="$WORK/results" NVCC="$NVCC" "$here/run.sh" "$WORK"
