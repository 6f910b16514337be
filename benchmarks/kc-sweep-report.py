#!/usr/bin/env python3
"""Summarises a KC sweep (benchmarks/kc-sweep.sh) from a harness results.csv:
per benchmark, dataset and granularity, the time of the default KC_X, of
KC_1/16/32, of the 1-1 mapping and of the best configuration found (the
paper's exhaustive search, §V.B), and how close the default comes.

    benchmarks/kc-sweep-report.py results.csv > kc-sweep.md
"""
import csv
import re
import sys

DEFAULT_KC = {"w": 32, "b": 16, "g": 1}
NAMES = {"w": "warp", "b": "block", "g": "grid"}


def main():
    rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["status"] == "PASS"]
    times = {}
    for r in rows:
        times[(r["bench"], r["dataset"], r["variant"])] = float(r["median_ms"])
    pairs = sorted({(b, d) for b, d, _ in times})
    print("| bench | dataset | granularity | default (KC_X) ms | KC_1 | KC_16 | KC_32 "
          "| 1-1 mapping | best (variant) | default / best |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for bench, data in pairs:
        for g in "wbg":
            mine = {v: t for (b, d, v), t in times.items()
                    if b == bench and d == data and re.fullmatch("CS%s(K\\d+|B\\w+)?" % g, v)}
            base = "CS" + g
            if base not in mine:
                continue
            best = min(mine, key=mine.get)
            cell = lambda v: "%.3f" % mine[v] if v in mine else "-"
            print("| %s | %s | %s | %.3f | %s | %s | %s | %s | %.3f (%s) | %.0f%% |" % (
                bench, data, NAMES[g], mine[base], cell(base + "K1"), cell(base + "K16"),
                cell(base + "K32"), cell(base + "B1to1"), mine[best], best,
                100.0 * mine[best] / mine[base]))


if __name__ == "__main__":
    main()
