# Finds LLVM and Clang 22 (Debian: clang-22 libclang-22-dev llvm-22-dev llvm-22-tools).
set(DPOPT_LLVM_HINTS /usr/lib/llvm-22/lib/cmake)
find_package(LLVM REQUIRED CONFIG HINTS ${DPOPT_LLVM_HINTS})
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "dpopt needs LLVM/Clang 22 (found ${LLVM_PACKAGE_VERSION} "
    "in ${LLVM_DIR}); install clang-22 libclang-22-dev llvm-22-dev llvm-22-tools "
    "or pass -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm")
endif()
find_package(Clang REQUIRED CONFIG HINTS ${DPOPT_LLVM_HINTS} ${LLVM_DIR}/..)
message(STATUS "dpopt: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

# The clang resource directory holds clang's own CUDA wrapper headers
# (__clang_cuda_runtime_wrapper.h); dpopt's parser needs it at run time.
set(DPOPT_CLANG_RESOURCE_DIR
    "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}" CACHE PATH
    "Clang resource directory used when parsing CUDA")
if(NOT EXISTS "${DPOPT_CLANG_RESOURCE_DIR}/include/__clang_cuda_runtime_wrapper.h")
  message(FATAL_ERROR "dpopt: clang's CUDA headers are missing from "
    "${DPOPT_CLANG_RESOURCE_DIR}; install libclang-common-22-dev "
    "(scripts/setup.sh does) or set DPOPT_CLANG_RESOURCE_DIR.")
endif()
set(DPOPT_CLANG_EXECUTABLE "${LLVM_TOOLS_BINARY_DIR}/clang" CACHE FILEPATH
    "Clang driver path used to derive system include paths")

# lit and FileCheck from llvm-22's packages.
find_program(DPOPT_FILECHECK FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(DPOPT_LIT lit HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)

function(dpopt_llvm_target target)
  target_include_directories(${target} SYSTEM PUBLIC ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${target} PUBLIC ${LLVM_DEFINITIONS})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PRIVATE -fno-rtti)
  endif()
endfunction()
