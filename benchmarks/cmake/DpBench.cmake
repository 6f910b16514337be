# dp_add_benchmark(<name> VARIANTS <v>... DATASETS <d>... [EMU])
#
# For <name>/<v>.cu (hand-written) and gen/<name>/<config>.cu (dpopt output):
#   - DPBENCH_CUDA=ON: an executable <name>_<v> in ${DPBENCH_BIN_DIR}, built
#     as nvcc -O3 -rdc=true -arch=sm_XX ... -lcudadevrt, plus a CTest
#     "gpu.<name>_<v>" (label gpu) that runs it on a tiny dataset and is
#     skipped when no GPU is present;
#   - otherwise: a CTest "compile.<name>_<v>" running nvcc -c on the file (or
#     a skip message when nvcc is missing) and the same gpu.* test, which
#     then compiles the binary itself if it finds a GPU;
#   - a line in ${DPBENCH_MANIFEST} telling the harness which datasets the
#     binary runs on.
# With EMU (the kernels stay within what tests/emu/cuda_runtime.h emulates)
# and DPBENCH_EMU, for hand-written variants (and dpopt output too with
# DPBENCH_EMU_GEN): an executable emu_<name>_<v>
# built by g++ against the CPU emulator in tests/emu, and a CTest
# "emu.<name>_<v>" (label emu) running it on tiny datasets under sequential,
# shuffled and immediate schedules.
# For <name>/cdp.cu: a CTest "parse.<name>_cdp" that checks clang-22 parses
# it with -fgpu-rdc, device-side launches included (when clang++-22 is
# found).

file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/compile)

function(_dp_skip_test NAME MESSAGE)
  add_test(NAME ${NAME} COMMAND sh -c "echo 'SKIP: ${MESSAGE}'; exit 77")
  set_tests_properties(${NAME} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

function(_dp_add_variant BENCH VARIANT SOURCE KIND DATASETS EMU)
  set(target ${BENCH}_${VARIANT})
  set(includes ${DPBENCH_DIR}/common ${DPBENCH_DIR}/${BENCH})
  if(KIND STREQUAL "gen")
    list(APPEND includes ${DPBENCH_RUNTIME_DIR})
  endif()
  string(REPLACE ";" "," dataset_list "${DATASETS}")
  file(APPEND ${DPBENCH_MANIFEST}
       "${BENCH}\t${VARIANT}\t${KIND}\t${DPBENCH_BIN_DIR}/${target}\t${dataset_list}\n")
  list(GET DATASETS 0 smoke_dataset)

  if(DPBENCH_CUDA)
    add_executable(${target} ${SOURCE})
    target_include_directories(${target} PRIVATE ${includes})
    target_link_libraries(${target} PRIVATE dpbench_graph)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CUDA>:-O3 ${DPBENCH_NVCC_FLAGS}>)
    # Separable compilation = -rdc=true + device link with cudadevrt.
    set_target_properties(${target} PROPERTIES
      CUDA_SEPARABLE_COMPILATION ON
      CUDA_STANDARD 17
      CUDA_STANDARD_REQUIRED ON
      RUNTIME_OUTPUT_DIRECTORY ${DPBENCH_BIN_DIR})
    set(smoke_binary --binary $<TARGET_FILE:${target}>)
  elseif(DPBENCH_TESTS)
    if(DPBENCH_NVCC)
      set(include_flags)
      foreach(dir ${includes})
        list(APPEND include_flags -I ${dir})
      endforeach()
      add_test(NAME compile.${target}
               COMMAND ${DPBENCH_NVCC} -std=c++17 -O3 -rdc=true
                       -arch=sm_${DPBENCH_CUDA_ARCH} ${DPBENCH_NVCC_FLAGS}
                       ${include_flags} -c ${SOURCE}
                       -o ${CMAKE_CURRENT_BINARY_DIR}/compile/${target}.o)
      set_tests_properties(compile.${target} PROPERTIES LABELS "compile;cuda")
    else()
      _dp_skip_test(compile.${target}
                    "nvcc not found: ${target} was not compile-checked")
    endif()
    set(smoke_binary --source ${SOURCE} --nvcc "${DPBENCH_NVCC}"
        --graph-cpp ${DPBENCH_DIR}/common/graph.cpp --include ${includes})
  endif()

  # CPU emulation of hand-written variants (tests/emu): checks kernel and
  # host logic against the CPU reference under several thread/launch orders.
  if(EMU AND DPBENCH_TESTS AND DPBENCH_EMU AND Python3_Interpreter_FOUND)
    set(emu_cpp ${CMAKE_CURRENT_BINARY_DIR}/emu/${target}.cpp)
    add_custom_command(
      OUTPUT ${emu_cpp}
      COMMAND Python3::Interpreter ${DPBENCH_DIR}/tests/emu/emu_translate.py
              ${SOURCE} ${emu_cpp}
      DEPENDS ${SOURCE} ${DPBENCH_DIR}/tests/emu/emu_translate.py
      COMMENT "Translating ${target} for the CPU emulator")
    add_executable(emu_${target} ${emu_cpp})
    target_include_directories(emu_${target} BEFORE PRIVATE
                               ${DPBENCH_DIR}/tests/emu ${includes})
    target_compile_options(emu_${target} PRIVATE -include cuda_runtime.h)
    target_link_libraries(emu_${target} PRIVATE dpbench_graph)
    set_target_properties(emu_${target} PROPERTIES
      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/emu)
    add_test(NAME emu.${target}
             COMMAND Python3::Interpreter ${DPBENCH_DIR}/tests/emu/run_emu.py
                     --binary $<TARGET_FILE:emu_${target}>
                     --dpgen $<TARGET_FILE:dpgen> --datasets ${dataset_list}
                     --workdir ${CMAKE_CURRENT_BINARY_DIR}/emu/data)
    set_tests_properties(emu.${target} PROPERTIES LABELS emu TIMEOUT 600)
  endif()

  if(DPBENCH_TESTS)
    if(Python3_Interpreter_FOUND)
      add_test(NAME gpu.${target}
               COMMAND Python3::Interpreter
                       ${DPBENCH_DIR}/harness/gpu_smoke.py ${smoke_binary}
                       --dpgen $<TARGET_FILE:dpgen> --dataset ${smoke_dataset}
                       --workdir ${CMAKE_CURRENT_BINARY_DIR}/gpu-smoke
                       --arch ${DPBENCH_CUDA_ARCH})
      set_tests_properties(gpu.${target} PROPERTIES
        LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 300)
    else()
      _dp_skip_test(gpu.${target} "python3 not found")
    endif()
  endif()
endfunction()

function(dp_add_benchmark NAME)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "EMU" "" "VARIANTS;DATASETS")
  if(NOT ARG_VARIANTS OR NOT ARG_DATASETS)
    message(FATAL_ERROR "dp_add_benchmark(${NAME}): VARIANTS and DATASETS are required")
  endif()
  foreach(variant ${ARG_VARIANTS})
    _dp_add_variant(${NAME} ${variant} ${DPBENCH_DIR}/${NAME}/${variant}.cu
                    base "${ARG_DATASETS}" ${ARG_EMU})
  endforeach()

  # dpopt output, one file per configuration of configs.txt.
  file(GLOB generated CONFIGURE_DEPENDS ${DPBENCH_DIR}/gen/${NAME}/*.cu)
  list(SORT generated)
  foreach(file ${generated})
    get_filename_component(config ${file} NAME_WE)
    if(config IN_LIST ARG_VARIANTS)
      message(WARNING "gen/${NAME}/${config}.cu: configuration name clashes "
                      "with a hand-written variant; skipped")
      continue()
    endif()
    set(gen_emu OFF)
    if(ARG_EMU AND DPBENCH_EMU_GEN)
      set(gen_emu ON)
    endif()
    _dp_add_variant(${NAME} ${config} ${file} gen "${ARG_DATASETS}" ${gen_emu})
  endforeach()

  if(DPBENCH_TESTS AND EXISTS ${DPBENCH_DIR}/${NAME}/cdp.cu)
    if(DPBENCH_CLANG AND EXISTS ${DPBENCH_CUDA_ROOT}/include/cuda_runtime.h)
      add_test(NAME parse.${NAME}_cdp
               COMMAND ${DPBENCH_CLANG} -fsyntax-only -x cuda --cuda-host-only
                       --cuda-gpu-arch=sm_${DPBENCH_CUDA_ARCH}
                       -Wno-unknown-cuda-version -nocudalib -fgpu-rdc
                       --cuda-path=${DPBENCH_CUDA_ROOT}
                       -isystem ${DPBENCH_CUDA_ROOT}/include/cccl
                       -I ${DPBENCH_DIR}/common -I ${DPBENCH_DIR}/${NAME}
                       ${DPBENCH_DIR}/${NAME}/cdp.cu)
      set_tests_properties(parse.${NAME}_cdp PROPERTIES LABELS "parse")
    else()
      _dp_skip_test(parse.${NAME}_cdp
                    "clang++-22 or CUDA headers not found: ${NAME}/cdp.cu was not parse-checked")
    endif()
  endif()
endfunction()

# dp_add_legacy_sources(<name> SOURCES <v>...)
#
# Legacy CDP1 inputs <name>/<v>.cu: they call the device-side
# cudaDeviceSynchronize() that CUDA 12 removed for sm_90+ (CDP2), so nvcc 13
# rejects them for Hopper. They are therefore never built or compile-checked
# and get no manifest line as written: they are the input of dpopt's
# remove-launch pass, whose output (gen/<name>/cdp1_<config>.cu, from
# prepare.sh) is built and run like any generated variant. A CTest
# "parse.<name>_<v>" checks that clang-22 parses them (-fgpu-rdc) with
# the parse-only prelude dpopt injects with -include (a __device__
# declaration of cudaDeviceSynchronize).
function(dp_add_legacy_sources NAME)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "SOURCES")
  if(NOT DPBENCH_TESTS)
    return()
  endif()
  set(prelude ${CMAKE_CURRENT_BINARY_DIR}/legacy-prelude.cuh)
  file(WRITE ${prelude}
       "// Parse-only prelude (dp_add_legacy_sources), as in dpopt's parser.\n"
       "#pragma once\n"
       "extern __device__ cudaError_t cudaDeviceSynchronize(void);\n")
  foreach(source ${ARG_SOURCES})
    if(DPBENCH_CLANG AND EXISTS ${DPBENCH_CUDA_ROOT}/include/cuda_runtime.h)
      add_test(NAME parse.${NAME}_${source}
               COMMAND ${DPBENCH_CLANG} -fsyntax-only -x cuda --cuda-host-only
                       --cuda-gpu-arch=sm_${DPBENCH_CUDA_ARCH}
                       -Wno-unknown-cuda-version -nocudalib -fgpu-rdc
                       --cuda-path=${DPBENCH_CUDA_ROOT}
                       -isystem ${DPBENCH_CUDA_ROOT}/include/cccl
                       -include ${prelude}
                       -I ${DPBENCH_DIR}/common -I ${DPBENCH_DIR}/${NAME}
                       ${DPBENCH_DIR}/${NAME}/${source}.cu)
      set_tests_properties(parse.${NAME}_${source} PROPERTIES LABELS "parse")
    else()
      _dp_skip_test(parse.${NAME}_${source}
                    "clang++-22 or CUDA headers not found: ${NAME}/${source}.cu was not parse-checked")
    endif()
  endforeach()
endfunction()
