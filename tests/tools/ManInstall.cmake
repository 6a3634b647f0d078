# cmake -DBUILD=<build dir> -DPREFIX=<scratch prefix> -DPAGES=<a.1,b.1,...> -P ManInstall.cmake
# Installs the man pages (the install's "man" component) into a scratch prefix and checks that
# each page the build made is in share/man/man1, as man looks for it.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --component man --prefix ${PREFIX}
                RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install --component man failed (${status})")
endif()
string(REPLACE "," ";" pages "${PAGES}")
foreach(page IN LISTS pages)
  get_filename_component(name ${page} NAME)
  if(NOT EXISTS ${PREFIX}/share/man/man1/${name})
    message(FATAL_ERROR "${name} is not installed in ${PREFIX}/share/man/man1")
  endif()
endforeach()
file(REMOVE_RECURSE ${PREFIX})
