#!/usr/bin/env python3
"""Writes dpopt's man page (troff) from its --help output, so the page never
drifts from the options the binary has.

    make-manpage.py DPOPT OUT.1 VERSION
"""
import re
import subprocess
import sys


def escape(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    # A line starting with '.' or "'" would be a troff request.
    return re.sub(r"^([.'])", r"\\&\1", text, flags=re.M)


def main():
    dpopt, out, version = sys.argv[1:4]
    help_text = subprocess.run([dpopt, "--help"], check=True, capture_output=True,
                               text=True).stdout
    overview, _, rest = help_text.partition("USAGE:")
    overview_lines = overview.replace("OVERVIEW: ", "", 1).splitlines()
    summary = overview_lines[0].replace("dpopt: ", "", 1)
    synopsis = [l.strip() for l in overview_lines[1:] if l.strip().startswith("dpopt ")]
    description = [l for l in overview_lines[1:] if l.strip() and not l.strip().startswith("dpopt ")]
    options = []
    for line in rest.splitlines():
        m = re.match(r"^  (-\S.*?)\s+- (.*)$", line)
        if m and not m.group(1).startswith("--help"):
            options.append((m.group(1).strip(), m.group(2).strip()))
    page = [
        '.TH DPOPT 1 "" "dpopt %s" "User Commands"' % version,
        ".SH NAME",
        "dpopt \\- " + escape(summary),
        ".SH SYNOPSIS",
    ]
    for s in synopsis:
        page += [".nf", escape(s), ".fi"]
    page += [".SH DESCRIPTION",
             "dpopt rewrites the kernel launch sites of a CUDA Dynamic Parallelism "
             "program into faster code, before nvcc compiles it. Compile its output "
             "with \\fBnvcc \\-rdc=true \\-arch=sm_90 \\-I\\fR \\fI<prefix>/include\\fR "
             "\\fB... \\-lcudadevrt\\fR.",
             ".PP"]
    for d in description:
        page += [escape(d.strip()), ".br"]
    page.append(".SH OPTIONS")
    for flag, text in options:
        page += [".TP", "\\fB" + escape(flag) + "\\fR", escape(text)]
    page += [
        ".TP", "\\fB\\-\\-\\fR \\fIflags\\fR",
        "The flags the file is compiled with, nvcc or clang style; dpopt parses with "
        "the ones that change the parse (\\-I, \\-D, \\-U, \\-std, ...) and ignores the rest.",
        ".SH EXIT STATUS",
        "0 success; 1 errors in the input or the options; 2 the environment (no CUDA "
        "toolkit, output not writable); 3 an internal error (a dpopt bug).",
        ".SH FILES",
        ".TP", "\\fI<prefix>/include/dpopt/*.cuh\\fR",
        "the header-only device runtime rewritten files include",
        ".TP", "\\fI<prefix>/lib/cmake/dpopt\\fR",
        "the CMake package: \\fBfind_package(dpopt)\\fR and \\fBdpopt_transform()\\fR",
        ".SH SEE ALSO",
        "\\fBnvcc\\fR(1); docs/cli.md, docs/pragma.md and docs/passes/ in dpopt's sources.",
    ]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
