// Startup scripts that must fail cleanly: each problem is an error at the script line that
// caused it, the run goes on as iocsh's does, and what was loaded before is kept.
#include "IocFixture.hpp"

#include <gmock/gmock.h>

#include <filesystem>

namespace epicsdb::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class BadScript : public IocFixture {
protected:
    void SetUp() override { write("r.db", "record(ai, \"$(N)\") {}\n"); }
    [[nodiscard]] const Diagnostic& only() const {
        EXPECT_EQ(diagnostics.items.size(), 1u) << messages();
        return diagnostics.items.front();
    }
};

TEST_F(BadScript, AMissingTopScriptIsUnreadable) {
    run("nowhere.cmd");
    EXPECT_TRUE(report.unreadable);
    EXPECT_EQ(only().code, "ioc-script-open");
    EXPECT_THAT(only().message, HasSubstr("No such file or directory"));
}

TEST_F(BadScript, ADirectoryIsNotAScript) {
    write("folder.cmd/x", "");
    run("folder.cmd");
    EXPECT_TRUE(report.unreadable);
    EXPECT_THAT(only().message, HasSubstr("Is a directory"));
}

TEST_F(BadScript, AMissingIncludeIsAnErrorAtItsLineAndTheScriptGoesOn) {
    write("st.cmd", "dbLoadRecords(\"r.db\", \"N=before\")\n< nothere.cmd\n"
                    "iocshLoad(\"gone.cmd\")\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("before", "after"));
    ASSERT_EQ(diagnostics.items.size(), 2u);
    EXPECT_EQ(diagnostics.items[0].location.line, 2u);
    EXPECT_THAT(diagnostics.items[0].message, HasSubstr("nothere.cmd"));
    EXPECT_EQ(diagnostics.items[1].location.line, 3u);
    EXPECT_FALSE(report.unreadable);
}

TEST_F(BadScript, AMissingDatabaseFileIsAnErrorWithTheScriptLine) {
    write("st.cmd", "dbLoadRecords(\"r.db\", \"N=before\")\ndbLoadRecords(\"missing.db\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("before"));
    ASSERT_EQ(only().context.size(), 1u);
    EXPECT_EQ(only().context[0].location.line, 2u);
    EXPECT_TRUE(only().context[0].command);
}

TEST_F(BadScript, AScriptThatRunsItselfIsACycleNotAHang) {
    write("a.cmd", "dbLoadRecords(\"r.db\", \"N=a\")\n< b.cmd\n");
    write("b.cmd", "< a.cmd\n");
    write("st.cmd", "< a.cmd\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("a", "after"));
    EXPECT_EQ(only().code, "ioc-script-cycle");
    EXPECT_THAT(only().message, HasSubstr("a.cmd -> "));
    EXPECT_EQ(only().location.file, dir.path("b.cmd"));
    EXPECT_EQ(only().location.line, 1u);
}

TEST_F(BadScript, ScriptsNestedAThousandDeepStopAtTheBound) {
    for (int i = 0; i < 1000; ++i)
        write("s" + std::to_string(i) + ".cmd", "< s" + std::to_string(i + 1) + ".cmd\n");
    write("s1000.cmd", "dbLoadRecords(\"r.db\", \"N=deep\")\n");
    write("st.cmd", "< s0.cmd\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("after"));
    EXPECT_EQ(only().code, "ioc-script-depth");
    EXPECT_EQ(only().message, "scripts nested more than 100 deep");
}

TEST_F(BadScript, ATenMegabyteLineIsRead) {
    std::string line = "epicsEnvSet(\"BIG\", \"" + std::string(10 << 20, 'x') + "\")\n";
    write("st.cmd", line + "dbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_EQ(report.environment.find("BIG")->size(), std::size_t{10 << 20});
    EXPECT_THAT(recordNames(), ElementsAre("after"));
}

TEST_F(BadScript, UnbalancedQuoteIsAnErrorAndTheLineIsNotRun) {
    write("st.cmd", "epicsEnvSet(\"A\", \"open)\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_EQ(only().code, "ioc-syntax");
    EXPECT_EQ(only().message, "Unbalanced quote.");
    EXPECT_EQ(only().location.line, 1u);
    EXPECT_EQ(only().location.column, 18u);
    EXPECT_FALSE(report.environment.find("A"));
    EXPECT_THAT(recordNames(), ElementsAre("after"));
}

TEST_F(BadScript, TrailingBackslashAndIllegalRedirection) {
    write("st.cmd", "epicsEnvSet A b\\\nepicsEnvShow >\n");
    run();
    EXPECT_EQ(messages(), "ioc-syntax: Trailing backslash.\nioc-syntax: Illegal redirection.\n");
}

TEST_F(BadScript, RecursiveMacroIsAnError) {
    write("st.cmd", "epicsEnvSet A '$(A)'\nepicsEnvSet B $(A)\n");
    run();
    EXPECT_EQ(only().code, "ioc-macro-recursive");
    EXPECT_EQ(only().location.line, 2u);
    EXPECT_FALSE(report.environment.find("B"));
}

TEST_F(BadScript, ANulByteIsAnErrorAndTheLineIsReadUpToIt) {
    write("st.cmd",
          std::string("epicsEnvSet A 1\0junk\n", 21) + "dbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_EQ(only().code, "ioc-nul");
    EXPECT_EQ(only().location.column, 16u);
    EXPECT_EQ(report.environment.find("A"), "1");
    EXPECT_THAT(recordNames(), ElementsAre("after"));
}

TEST_F(BadScript, ALastLineWithoutNewlineIsNotRunAsInIocsh) {
    write("st.cmd", "epicsEnvSet A 1\ndbLoadRecords(\"r.db\", \"N=never\")");
    run();
    EXPECT_TRUE(recordNames().empty());
    EXPECT_EQ(only().code, "ioc-no-newline");
    EXPECT_EQ(only().severity, Severity::Warning);
    EXPECT_EQ(only().location.line, 2u);
    EXPECT_EQ(report.environment.find("A"), "1");
}

TEST_F(BadScript, ADoubledRedirectionHidesOnlyTheLastWordFromTheWordList) {
    write("st.cmd", "epicsEnvSet A B > o1 > o2\nexit > o1 > o2\nepicsEnvSet C D\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_EQ(report.environment.find("A"), "B");
    EXPECT_EQ(report.environment.find("C"), "D"); // a one-word command is no command: not exit
    EXPECT_FALSE(std::filesystem::exists(dir.path("o1")));
}

TEST_F(BadScript, AnIncludedScriptThatWaitedOnAnErrorFailsItsCaller) {
    write("sub.cmd", "on error wait 1\ndbLoadRecords(\"missing.db\")\n"
                     "dbLoadRecords(\"r.db\", \"N=inside\")\n");
    write("st.cmd", "on error break\n< sub.cmd\ndbLoadRecords(\"r.db\", \"N=never\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("inside"));
}

TEST_F(BadScript, ADirectoryIncludedReadsAsAnEmptyScript) {
    write("folder/x", "");
    write("st.cmd", "on error break\n< folder\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("after"));
    EXPECT_THAT(only().message, HasSubstr("Is a directory"));
}

TEST_F(BadScript, GoingUpAndDownAThousandTimesKeepsTheDirectoryShort) {
    write("a/x", "");
    write("updown.cmd", "cd a\ncd ..\n");
    std::string script;
    for (int i = 0; i < 1100; ++i)
        script += "< updown.cmd\n";
    write("st.cmd", script + "dbLoadRecords(\"r.db\", \"N=end\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(), ElementsAre("end"));
}

TEST_F(BadScript, CdToNowhereIsIgnoredWithAnError) {
    write("st.cmd", "cd nowhere\ndbLoadRecords(\"r.db\", \"N=here\")\n");
    run();
    EXPECT_EQ(only().code, "ioc-cd");
    EXPECT_THAT(recordNames(), ElementsAre("here"));
}

TEST_F(BadScript, MissingArgumentsAreIocshsMessages) {
    write("st.cmd", "epicsEnvSet\nepicsEnvSet A\ndbLoadRecords\ndbLoadTemplate\n");
    run();
    EXPECT_EQ(messages(), "ioc-argument: Missing environment variable name argument.\n"
                          "ioc-argument: Missing environment variable value argument.\n"
                          "ioc-argument: Usage: dbLoadRecords \"file\", \"subs\"\n"
                          "file-open: must specify variable substitution file\n");
}

TEST_F(BadScript, AnUnreadableSubstitutionFileFailsOnlyThatLoad) {
    write("st.cmd",
          "dbLoadRecords(\"r.db\", \"N=before\")\ndbLoadTemplate(\"none.substitutions\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("before"));
    EXPECT_EQ(only().code, "file-open");
}

} // namespace
} // namespace epicsdb::test
