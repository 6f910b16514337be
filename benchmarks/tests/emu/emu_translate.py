#!/usr/bin/env python3
"""Rewrites CUDA launch syntax for the CPU emulator (test-only):
    kernel<<<grid, block>>>(args)  ->  dpemu::launch(kernel, dpemu::Config(grid, block))(args)
Usage: emu_translate.py IN.cu OUT.cpp
"""
import re
import sys

LAUNCH = re.compile(r"([A-Za-z_][\w:]*(?:<[^<>;()]*>)?)\s*<<<(.*?)>>>\s*\(",
                    re.DOTALL)


def translate(text):
    return LAUNCH.sub(
        lambda m: "dpemu::launch(%s, dpemu::Config(%s))(" % (m.group(1),
                                                             m.group(2)),
        text)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src) as f:
        text = f.read()
    out = '#line 1 "%s"\n' % src + translate(text)
    with open(dst, "w") as f:
        f.write(out)


if __name__ == "__main__":
    main()
