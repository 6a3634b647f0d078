// Assertions on program output: EXPECT_TRUE(contains(output, "part")) prints the whole output
// when the part is missing.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace epicsdb::test {

inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\"" << part << "\" is not in:\n" << text;
}

} // namespace epicsdb::test
