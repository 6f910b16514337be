#!/usr/bin/env python3
"""The one-command GPU harness (see benchmarks/README.md, "Running").

Configure + build (ninja), generate datasets (dpgen), run every binary of the
build's manifest on each of its datasets, one at a time, and write
results.csv, results.md, speedup.png and run.log into the output directory.
Results are rewritten after every run, so an outer time limit still leaves
everything measured so far.
"""

import argparse
import csv
import datetime
import os
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH_DIR = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import dpbench  # noqa: E402
import plot  # noqa: E402


class Log:
    """run.log plus short progress lines on stdout."""

    def __init__(self, path):
        self.file = open(path, "a", buffering=1)

    def write(self, text):
        self.file.write(text if text.endswith("\n") else text + "\n")

    def say(self, text):
        stamp = datetime.datetime.now().strftime("%H:%M:%S")
        print("[%s] %s" % (stamp, text), flush=True)
        self.write("[%s] %s" % (stamp, text))


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Build, generate data, run and report the dpopt "
                    "benchmark suite on this GPU machine.")
    ap.add_argument("--quick", action="store_true",
                    help="1/16-scale datasets (a few minutes of GPU time)")
    ap.add_argument("--scale", help="dpgen scale (full, quick, tiny or a "
                                    "number); overrides --quick")
    ap.add_argument("--seed", type=int, default=1, help="dpgen seed (1)")
    ap.add_argument("--out", help="output directory (default $OUT, else "
                                  "benchmarks/out)")
    ap.add_argument("--runs", type=int, default=7, help="timed runs (7)")
    ap.add_argument("--warmup", type=int, default=1, help="warm-up runs (1)")
    ap.add_argument("--timeout", type=float,
                    help="seconds per binary run (120; 60 with --quick)")
    ap.add_argument("--max-seconds", type=float,
                    help="per binary: stop timing after this many seconds "
                         "of timed runs, at least one run (timeout / 4)")
    ap.add_argument("--budget", type=float,
                    help="finish within this many seconds from the harness "
                         "start: runs are cut at the budget (TIMEOUT) and "
                         "the rest become SKIPPED")
    ap.add_argument("--only", help="comma-separated benchmarks")
    ap.add_argument("--variants", help="comma-separated variants")
    ap.add_argument("--datasets", help="comma-separated datasets")
    ap.add_argument("--no-build", action="store_true",
                    help="use the existing build directory")
    ap.add_argument("--build-dir", default=os.path.join(BENCH_DIR, "build"))
    ap.add_argument("--data-dir", default=os.path.join(BENCH_DIR, "data"))
    ap.add_argument("--manifest", help="manifest to run (default: "
                                       "<build-dir>/manifest.tsv)")
    ap.add_argument("--cmake-arg", action="append", default=[],
                    help="extra CMake argument (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    return ap.parse_args(argv)


def split(text):
    return [x for x in text.split(",") if x] if text else None


def build(args, log):
    """Configure and build; a variant that fails to compile just has no
    binary (ninja -k 0 keeps going), which the run phase reports."""
    configure = ["cmake", "-S", BENCH_DIR, "-B", args.build_dir, "-G",
                 "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DDPBENCH_TESTS=OFF"]
    configure += args.cmake_arg
    for cmd in (configure, ["ninja", "-C", args.build_dir, "-k", "0",
                            "-j", str(args.jobs)]):
        log.say("$ " + " ".join(shlex.quote(c) for c in cmd))
        t0 = time.time()
        out = subprocess.run(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        log.write(out.stdout)
        log.say("  exit %d after %.0f s" % (out.returncode, time.time() - t0))
        if out.returncode != 0:
            failed = [l for l in out.stdout.splitlines()
                      if l.startswith("FAILED:")]
            for line in failed[:40]:
                log.say("  " + line)
            if cmd[0] == "cmake":
                return False
    return True


def gpu_name():
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version",
                              "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=60)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip().splitlines()[0]
    except (OSError, subprocess.TimeoutExpired):
        pass
    return ""


def generate(dpgen, name, scale, seed, path, log):
    cmd = [dpgen, "gen", name, "--scale", scale, "--seed", str(seed),
           "-o", path]
    log.say("$ " + " ".join(cmd))
    out = subprocess.run(cmd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    log.write(out.stdout)
    return out.returncode == 0 and os.path.exists(path)


def run_one(cmd, timeout):
    """(returncode, stdout, stderr, timed_out) of one benchmark process."""
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             timeout=timeout)
        return out.returncode, out.stdout, out.stderr, False
    except subprocess.TimeoutExpired as err:
        def text(b):
            if b is None:
                return ""
            return b.decode(errors="replace") if isinstance(b, bytes) else b
        return 124, text(err.stdout), text(err.stderr), True


def write_outputs(out_dir, results, commands, configs, gpu, date, harness_cmd,
                  log, final=False):
    sp = dpbench.speedups(results)
    tmp = os.path.join(out_dir, "results.csv.tmp")
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(dpbench.CSV_COLUMNS)
        for r, cmd in zip(results, commands):
            w.writerow(dpbench.csv_row(
                r, sp.get((r["bench"], r["dataset"], r["variant"])), gpu,
                date, cmd))
    os.replace(tmp, os.path.join(out_dir, "results.csv"))
    md = dpbench.markdown(results, configs, gpu=gpu, date=date,
                          command=harness_cmd)
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write(md)
    if final:
        why = plot.plot_speedups(results, os.path.join(out_dir, "speedup.png"),
                                 configs, title="Speedup over cdp, %s, %s" %
                                 (gpu or "GPU", date))
        if why:
            log.say("speedup.png skipped: " + why)
    return md


def main(argv):
    args = parse_args(argv)
    start = time.time()
    scale = args.scale or ("quick" if args.quick else "full")
    timeout = args.timeout or (60.0 if scale != "full" else 120.0)
    max_seconds = (args.max_seconds if args.max_seconds is not None
                   else timeout / 4)
    out_dir = args.out or os.environ.get("OUT") or os.path.join(BENCH_DIR,
                                                                "out")
    os.makedirs(out_dir, exist_ok=True)
    log = Log(os.path.join(out_dir, "run.log"))
    harness_cmd = "benchmarks/run.sh " + " ".join(shlex.quote(a)
                                                  for a in argv)
    date = datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%d %H:%M UTC")
    log.say("harness: %s (scale %s, %d runs + %d warm-up, timeout %.0f s)" %
            (harness_cmd, scale, args.runs, args.warmup, timeout))

    manifest_path = args.manifest or os.path.join(args.build_dir,
                                                  "manifest.tsv")
    if args.no_build and not os.path.exists(manifest_path):
        log.say("no %s: building anyway" % manifest_path)
        args.no_build = False
    if not args.no_build and not build(args, log):
        log.say("configure failed; see run.log")
        return 2

    with open(manifest_path) as f:
        manifest = dpbench.read_manifest(f.read())
    with open(os.path.join(BENCH_DIR, "configs.txt")) as f:
        configs = [name for name, _ in dpbench.read_configs(f.read())]
    only, variants, datasets = (split(args.only), split(args.variants),
                                split(args.datasets))
    manifest = [e for e in manifest
                if (not only or e["bench"] in only)
                and (not variants or e["variant"] in variants)]

    gpu = gpu_name()
    log.say("GPU: " + (gpu or "unknown (nvidia-smi failed)"))

    # Datasets: every one a selected binary needs, generated once.
    dpgen = os.path.join(args.build_dir, "bin", "dpgen")
    os.makedirs(args.data_dir, exist_ok=True)
    needed = []
    for e in manifest:
        for d in e["datasets"]:
            if (not datasets or d in datasets) and d not in needed:
                needed.append(d)
    data_files, data_ok = {}, {}
    for name in needed:
        path = os.path.join(args.data_dir, "%s-%s-s%d.bin" % (name, scale,
                                                              args.seed))
        data_files[name] = path
        data_ok[name] = generate(dpgen, name, scale, args.seed, path, log)
        if not data_ok[name]:
            log.say("dataset %s could not be generated" % name)
    ref_cache = os.path.join(args.data_dir, "refcache")
    os.makedirs(ref_cache, exist_ok=True)

    # Runs, grouped by benchmark and dataset so each table row fills in turn.
    jobs = []
    for bench in dict.fromkeys(e["bench"] for e in manifest):
        entries = [e for e in manifest if e["bench"] == bench]
        order = dpbench.variant_order([e["variant"] for e in entries],
                                      configs)
        entries.sort(key=lambda e: order.index(e["variant"]))
        for d in dict.fromkeys(d for e in entries for d in e["datasets"]):
            if datasets and d not in datasets:
                continue
            for e in entries:
                if d in e["datasets"]:
                    jobs.append((e, d))

    results, commands = [], []
    for i, (e, d) in enumerate(jobs):
        bench, variant, binary = e["bench"], e["variant"], e["binary"]
        cmd = [binary, "--input", data_files[d], "--dataset", d, "--variant",
               variant, "--runs", str(args.runs), "--warmup",
               str(args.warmup), "--max-seconds", "%g" % max_seconds,
               "--ref-cache", ref_cache]
        shown = " ".join(shlex.quote(os.path.relpath(c, BENCH_DIR)
                                     if os.path.isabs(c) else c) for c in cmd)
        tag = "[%d/%d] %s/%s/%s" % (i + 1, len(jobs), bench, d, variant)
        # Within --budget, a run may only use what is left of it.
        run_timeout = timeout
        if args.budget:
            run_timeout = min(timeout, args.budget - (time.time() - start))
        if run_timeout < 3:
            r = dpbench.make_result(bench, d, variant, dpbench.SKIPPED,
                                    detail="time budget exhausted")
        elif not os.path.exists(binary):
            r = dpbench.make_result(bench, d, variant, dpbench.ERROR,
                                    detail="binary not built (see run.log)")
        elif not data_ok[d]:
            r = dpbench.make_result(bench, d, variant, dpbench.ERROR,
                                    detail="dataset not generated")
        else:
            log.write("$ " + " ".join(shlex.quote(c) for c in cmd))
            t0 = time.time()
            rc, stdout, stderr, timed_out = run_one(cmd, run_timeout)
            log.write(stderr)
            log.write(stdout)
            r = dpbench.result_from_output(bench, d, variant, rc, stdout,
                                           timed_out)
            tag += " (%.1f s)" % (time.time() - t0)
        results.append(r)
        commands.append(shown)
        if r["status"] == dpbench.PASS:
            log.say("%s PASS %.3f ms" % (tag, r["median_ms"]))
        else:
            log.say("%s %s %s" % (tag, r["status"], r["detail"][:200]))
        # The plot too, now and then, in case an outer limit kills us.
        write_outputs(out_dir, results, commands, configs, gpu, date,
                      harness_cmd, log, final=(i + 1) % 30 == 0)

    md = write_outputs(out_dir, results, commands, configs, gpu, date,
                       harness_cmd, log, final=True)
    print(md)
    bad = sum(r["status"] != dpbench.PASS for r in results)
    log.say("done: %d runs, %d without a valid time, %.0f s; outputs in %s" %
            (len(results), bad, time.time() - start, out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
