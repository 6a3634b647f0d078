// Diagnostics as data: fix-its and related locations in check's and lint's JSON and text, and
// `--fix` / `--fix --diff` applying the safe ones to the files as a user runs them.
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

using epicsdb::test::runProgram;
using nlohmann::json;

namespace {

constexpr const char* kMisspelt = "record(ai, \"x:temp\") {\n"
                                  "    field(DESCC, \"Temperature\")  # the sensor\n"
                                  "    field(SCAN, \"1 secnd\")\n"
                                  "    field(EGU, \"C\")\n"
                                  "    field(EGU, \"degC\")\n"
                                  "}\n";

class FixTool : public ::testing::Test {
protected:
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args) {
        return runProgram(EPICSDB_TOOL, args, {.workingDirectory = dir.path()});
    }
    // The JSON lines of the output, without the closing summary.
    static std::vector<json> findings(const std::string& out) {
        std::vector<json> parsed;
        std::istringstream in(out);
        for (std::string line; std::getline(in, line);) {
            json item = json::parse(line);
            if (!item.contains("summary")) parsed.push_back(std::move(item));
        }
        return parsed;
    }
    static const json* withCode(const std::vector<json>& items, const std::string& code) {
        for (const json& item : items)
            if (item["code"] == code) return &item;
        return nullptr;
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(FixTool, CheckJsonCarriesTheFixesAsData) {
    dir.write("t.db", kMisspelt);
    const auto result = run({"check", "--format", "json", "t.db"});
    EXPECT_EQ(result.status, 1);
    const auto items = findings(result.out);
    ASSERT_EQ(items.size(), 2u) << result.out;
    const json& field = items[0];
    EXPECT_EQ(field["code"], "field-unknown");
    ASSERT_EQ(field["fixes"].size(), 1u);
    EXPECT_EQ(field["fixes"][0]["replacement"], "DESC");
    EXPECT_EQ(
        field["fixes"][0]["range"],
        json({{"file", "t.db"}, {"line", 2}, {"column", 11}, {"endLine", 2}, {"endColumn", 16}}));
    EXPECT_EQ(field["fixes"][0]["safe"], true);
    // The text output's note stays where it was.
    EXPECT_EQ(field["notes"][0], "did you mean \"DESC\"? (Free-text description)");
    const json& choice = items[1];
    EXPECT_EQ(choice["code"], "field-value");
    EXPECT_EQ(choice["fixes"][0]["replacement"], "1 second");
    EXPECT_EQ(choice["fixes"][0]["range"]["column"], 18); // inside the quotes
    EXPECT_EQ(choice["fixes"][0]["range"]["endColumn"], 25);
}

TEST_F(FixTool, AFieldSetTwiceNamesTheLaterLineAsRelated) {
    dir.write("t.db", kMisspelt);
    const auto json = run({"lint", "--format", "json", "t.db"});
    const auto items = findings(json.out);
    const nlohmann::json* twice = withCode(items, "field-twice");
    ASSERT_NE(twice, nullptr) << json.out;
    EXPECT_EQ((*twice)["location"]["line"], 4);
    ASSERT_EQ((*twice)["related"].size(), 1u);
    EXPECT_EQ((*twice)["related"][0]["location"]["line"], 5);
    EXPECT_EQ((*twice)["related"][0]["location"]["column"], 11);
    EXPECT_EQ((*twice)["related"][0]["message"], "set again here");
    // In text, as compilers show a related place.
    const auto text = run({"lint", "t.db"});
    EXPECT_NE(text.err.find("t.db:5:11: note: set again here\n"), std::string::npos) << text.err;
}

TEST_F(FixTool, LintFixAppliesTheSafeFixesAndTheFileThenLintsCleanOfThem) {
    dir.write("t.db", std::string(kMisspelt) + "record(ai, \"x:b\") {\n    field(egu, mm)\n}\n");
    const auto fixed = run({"lint", "--fix", "t.db"});
    EXPECT_NE(fixed.err.find("epicsdb lint: fixed 5 findings in 1 file"), std::string::npos)
        << fixed.err;
    // What is left is printed; the fixed ones are not.
    EXPECT_EQ(fixed.err.find("DESCC"), std::string::npos) << fixed.err;
    EXPECT_NE(fixed.err.find("is set again later"), std::string::npos);
    EXPECT_EQ(dir.read("t.db"), "record(ai, \"x:temp\") {\n"
                                "    field(DESC, \"Temperature\")  # the sensor\n"
                                "    field(SCAN, \"1 second\")\n"
                                "    field(EGU, \"C\")\n"
                                "    field(EGU, \"degC\")\n"
                                "}\n"
                                "record(ai, \"x:b\") {\n    field(EGU, \"mm\")\n}\n");
    const auto again = run({"lint", "--format", "json", "t.db"});
    EXPECT_EQ(again.status, 0) << again.out;
    const auto items = findings(again.out);
    for (const char* code : {"field-unknown", "field-value", "field-case", "quoted"})
        EXPECT_EQ(withCode(items, code), nullptr) << code << "\n" << again.out;
    EXPECT_NE(withCode(items, "field-twice"), nullptr); // no fix: a person decides
}

TEST_F(FixTool, FixDiffShowsTheChangesAndWritesNothing) {
    dir.write("t.db", kMisspelt);
    const auto result = run({"check", "--fix", "--diff", "t.db"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.out, "--- t.db\n+++ t.db\n@@ -1,6 +1,6 @@\n"
                          " record(ai, \"x:temp\") {\n"
                          "-    field(DESCC, \"Temperature\")  # the sensor\n"
                          "-    field(SCAN, \"1 secnd\")\n"
                          "+    field(DESC, \"Temperature\")  # the sensor\n"
                          "+    field(SCAN, \"1 second\")\n"
                          "     field(EGU, \"C\")\n"
                          "     field(EGU, \"degC\")\n"
                          " }\n");
    EXPECT_NE(result.err.find("epicsdb check: would fix 2 findings in 1 file"), std::string::npos);
    EXPECT_EQ(dir.read("t.db"), kMisspelt);
    EXPECT_EQ(run({"check", "--diff", "t.db"}).status, 2); // --diff goes with --fix
}

TEST_F(FixTool, GuessesThatCouldBeWrongAreOfferedButNotApplied) {
    // PREC is a field of other types (no misspelt PROC); an unknown DTYP is most often a module's
    // device support whose .dbd was not loaded; a record type changes every field's meaning.
    const std::string text = "record(bo, \"x\") {\n    field(PREC, \"2\")\n"
                             "    field(DTYP, \"stream\")\n}\nrecord(aii, \"y\") {}\n";
    dir.write("t.db", text);
    const auto json = run({"check", "--format", "json", "t.db"});
    const auto items = findings(json.out);
    ASSERT_EQ(items.size(), 3u) << json.out;
    for (const nlohmann::json& item : items) {
        ASSERT_EQ(item["fixes"].size(), 1u) << item;
        EXPECT_EQ(item["fixes"][0]["safe"], false) << item;
    }
    const auto fixed = run({"check", "--fix", "t.db"});
    EXPECT_EQ(fixed.status, 1);
    EXPECT_NE(fixed.err.find("fixed 0 findings in 0 files"), std::string::npos) << fixed.err;
    EXPECT_EQ(dir.read("t.db"), text);
}

TEST_F(FixTool, AValueMadeByAMacroGetsANoteButNoFix) {
    // The file does not hold the misspelt choice: nothing there to replace.
    dir.write("t.db", "record(ai, \"x\") {\n    field(SCAN, \"$(S)\")\n}\n");
    const auto result = run({"check", "--format", "json", "-m", "S=1 secnd", "t.db"});
    const auto items = findings(result.out);
    ASSERT_EQ(items.size(), 1u) << result.out;
    EXPECT_EQ(items[0]["notes"][0], "did you mean \"1 second\"?");
    EXPECT_FALSE(items[0].contains("fixes"));
    const auto fixed = run({"check", "--fix", "-m", "S=1 secnd", "t.db"});
    EXPECT_EQ(fixed.status, 1);
    EXPECT_EQ(dir.read("t.db"), "record(ai, \"x\") {\n    field(SCAN, \"$(S)\")\n}\n");
}

TEST_F(FixTool, AFixAfterAMacroOnTheSameLineIsPlacedInTheFile) {
    // The expanded line is longer than the file's: the fix lands on the file's bytes.
    dir.write("t.db", "record(ai, \"x\") { field(DESC, \"$(D)\") field(DESCC, \"y\") }\n");
    const auto result = run({"check", "--fix", "-m", "D=a long description", "t.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(dir.read("t.db"), "record(ai, \"x\") { field(DESC, \"$(D)\") field(DESC, \"y\") }\n");
}

} // namespace
