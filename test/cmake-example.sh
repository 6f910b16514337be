#!/usr/bin/env bash
# ctest examples.cmake: installs dpopt from its build tree into a scratch
# prefix, then configures and builds examples/cmake against that install with
# nvcc (no GPU needed; the program is the one gpu.examples runs). Checks that
# the compiled source is dpopt's output and that a second build runs nothing
# again (the depfile names only real files).
#   cmake-example.sh <dpopt build dir> <source dir> <work dir> <nvcc>
set -eu
build=$1 src=$2 work=$3 nvcc=$4
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
test -f "$work/prefix/lib/cmake/dpopt/dpoptConfig.cmake"
cmake -S "$src/examples/cmake" -B "$work/build" \
  -Ddpopt_DIR="$work/prefix/lib/cmake/dpopt" \
  -DCMAKE_CUDA_COMPILER="$nvcc" > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
test -x "$work/build/bfs"
grep -q 'sm_90' "$work/build/CMakeFiles/bfs.dir/flags.make"
grep -q '#include "dpopt/' "$work/build/dpopt/bfs.cu"
cmake --build "$work/build" > "$work/rebuild.log" 2>&1
if grep -q "dpopt bfs.cu" "$work/rebuild.log"; then
  echo "a second build ran dpopt again:"; cat "$work/rebuild.log"; exit 1
fi
echo "examples/cmake built against the installed dpopt"
