# Runs the file fuzzer once on each of a few seeds (no mutation, nothing
# written to the source tree): each keeps the promises of test/fuzz/README.md.
# One valid seed costs about 2 s under ASan (three driver runs, each parsing
# the CUDA headers), so CI runs one seed per pass and feature, not all of
# them; the long runs are by hand (test/fuzz/README.md).
set(Seeds
  golden/inputs/aggregate_block.cu golden/inputs/coarsen_patterns.cu
  golden/inputs/threshold_refused.cu golden/inputs/remove-launch-t3-args.cu
  golden/inputs/remove-launch-persistent-refused.cu golden/inputs/legacy_cdp1.cu
  golden/inputs/lambdas.cu golden/inputs/templates.cu lit/Inputs/robust-pack.cu
  lit/device-side-view.cu fuzz/file-corpus/extra-bom-crlf.cu lit/errors.cu
  lit/pragma-errors.cu lit/reserved.cu)
list(TRANSFORM Seeds PREPEND ${TESTS}/)
# -detect_leaks=0: every run ends with more mallocs than frees (clang's
# caches), so libFuzzer would run each input a second time for LSan.
execute_process(
  COMMAND ${FUZZER} -rss_limit_mb=4096 -timeout=60 -detect_leaks=0 ${Seeds}
  RESULT_VARIABLE Result)
if(NOT Result EQUAL 0)
  message(FATAL_ERROR "the file fuzzer broke a promise on a seed (exit ${Result})")
endif()
