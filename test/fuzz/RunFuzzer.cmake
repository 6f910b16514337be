# Runs the pragma fuzzer for a few seconds on a scratch copy of the seed
# corpus (libFuzzer adds what it finds to its first corpus directory, and the
# source tree must stay clean).
file(REMOVE_RECURSE ${WORK})
file(COPY ${SEEDS}/ DESTINATION ${WORK})
execute_process(
  COMMAND ${FUZZER} -max_total_time=5 -seed=1 -max_len=256 -print_final_stats=1 ${WORK}
  RESULT_VARIABLE Result)
if(NOT Result EQUAL 0)
  message(FATAL_ERROR "the pragma fuzzer found a crash (exit ${Result})")
endif()
