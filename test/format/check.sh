#!/usr/bin/env bash
# Fails when a C++ file of lib/, include/ or tools/ differs from what
# clang-format (the version given, from LLVM 22) makes of it under the repo's
# .clang-format; prints the first differences. Fix with:
#   clang-format-22 -i $(find lib include tools -name '*.cpp' -o -name '*.h')
#   test/format/check.sh CLANG_FORMAT ROOT
set -u
CLANG_FORMAT=$1 ROOT=$2
cd "$ROOT" || exit 1
mapfile -t files < <(find lib include tools \( -name '*.cpp' -o -name '*.h' \) | sort)
if ! "$CLANG_FORMAT" --dry-run -Werror "${files[@]}" 2> /tmp/dpopt-format.$$; then
  head -n 40 /tmp/dpopt-format.$$
  echo "format: $(grep -c 'warning:\|error:' /tmp/dpopt-format.$$) places differ from clang-format; run: clang-format-22 -i <files>"
  rm -f /tmp/dpopt-format.$$
  exit 1
fi
rm -f /tmp/dpopt-format.$$
echo "format: ${#files[@]} files match .clang-format"
