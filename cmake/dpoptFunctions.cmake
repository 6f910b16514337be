# dpopt_transform(TARGET <target> SOURCES <file>... [OPTIONS <dpopt option>...])
#
# Runs dpopt on each CUDA source of <target> into
# <current binary dir>/dpopt/<source's path>, with the target's include
# directories and definitions, and compiles the outputs instead of the
# sources. A source is rewritten again when it, a header it includes (dpopt's
# --depfile) or dpopt changes. The target gets what every CDP program needs:
# separable compilation, device-symbol resolution, the device runtime
# library (CUDA::cudadevrt where CMake has it), and the
# runtime headers the rewritten files include. OPTIONS go to dpopt before
# '--' (--passes=..., --remarks, ...).
include_guard(GLOBAL)

function(dpopt_transform)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "TARGET" "SOURCES;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dpopt_transform: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_TARGET OR NOT TARGET "${ARG_TARGET}")
    message(FATAL_ERROR "dpopt_transform: TARGET must name a target ('${ARG_TARGET}')")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "dpopt_transform: no SOURCES for target '${ARG_TARGET}'")
  endif()
  if(NOT TARGET dpopt::cudadevrt)
    message(FATAL_ERROR "dpopt_transform: call find_package(dpopt) first (it finds the CUDA device runtime library)")
  endif()
  set(Includes "$<TARGET_PROPERTY:${ARG_TARGET},INCLUDE_DIRECTORIES>")
  set(Defines "$<TARGET_PROPERTY:${ARG_TARGET},COMPILE_DEFINITIONS>")
  foreach(Source IN LISTS ARG_SOURCES)
    get_filename_component(Path "${Source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    file(RELATIVE_PATH Relative "${CMAKE_CURRENT_SOURCE_DIR}" "${Path}")
    if(Relative MATCHES "^\\.\\./")
      get_filename_component(Relative "${Path}" NAME)
    endif()
    set(Output "${CMAKE_CURRENT_BINARY_DIR}/dpopt/${Relative}")
    get_filename_component(OutputDir "${Output}" DIRECTORY)
    file(MAKE_DIRECTORY "${OutputDir}")
    add_custom_command(OUTPUT "${Output}"
      COMMAND dpopt::dpopt "${Path}" -o "${Output}" "--depfile=${Output}.d"
              ${ARG_OPTIONS} --
              "$<$<BOOL:${Includes}>:-I$<JOIN:${Includes},;-I>>"
              "$<$<BOOL:${Defines}>:-D$<JOIN:${Defines},;-D>>"
      DEPENDS "${Path}" "${DPOPT_EXECUTABLE}"
      DEPFILE "${Output}.d"
      COMMENT "dpopt ${Relative}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The original stays listed (IDEs show it) but is not compiled.
    set_source_files_properties("${Path}" TARGET_DIRECTORY "${ARG_TARGET}"
                                PROPERTIES HEADER_FILE_ONLY ON)
    target_sources("${ARG_TARGET}" PRIVATE "${Output}")
    # '#include "x.h"' looks beside the including file first: beside the
    # original, as when it is compiled itself, not beside the output.
    get_filename_component(SourceDir "${Path}" DIRECTORY)
    set_source_files_properties("${Output}" TARGET_DIRECTORY "${ARG_TARGET}"
                                PROPERTIES INCLUDE_DIRECTORIES "${SourceDir}")
  endforeach()
  target_include_directories("${ARG_TARGET}" PRIVATE "${DPOPT_RUNTIME_INCLUDE_DIR}")
  set_target_properties("${ARG_TARGET}" PROPERTIES CUDA_SEPARABLE_COMPILATION ON
                                                   CUDA_RESOLVE_DEVICE_SYMBOLS ON)
  target_link_libraries("${ARG_TARGET}" PRIVATE dpopt::cudadevrt)
endfunction()
