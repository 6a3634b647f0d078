# Helpers that keep the layer CMakeLists short: every layer is an OBJECT library; the combined
# `epicsdb` library (shared and static) is built from all of their objects.

set_property(GLOBAL PROPERTY EPICSDB_LAYERS "")

# One object library of a layer: the layer's public headers (C++ under epicsdb/<layer>/, EPICS C
# headers in epicsdb/epics/), private include folders, the libraries it depends on
# (epicsdb_<dep>), registered for the combined library and for the tests (epicsdb_add_test).
function(epicsdb_object_library target layer)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;PRIVATE_INCLUDES" ${ARGN})
  set(layer_dir ${PROJECT_SOURCE_DIR}/${layer})
  add_library(${target} OBJECT ${ARG_SOURCES})
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${layer_dir}/include>
    $<BUILD_INTERFACE:${layer_dir}/include/epicsdb/epics>
    PRIVATE ${ARG_PRIVATE_INCLUDES})
  target_compile_definitions(${target} PRIVATE EPICSDB_BUILDING)
  target_link_libraries(${target} PUBLIC epicsdb_config)
  foreach(dep IN LISTS ARG_DEPENDS)
    target_link_libraries(${target} PUBLIC epicsdb_${dep})
    set_property(GLOBAL APPEND PROPERTY EPICSDB_DEPENDS_${target} epicsdb_${dep})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY EPICSDB_LAYERS ${target})
  set_property(GLOBAL APPEND PROPERTY EPICSDB_TARGETS_${layer} ${target})
endfunction()

# epicsdb_add_layer(<name> SOURCES ... [DEPENDS layer...])
# A layer of one library: target epicsdb_<name> (alias epicsdb::<name>), private headers in
# <layer>/src, its public headers installed.
function(epicsdb_add_layer name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  epicsdb_object_library(epicsdb_${name} ${name} SOURCES ${ARG_SOURCES} DEPENDS ${ARG_DEPENDS}
    PRIVATE_INCLUDES ${CMAKE_CURRENT_SOURCE_DIR}/src ${CMAKE_CURRENT_BINARY_DIR})
  add_library(epicsdb::${name} ALIAS epicsdb_${name})
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/include/epicsdb)
    install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/epicsdb
            DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  endif()
endfunction()

# epicsdb_add_room(<layer> <room> SOURCES ... [DEPENDS target...])
# A layer made of rooms (sub-folders, one job each) builds one object library per room,
# epicsdb_<layer>_<room>. Every room sees its layer's public headers; private headers are
# included by room, "<room>/Name.hpp", from the layer's source and build folders (generated
# parsers live in the build folder). DEPENDS names layers (mempool) or rooms (loaders_source).
function(epicsdb_add_room layer room)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  epicsdb_object_library(epicsdb_${layer}_${room} ${layer} SOURCES ${ARG_SOURCES}
    DEPENDS ${ARG_DEPENDS}
    PRIVATE_INCLUDES ${PROJECT_SOURCE_DIR}/${layer} ${PROJECT_BINARY_DIR}/${layer})
endfunction()

# The object libraries of a layer: its rooms, or the layer's one library.
function(epicsdb_layer_targets layer out)
  get_property(targets GLOBAL PROPERTY EPICSDB_TARGETS_${layer})
  if(NOT targets)
    message(FATAL_ERROR "epicsdb: no layer named '${layer}'")
  endif()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# The object libraries of some layers and of everything they depend on (a program linked with
# object libraries gets only the objects of those it names, not of their dependencies), in
# dependency order. Targets must be defined before this is called.
function(epicsdb_layers_with_dependencies out)
  set(pending "")
  foreach(layer IN LISTS ARGN)
    epicsdb_layer_targets(${layer} targets)
    list(APPEND pending ${targets})
  endforeach()
  set(closed "")
  while(pending)
    list(POP_FRONT pending target)
    if(target IN_LIST closed)
      continue()
    endif()
    list(APPEND closed ${target})
    get_property(deps GLOBAL PROPERTY EPICSDB_DEPENDS_${target})
    list(APPEND pending ${deps})
  endwhile()
  # Objects of one program: the order of the list does not matter to the linker.
  set(${out} ${closed} PARENT_SCOPE)
endfunction()

# epicsdb_layer_link_libraries(<layer> lib...): libraries outside the project a layer links
# (SQLite, cpp-httplib): its own target and the combined libraries get them.
function(epicsdb_layer_link_libraries layer)
  target_link_libraries(epicsdb_${layer} PUBLIC ${ARGN})
  set_property(GLOBAL APPEND PROPERTY EPICSDB_EXTERNAL_LIBRARIES ${ARGN})
endfunction()

function(epicsdb_add_combined_libraries)
  get_property(layers GLOBAL PROPERTY EPICSDB_LAYERS)
  set(objects "")
  foreach(layer IN LISTS layers)
    list(APPEND objects $<TARGET_OBJECTS:${layer}>)
  endforeach()
  find_package(Threads REQUIRED)

  add_library(epicsdb SHARED ${objects})
  add_library(epicsdb_static STATIC ${objects})
  set_target_properties(epicsdb_static PROPERTIES OUTPUT_NAME epicsdb)
  set_target_properties(epicsdb PROPERTIES VERSION ${PROJECT_VERSION}
                                           SOVERSION ${PROJECT_VERSION_MAJOR})
  get_property(external GLOBAL PROPERTY EPICSDB_EXTERNAL_LIBRARIES)
  foreach(lib epicsdb epicsdb_static)
    target_link_libraries(${lib} PUBLIC epicsdb_config Threads::Threads)
    target_link_libraries(${lib} PRIVATE ${external})
    foreach(layer IN LISTS layers)
      # Headers and usage requirements of every layer, without linking its objects twice.
      get_target_property(dirs ${layer} INTERFACE_INCLUDE_DIRECTORIES)
      target_include_directories(${lib} PUBLIC ${dirs})
    endforeach()
    target_include_directories(${lib} PUBLIC
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/epicsdb/epics>)
  endforeach()
  add_library(epicsdb::epicsdb ALIAS epicsdb)
  add_library(epicsdb::static ALIAS epicsdb_static)
endfunction()

function(epicsdb_install_package)
  include(CMakePackageConfigHelpers)
  install(TARGETS epicsdb epicsdb_static epicsdb_config EXPORT epicsdbTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT epicsdbTargets NAMESPACE epicsdb:: FILE epicsdbTargets.cmake
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/epicsdb)
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/epicsdbConfig.cmake.in
    ${PROJECT_BINARY_DIR}/epicsdbConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/epicsdb)
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/epicsdbConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/epicsdbConfig.cmake
                ${PROJECT_BINARY_DIR}/epicsdbConfigVersion.cmake
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/epicsdb)
  # From <libdir>/pkgconfig back to the prefix, whatever the prefix given at install time.
  file(RELATIVE_PATH EPICSDB_PC_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/epicsdb.pc.in ${PROJECT_BINARY_DIR}/epicsdb.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/epicsdb.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()

# A Bison C++ parser whose stack constructor may throw std::bad_alloc (cmake/BisonStackThrows.cmake).
function(epicsdb_bison_stack_throws name)
  add_custom_command(OUTPUT ${BISON_${name}_OUTPUT_SOURCE} APPEND
    COMMAND ${CMAKE_COMMAND} -DHEADER=${BISON_${name}_OUTPUT_HEADER}
            -P ${PROJECT_SOURCE_DIR}/cmake/BisonStackThrows.cmake
    DEPENDS ${PROJECT_SOURCE_DIR}/cmake/BisonStackThrows.cmake)
endfunction()
