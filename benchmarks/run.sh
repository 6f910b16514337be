#!/usr/bin/env bash
# The one-command GPU harness: build, generate datasets, run every variant,
# write results.csv / results.md / speedup.png / run.log into $OUT (or --out).
#   benchmarks/run.sh --quick      # 1/16-scale datasets, a few minutes
#   benchmarks/run.sh              # full datasets
# All options: benchmarks/run.sh --help (harness/run.py).
exec python3 "$(cd "$(dirname "$0")" && pwd)/harness/run.py" "$@"
