// `epicsdb fmt` as a user runs it: stdin to stdout, files, --check, --diff, -i, errors.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

using epicsdb::test::runProgram;

namespace {

const char* const kMessy = "record(ai,x){field(VAL,1) # v\nfield(DESC,d)}\n";
const char* const kTidy = "record(ai, \"x\") {\n"
                          "    field(DESC, \"d\")\n"
                          "    field(VAL, \"1\") # v\n"
                          "}\n";

class FmtTool : public ::testing::Test {
protected:
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args,
                                     const std::string& input = {}) {
        std::vector<std::string> all = {"fmt"};
        all.insert(all.end(), args.begin(), args.end());
        return runProgram(EPICSDB_TOOL, all,
                          {.workingDirectory = dir.path(), .standardInput = input});
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(FmtTool, HelpDescribesTheLayout) {
    const auto result = run({"--help"});
    EXPECT_EQ(result.status, 0);
    EXPECT_NE(result.out.find("usage: epicsdb fmt"), std::string::npos);
    EXPECT_NE(result.out.find("--keep-order"), std::string::npos);
    EXPECT_NE(result.out.find("aligned"), std::string::npos);
}

TEST_F(FmtTool, StandardInputToStandardOutput) {
    auto result = run({}, kMessy);
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, kTidy);
    result = run({"-"}, kMessy);
    EXPECT_EQ(result.out, kTidy);
    result = run({"--keep-order"}, kMessy);
    EXPECT_EQ(result.out, "record(ai, \"x\") {\n    field(VAL, \"1\") # v\n"
                          "    field(DESC, \"d\")\n}\n");
    result = run({"--substitutions"}, "file t {{A=1}}");
    EXPECT_EQ(result.out, "file \"t\" {\n    { A=1 }\n}\n");
}

TEST_F(FmtTool, FilesByTheirExtension) {
    dir.write("a.db", kMessy);
    dir.write("b.substitutions", "file t {pattern{A,BB}{1,2}}\n");
    const auto result = run({"a.db", "b.substitutions"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, std::string(kTidy) + "file \"t\" {\n    pattern { A, BB }\n"
                                               "            { 1, 2 }\n}\n");
}

TEST_F(FmtTool, CheckListsTheFilesThatWouldChange) {
    dir.write("messy.db", kMessy);
    dir.write("tidy.db", kTidy);
    auto result = run({"--check", "messy.db", "tidy.db"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.out, "messy.db\n");
    result = run({"--check", "tidy.db"});
    EXPECT_EQ(result.status, 0);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(epicsdb::test::readWholeFile(dir.path("messy.db")), kMessy);
}

TEST_F(FmtTool, DiffIsUnified) {
    dir.write("x.db", "record(ai, \"x\") {\n    field(VAL, 1)\n}\n");
    const auto result = run({"--diff", "x.db"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.out, "--- x.db\n+++ x.db\n@@ -1,3 +1,3 @@\n record(ai, \"x\") {\n"
                          "-    field(VAL, 1)\n+    field(VAL, \"1\")\n }\n");
    dir.write("y.db", kTidy);
    EXPECT_EQ(run({"--diff", "y.db"}).out, "");
}

TEST_F(FmtTool, InPlaceRewritesKeepingPermissions) {
    const std::string path = dir.write("a.db", kMessy);
    ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
    const auto result = run({"-i", "a.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(epicsdb::test::readWholeFile(path), kTidy);
    struct stat info {};
    ASSERT_EQ(::stat(path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0640u);
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path()))
        ++entries;
    EXPECT_EQ(entries, 1u) << "no temporary file left";
}

TEST_F(FmtTool, AFileThatCannotBeReadIsReportedAndLeftAlone) {
    const std::string path = dir.write("bad.db", "record(ai, x) {\n  field(VAL, \"1)\n}\n");
    const auto result = run({"-i", "bad.db"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.err, "bad.db:2:14: error: unterminated string (no closing \" on its line)\n");
    EXPECT_EQ(epicsdb::test::readWholeFile(path), "record(ai, x) {\n  field(VAL, \"1)\n}\n");
    EXPECT_EQ(run({}, "record(ai, x) {").err,
              "<stdin>:1:1: error: record x has no closing '}' (found end of file)\n");
}

TEST_F(FmtTool, UsageErrorsAndUnreadableFilesExitTwo) {
    EXPECT_EQ(run({"--check", "-i", "a.db"}).status, 2);
    EXPECT_EQ(run({"-i"}).status, 2);
    EXPECT_EQ(run({"-i", "-"}).status, 2);
    const auto missing = run({"missing.db"});
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("can't read 'missing.db'"), std::string::npos) << missing.err;
    EXPECT_EQ(run({"--dbd", "missing.dbd"}, kMessy).status, 2);
}

TEST_F(FmtTool, DbdGivesTheFieldOrder) {
    dir.write("t.dbd",
              "recordtype(t) {\n  field(NAME, DBF_STRING) { size(61) }\n"
              "  field(B, DBF_STRING) { size(4) }\n  field(A, DBF_STRING) { size(4) }\n}\n");
    const auto result = run({"--dbd", "t.dbd"}, "record(t, x) { field(A, 1) field(B, 2) }");
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, "record(t, \"x\") {\n    field(B, \"2\")\n    field(A, \"1\")\n}\n");
}

} // namespace
