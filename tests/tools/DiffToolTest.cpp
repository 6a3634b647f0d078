// `epicsdb diff` as a user runs it: two inputs, per-side options, text and JSON, diff(1)'s exit
// statuses, and --git against a repository the test makes (skipped by name without git).
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <unistd.h>

using epicsdb::test::runProgram;

namespace {

std::optional<std::string> onPath(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::string candidate = dirs.substr(start, end - start) + "/" + name;
        if (end > start && ::access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

class DiffTool : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("a.db", "record(ai, \"X:TEMP\") {\n"
                          "    field(EGU, \"degC\")\n"
                          "    field(HOPR, \"100.0\")\n"
                          "}\n"
                          "record(bo, \"X:OLD\") {}\n");
        dir.write("same.db", "record(bo, X:OLD) {}\nrecord(ai, X:TEMP) { field(HOPR, 100)\n"
                             "field(EGU, degC) }\n");
        dir.write("b.db", "record(ai, \"X:TEMP\") {\n"
                          "    field(EGU, \"K\")\n"
                          "    field(HOPR, \"100\")\n"
                          "}\n"
                          "record(calc, \"X:NEW\") {}\n");
        dir.write("p.template", "record(ai, \"$(P)T\") { field(DESC, \"$(D=x)\") }\n");
        dir.write("bad.db", "record(ai, \"r\") { field(NOSUCH, \"1\") }\n");
    }
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args) {
        return runProgram(EPICSDB_TOOL, args, {.workingDirectory = dir.path()});
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(DiffTool, HelpDescribesIt) {
    const auto result = run({"diff", "--help"});
    EXPECT_EQ(result.status, 0);
    EXPECT_NE(result.out.find("usage: epicsdb diff"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--git"), std::string::npos);
    EXPECT_NE(result.out.find("--a-macros"), std::string::npos);
}

TEST_F(DiffTool, TheSameDatabaseWrittenOtherwiseIsExitZero) {
    const auto result = run({"diff", "a.db", "same.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, "--- a: a.db\n+++ b: same.db\n");
}

TEST_F(DiffTool, DifferencesGroupedByRecordAreExitOne) {
    const auto result = run({"diff", "a.db", "b.db"});
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_EQ(result.out, "--- a: a.db\n"
                          "+++ b: b.db\n"
                          "+ record(calc, \"X:NEW\")  b.db:5\n"
                          "- record(bo, \"X:OLD\")  a.db:5\n"
                          "~ record(ai, \"X:TEMP\")  a.db:1  b.db:1\n"
                          "    EGU: \"degC\" -> \"K\"\n");
    EXPECT_NE(result.err.find("1 added, 1 removed, 0 retyped, 1 changed"), std::string::npos)
        << result.err;
}

TEST_F(DiffTool, JsonForPrograms) {
    const auto result = run({"diff", "--format", "json", "a.db", "b.db"});
    EXPECT_EQ(result.status, 1) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json["same"], false);
    EXPECT_EQ(json["counts"]["added"], 1);
    ASSERT_EQ(json["records"].size(), 3u);
    EXPECT_EQ(json["records"][2]["name"], "X:TEMP");
    EXPECT_EQ(json["records"][2]["fields"][0]["before"]["value"], "degC");
    EXPECT_EQ(json["records"][2]["after"]["line"], 1);
}

TEST_F(DiffTool, EachSideItsOwnMacros) {
    auto result =
        run({"diff", "--a-macros", "P=x:", "--b-macros", "P=x:", "p.template", "p.template"});
    EXPECT_EQ(result.status, 0) << result.err << result.out;
    result = run({"diff", "-m", "P=x:", "--b-macros", "P=x:,D=y", "p.template", "p.template"});
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_NE(result.out.find("    DESC: \"x\" -> \"y\"\n"), std::string::npos) << result.out;
}

TEST_F(DiffTool, TroubleIsExitTwo) {
    EXPECT_EQ(run({"diff", "a.db"}).status, 2);
    EXPECT_EQ(run({"diff", "a.db", "b.db", "same.db"}).status, 2);
    auto result = run({"diff", "a.db", "missing.db"});
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("missing.db"), std::string::npos) << result.err;
    result = run({"diff", "a.db", "bad.db"});
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("NOSUCH"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("bad.db: 1 error in loading"), std::string::npos) << result.err;
}

class DiffGit : public DiffTool {
protected:
    void SetUp() override {
        DiffTool::SetUp();
        git = onPath("git");
        if (!git) return;
        dir.write("repo/ioc/top.db", "record(ai, \"R:A\") { field(EGU, \"mm\") }\n"
                                     "record(ai, \"R:B\") {}\n");
        dir.write("repo/ioc/inc.db", "include \"part.db\"\n");
        dir.write("repo/ioc/part.db", "record(bo, \"R:P\") { field(ZNAM, \"off\") }\n");
        // What an export (git archive) would leave out is still part of the revision.
        dir.write("repo/.gitattributes", "ioc/part.db export-ignore\n");
        gitRun({"init", "-q"});
        gitRun({"add", "."});
        gitRun(
            {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first"});
        // The working tree moves on: one field, one record, and the included file.
        dir.write("repo/ioc/top.db", "record(ai, \"R:A\") { field(EGU, \"um\") }\n");
        dir.write("repo/ioc/part.db", "record(bo, \"R:P\") { field(ZNAM, \"zero\") }\n");
        dir.write("repo/ioc/new.db", "record(bo, \"R:N\") {}\n");
    }
    void gitRun(const std::vector<std::string>& args) {
        std::vector<std::string> all{"-C", dir.path("repo")};
        all.insert(all.end(), args.begin(), args.end());
        const auto result = runProgram(*git, all);
        ASSERT_EQ(result.status, 0) << result.err;
    }
    epicsdb::test::ProgramResult runInRepo(const std::vector<std::string>& args) {
        return runProgram(EPICSDB_TOOL, args, {.workingDirectory = dir.path("repo/ioc")});
    }
    std::optional<std::string> git;
};

TEST_F(DiffGit, ComparesTheWorkingTreeWithARevision) {
    if (!git) GTEST_SKIP() << "git not found on PATH";
    const auto result = runInRepo({"diff", "--git", "HEAD", "top.db"});
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_EQ(result.out, "--- a: HEAD:top.db\n"
                          "+++ b: working tree:top.db\n"
                          "~ record(ai, \"R:A\")  HEAD:ioc/top.db:1  top.db:1\n"
                          "    EGU: \"mm\" -> \"um\"\n"
                          "- record(ai, \"R:B\")  HEAD:ioc/top.db:2\n");
    // Its working tree is as it was: nothing was checked out.
    EXPECT_NE(epicsdb::test::readWholeFile(dir.path("repo/ioc/top.db")).find("um"),
              std::string::npos);
}

TEST_F(DiffGit, IncludesComeFromTheRevisionToo) {
    if (!git) GTEST_SKIP() << "git not found on PATH";
    const auto result = runInRepo({"diff", "--git", "HEAD", "inc.db"});
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_NE(result.out.find("    ZNAM: \"off\" -> \"zero\"\n"), std::string::npos) << result.out;
    EXPECT_EQ(runInRepo({"diff", "--git", "HEAD", "-I", ".", "inc.db"}).status, 1);
}

TEST_F(DiffGit, AFileAddedSinceTheRevisionHasAllItsRecordsAdded) {
    if (!git) GTEST_SKIP() << "git not found on PATH";
    const auto result = runInRepo({"diff", "--git", "HEAD", "new.db"});
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_NE(result.out.find("+ record(bo, \"R:N\")"), std::string::npos) << result.out;
}

// The repository is the first file's that is in one; a file outside it is the same file on
// both sides.
TEST_F(DiffGit, FilesOutsideTheRepositoryAreReadAsTheyAre) {
    if (!git) GTEST_SKIP() << "git not found on PATH";
    const auto result = runInRepo({"diff", "--git", "HEAD", dir.path("a.db"), "top.db"});
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_NE(result.out.find("    EGU: \"mm\" -> \"um\"\n"), std::string::npos) << result.out;
}

TEST_F(DiffGit, TroubleWithGitIsExitTwo) {
    if (!git) GTEST_SKIP() << "git not found on PATH";
    auto result = runInRepo({"diff", "--git", "no-such-rev", "top.db"});
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("unknown revision 'no-such-rev'"), std::string::npos) << result.err;
    result = run({"diff", "--git", "HEAD", "a.db"}); // the scratch folder is no repository
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("not in a git repository"), std::string::npos) << result.err;
}

} // namespace
