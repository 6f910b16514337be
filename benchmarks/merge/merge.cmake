# The merge benchmark (merge.cu, README.md), included by
# benchmarks/CMakeLists.txt. It has its own driver, cases and CSV output and
# is run by merge/run.sh, not by the harness, so it gets no manifest line:
#   - DPBENCH_CUDA=ON: the executable merge_seq in ${DPBENCH_BIN_DIR} (the
#     seq, streams and solo modes; dpopt's output is built by run.sh);
#   - otherwise, with tests: a CTest "compile.merge_seq" (nvcc -c, labels
#     compile and cuda; a skip message without nvcc) and "parse.merge"
#     (clang-22 parses merge.cu with -fgpu-rdc, as dpopt does).

set(_merge_source ${DPBENCH_DIR}/merge/merge.cu)

if(DPBENCH_CUDA)
  add_executable(merge_seq ${_merge_source})
  target_include_directories(merge_seq PRIVATE ${DPBENCH_DIR}/common)
  target_link_libraries(merge_seq PRIVATE Threads::Threads)
  target_compile_options(merge_seq PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-O3 ${DPBENCH_NVCC_FLAGS}>)
  set_target_properties(merge_seq PROPERTIES
    CUDA_SEPARABLE_COMPILATION ON
    CUDA_STANDARD 17
    CUDA_STANDARD_REQUIRED ON
    RUNTIME_OUTPUT_DIRECTORY ${DPBENCH_BIN_DIR})
elseif(DPBENCH_TESTS)
  if(DPBENCH_NVCC)
    add_test(NAME compile.merge_seq
             COMMAND ${DPBENCH_NVCC} -std=c++17 -O3 -rdc=true
                     -arch=sm_${DPBENCH_CUDA_ARCH} ${DPBENCH_NVCC_FLAGS}
                     -I ${DPBENCH_DIR}/common -c ${_merge_source}
                     -o ${CMAKE_CURRENT_BINARY_DIR}/compile/merge_seq.o)
    set_tests_properties(compile.merge_seq PROPERTIES LABELS "compile;cuda")
  else()
    _dp_skip_test(compile.merge_seq
                  "nvcc not found: merge_seq was not compile-checked")
  endif()
endif()

if(DPBENCH_TESTS)
  if(DPBENCH_CLANG AND EXISTS ${DPBENCH_CUDA_ROOT}/include/cuda_runtime.h)
    add_test(NAME parse.merge
             COMMAND ${DPBENCH_CLANG} -fsyntax-only -x cuda --cuda-host-only
                     --cuda-gpu-arch=sm_${DPBENCH_CUDA_ARCH}
                     -Wno-unknown-cuda-version -nocudalib -fgpu-rdc
                     --cuda-path=${DPBENCH_CUDA_ROOT}
                     -isystem ${DPBENCH_CUDA_ROOT}/include/cccl
                     -I ${DPBENCH_DIR}/common ${_merge_source})
    set_tests_properties(parse.merge PROPERTIES LABELS "parse")
  else()
    _dp_skip_test(parse.merge
                  "clang++-22 or CUDA headers not found: merge/merge.cu was not parse-checked")
  endif()
endif()
