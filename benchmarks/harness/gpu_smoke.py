#!/usr/bin/env python3
"""CTest 'gpu' smoke test: run one variant on a tiny generated dataset.

Exits 77 (CTest SKIP_RETURN_CODE) when no GPU is visible, 0 on PASS, 1
otherwise. With --source instead of --binary it first compiles the variant
with nvcc (used when the CMake build only compile-checks CUDA files).
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dpbench  # noqa: E402

SKIP = 77


def have_gpu():
    try:
        out = subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                             text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as err:
        return False, "nvidia-smi not usable (%s)" % err
    if out.returncode != 0 or "GPU" not in out.stdout:
        return False, "nvidia-smi -L lists no GPU"
    return True, out.stdout.strip().splitlines()[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary")
    ap.add_argument("--source")
    ap.add_argument("--nvcc", default="")
    ap.add_argument("--graph-cpp")
    ap.add_argument("--include", nargs="*", default=[])
    ap.add_argument("--arch", default="90")
    ap.add_argument("--dpgen", required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()

    ok, why = have_gpu()
    if not ok:
        print("SKIP: no GPU on this machine: " + why)
        return SKIP
    print("GPU: " + why)
    os.makedirs(args.workdir, exist_ok=True)

    binary = args.binary
    if binary is None:
        if not args.nvcc:
            print("SKIP: nvcc not found, cannot build " + args.source)
            return SKIP
        name = "_".join(os.path.normpath(args.source).split(os.sep)[-2:])
        binary = os.path.join(args.workdir, name.replace(".cu", ""))
        cmd = [args.nvcc, "-std=c++17", "-O3", "-rdc=true",
               "-arch=sm_" + args.arch]
        for inc in args.include:
            cmd += ["-I", inc]
        cmd += [args.source, args.graph_cpp, "-o", binary, "-lcudadevrt"]
        print(" ".join(cmd))
        if subprocess.run(cmd).returncode != 0:
            return 1

    data = os.path.join(args.workdir, args.dataset + "-tiny.dpg")
    if not os.path.exists(data):
        cmd = [args.dpgen, "gen", args.dataset, "--scale", "tiny", "-o", data]
        if subprocess.run(cmd).returncode != 0:
            return 1

    cmd = [binary, "--input", data, "--runs", "2", "--warmup", "1"]
    print(" ".join(cmd))
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    except subprocess.TimeoutExpired:
        print("TIMEOUT")
        return 1
    sys.stdout.write(out.stdout)
    sys.stdout.write(out.stderr)
    fields = dpbench.find_result(out.stdout)
    if fields is None or fields["status"] != dpbench.PASS or out.returncode:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
