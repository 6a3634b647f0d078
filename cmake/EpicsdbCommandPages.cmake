# The commands of epicsdb's table and their pages of the guide, read at configure time: the
# names and one-line summaries come from the table in tools/epicsdb/main.cpp (one row per line,
# {"name", "summary", handler},), the pages from docs/guide/NAME.md. tools/CMakeLists.txt makes
# `epicsdb help` and the man pages from them.

# epicsdb_command_table(<source> <names-var> <summaries-var>)
# The rows of the command table in <source>, in order. CMake configures again when the file
# changes. A row this cannot read (a summary with a ';' or a '"', a row split over lines) stops
# the configuration rather than leave a command without its man page.
function(epicsdb_command_table source names_var summaries_var)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
  set(row_start "^ *\\{\"[a-z]+\",")
  file(STRINGS ${source} starts REGEX "${row_start}")
  file(STRINGS ${source} rows REGEX "${row_start} *\"[^\"\\\\]*\", *[A-Za-z]+\\},")
  list(LENGTH starts start_count)
  list(LENGTH rows row_count)
  if(start_count EQUAL 0 OR NOT start_count EQUAL row_count)
    message(FATAL_ERROR "${source}: the command table must have one row per line, "
                        "{\"name\", \"summary\", handler}, with no ';' or '\"' in a summary")
  endif()
  set(names "")
  set(summaries "")
  foreach(row IN LISTS rows)
    string(REGEX MATCH "^ *\\{\"([a-z]+)\", *\"([^\"]*)\"" matched "${row}")
    list(APPEND names "${CMAKE_MATCH_1}")
    list(APPEND summaries "${CMAKE_MATCH_2}")
  endforeach()
  set(${names_var} "${names}" PARENT_SCOPE)
  set(${summaries_var} "${summaries}" PARENT_SCOPE)
endfunction()

# epicsdb_guide_page(<guide-dir> <name> <title> <page-var>)
# <guide-dir>/<name>.md when it exists, else empty. With EPICSDB_REQUIRE_COMMAND_PAGES, a page
# whose first heading is not "# <title>" stops the configuration.
function(epicsdb_guide_page guide_dir name title page_var)
  set(page ${guide_dir}/${name}.md)
  set(${page_var} "" PARENT_SCOPE)
  if(NOT EXISTS ${page})
    return()
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${page})
  file(STRINGS ${page} first_heading REGEX "^# " LIMIT_COUNT 1)
  if(EPICSDB_REQUIRE_COMMAND_PAGES AND NOT first_heading STREQUAL "# ${title}")
    message(FATAL_ERROR "${page}: its title must be '# ${title}', not '${first_heading}'")
  endif()
  set(${page_var} ${page} PARENT_SCOPE)
endfunction()
