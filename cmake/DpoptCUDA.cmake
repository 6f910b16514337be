# Locates the CUDA toolkit that tests compile generated code with. dpopt itself
# finds CUDA at run time (--cuda-path, $CUDA_HOME, $CUDA_PATH, nvcc on PATH,
# /usr/local/cuda); this only decides whether nvcc-based tests can run.
find_program(DPOPT_NVCC nvcc
  HINTS ENV CUDA_HOME ENV CUDA_PATH /usr/local/cuda
  PATH_SUFFIXES bin)
if(DPOPT_NVCC)
  get_filename_component(DPOPT_CUDA_BIN "${DPOPT_NVCC}" DIRECTORY)
  get_filename_component(DPOPT_CUDA_ROOT "${DPOPT_CUDA_BIN}" DIRECTORY)
  message(STATUS "dpopt: nvcc found at ${DPOPT_NVCC}")
else()
  set(DPOPT_CUDA_ROOT "")
  message(STATUS "dpopt: nvcc NOT found: tests that compile generated code "
    "with nvcc will be skipped. Install the CUDA toolkit or set CUDA_HOME.")
endif()
