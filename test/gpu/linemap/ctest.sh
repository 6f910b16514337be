#!/usr/bin/env bash
# ctest gpu.linemap: prepare.sh then run.sh; compute-sanitizer must report
# the out-of-bounds write at the user's line in every variant. Exits 77
# (ctest SKIP) when there is no GPU or no nvcc.
set -u
DPOPT=$1 NVCC=$2 WORK=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../require-gpu.sh"
require_gpu "$NVCC"
DPOPT=$DPOPT "$here/prepare.sh" "$WORK" || exit 1
OUT="$WORK/results" NVCC="$NVCC" "$here/run.sh" "$WORK"
