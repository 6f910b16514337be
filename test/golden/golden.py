#!/usr/bin/env python3
"""Golden tests for dpopt.

Each inputs/<name>.cu is run through dpopt with the arguments on its
'// DPOPT-ARGS:' line (default: --passes=none). The rewritten file must equal
expected/<name>.cu (or, for --passes=none, the input itself, byte for byte)
and the JSON report must equal expected/<name>.report.json. Every output is
then compiled with nvcc -rdc=true -arch=sm_90 -c unless the input says
'// DPOPT-NVCC: skip <reason>'. The '#line' directives of every rewritten
file must present each line where it came from (test/linemap/linemap.py);
expected files name the output file '@DPOPT_OUTPUT@', as the work
directory varies.

Each input is also run with user macros on the command line (-DN=@...@ for
names users commonly define and names dpopt's runtime and generated code use,
less the input's own identifiers): dpopt must write the same file, and nvcc
must compile it with the same macros (dpopt's code is immune to them).

  golden.py --dpopt build/bin/dpopt [--nvcc nvcc] [--runtime runtime]
  golden.py --dpopt build/bin/dpopt --update    # after an intended change
"""
import argparse
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "linemap"))
import linemap  # noqa: E402
INPUTS = os.path.join(HERE, "inputs")
EXPECTED = os.path.join(HERE, "expected")


def directive(text, key):
    for line in text.splitlines()[:10]:
        marker = "// " + key + ":"
        if line.startswith(marker):
            return line[len(marker):].strip()
    return None


# Names users define on command lines (-DN=4) and names the runtime and
# generated code use. nvcc itself accepts a file that includes cstdio,
# vector, algorithm and cooperative_groups.h with each of these defined as
# garbage (Args, T, Group and Size it does not: CUDA's headers use them).
USER_MACROS = ("A B D N Grid Block Shmem End Last First Count Slot G Barrier "
               "Blocks K M S W Rec Lanes Mine Index Tag Round State Threads "
               "Limit Kernel Stream Lo Hi Mid Step Base P R V L E H C I").split()


def identifiers(text):
    return set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", text))


def with_user_macros(dpopt_args, source):
    """dpopt_args plus -D for every USER_MACROS name the input does not use."""
    used = identifiers(source)
    flags = ["-D%s=@user_macro_%s@" % (m, m) for m in USER_MACROS if m not in used]
    flags.append("-DA_LIST=1,B_LIST")  # nvcc (and dpopt) read -DA_LIST=1 -DB_LIST
    return (dpopt_args if "--" in dpopt_args else dpopt_args + ["--"]) + flags, flags


def check_user_macros(name, source, dpopt_args, output, args, work):
    """The same output under user macros, and nvcc accepts it with them."""
    margs, flags = with_user_macros(dpopt_args, source)
    out_path = os.path.join(work, name + ".macros.cu")
    cmd = [args.dpopt, name + ".cu", "-o", out_path] + margs
    proc = subprocess.run(cmd, cwd=INPUTS, capture_output=True, text=True)
    if proc.returncode != 0:
        print("FAIL %s: dpopt exited %d with user macros\n%s" %
              (name, proc.returncode, proc.stderr))
        return False
    with open(out_path, encoding="utf-8") as f:
        if normalized(f.read(), out_path) != output:
            print("FAIL %s: user macros changed the rewritten file" % name)
            return False
    if args.nvcc and directive(source, "DPOPT-NVCC") is None:
        nvcc = [args.nvcc, "-rdc=true", "-arch=sm_90", "-I", args.runtime, "-c",
                "-o", os.path.join(work, name + ".macros.o"), out_path] + flags
        proc = subprocess.run(nvcc, capture_output=True, text=True)
        if proc.returncode != 0:
            print("FAIL %s: nvcc rejects the output with user macros\n%s" %
                  (name, proc.stderr))
            return False
    return True


def normalized(output, out_path):
    """output with the name its '#line' directives give it made portable."""
    return output.replace('"%s"' % out_path, '"@DPOPT_OUTPUT@"')


def show_diff(expected, actual, name):
    lines = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                 "expected/" + name, "actual/" + name)
    sys.stdout.writelines(lines)
    print()


def run_one(name, args, work):
    src_path = os.path.join(INPUTS, name + ".cu")
    with open(src_path, encoding="utf-8") as f:
        source = f.read()
    dpopt_args = shlex.split(directive(source, "DPOPT-ARGS") or "--passes=none")
    out_path = os.path.join(work, name + ".cu")
    report_path = os.path.join(work, name + ".report.json")
    cmd = [args.dpopt, name + ".cu", "-o", out_path, "--report=json",
           "--report-file", report_path] + dpopt_args
    proc = subprocess.run(cmd, cwd=INPUTS, capture_output=True, text=True)
    if proc.returncode != 0:
        print("FAIL %s: dpopt exited %d\n%s" % (name, proc.returncode, proc.stderr))
        return False
    with open(out_path, encoding="utf-8") as f:
        raw_output = f.read()
    output = normalized(raw_output, out_path)
    if raw_output != source:
        errors, _ = linemap.check(source, raw_output, name + ".cu", out_path)
        if errors:
            print("FAIL %s: wrong '#line' directives\n  %s" %
                  (name, "\n  ".join(errors[:5])))
            return False
    with open(report_path, encoding="utf-8") as f:
        report = f.read()
    json.loads(report)  # must be valid JSON

    identity = "--passes=none" in dpopt_args
    expected_cu = os.path.join(EXPECTED, name + ".cu")
    expected_report = os.path.join(EXPECTED, name + ".report.json")
    ok = True
    if args.update:
        if not identity:
            with open(expected_cu, "w", encoding="utf-8") as f:
                f.write(output)
        shutil.copyfile(report_path, expected_report)
        print("UPDATED %s" % name)
    else:
        want = source if identity else open(expected_cu, encoding="utf-8").read()
        if output != want:
            print("FAIL %s: rewritten file differs" % name)
            show_diff(want, output, name + ".cu")
            ok = False
        if not os.path.exists(expected_report):
            print("FAIL %s: no expected report (run with --update)" % name)
            ok = False
        else:
            want_report = open(expected_report, encoding="utf-8").read()
            if report != want_report:
                print("FAIL %s: report differs" % name)
                show_diff(want_report, report, name + ".report.json")
                ok = False

    skip = directive(source, "DPOPT-NVCC")
    if args.nvcc and skip is None:
        nvcc = [args.nvcc, "-rdc=true", "-arch=sm_90", "-I", args.runtime, "-c",
                "-o", os.path.join(work, name + ".o"), out_path]
        proc = subprocess.run(nvcc, capture_output=True, text=True)
        if proc.returncode != 0:
            print("FAIL %s: nvcc rejects the output\n%s" % (name, proc.stderr))
            ok = False
    elif skip is not None:
        print("note: %s is not compiled with nvcc: %s" % (name, skip))
    if ok and not args.update:
        ok = check_user_macros(name, source, dpopt_args, output, args, work)
    if ok:
        print("PASS %s" % name)
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dpopt", required=True)
    p.add_argument("--nvcc", default="")
    p.add_argument("--runtime", default=os.path.join(HERE, "..", "..", "runtime"))
    p.add_argument("--work", default=os.path.join(HERE, "..", "..", "build", "golden-work"))
    p.add_argument("--update", action="store_true")
    p.add_argument("--only", default="")
    args = p.parse_args()
    args.dpopt = os.path.abspath(args.dpopt)
    args.work = os.path.abspath(args.work)
    if args.nvcc and not os.path.exists(args.nvcc):
        args.nvcc = ""
    if not args.nvcc:
        print("note: nvcc not found: generated files are not compiled "
              "(install the CUDA toolkit or set CUDA_HOME to check them)")
    os.makedirs(args.work, exist_ok=True)
    names = sorted(f[:-3] for f in os.listdir(INPUTS) if f.endswith(".cu"))
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    results = [run_one(n, args, args.work) for n in names]
    failed = results.count(False)
    print("%d golden tests, %d failed" % (len(results), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
