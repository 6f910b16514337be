#!/usr/bin/env bash
# README command 2: set up, build, and run the whole test suite. Tests that
# need a GPU (ctest label 'gpu') skip with a message where there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)" "$@"
