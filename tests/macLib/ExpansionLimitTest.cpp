// The bounds on one expansion (MacroTable::kDefaultExpansionLimit, kMaxDepth) and the cycle
// check: hostile definitions end at once with a status and a warning naming the macros; valid
// ones expand as before.
#include "MacLibTestSupport.hpp"

#include <macLib.h>

#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using epicsdb::maclib::MacroTable;
using epicsdb::maclib::WarningKind;
using namespace epicsdb::maclib::test;

namespace {

// A1=$(A2)$(A2), A2=$(A3)$(A3), ... : the value of A1 is 2^depth copies of the last value.
std::string doubling(int depth, std::string_view last) {
    std::string defs;
    for (int i = 1; i <= depth; ++i)
        defs += "A" + std::to_string(i) + "=$(A" + std::to_string(i + 1) + ")$(A" +
                std::to_string(i + 1) + "),";
    defs += "A" + std::to_string(depth + 1) + "=" + std::string(last);
    return defs;
}

std::size_t countKind(const WarningLog& log, WarningKind kind) {
    std::size_t n = 0;
    for (WarningKind k : log.kinds)
        n += k == kind;
    return n;
}

} // namespace

// The two 26-byte inputs that once grew without end: scoped definitions whose values hold the
// failure markers of the level before, which are references again.
TEST(ExpansionLimit, ScopedDefinitionsThatFeedOnTheirOwnMarkersStop) {
    for (const char* definitions :
         {"b=$(c',c=$()$(b),=$(c,=$(c", R"x(b="$(c,c=$()$(b),=$(c,=$(c)))")x"}) {
        MacroTable table(definitions);
        WarningLog log(table);
        const auto result = table.expand("$(b)");
        EXPECT_TRUE(result.status.tooLarge) << definitions;
        EXPECT_FALSE(result.status.ok());
        ASSERT_GE(countKind(log, WarningKind::TooLarge), 1u) << definitions;
        EXPECT_LE(result.text.size(), MacroTable::kDefaultExpansionLimit);
    }
}

TEST(ExpansionLimit, DoublingDefinitionsStopWithTheChainOfMacros) {
    MacroTable table(doubling(40, "xy"));
    table.setExpansionLimit(std::size_t{1} << 20);
    WarningLog log(table);
    const auto value = table.getValue("A1");
    ASSERT_TRUE(value);
    EXPECT_TRUE(value->status.tooLarge);
    EXPECT_LE(value->text.size(), std::size_t{1} << 20);
    ASSERT_FALSE(log.messages.empty());
    EXPECT_EQ(log.kinds[0], WarningKind::TooLarge);
    // The macro whose value was being worked out comes first, the long middle is left out.
    EXPECT_TRUE(log.messages[0].starts_with(
        "macLib: expansion stopped after 1 MiB (macro chain A1 > A2 > A3 > A4 > A5 > A6 > ... > "))
        << log.messages[0];
    EXPECT_TRUE(log.messages[0].ends_with(") (expanding macro A1)")) << log.messages[0];
    // A text that uses it is marked too.
    EXPECT_TRUE(table.expand("$(A1)").status.tooLarge);
}

TEST(ExpansionLimit, ReferencesToEmptyValuesCountToo) {
    // 2^40 references that write nothing: bounded by what each reference costs.
    MacroTable table(doubling(40, ""));
    table.setExpansionLimit(std::size_t{1} << 20);
    table.suppressWarnings(true);
    WarningLog log(table);
    EXPECT_TRUE(table.expand("$(A1)").status.tooLarge);
    // Sent even when warnings are suppressed: it is not about one macro being undefined.
    EXPECT_GE(countKind(log, WarningKind::TooLarge), 1u);
}

TEST(ExpansionLimit, TheLimitIsSettableAndValidExpansionsUnderItAreWhole) {
    MacroTable table(doubling(10, "abcd")); // A1 is 4 KiB
    table.setExpansionLimit(std::size_t{1} << 20);
    EXPECT_EQ(table.expansionLimit(), std::size_t{1} << 20);
    const auto whole = table.expand("<$(A1)>");
    EXPECT_TRUE(whole.status.ok());
    EXPECT_EQ(whole.text.size(), 4096u + 2);

    table.setExpansionLimit(2000);
    table.define("B", "changed"); // the cache is worked out again under the new limit
    WarningLog log(table);
    const auto cut = table.expand("$(A1)");
    EXPECT_TRUE(cut.status.tooLarge);
    EXPECT_LT(cut.text.size(), 2000u);
    ASSERT_GE(log.messages.size(), 1u);
    EXPECT_NE(log.messages[0].find("expansion stopped after 2000 bytes"), std::string::npos)
        << log.messages[0];

    // A plain text longer than the limit is not an expansion: only references are counted
    // against what came before them.
    table.setExpansionLimit(16);
    EXPECT_TRUE(table.expand(std::string(100, 'x')).status.ok());
}

TEST(ExpansionLimit, ShortMessageKeepsTheChain) {
    MacroTable table(doubling(30, "xy"));
    table.setExpansionLimit(1 << 10);
    std::vector<std::string> shortTexts;
    std::vector<std::string> macros;
    table.setWarningSink([&](const epicsdb::maclib::Warning& w) {
        if (w.kind != WarningKind::TooLarge) return;
        shortTexts.push_back(epicsdb::maclib::shortMessage(w));
        macros.emplace_back(w.macro);
    });
    EXPECT_TRUE(table.expand("$(A1)").status.tooLarge);
    ASSERT_FALSE(shortTexts.empty());
    EXPECT_EQ(macros[0], "A1"); // the values are worked out oldest first
    EXPECT_TRUE(shortTexts[0].starts_with("expansion stopped after 1 KiB (macro chain A1 > A2"))
        << shortTexts[0];
}

// Every way back to a value being translated is caught, however the name is reached.
TEST(ExpansionLimit, CyclesThroughDefaultsScopesAndBuiltNamesAreRecursive) {
    struct Case {
        const char* definitions;
        const char* text;
    };
    for (const Case& c : std::vector<Case>{
             {"A=$(B=$(A))", "$(A)"},           // through a default
             {R"x(A="$(X,Y=1)$(A)")x", "$(A)"}, // past a scoped definition
             {R"x(A="$(Y,Y=$(A))")x", "$(A)"},  // inside a scoped value
             {"A=$($(N)),N=A", "$(A)"},         // a name built from a macro
             {"A=${B},B=$(C=${A})", "$(A)"},    // braces and defaults mixed
         }) {
        MacroTable table(c.definitions);
        table.suppressWarnings(true);
        const auto result = table.expand(c.text);
        EXPECT_TRUE(result.status.recursive) << c.definitions;
        EXPECT_FALSE(result.status.tooLarge) << c.definitions;
    }
}

TEST(ExpansionLimit, TheCApiReportsAnExpansionTooLargeAsAFailure) {
    MAC_HANDLE* h = nullptr;
    ASSERT_EQ(macCreateHandle(&h, nullptr), 0);
    // Only A1 is too large (A2 takes 48 MiB): the library's default limit is met once.
    const std::string defs = doubling(16, std::string(1500, 'v'));
    char** pairs = nullptr;
    ASSERT_GT(macParseDefns(h, defs.c_str(), &pairs), 0);
    ASSERT_EQ(macInstallMacros(h, pairs), 17);
    free(pairs);
    char out[64];
    testing::internal::CaptureStderr();
    EXPECT_LT(macExpandString(h, "x$(A1)", out, sizeof out), 0);
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("macLib: expansion stopped after 64 MiB (macro chain A1 > A2"),
              std::string::npos)
        << err.substr(0, 200);
    macDeleteHandle(h);
}
