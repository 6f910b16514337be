# The Debian package of dpopt (cpack -G DEB, or the 'package' target): the
# tool, the device runtime headers, the CMake package, a man page made from
# --help, and the license. Installs under /usr. dpopt links LLVM 22 and
# clang 22 shared libraries and parses against clang's resource directory
# (libclang-common-22-dev): those are its dependencies. CUDA is not a
# Debian package: the toolkit (and the host compiler nvcc needs) is the
# user's, found as described in docs/cli.md.

find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(DPOPT_MANPAGE ${CMAKE_BINARY_DIR}/dpopt.1.gz)
add_custom_command(OUTPUT ${DPOPT_MANPAGE}
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/make-manpage.py
          $<TARGET_FILE:dpopt> ${CMAKE_BINARY_DIR}/dpopt.1 ${PROJECT_VERSION}
  # -n: no name or time stamp in the archive, so the page is reproducible.
  COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/dpopt.1
  DEPENDS dpopt ${PROJECT_SOURCE_DIR}/cmake/make-manpage.py
  COMMENT "Making dpopt's man page from --help"
  VERBATIM)
add_custom_target(dpopt-manpage ALL DEPENDS ${DPOPT_MANPAGE})
install(FILES ${DPOPT_MANPAGE} DESTINATION share/man/man1)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/dpopt
        RENAME copyright)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dpopt)
set(CPACK_PACKAGE_VENDOR "dpopt developers")
set(CPACK_PACKAGE_CONTACT "dpopt developers <dpopt@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "CUDA Dynamic Parallelism optimizer (source-to-source, clang 22)")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "dpopt rewrites the device-side kernel launches of CUDA Dynamic Parallelism\n"
  "programs (thresholding, coarsening, aggregation, consolidation, launch\n"
  "removal, merging, legacy CDP1 synchronization) before nvcc compiles them.\n"
  "Needs a CUDA 12 or 13 toolkit, which is not a Debian package.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The shared libraries the binary needs (dpkg-shlibdeps: libLLVM, libclang-
# cpp, libstdc++, libc) plus clang's resource directory it parses with, and
# python3 for dpopt-tune.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-22-dev, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "g++")
include(CPack)
