# Compiler flags of a libFuzzer build (EPICSDB_FUZZ=ON, `make fuzz`), included by the top-level
# CMakeLists.txt before the layers: every object of the library is built with the coverage
# instrumentation of libFuzzer (fuzzer-no-link) and with AddressSanitizer and
# UndefinedBehaviorSanitizer; the fuzz targets (fuzz/CMakeLists.txt) link with
# -fsanitize=fuzzer, which brings libFuzzer's main().
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "epicsdb: EPICSDB_FUZZ needs clang (configure with -DCMAKE_CXX_COMPILER=clang++"
                      " -DCMAKE_C_COMPILER=clang; `make fuzz` does)")
endif()
if(EPICSDB_SANITIZE)
  message(FATAL_ERROR "epicsdb: EPICSDB_FUZZ already builds with the sanitizers; leave EPICSDB_SANITIZE off")
endif()
# Any undefined behaviour stops the run (a finding), as a crash does.
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                    -fno-omit-frame-pointer
                    -fsanitize-ignorelist=${CMAKE_CURRENT_LIST_DIR}/sanitizer-ignorelist.txt)
add_link_options(-fsanitize=address,undefined)
