#!/usr/bin/env python3
"""Checks the '#line' directives of a file dpopt wrote.

  linemap.py INPUT OUTPUT [--user-name NAME] [--output-name NAME]
             [--min-mapped FRACTION]

Reads OUTPUT as the preprocessor does (its '#line N' and '#line N "file"'
directives) and checks that
  - every line presumed to be in the user's file (NAME, default INPUT as
    given) is, character for character, the line of INPUT presumed there
    (INPUT's own '#line' directives included);
  - every line presumed to be in the output file (default OUTPUT as given)
    is at that line of OUTPUT;
  - no line is presumed to be anywhere else;
  (blank lines show nothing and may be presumed anywhere)
  - at least FRACTION of INPUT's non-blank lines are shown by some line of
    OUTPUT (default 0: lines dpopt rewrote are dpopt's).
Prints what is wrong and exits 1, or prints a one-line summary.
"""
import argparse
import re
import sys

DIRECTIVE = re.compile(r'^\s*#\s*line\s+(\d+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*$')


def unescape(name):
    return re.sub(r"\\(.)", r"\1", name)


def lines_of(text):
    text = text[1:] if text.startswith("\ufeff") else text  # a byte order mark
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")][
        : (text.count("\n") + (0 if text.endswith("\n") or not text else 1))]


def presumed(lines, name):
    """(file, line) -> text for the lines of a file named name, where its own
    '#line' directives put them."""
    places = {}
    file, line = name, 1
    for text in lines:
        m = DIRECTIVE.match(text)
        if m:
            line = int(m.group(1))
            if m.group(2) is not None:
                file = unescape(m.group(2))
            continue
        places[(file, line)] = text
        line += 1
    return places


def check(source, output, user_name, output_name):
    """Returns (errors, the user's places shown)."""
    user = presumed(lines_of(source), user_name)
    out = lines_of(output)
    errors = []
    shown = set()
    file, line = output_name, 1
    for physical, text in enumerate(out, start=1):
        m = DIRECTIVE.match(text)
        if m:
            line = int(m.group(1))
            if m.group(2) is not None:
                file = unescape(m.group(2))
            continue
        if not text.strip():
            pass  # a blank line shows nothing; it needs no directive
        elif file == output_name:
            if line != physical:
                errors.append("output line %d is presumed at %s:%d" %
                              (physical, file, line))
        elif user.get((file, line)) != text:
            errors.append("output line %d is presumed at %s:%d but is %r, not %r" %
                          (physical, file, line, text, user.get((file, line))))
        else:
            shown.add((file, line))
        line += 1
    return errors, shown


def main():
    p = argparse.ArgumentParser()
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--user-name")
    p.add_argument("--output-name")
    p.add_argument("--min-mapped", type=float, default=0.0)
    a = p.parse_args()
    source = open(a.input, encoding="utf-8", newline="").read()
    output = open(a.output, encoding="utf-8", newline="").read()
    errors, shown = check(source, output, a.user_name or a.input,
                          a.output_name or a.output)
    user = presumed(lines_of(source), a.user_name or a.input)
    code = [place for place, text in user.items() if text.strip()]
    fraction = len([p for p in code if p in shown]) / max(1, len(code))
    if fraction < a.min_mapped:
        errors.append("only %.0f%% of the input's non-blank lines are shown "
                      "at their place (want %.0f%%)" % (100 * fraction, 100 * a.min_mapped))
    for e in errors:
        print("linemap: error: " + e)
    if errors:
        return 1
    print("linemap: %d of %d non-blank input lines shown at their place" %
          (len([p for p in code if p in shown]), len(code)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
