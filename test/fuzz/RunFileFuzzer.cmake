# Runs the file fuzzer once on each of a few seeds (no mutation, nothing
# written to the source tree): each keeps the promises of test/fuzz/README.md.
# One valid seed costs about 2 s under ASan (three driver runs, each parsing
# the CUDA headers), so CI runs one seed per pass and feature, not all of
# them; the long runs are by hand (test/fuzz/README.md).
set(Names
  golden-aggregate_block.cu golden-coarsen_patterns.cu
  golden-threshold_refused.cu golden-remove-launch-t3-args.cu
  golden-remove-launch-persistent-refused.cu golden-legacy_cdp1.cu
  golden-lambdas.cu golden-templates.cu lit-inputs-robust-pack.cu
  lit-device-side-view.cu extra-bom-crlf.cu lit-errors.cu
  lit-pragma-errors.cu lit-reserved.cu)
set(Seeds)
foreach(Name ${Names})
  list(APPEND Seeds ${SEEDS}/${Name})
endforeach()
# -detect_leaks=0: every run ends with more mallocs than frees (clang's
# caches), so libFuzzer would run each input a second time for LSan.
execute_process(
  COMMAND ${FUZZER} -rss_limit_mb=4096 -timeout=60 -detect_leaks=0 ${Seeds}
  RESULT_VARIABLE Result)
if(NOT Result EQUAL 0)
  message(FATAL_ERROR "the file fuzzer broke a promise on a seed (exit ${Result})")
endif()
