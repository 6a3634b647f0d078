# cmake -DINPUT=<file> -DOUTPUT=<file.cpp> -DNAMESPACE=<ns> -DFUNCTION=<name> -P EmbedText.cmake
#
# Writes a C++ source that defines `std::string_view NAMESPACE::FUNCTION() noexcept`: the exact
# bytes of INPUT, as a raw string literal whose delimiter cannot end the literal early.
cmake_minimum_required(VERSION 3.25)

foreach(variable INPUT OUTPUT NAMESPACE FUNCTION)
  if(NOT ${variable})
    message(FATAL_ERROR "EmbedText.cmake needs -D${variable}=...")
  endif()
endforeach()

file(READ "${INPUT}" content)
set(delimiter "text")
set(attempt 0)
while(1)
  string(FIND "${content}" ")${delimiter}\"" found)
  if(found EQUAL -1)
    break()
  endif()
  math(EXPR attempt "${attempt} + 1")
  set(delimiter "text${attempt}")
endwhile()
get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
  "// Generated from ${name} by service/cmake/EmbedText.cmake: do not edit.\n"
  "#include <string_view>\n\n"
  "namespace ${NAMESPACE} {\n\n"
  "std::string_view ${FUNCTION}() noexcept {\n"
  "    static constexpr char kText[] = R\"${delimiter}(${content})${delimiter}\";\n"
  "    return {kText, sizeof kText - 1};\n"
  "}\n\n"
  "} // namespace ${NAMESPACE}\n")
