#!/usr/bin/env bash
# ctest examples.cmake: installs dpopt from its build tree into a scratch
# prefix, then configures and builds examples/cmake against that install with
# nvcc (no GPU needed; the program is the one gpu.examples runs). Checks that
# the compiled source is dpopt's output and that a second build runs nothing
# again (the depfile names only real files); then, in a project of its own,
# that editing a header the source includes, or a new dpopt, makes the build
# run dpopt again. With a GPU (RUN_ON_GPU=1, ctest gpu.examples.cmake) it
# also runs the example, which checks itself against a CPU BFS.
#   cmake-example.sh <dpopt build dir> <source dir> <work dir> <nvcc>
set -eu
build=$1 src=$2 work=$3 nvcc=$4
if [ "${RUN_ON_GPU:-0}" = 1 ]; then
  . "$src/test/gpu/require-gpu.sh"
  require_gpu "$nvcc"
fi
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

# Rebuilds: a header the source includes, and dpopt itself.
mkdir -p "$work/hdr"
cat > "$work/hdr/scale.h" <<'H'
#define SCALE 2
H
cat > "$work/hdr/k.cu" <<'K'
#include "scale.h"
__global__ void child(int *A) { A[threadIdx.x] *= SCALE; }
__global__ void parent(int *A) { child<<<1, 32>>>(A); }
int main() { return 0; }
K
cat > "$work/hdr/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.20)
set(CMAKE_CUDA_ARCHITECTURES 90)
project(hdr LANGUAGES CXX CUDA)
find_package(dpopt REQUIRED)
add_executable(k k.cu)
dpopt_transform(TARGET k SOURCES k.cu)
C
cmake -S "$work/hdr" -B "$work/hdr/build" -Ddpopt_DIR="$work/prefix/lib/cmake/dpopt" \
  -DCMAKE_CUDA_COMPILER="$nvcc" > "$work/hdr-configure.log"
cmake --build "$work/hdr/build" > "$work/hdr-build.log" 2>&1 || { tail -30 "$work/hdr-build.log"; exit 1; }
# The custom command's comment: printed when it runs.
ran_dpopt() { grep -q "dpopt k.cu" "$1"; }
cmake --build "$work/hdr/build" > "$work/hdr-nochange.log" 2>&1
if ran_dpopt "$work/hdr-nochange.log"; then
  echo "nothing changed, yet dpopt ran again:"; cat "$work/hdr-nochange.log"; exit 1
fi
sleep 1
echo '#define SCALE 3' > "$work/hdr/scale.h"
cmake --build "$work/hdr/build" > "$work/hdr-header.log" 2>&1
ran_dpopt "$work/hdr-header.log" ||
  { echo "an edited header did not make dpopt run again:"; cat "$work/hdr-header.log"; exit 1; }
sleep 1
touch "$work/prefix/bin/dpopt"
cmake --build "$work/hdr/build" > "$work/hdr-tool.log" 2>&1
ran_dpopt "$work/hdr-tool.log" ||
  { echo "a new dpopt did not make dpopt run again:"; cat "$work/hdr-tool.log"; exit 1; }
echo "an edited header and a new dpopt each made the build run dpopt again"

if [ "${RUN_ON_GPU:-0}" = 1 ]; then
  "$work/build/bfs" | tee "$work/run.log"
  grep -q '^PASS' "$work/run.log" || { echo "the example's result is wrong"; exit 1; }
fi
