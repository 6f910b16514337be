# Sourced by the GPU tests' scripts (ctest label 'gpu'):
#   . "$(dirname "$0")/../require-gpu.sh"; require_gpu "$NVCC"
# exits 77 (ctest SKIP) with a message when nvcc or an NVIDIA GPU is
# missing, and otherwise puts nvcc's directory first on PATH (its
# compute-sanitizer and cuda-gdb come with it).
require_gpu() {
  if [ -z "$1" ] || [ ! -x "$1" ]; then
    echo "SKIP: nvcc not found (install the CUDA toolkit or set CUDA_HOME)"; exit 77
  fi
  if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
    echo "SKIP: no NVIDIA GPU on this machine"; exit 77
  fi
  export PATH="$(dirname "$1"):$PATH"
}
