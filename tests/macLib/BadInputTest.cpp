// Hostile and broken input: a clear status and no crash, whatever the text. The deep-nesting
// cases are also what keeps the recursion bound honest under AddressSanitizer.
#include "MacLibTestSupport.hpp"

#include <macLib.h>

#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using epicsdb::maclib::ExpandStatus;
using epicsdb::maclib::MacroTable;
using epicsdb::maclib::WarningKind;
using namespace epicsdb::maclib::test;

namespace {

std::string repeat(std::string_view part, int times) {
    std::string text;
    text.reserve(part.size() * static_cast<std::size_t>(times));
    for (int i = 0; i < times; ++i)
        text.append(part);
    return text;
}

struct BadCase {
    std::string input;
    std::string output;
    ExpandStatus status;
};

} // namespace

TEST(BadInput, BrokenReferencesGiveAResultAndAStatus) {
    MacroTable table("A=1,B=2");
    table.suppressWarnings(true);
    const std::vector<BadCase> cases = {
        {"$((", "$(()", undefinedStatus()},
        {"$(A))", "1)", okStatus()},
        {"$(A)$(", "1$()", undefinedStatus()},
        {"$(A=", "1", okStatus()},
        {"$(=", "", okStatus()},
        {"$(,,,)", "$()", undefinedStatus()},
        {"$(A,=1)", "1", okStatus()},
        {"$(A,,", "1", okStatus()},
        {"$(A=x,", "1", okStatus()},
        {"$(A,B=x,", "1", okStatus()},
        {"$(A\\,", "$(A,)", undefinedStatus()},
        {"$(A$(B", "$(A2)", undefinedStatus()},
        {"${A)", "$(A))", undefinedStatus()},
        {"$(A}", "$(A})", undefinedStatus()},
        {"$(A\\", "$(A\\)", undefinedStatus()},
        {"$('A", "1", okStatus()},
        {"\\", "\\", okStatus()},
        {"'", "'", okStatus()},
        {"\"", "\"", okStatus()},
        {"$", "$", okStatus()},
        {"}{)(", "}{)(", okStatus()},
        {std::string("a\0$(A)b", 7),
         std::string("a\0"
                     "1b",
                     4),
         okStatus()},
    };
    for (const BadCase& c : cases) {
        auto result = table.expand(c.input);
        EXPECT_EQ(result.text, c.output) << "input: " << c.input;
        EXPECT_EQ(result.status, c.status) << "input: " << c.input;
    }
}

// EPICS would recurse until the C stack overflows; we stop at kMaxDepth levels, keep what was
// produced before the reference that went too deep, and say so.
TEST(BadInput, TenThousandLevelsOfNestingStopAtTheBound) {
    const int deep = 10000;
    const std::vector<std::string> inputs = {
        "pre" + repeat("$(", deep) + "A" + repeat(")", deep) + "post",
        "pre" + repeat("${U=", deep) + "x" + repeat("}", deep) + "post",
        "pre" + repeat("$(U,X=", deep) + "x" + repeat(")", deep) + "post",
        "pre" + repeat("$(A", deep) + "post",
    };
    for (const std::string& input : inputs) {
        MacroTable table("A=1");
        WarningLog log(table);
        table.suppressWarnings(true); // the depth warning is sent all the same
        auto result = table.expand(input);
        EXPECT_EQ(result.text, "pre") << input.substr(0, 20);
        EXPECT_EQ(result.status, tooDeepStatus()) << input.substr(0, 20);
        ASSERT_EQ(log.kinds, std::vector<WarningKind>{WarningKind::TooDeep});
        EXPECT_TRUE(log.messages[0].starts_with(
            "macLib: macro references nested more than 256 levels (expanding string pre"))
            << log.messages[0].substr(0, 100);
        // The table is left as it was: no scope left pushed, nothing marked as visited.
        EXPECT_EQ(table.scopeLevel(), 0);
        EXPECT_EQ(table.expand("$(A)").text, "1");
    }
}

// kMaxDepth nested references are fine; one more is too deep.
TEST(BadInput, NestingUpToTheBoundWorks) {
    MacroTable table("A=1");
    const int levels = MacroTable::kMaxDepth;
    auto result = table.expand(repeat("${U=", levels) + "x" + repeat("}", levels));
    EXPECT_EQ(result.text, "x");
    EXPECT_TRUE(result.status.ok());
    result = table.expand(repeat("${U=", levels + 1) + "x" + repeat("}", levels + 1));
    EXPECT_EQ(result.status, tooDeepStatus());
}

TEST(BadInput, ALongChainOfMacrosWithinTheBoundResolves) {
    MacroTable table;
    const int length = MacroTable::kMaxDepth - 10;
    for (int i = 0; i < length; ++i)
        table.define("M" + std::to_string(i), "$(M" + std::to_string(i + 1) + ")");
    table.define("M" + std::to_string(length), "end");
    auto result = table.expand("$(M0)");
    EXPECT_EQ(result.text, "end");
    EXPECT_TRUE(result.status.ok());
}

TEST(BadInput, AChainLongerThanTheBoundIsTooDeep) {
    MacroTable table;
    const int length = MacroTable::kMaxDepth + 200;
    for (int i = 0; i < length; ++i)
        table.define("M" + std::to_string(i), "$(M" + std::to_string(i + 1) + ")");
    table.define("M" + std::to_string(length), "end");
    auto result = table.expand("$(M0)");
    EXPECT_TRUE(result.status.tooDeep);
    EXPECT_EQ(result.text, "");
    EXPECT_EQ(table.expand("$(M300)").text, "end"); // short enough from here on
}

TEST(BadInput, SelfReferenceThroughTenMacrosIsRecursive) {
    MacroTable table;
    for (int i = 0; i < 10; ++i)
        table.define("M" + std::to_string(i), "$(M" + std::to_string((i + 1) % 10) + ")");
    WarningLog log(table);
    auto result = table.expand("x$(M0)y");
    EXPECT_EQ(result.text, "x$(M1,recursive)y");
    EXPECT_EQ(result.status, recursiveStatus());
    ASSERT_EQ(log.messages.size(), 10u); // one per macro, while re-expanding the cache
    EXPECT_EQ(log.messages[0], "macLib: macro M0 is recursive (expanding macro M1)");
    EXPECT_EQ(log.messages[9], "macLib: macro M9 is recursive (expanding macro M0)");
}

TEST(BadInput, AOneMegabyteValueIsKeptWhole) {
    const std::string big(1 << 20, 'x');
    MacroTable table;
    table.define("BIG", big);
    auto result = table.expand("<$(BIG)|$(BIG)>");
    EXPECT_TRUE(result.status.ok());
    ASSERT_EQ(result.text.size(), 2 * big.size() + 3);
    EXPECT_EQ(result.text.substr(1, big.size()), big);
    auto value = table.getValue("BIG");
    ASSERT_TRUE(value);
    EXPECT_EQ(value->text.size(), big.size());

    // A megabyte of references, some of them failing.
    table.define("REFS", repeat("$(A)$(U)", 1 << 17));
    table.define("A", "a");
    table.suppressWarnings(true);
    result = table.expand("$(REFS)");
    EXPECT_EQ(result.status, undefinedStatus());
    EXPECT_EQ(result.text, repeat("a$(U)", 1 << 17));
}

TEST(BadInput, TheCApiReportsTooDeepAsAFailure) {
    MAC_HANDLE* h = nullptr;
    ASSERT_EQ(macCreateHandle(&h, nullptr), 0);
    const std::string input = "ok" + repeat("$(", 5000);
    char out[16];
    testing::internal::CaptureStderr();
    EXPECT_EQ(macExpandString(h, input.c_str(), out, sizeof out), -2);
    EXPECT_STREQ(out, "ok");
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_TRUE(err.starts_with("macLib: macro references nested more than 256 levels "
                                "(expanding string ok$($($("))
        << err.substr(0, 100);
    macDeleteHandle(h);
}
