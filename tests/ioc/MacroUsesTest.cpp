// What a startup-script line's macro references gave and where each value came from, as the
// ioc layer hands them to Provenance::setCaller: the references of a line as written (RawLine),
// the iocshLoad macros' origins (MacroOrigins) and the uses themselves (MacroUses).
#include "MacroUses.hpp"
#include "MacroOrigins.hpp"
#include "RawLine.hpp"
#include "ShellWords.hpp"

#include <epicsdb/ioc/ScriptEnvironment.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace epicsdb::ioc {
namespace {

using loaders::MacroOrigin;
using loaders::MacroUse;

TEST(RawLine, WordsKeepReferencesWholeAndDropIocshQuotes) {
    const std::string_view line = R"x(  epicsEnvSet("IOC", "$(SYS,X=a b):ioc")   # no)x";
    const std::vector<RawWord> words = rawWords(line);
    ASSERT_EQ(words.size(), 5u);
    EXPECT_EQ(words[0].text, "epicsEnvSet");
    EXPECT_EQ(words[1].text, "IOC");
    EXPECT_EQ(words[1].begin, 15u); // inside the quote
    EXPECT_EQ(words[2].text, "$(SYS,X=a b):ioc");
    EXPECT_EQ(words[2].span(line), "\"$(SYS,X=a b):ioc\"");
    const ScriptLine asArgv{line, {"st.cmd", 4, 0}, 3};
    EXPECT_FALSE(asArgv.word(1)); // the comment made two more words: no longer one for one
    const ScriptLine three{"epicsEnvSet IOC $(SYS)", {"st.cmd", 4, 0}, 3};
    ASSERT_TRUE(three.word(2));
    EXPECT_EQ(three.word(2)->text, "$(SYS)");
    EXPECT_EQ((ScriptLine{"\t dbl \r", {}, 1}.command()), "dbl");
}

class MacroUsesTest : public ::testing::Test {
protected:
    std::vector<MacroUse> uses(std::string_view line) {
        MacroUses finder(table, environment, origins);
        return finder.of(line);
    }
    // epicsEnvSet as the shell runs it: the line expanded, split, then the variable set.
    VariableOrigin setByLine(std::string_view line, unsigned number) {
        const ShellWords words = splitShellWords(table.expand(line).text);
        MacroUses finder(table, environment, origins);
        const ScriptLine script{line, {"st.cmd", number, 0}, words.argv.size()};
        VariableOrigin origin = variableOrigin(script, 2, words.argv.at(2), &finder);
        table.undefine(words.argv.at(1));
        environment.set(words.argv.at(1), words.argv.at(2), origin);
        return origin;
    }

    ScriptEnvironment environment;
    maclib::MacroTable table{environment};
    MacroOrigins origins;
};

TEST_F(MacroUsesTest, AVariableOfTheScriptNamesItsLineAndWhatThatLineUsed) {
    environment.set("SYS", "s1:"); // the starting environment
    const VariableOrigin ioc = setByLine(R"x(epicsEnvSet("IOC", "$(SYS)ioc"))x", 3);
    EXPECT_EQ(ioc.where.line, 3u);
    EXPECT_EQ(ioc.where.column, 14u);
    EXPECT_EQ(ioc.command, R"x(epicsEnvSet("IOC", "$(SYS)ioc"))x");
    EXPECT_EQ(ioc.written, "$(SYS)ioc");

    const std::vector<MacroUse> found = uses(R"x(dbLoadRecords("a.db", "P=$(IOC):,Q=$(Z=zed)"))x");
    ASSERT_EQ(found.size(), 2u);
    const MacroUse& p = found[0];
    EXPECT_EQ(p.name, "IOC");
    EXPECT_EQ(p.value, "s1:ioc");
    EXPECT_EQ(p.origin, MacroOrigin::ScriptVariable);
    EXPECT_EQ(p.location.file, "st.cmd");
    EXPECT_EQ(p.location.line, 3u);
    EXPECT_EQ(p.detail, R"x(epicsEnvSet("IOC", "$(SYS)ioc"))x");
    EXPECT_EQ(p.written, "$(SYS)ioc");
    ASSERT_EQ(p.inner.size(), 1u);
    EXPECT_EQ(p.inner[0].name, "SYS");
    EXPECT_EQ(p.inner[0].value, "s1:");
    EXPECT_EQ(p.inner[0].origin, MacroOrigin::ProcessEnvironment);
    EXPECT_EQ(found[1].name, "Z");
    EXPECT_EQ(found[1].origin, MacroOrigin::Default);
    EXPECT_EQ(found[1].value, "zed");
    EXPECT_EQ(found[1].written, "zed");
}

TEST_F(MacroUsesTest, AValueKeptWithItsReferencesExpandsThemWhenUsed) {
    setByLine("epicsEnvSet P s1:", 1);
    // Single quotes keep the reference in the value: it is P's value at use that counts.
    setByLine("epicsEnvSet Q 'not $(P) expanded'", 2);
    setByLine("epicsEnvSet P s2:", 3);
    const std::vector<MacroUse> found = uses("dbLoadRecords a.db DESC=$(Q)");
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].value, "not s2: expanded");
    EXPECT_EQ(found[0].written, "not $(P) expanded");
    ASSERT_EQ(found[0].inner.size(), 1u);
    EXPECT_EQ(found[0].inner[0].name, "P");
    EXPECT_EQ(found[0].inner[0].value, "s2:");
    EXPECT_EQ(found[0].inner[0].location.line, 3u);
}

TEST_F(MacroUsesTest, IocshLoadMacrosHideTheEnvironmentInTheirScopeOnly) {
    environment.set("DEV", "fromEnv");
    MacroUses finder(table, environment, origins);
    const ScriptLine load{R"x(iocshLoad("sub.cmd", "DEV=$(PRE=p)1,GONE"))x", {"st.cmd", 7, 0}, 3};
    const std::vector<GivenMacro> given = finder.given(load, 2, "DEV=p1,GONE");
    ASSERT_EQ(given.size(), 2u);
    EXPECT_EQ(given[0].origin.written, "$(PRE=p)1");
    ASSERT_EQ(given[0].origin.inner.size(), 1u);
    EXPECT_EQ(given[0].origin.inner[0].origin, MacroOrigin::Default);
    EXPECT_FALSE(given[1].value);

    table.pushScope();
    origins.pushScope();
    table.install("DEV=p1,GONE");
    origins.install(given);
    std::vector<MacroUse> found = uses("dbLoadRecords(a.db, \"P=$(DEV)\")");
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].value, "p1");
    EXPECT_EQ(found[0].origin, MacroOrigin::ScriptVariable);
    EXPECT_EQ(found[0].location.line, 7u);
    EXPECT_EQ(found[0].location.column, 12u);
    EXPECT_EQ(found[0].detail, R"x(iocshLoad("sub.cmd", "DEV=$(PRE=p)1,GONE"))x");
    origins.popScope();
    table.popScope();

    found = uses("dbLoadRecords(a.db, \"P=$(DEV)\")");
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].value, "fromEnv");
    EXPECT_EQ(found[0].origin, MacroOrigin::ProcessEnvironment);
}

TEST_F(MacroUsesTest, EpicsEnvSetUncoversTheVariableInEveryScope) {
    origins.install({GivenMacro{"X", "outer", {}}});
    origins.pushScope();
    origins.install({GivenMacro{"X", "inner", {}}});
    ASSERT_TRUE(origins.find("X"));
    EXPECT_EQ(origins.find("X")->value, "inner");
    origins.undefine("X"); // epicsEnvSet X: no iocshLoad definition hides it any more
    EXPECT_FALSE(origins.find("X"));
    origins.popScope();
    EXPECT_FALSE(origins.find("X"));
}

TEST_F(MacroUsesTest, UndefinedAndSelfReferringValuesEndTheirChain) {
    environment.set("LOOP", "a$(LOOP)");
    const std::vector<MacroUse> found = uses("echo $(NOPE) $(LOOP)");
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].origin, MacroOrigin::Undefined);
    EXPECT_EQ(found[0].written, "$(NOPE)");
    EXPECT_EQ(found[1].origin, MacroOrigin::ProcessEnvironment);
    ASSERT_EQ(found[1].inner.size(), 1u);
    EXPECT_EQ(found[1].inner[0].name, "LOOP");
    EXPECT_TRUE(found[1].inner[0].inner.empty());
}

} // namespace
} // namespace epicsdb::ioc
