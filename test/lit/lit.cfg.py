# lit configuration for dpopt's compiler tests.
import os
import lit.formats

config.name = "dpopt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]

config.substitutions.append(("%dpopt", config.dpopt))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%runtime", config.runtime_dir))
# Compile a generated file as CI does; needs the 'nvcc' feature.
config.substitutions.append(
    ("%nvcc-check",
     "%s -rdc=true -arch=sm_90 -I %s -c -o /dev/null -x cu" % (config.nvcc, config.runtime_dir)))
# Build a program of the runtime headers that runs on the host, or print
# the PTX of device code (no GPU needed for either).
config.substitutions.append(
    ("%nvcc-host", "%s -arch=sm_90 -I %s" % (config.nvcc, config.runtime_dir)))
config.substitutions.append(
    ("%nvcc-ptx", "%s -rdc=true -arch=sm_90 -I %s -ptx -o -" % (config.nvcc, config.runtime_dir)))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("CUDA_HOME", "CUDA_PATH", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
if config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add("nvcc")

# dpopt parses against CUDA's headers: without a toolkit these tests cannot
# run; say so instead of failing.
def find_cuda():
    import shutil
    roots = [os.environ.get("CUDA_HOME", ""), os.environ.get("CUDA_PATH", "")]
    nvcc = shutil.which("nvcc")
    if nvcc:
        roots.append(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))))
    roots.append("/usr/local/cuda")
    for root in roots:
        if root and os.path.exists(os.path.join(root, "include", "cuda_runtime.h")):
            return root
    return None

if find_cuda() is None:
    lit_config.note("no CUDA toolkit found: dpopt's lit tests need CUDA's headers; "
                    "they are skipped (set CUDA_HOME to run them)")
    config.unsupported = True
