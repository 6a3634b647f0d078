# Run after Bison (see epicsdb_bison_stack_throws in EpicsdbTargets.cmake): the C++ skeleton of
# Bison 3.8 declares its parser stack's constructor noexcept, yet it allocates 200 entries, so an
# allocation failure there ends the program (std::terminate) instead of throwing std::bad_alloc
# for the load to roll back from. The generated header is edited to drop that one noexcept.
file(READ "${HEADER}" text)
set(declared "stack (size_type n = 200) YY_NOEXCEPT")
string(FIND "${text}" "${declared}" at)
if(at EQUAL -1)
  string(FIND "${text}" "stack (size_type n = 200)" plain)
  if(plain EQUAL -1)
    message(FATAL_ERROR "${HEADER}: Bison's stack constructor has changed; see ${CMAKE_CURRENT_LIST_FILE}")
  endif()
  return() # already edited
endif()
string(REPLACE "${declared}" "stack (size_type n = 200)" text "${text}")
file(WRITE "${HEADER}" "${text}")
