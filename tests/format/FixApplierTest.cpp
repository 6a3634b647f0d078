// Fix-its applied to a file's text (lint --fix, check --fix): only their ranges change.
#include <epicsdb/format/FixApplier.hpp>

#include <gtest/gtest.h>

using epicsdb::FixIt;
using epicsdb::format::applyFixes;

namespace {
FixIt fix(unsigned line, unsigned column, unsigned endColumn, std::string replacement) {
    FixIt f;
    f.range = {"a.db", line, column, line, endColumn};
    f.replacement = std::move(replacement);
    f.safe = true;
    return f;
}
} // namespace

TEST(FixApplier, ReplacesOnlyTheRangesAndKeepsEveryOtherByte) {
    const std::string text = "record(ai, \"a\") {\r\n\tfield(DESCC, \"x\")  # keep\r\n"
                             "    field(SCAN, \"1 secnd\")\n}";
    const std::vector<FixIt> fixes{fix(3, 18, 25, "1 second"), fix(2, 8, 13, "DESC")};
    const auto result = applyFixes(text, fixes);
    EXPECT_EQ(result.text, "record(ai, \"a\") {\r\n\tfield(DESC, \"x\")  # keep\r\n"
                           "    field(SCAN, \"1 second\")\n}");
    EXPECT_EQ(result.applied, (std::vector<bool>{true, true}));
}

TEST(FixApplier, TheSameFixTwiceIsAppliedOnce) {
    // A template loaded for every row of a substitution file reports its fix every time.
    const std::vector<FixIt> fixes{fix(1, 7, 9, "EGU"), fix(1, 7, 9, "EGU")};
    const auto result = applyFixes("field(eg, \"mm\")\n", fixes);
    EXPECT_EQ(result.text, "field(EGU, \"mm\")\n");
    EXPECT_EQ(result.applied, (std::vector<bool>{true, true}));
}

TEST(FixApplier, OverlappingAndOutOfRangeFixesAreLeftOut) {
    const std::vector<FixIt> fixes{fix(1, 7, 11, "DESC"), fix(1, 9, 12, "X"), fix(4, 1, 2, "Y"),
                                   fix(1, 30, 31, "Z")};
    const auto result = applyFixes("field(DSCR, \"x\")\n", fixes);
    EXPECT_EQ(result.text, "field(DESC, \"x\")\n");
    EXPECT_EQ(result.applied, (std::vector<bool>{true, false, false, false}));
}

TEST(FixApplier, AnEmptyRangeInserts) {
    const std::vector<FixIt> fixes{fix(1, 11, 11, ", int")};
    EXPECT_EQ(applyFixes("variable(x)\n", fixes).text, "variable(x, int)\n");
}
