#!/usr/bin/env bash
# Installs what dpopt needs on Debian 12 (or a later Debian/Ubuntu with
# LLVM 22 packages), configures and builds it in build/.
#
#   scripts/setup.sh            # packages + configure + build
#   BUILD_DIR=out scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

PACKAGES=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools libclang-rt-22-dev clang-format-22
          googletest libgtest-dev cmake ninja-build python3)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; else
    echo "setup: error: these Debian packages are missing and I am not root: ${missing[*]}" >&2
    echo "setup: install them with: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The CUDA toolkit is not a Debian package: find it, never install it.
nvcc_path=""
for candidate in "${CUDA_HOME:-}/bin/nvcc" "${CUDA_PATH:-}/bin/nvcc" "$(command -v nvcc || true)" /usr/local/cuda/bin/nvcc; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then nvcc_path=$candidate; break; fi
done
if [ -z "$nvcc_path" ]; then
  cat >&2 <<'MSG'
setup: note: no CUDA toolkit found (looked at $CUDA_HOME, $CUDA_PATH, nvcc on
setup: PATH and /usr/local/cuda). dpopt parses .cu files against CUDA's headers
setup: and the tests compile its output with nvcc. Install CUDA 12 or 13 from
setup: https://developer.nvidia.com/cuda-downloads, then either put its bin/ on
setup: PATH, set CUDA_HOME=/path/to/cuda, or pass --cuda-path=/path/to/cuda to
setup: dpopt. Tests that need CUDA are skipped until then.
MSG
else
  echo "setup: CUDA toolkit: $(dirname "$(dirname "$nvcc_path")")"
fi

cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 >/dev/null
cmake --build "$BUILD_DIR"
echo "setup: built $BUILD_DIR/bin/dpopt"
