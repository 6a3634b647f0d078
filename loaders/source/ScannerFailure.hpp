// What a Flex scanner does when it cannot go on. Flex's own yy_fatal_error prints and calls
// exit(2): a failed allocation inside a scanner would end the program. The scanners define
// YY_FATAL_ERROR as scannerFailed instead, so that it is a std::bad_alloc the load rolls back
// from, like any other.
#pragma once

#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

namespace epicsdb::loaders {

[[noreturn]] inline void scannerFailed(const char* message) {
    if (std::strstr(message, "out of dynamic memory")) throw std::bad_alloc();
    throw std::runtime_error(std::string("scanner: ") + message);
}

// yylex_init's status: non-zero when the scanner could not be allocated.
inline void requireScanner(int status) {
    if (status != 0) throw std::bad_alloc();
}

} // namespace epicsdb::loaders
