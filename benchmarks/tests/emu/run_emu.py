#!/usr/bin/env python3
"""CTest 'emu' test: run a CPU-emulated variant (see cuda_runtime.h here) on
tiny datasets under every schedule; pass only if every run verifies."""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "harness"))
import dpbench  # noqa: E402

SCHEDULES = [("seq", "1"), ("shuffle", "1"), ("shuffle", "2"),
             ("immediate", "1")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--dpgen", required=True)
    ap.add_argument("--datasets", required=True, help="comma-separated")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--scale", default="tiny")
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    failures = 0
    for dataset in args.datasets.split(","):
        data = os.path.join(args.workdir, "%s-%s.dpg" % (dataset, args.scale))
        if not os.path.exists(data):
            # Tests run in parallel and share the dataset directory: generate
            # under a private name and rename, so nobody reads a half-written
            # file.
            tmp = "%s.%d.tmp" % (data, os.getpid())
            subprocess.run([args.dpgen, "gen", dataset, "--scale", args.scale,
                            "-o", tmp], check=True)
            os.replace(tmp, data)
        for order, seed in SCHEDULES:
            env = dict(os.environ, DPEMU_ORDER=order, DPEMU_SEED=seed)
            cmd = [args.binary, "--input", data, "--runs", "1", "--warmup", "1"]
            out = subprocess.run(cmd, capture_output=True, text=True, env=env,
                                 timeout=600)
            fields = dpbench.find_result(out.stdout)
            status = fields["status"] if fields else "CRASH"
            ok = status == dpbench.PASS and out.returncode == 0
            print("%-4s %-9s seed=%s %-10s %s" % (
                "ok" if ok else "BAD", order, seed, dataset,
                fields.get("detail", "") if fields else out.stderr[-500:]))
            if not ok:
                failures += 1
                sys.stdout.write(out.stderr[-2000:])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
