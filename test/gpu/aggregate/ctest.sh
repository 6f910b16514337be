#!/usr/bin/env bash
# ctest gpu.aggregate: prepare.sh then run.sh; every build must print
# PASSED. Exits 77 (ctest SKIP) when there is no GPU or no nvcc.
set -u
DPOPT=$1 NVCC=$2 WORK=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../require-gpu.sh"
require_gpu "$NVCC"
DPOPT=$DPOPT "$here/prepare.sh" "$WORK" || exit 1
OUT="$WORK/results" "$here/run.sh" "$WORK" || exit 1
! grep -v -e ',PASS,' "$WORK/results/results.csv" | grep -v '^variant,'
