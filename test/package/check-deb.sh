#!/usr/bin/env bash
# ctest package.deb: builds dpopt's Debian package from BUILD_DIR with cpack
# and checks it: its files are exactly the tool, every runtime header of
# the source tree, the CMake package, the man page (which documents every
# option --help lists) and the copyright; its dependencies resolve on this
# machine (apt-get's simulation, where apt-get exists); and the dpopt it
# holds, unpacked, runs on the bundled example and finds its runtime headers
# (the output compiles with nvcc where there is one).
#   check-deb.sh BUILD_DIR SOURCE_DIR WORK [NVCC]
set -euo pipefail
build=$1 src=$2 work=$3 nvcc=${4:-}
for tool in cpack dpkg-deb; do
  command -v $tool > /dev/null || { echo "SKIP: $tool not found (a Debian machine has dpkg-deb)"; exit 77; }
done
rm -rf "$work" && mkdir -p "$work"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" > "$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/dpopt_*_amd64.deb "$work"/dpopt_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "FAIL: cpack made no .deb"; cat "$work/cpack.log"; exit 1; }
echo "package: $deb"

# The files: what the package holds against what it must hold.
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $NF}' | sed 's|^\./||' | sort > "$work/files.txt"
{
  echo usr/bin/dpopt
  echo usr/bin/dpopt-tune
  (cd "$src/runtime" && find dpopt -name '*.cuh' | sed 's|^|usr/include/|')
  for f in dpoptConfig.cmake dpoptConfigVersion.cmake dpoptFunctions.cmake; do
    echo "usr/lib/cmake/dpopt/$f"
  done
  echo usr/share/doc/dpopt/copyright
  echo usr/share/man/man1/dpopt.1.gz
} | sort > "$work/expected.txt"
if ! diff -u "$work/expected.txt" "$work/files.txt"; then
  echo "FAIL: the package's files differ from the list above (- missing, + extra)"; exit 1
fi

# The control fields a Debian user relies on.
dpkg-deb -f "$deb" Package Version Architecture Depends > "$work/control.txt"
cat "$work/control.txt"
for dep in libclang-cpp22 libllvm22 libclang-common-22-dev python3; do
  grep -q "$dep" "$work/control.txt" || { echo "FAIL: Depends lacks $dep"; exit 1; }
done

# The man page documents every option --help lists.
mkdir -p "$work/root"
dpkg-deb -x "$deb" "$work/root"
zcat "$work/root/usr/share/man/man1/dpopt.1.gz" > "$work/dpopt.1"
"$work/root/usr/bin/dpopt" --help | grep -oE '^  (-[-a-zA-Z]+)' | sed 's/^  //' | sort -u |
  grep -v -- '--help' > "$work/options.txt"
while read -r opt; do
  grep -qF -- "$(echo "$opt" | sed 's/-/\\-/g')" "$work/dpopt.1" ||
    { echo "FAIL: the man page does not document $opt"; exit 1; }
done < "$work/options.txt"
echo "man page: $(wc -l < "$work/options.txt") options documented"

# Dependencies resolve here, as 'apt install ./dpopt_*.deb' would.
if command -v apt-get > /dev/null; then
  if ! apt-get install -s -q "$deb" > "$work/apt.log" 2>&1; then
    cat "$work/apt.log"; echo "FAIL: apt-get cannot install the package"; exit 1
  fi
  grep -E '^(Inst|Conf) dpopt' "$work/apt.log" | head -2
fi

# The packaged dpopt runs and finds the runtime next to it.
"$work/root/usr/bin/dpopt" --version
"$work/root/usr/bin/dpopt" "$src/examples/bfs.cu" -o "$work/bfs.dpopt.cu"
grep -q '#include "dpopt/runtime.cuh"' "$work/bfs.dpopt.cu"
if [ -n "$nvcc" ] && [ -x "$nvcc" ]; then
  "$nvcc" -rdc=true -arch=sm_90 -I "$work/root/usr/include" -c "$work/bfs.dpopt.cu" \
    -o "$work/bfs.o"
  echo "nvcc compiled the packaged dpopt's output against the packaged runtime"
fi

# Installed for real where that harms nothing: as root (CI's fresh Debian 12
# machine), when no dpopt is installed. The installed runtime lives in
# /usr/include, a system directory, which the unpacked copy cannot show.
if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null &&
   ! dpkg -s dpopt > /dev/null 2>&1 && [ ! -e /usr/bin/dpopt ]; then
  trap 'apt-get remove -y -q dpopt > /dev/null 2>&1 || true' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" > "$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "FAIL: apt-get install"; exit 1; }
  (cd "$work" && /usr/bin/dpopt "$src/examples/bfs.cu" -o bfs.installed.cu)
  if [ -n "$nvcc" ] && [ -x "$nvcc" ]; then
    "$nvcc" -rdc=true -arch=sm_90 -c "$work/bfs.installed.cu" -o "$work/bfs.installed.o"
  fi
  man -w dpopt > /dev/null 2>&1 || [ -f /usr/share/man/man1/dpopt.1.gz ]
  apt-get remove -y -q dpopt > "$work/remove.log" 2>&1
  trap - EXIT
  echo "installed with apt-get, ran /usr/bin/dpopt on the example, removed"
fi
echo "PASS"
