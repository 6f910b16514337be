#!/usr/bin/env python3
"""Draws speedup.png (plot.py) from a results.csv the harness wrote, for runs
whose CSV came back without the chart (a machine without matplotlib).

    python3 benchmarks/harness/plot_csv.py results.csv speedup.png [title]
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402


def main():
    results = []
    for row in csv.DictReader(open(sys.argv[1])):
        row["median_ms"] = float(row["median_ms"]) if row["median_ms"] else None
        results.append(row)
    why = plot.plot_speedups(results, sys.argv[2],
                             title=sys.argv[3] if len(sys.argv) > 3 else "")
    if why:
        print("not drawn: " + why)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
