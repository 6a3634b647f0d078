// The table: definitions and their deletion rules, scopes, environment-backed tables, the value
// cache and its dirty flag (EPICS-BEHAVIOUR 1.1, 1.5, 1.6), the report text.
#include "MacLibTestSupport.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

using epicsdb::maclib::Definition;
using epicsdb::maclib::MacroTable;
using namespace epicsdb::maclib::test;

namespace {

std::string valueOf(MacroTable& table, std::string_view name) {
    auto value = table.getValue(name);
    return value ? std::string(value->text) : "<undefined>";
}

// Environment variables private to these tests, removed again at the end of each test.
class EnvironmentTable : public testing::Test {
protected:
    static constexpr const char* kVar = "EPICSDB_MACLIB_TEST_VAR";
    void SetUp() override { unsetenv(kVar); }
    void TearDown() override { unsetenv(kVar); }
    MacroTable table{MacroTable::Environment::Use};
};

} // namespace

TEST(Table, ADefinitionAtTheSameLevelOverwrites) {
    MacroTable table;
    table.define("A", "1");
    table.define("A", "2");
    EXPECT_EQ(valueOf(table, "A"), "2");
    table.pushScope();
    table.define("A", "3");
    EXPECT_EQ(valueOf(table, "A"), "3");
    EXPECT_TRUE(table.popScope());
    EXPECT_EQ(valueOf(table, "A"), "2");
}

TEST(Table, PoppingAScopeUncoversWhatItShadowed) {
    MacroTable table("A=1");
    EXPECT_EQ(table.scopeLevel(), 0);
    table.pushScope();
    EXPECT_EQ(table.scopeLevel(), 1);
    table.install("A=2,B=x");
    table.pushScope();
    table.define("C", "$(A)$(B)");
    EXPECT_EQ(valueOf(table, "C"), "2x");
    EXPECT_TRUE(table.popScope());
    EXPECT_FALSE(table.isDefined("C"));
    EXPECT_EQ(valueOf(table, "A"), "2");
    EXPECT_TRUE(table.popScope());
    EXPECT_EQ(table.scopeLevel(), 0);
    EXPECT_EQ(valueOf(table, "A"), "1");
    EXPECT_FALSE(table.isDefined("B"));
}

TEST(Table, ThereIsNoScopeToPopAtLevelZero) {
    MacroTable table("A=1");
    EXPECT_FALSE(table.popScope());
    EXPECT_EQ(table.scopeLevel(), 0);
    EXPECT_EQ(valueOf(table, "A"), "1");
}

TEST(Table, UndefineDeletesTheNameAtEveryLevel) {
    MacroTable table("A=0,K=k");
    table.pushScope();
    table.define("A", "1");
    table.pushScope();
    table.define("A", "2");
    table.undefine("A");
    EXPECT_FALSE(table.isDefined("A"));
    EXPECT_EQ(table.scopeLevel(), 2);
    table.undefine("NEVER_DEFINED");
    EXPECT_EQ(valueOf(table, "K"), "k");
    EXPECT_TRUE(table.popScope());
    EXPECT_TRUE(table.popScope());
    EXPECT_FALSE(table.isDefined("A"));
}

TEST(Table, InstallAppliesItemsInOrder) {
    MacroTable table("A=1");
    EXPECT_EQ(table.install("A=2,B=3,A"), 3u);
    EXPECT_FALSE(table.isDefined("A")); // A=2 overwrote A=1 at this level, then went
    EXPECT_EQ(valueOf(table, "B"), "3");
    EXPECT_EQ(table.install(""), 0u);

    const Definition items[] = {{"X", "1"}, {"Y", "$(X)2"}, {"B", std::nullopt}};
    EXPECT_EQ(table.install(items), 3u);
    EXPECT_EQ(valueOf(table, "Y"), "12");
    EXPECT_FALSE(table.isDefined("B"));
}

TEST(Table, RawValuesKeepQuotesUntilExpanded) {
    MacroTable table("P='a,b', Q = \"x\\\"y\" ");
    EXPECT_EQ(valueOf(table, "P"), "a,b");
    EXPECT_EQ(valueOf(table, "Q"), "x\"y");
}

TEST(Table, GetValueReportsTheStatusOfTheCachedValue) {
    MacroTable table("OK=fine,BAD=$(U),LOOP=$(LOOP)");
    WarningLog log(table);
    EXPECT_FALSE(table.getValue("NONE"));
    EXPECT_TRUE(log.messages.empty()); // an undefined name is not even a reason to re-expand

    auto bad = table.getValue("BAD");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->text, "$(U,undefined)");
    EXPECT_EQ(bad->status, undefinedStatus());
    EXPECT_EQ(log.take(), (std::vector<std::string>{
                              "macLib: macro U is undefined (expanding macro BAD)",
                              "macLib: macro LOOP is recursive (expanding macro LOOP)",
                          }));
    auto loop = table.getValue("LOOP");
    ASSERT_TRUE(loop);
    EXPECT_EQ(loop->status, recursiveStatus());
    EXPECT_TRUE(table.getValue("OK")->status.ok());
    EXPECT_TRUE(log.messages.empty());
}

TEST(Table, IsDefinedDoesNotExpand) {
    MacroTable table("BAD=$(U)");
    WarningLog log(table);
    EXPECT_TRUE(table.isDefined("BAD"));
    EXPECT_FALSE(table.isDefined("U"));
    EXPECT_TRUE(log.messages.empty());
}

// EPICS-BEHAVIOUR 1.5 / EPICS test 85: the cached value keeps the marker form of the last
// re-expansion.
TEST(Table, CachedValuesKeepTheMarkerFormOfTheirLastExpansion) {
    MacroTable table("FOO=${BAR},BAR=${FOO}");
    table.setWarningSink([](const auto&) {});
    EXPECT_EQ(table.expand("${FOO}").text, "$(BAR,recursive)");
    table.suppressWarnings(true);
    EXPECT_EQ(table.expand("${FOO}").text, "$(BAR,recursive)"); // clean: the cache is used
    table.define("OTHER", "1");                                 // anything marks it dirty
    EXPECT_EQ(table.expand("${FOO}").text, "$(BAR)");
}

// After scoped definitions the table is dirty, so a lookup translates the raw value on the
// spot (with the string as the subject of its warnings) and the next read re-expands all.
TEST(Table, DirtyLookupsTranslateRawValues) {
    MacroTable table("FOO=$(U)");
    WarningLog log(table);
    EXPECT_EQ(table.expand("$(FOO)").text, "$(U,undefined)");
    EXPECT_EQ(log.take(),
              std::vector<std::string>{"macLib: macro U is undefined (expanding macro FOO)"});
    EXPECT_EQ(table.expand("$(FOO)").text, "$(U,undefined)");
    EXPECT_TRUE(log.messages.empty());

    EXPECT_EQ(table.expand("$(FOO,Y=1)").text, "$(U,undefined)");
    EXPECT_EQ(log.take(), std::vector<std::string>{
                              "macLib: macro U is undefined (expanding string $(FOO,Y=1))"});
    EXPECT_EQ(table.expand("$(FOO)").text, "$(U,undefined)");
    EXPECT_EQ(log.take(),
              std::vector<std::string>{"macLib: macro U is undefined (expanding macro FOO)"});
}

TEST(Table, ReportListsEveryEntryOldestFirst) {
    MacroTable table("A=1,B=$(U)");
    table.suppressWarnings(true);
    table.pushScope();
    table.define("C", "$(A)x");
    table.define("a_name_longer_than_16", "v");
    EXPECT_EQ(table.report(), "e name             rawval           value\n"
                              "- ----             ------           -----\n"
                              "  A                1                1\n"
                              "* B                $(U)             $(U)\n"
                              "s ----             ------           -----\n"
                              "  C                $(A)x            1x\n"
                              "  a_name_longer_than_16 v                v\n");
}

TEST(Table, AnEmptyTableReportsOnlyTheHeader) {
    MacroTable table;
    EXPECT_EQ(table.report(), "e name             rawval           value\n"
                              "- ----             ------           -----\n");
}

TEST(Table, AnOrdinaryTableIgnoresTheEnvironment) {
    setenv("EPICSDB_MACLIB_TEST_VAR", "1", 1);
    MacroTable table;
    EXPECT_FALSE(table.usesEnvironment());
    EXPECT_FALSE(table.isDefined("EPICSDB_MACLIB_TEST_VAR"));
    unsetenv("EPICSDB_MACLIB_TEST_VAR");
}

TEST_F(EnvironmentTable, VariablesAreCachedAtTheCurrentLevelUntilTheirScopeGoes) {
    EXPECT_TRUE(table.usesEnvironment());
    EXPECT_FALSE(table.isDefined(kVar));
    setenv(kVar, "1", 1);
    table.pushScope();
    EXPECT_EQ(valueOf(table, kVar), "1");
    setenv(kVar, "2", 1);
    EXPECT_EQ(valueOf(table, kVar), "1"); // cached
    EXPECT_TRUE(table.popScope());        // the cached entry goes with the scope
    EXPECT_EQ(valueOf(table, kVar), "2");
    setenv(kVar, "3", 1);
    EXPECT_EQ(table.expand(std::string("$(") + kVar + ")").text, "2");
}

TEST_F(EnvironmentTable, DefinitionsShadowVariables) {
    setenv(kVar, "env", 1);
    table.pushScope();
    table.define(kVar, "macro");
    EXPECT_EQ(valueOf(table, kVar), "macro");
    EXPECT_TRUE(table.popScope());
    EXPECT_EQ(valueOf(table, kVar), "env");
}

TEST_F(EnvironmentTable, VariableValuesAreMacroExpanded) {
    setenv(kVar, "'$(A)'x$(A)", 1);
    table.define("A", "5");
    EXPECT_EQ(valueOf(table, kVar), "$(A)x5");
}

// Undefining stops after the cached variable, so the next lookup reads the environment again.
TEST_F(EnvironmentTable, UndefineStopsAfterTheVariable) {
    setenv(kVar, "first", 1);
    EXPECT_EQ(valueOf(table, kVar), "first");
    table.pushScope();
    table.define(kVar, "m1");
    table.pushScope();
    table.define(kVar, "m2");
    setenv(kVar, "second", 1);
    table.undefine(kVar); // m2, m1, then the cached "first"
    EXPECT_EQ(valueOf(table, kVar), "second");
    table.undefine(kVar); // the cached "second"
    // Nothing cached: the lookup inside undefine caches the variable and deletes it again.
    table.undefine(kVar);
    setenv(kVar, "third", 1);
    EXPECT_EQ(valueOf(table, kVar), "third");
    unsetenv(kVar);
    table.undefine(kVar);
    EXPECT_FALSE(table.isDefined(kVar));
}

// Defining a name that is only in the environment first caches the variable (at this level)
// and then overwrites that entry, which stays an "environment variable" (quirk).
TEST_F(EnvironmentTable, DefiningAnUncachedVariableOverwritesItsEntry) {
    setenv(kVar, "env", 1);
    table.define(kVar, "$(U)");
    WarningLog log(table);
    EXPECT_EQ(table.expand(std::string("$(") + kVar + ")").text, "$(U,undefined)");
    EXPECT_EQ(log.messages, std::vector<std::string>{
                                "macLib: macro U is undefined (expanding environment variable "
                                "EPICSDB_MACLIB_TEST_VAR)"});
}

TEST(Table, ReportShowsOneMarkerPerScope) {
    MacroTable table("A=1");
    table.pushScope();
    table.pushScope();
    table.define("B", "2");
    table.pushScope();
    EXPECT_EQ(table.report(), "e name             rawval           value\n"
                              "- ----             ------           -----\n"
                              "  A                1                1\n"
                              "s ----             ------           -----\n"
                              "s ----             ------           -----\n"
                              "  B                2                2\n"
                              "s ----             ------           -----\n");
    EXPECT_TRUE(table.popScope());
    EXPECT_TRUE(table.popScope());
    EXPECT_EQ(table.report(), "e name             rawval           value\n"
                              "- ----             ------           -----\n"
                              "  A                1                1\n"
                              "s ----             ------           -----\n");
}

// EPICS finds the end of an unused default by translating it; a reference with scoped
// definitions in there pushes and pops a scope, which leaves the table dirty, so the next
// lookup translates its raw value (and warns as the string).
TEST(Table, AScopedReferenceInAnUnusedDefaultMarksTheTableDirty) {
    MacroTable table("A=a,FOO=$(U)");
    WarningLog log(table);
    EXPECT_EQ(table.expand("$(FOO)").text, "$(U,undefined)");
    EXPECT_EQ(log.take().size(), 1u); // the re-expansion of FOO's cached value

    EXPECT_EQ(table.expand("$(A=$(X))$(FOO)").text, "a$(U,undefined)");
    EXPECT_TRUE(log.take().empty()); // clean: FOO's cached value is used

    EXPECT_EQ(table.expand("$(A=$(X,Y=1))$(FOO)").text, "a$(U,undefined)");
    EXPECT_EQ(log.take(), std::vector<std::string>{"macLib: macro U is undefined (expanding string "
                                                   "$(A=$(X,Y=1))$(FOO))"});
}
