"""Prints a CUDA file that defines every name runtime/update-macro-guards.py
guards as a macro that cannot compile, then includes every runtime header.
The system headers the runtime includes come first, as in a rewritten file
(nvcc pre-includes cuda_runtime.h): their own use of such names is not the
runtime's to guard.

  runtime-under-macros.py RUNTIME_DIR > test.cu
"""
import subprocess
import sys

runtime = sys.argv[1]
names = subprocess.run([sys.executable, runtime + "/update-macro-guards.py", "--names"],
                       check=True, capture_output=True, text=True).stdout.split()
assert len(names) > 100, names
print("#include <cuda_runtime.h>\n#include <cooperative_groups.h>\n"
      "#include <cooperative_groups/reduce.h>\n#include <cooperative_groups/scan.h>\n"
      "#include <tuple>\n#include <utility>")
for n in names:
    print("#define %s @user_macro_%s@" % (n, n))
for h in ("aggregate", "grid_barrier", "persist", "runtime"):
    print('#include "dpopt/%s.cuh"' % h)
print("__global__ void __kernel_under_test(int *__p) { __p[0] = 0; }")
