// Where the shared conformance and corpus material lives (../shared beside the project, or
// $EPICSDB_SHARED_DIR), and a guard that skips a test by name when it is not there.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace epicsdb::test {

inline std::filesystem::path sharedDir() {
    if (const char* env = std::getenv("EPICSDB_SHARED_DIR"); env && *env) return env;
    return EPICSDB_SHARED_DIR;
}

inline std::filesystem::path sourceDir() {
    return EPICSDB_SOURCE_DIR;
}

} // namespace epicsdb::test

// Skips the current test, naming the missing material, when ../shared/<relative> is absent.
#define EPICSDB_REQUIRE_SHARED(relative)                                                           \
    do {                                                                                           \
        if (!std::filesystem::exists(::epicsdb::test::sharedDir() / (relative)))                   \
            GTEST_SKIP() << "shared material not found: "                                          \
                         << (::epicsdb::test::sharedDir() / (relative)).string();                  \
    } while (0)
