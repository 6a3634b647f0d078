# cmake -DOUTPUT=<file.cpp> -DFILES=<path>,<path>,... -P EmbedDefinitions.cmake
#
# Writes a C++ source that defines epicsdb::db::embeddedDefinitionFiles(): the name and exact
# bytes of each file, in byte order of name. Each text becomes a raw string literal whose
# delimiter is chosen so that it cannot end the literal early.
cmake_minimum_required(VERSION 3.25)

if(NOT OUTPUT OR NOT FILES)
  message(FATAL_ERROR "EmbedDefinitions.cmake needs -DOUTPUT=... and -DFILES=...")
endif()
string(REPLACE "," ";" files "${FILES}")

# Sort by bare name (byte order), then find each name's path again.
set(names "")
foreach(path IN LISTS files)
  get_filename_component(name "${path}" NAME)
  if(name IN_LIST names)
    message(FATAL_ERROR "${path}: a second file named ${name}")
  endif()
  list(APPEND names "${name}")
endforeach()
list(SORT names)

set(code "// Generated from the .dbd files of db/ by db/cmake/EmbedDefinitions.cmake: do not edit.\n")
string(APPEND code "#include <epicsdb/db/EmbeddedDefinitions.hpp>\n\n")
string(APPEND code "namespace epicsdb::db {\nnamespace {\n\n")
set(table "")
set(index 0)
foreach(name IN LISTS names)
  foreach(candidate IN LISTS files)
    get_filename_component(candidate_name "${candidate}" NAME)
    if(candidate_name STREQUAL name)
      set(path "${candidate}") # a foreach variable does not outlive its loop
      break()
    endif()
  endforeach()
  if(NOT name MATCHES "^[A-Za-z0-9_.+-]+$")
    message(FATAL_ERROR "${path}: file name not usable as a C++ string literal")
  endif()
  file(READ "${path}" content)
  # Shortest delimiter dbd, dbd1, dbd2, ... whose closing sequence is absent from the text.
  set(delimiter "dbd")
  set(attempt 0)
  while(1)
    string(FIND "${content}" ")${delimiter}\"" found)
    if(found EQUAL -1)
      break()
    endif()
    math(EXPR attempt "${attempt} + 1")
    set(delimiter "dbd${attempt}")
  endwhile()
  string(APPEND code "constexpr char kFile${index}[] = R\"${delimiter}(${content})${delimiter}\";\n")
  string(APPEND table "    {\"${name}\", {kFile${index}, sizeof kFile${index} - 1}},\n")
  math(EXPR index "${index} + 1")
endforeach()

string(APPEND code "\nconstexpr EmbeddedFile kFiles[] = {\n${table}};\n\n} // namespace\n\n")
string(APPEND code "std::span<const EmbeddedFile> embeddedDefinitionFiles() noexcept { return kFiles; }\n")
string(APPEND code "\n} // namespace epicsdb::db\n")

file(WRITE "${OUTPUT}" "${code}")
