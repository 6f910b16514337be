# A stand-in for a GPU program in dpopt-tune's test: the "executable" is a
# copy of a variant's source; its time follows from the variant's tuning
# file next to it, so the search's answer is known. aggregate(grid) plays a
# variant whose result is wrong: the fastest, but it exits 1.
#   tune-mock-run.py EXE            run one variant
#   tune-mock-run.py --csv DIR OUT  the bench harness's results.csv for the
#                                   variants in DIR, two datasets each
import csv
import glob
import os
import sys


def time_of(tuning):
    t = 10.0
    if "skip(threshold)" in tuning:
        t -= 3.0
    if "aggregate(block)" in tuning:
        t -= 2.0
    if "coarsen(2)" in tuning:
        t += 1.0
    return None if "aggregate(grid)" in tuning else t


if sys.argv[1] == "--csv":
    with open(sys.argv[3], "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["bench", "dataset", "variant", "status", "median_ms",
                    "detail"])
        for path in sorted(glob.glob(os.path.join(sys.argv[2], "*.tuning.txt"))):
            name = os.path.basename(path)[: -len(".tuning.txt")]
            t = time_of(open(path).read())
            for dataset, scale in (("small", 1.0), ("large", 4.0)):
                w.writerow(["mock", dataset, name,
                            "PASS" if t else "FAIL",
                            "%.4f" % (t * scale) if t else "NA", ""])
    sys.exit(0)

exe = sys.argv[1]
assert "__global__" in open(exe).read()
t = time_of(open(exe[: -len(".exe")] + ".tuning.txt").read())
if t is None:
    print("DPBENCH status=FAIL median_ms=1.0")
    sys.exit(1)
print("DPBENCH status=PASS median_ms=%.4f" % t)
