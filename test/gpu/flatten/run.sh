#!/usr/bin/env bash
# GPU machine: builds every program prepare.sh wrote into DIR (default
# out/flatten-gpu) and runs each with 7 and 300 host blocks; each must
# print PASSED. Writes results.csv and the logs to $OUT (default
# DIR/results). The build-and-run loop is continuation/run.sh's.
root=$(cd "$(dirname "$0")/../../.." && pwd)
SIZES="7 3;300 2" exec "$root/test/gpu/continuation/run.sh" "${1:-$root/out/flatten-gpu}"
