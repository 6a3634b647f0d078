// `epicsdb why` and `epicsdb dump --provenance` as a user runs them: a template loaded by a
// substitution file (pattern rows, a global block), a field set again in a later .db, a
// $(NAME=default), an include chain, an alias, records and fields that do not exist, JSON.
#include "RunProgram.hpp"
#include "ScratchDir.hpp"
#include "TextAssertions.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using epicsdb::test::contains;
using epicsdb::test::runProgram;

namespace {

// Where `part` is in `text`, for order checks (npos is past everything).
std::size_t at(const std::string& text, const std::string& part) {
    return text.find(part);
}

class WhyTool : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("motor.template", "# One motor axis of a substitution file's pattern rows.\n"
                                    "record(ao, \"$(P)m$(N)\") {\n"
                                    "    field(DESC, \"$(DESC)\")\n"
                                    "    field(EGU,  \"$(EGU=mm)\")\n"
                                    "    field(DRVH, \"$(HIGH)\")\n"
                                    "    info(autosaveFields, \"VAL\")\n"
                                    "}\n"
                                    "alias(\"$(P)m$(N)\", \"$(P)axis$(N)\")\n"
                                    "include \"common.db\"\n");
        dir.write("common.db", "# Shared by every axis.\n"
                               "include \"enable.db\"\n");
        dir.write("enable.db", "record(bo, \"$(P)enable$(N)\") {\n"
                               "    field(ZNAM, \"$(ZNAM=Off)\")\n"
                               "}\n");
        dir.write("motors.substitutions", "global { P = \"x:\" }\n"
                                          "file \"motor.template\" {\n"
                                          "    pattern { N, DESC, HIGH }\n"
                                          "    { 1, \"Axis one\", 10 }\n"
                                          "    { 2, \"Axis two\", 20 }\n"
                                          "}\n");
        dir.write("overrides.db", "# Site limits.\n"
                                  "record(ao, \"x:m1\") {\n"
                                  "    field(DRVH, \"12.5\")\n"
                                  "}\n");
    }
    epicsdb::test::ProgramResult run(std::vector<std::string> args) {
        return runProgram(EPICSDB_TOOL, args, {.workingDirectory = dir.path()});
    }
    // why over the substitution file and the overrides, about `questions`.
    epicsdb::test::ProgramResult why(const std::vector<std::string>& questions) {
        std::vector<std::string> args = {"why", "-I", ".", "motors.substitutions", "overrides.db"};
        args.insert(args.end(), questions.begin(), questions.end());
        return run(args);
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(WhyTool, AFieldSetAgainTellsTheStatementThatWonThenTheOneItReplaced) {
    const auto result = why({"x:m1.DRVH"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.err, "");
    // Most recent first: the statement that won and its load, then the one it replaced, with
    // the pattern row that gave its macro and the set that loaded the template.
    EXPECT_EQ(result.out,
              "x:m1.DRVH = \"12.5\"\n"
              "  set by   overrides.db:3:5   field(DRVH, \"12.5\")\n"
              "  via      in dbLoadRecords(\"overrides.db\")\n"
              "  earlier  motor.template:5:5   field(DRVH, \"$(HIGH)\")   gave \"10\"\n"
              "  HIGH     = \"10\" from motors.substitutions:4:22 (pattern row 1)\n"
              "  via      template loaded by substitution set at motors.substitutions:4:5 (row 1)\n"
              "  via      in dbLoadTemplate(\"motors.substitutions\")\n");
}

TEST_F(WhyTool, AMacroDefaultAndAPatternValue) {
    const auto result = why({"x:m2.EGU", "x:m2.DESC"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::string& out = result.out;
    EXPECT_TRUE(out.starts_with("x:m2.EGU = \"mm\"\n"
                                "  set by   motor.template:4:5   field(EGU,  \"$(EGU=mm)\")   "
                                "gave \"mm\"\n"
                                "  EGU      = \"mm\" "))
        << out;
    EXPECT_TRUE(contains(out, "(default)\n"));
    // One answer after the other, a blank line between.
    EXPECT_TRUE(contains(out, "\n\nx:m2.DESC = \"Axis two\"\n"
                              "  set by   motor.template:3:5   field(DESC, \"$(DESC)\")   "
                              "gave \"Axis two\"\n"
                              "  DESC     = \"Axis two\" from motors.substitutions:5:"))
        << out;
    EXPECT_TRUE(contains(out, " (pattern row 2)\n"));
}

TEST_F(WhyTool, AFileReachedThroughIncludesNamesEachStepInnermostFirst) {
    const auto result = why({"x:enable1.ZNAM"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out,
              "x:enable1.ZNAM = \"Off\"\n"
              "  set by   enable.db:2:5   field(ZNAM, \"$(ZNAM=Off)\")   gave \"Off\"\n"
              "  ZNAM     = \"Off\" from enable.db:2:18 (default)\n"
              "  via      included from common.db:2:1\n"
              "  via      included from motor.template:9:1\n"
              "  via      template loaded by substitution set at motors.substitutions:4:5 (row 1)\n"
              "  via      in dbLoadTemplate(\"motors.substitutions\")\n");
}

TEST_F(WhyTool, ARecordTellsItsDefinitionsAliasesInfoAndFields) {
    const auto result = why({"x:m1"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::string& out = result.out;
    EXPECT_TRUE(out.starts_with("x:m1 (ao)\n"
                                "  record   motor.template:2:1   record(ao, \"$(P)m$(N)\")   "
                                "gave \"x:m1\"\n"))
        << out;
    EXPECT_TRUE(contains(out, "\n  P        = \"x:\" from motors.substitutions:1:"));
    EXPECT_TRUE(contains(out, " (global)\n"));
    EXPECT_TRUE(contains(out, "\n  record   overrides.db:2:1   record(ao, \"x:m1\")\n"));
    EXPECT_LT(at(out, "motor.template:2:1"), at(out, "overrides.db:2:1")); // in load order
    EXPECT_TRUE(contains(out, "\n  alias    motor.template:8:1   alias(\"$(P)m$(N)\", "
                              "\"$(P)axis$(N)\")"))
        << out;
    EXPECT_TRUE(contains(out, "\n  info     motor.template:6:5   info(autosaveFields, \"VAL\")\n"))
        << out;
    EXPECT_TRUE(contains(out, "\n  fields   3 set"));
    EXPECT_TRUE(contains(out, "DRVH = \"12.5\"       overrides.db:3:5 (last of 2)\n"));
    EXPECT_TRUE(contains(out, "DESC = \"Axis one\"   motor.template:3:5\n"));
}

TEST_F(WhyTool, AnAliasGivesItsRecord) {
    const auto result = why({"x:axis1.DRVH"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(result.out.starts_with("x:axis1 is an alias of x:m1\n"
                                       "x:m1.DRVH = \"12.5\"\n"))
        << result.out;
}

TEST_F(WhyTool, AFieldNotSetHasTheDefaultOfItsRecordType) {
    const auto result = why({"x:m1.HOPR"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(result.out.starts_with("x:m1.HOPR = \"0\" (default from the record type"))
        << result.out;
}

TEST_F(WhyTool, WhatDoesNotExistIsAnErrorWithTheNearestName) {
    const auto result = why({"x:m1.DRVH", "x:mm1", "x:m1.DRVHH", "x:mm1.DRVH"});
    EXPECT_EQ(result.status, 1);
    EXPECT_TRUE(result.out.starts_with("x:m1.DRVH = \"12.5\"\n")) << result.out;
    EXPECT_EQ(result.err, "epicsdb why: no record 'x:mm1'; did you mean 'x:m1'?\n"
                          "epicsdb why: ao record 'x:m1' has no field 'DRVHH'; did you mean "
                          "'x:m1.DRVH'?\n"
                          "epicsdb why: no record 'x:mm1.DRVH'; did you mean 'x:m1.DRVH'?\n");
}

TEST_F(WhyTool, JsonGivesTheSameAsData) {
    const auto result = why({"--format", "json", "x:m1.DRVH", "x:axis1", "x:m1.HOPR", "nosuch"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.err, "epicsdb why: no record 'nosuch'\n");
    const auto json = nlohmann::json::parse(result.out);
    const auto& answers = json.at("answers");
    ASSERT_EQ(answers.size(), 4u) << result.out;

    const auto& field = answers[0];
    EXPECT_EQ(field["asked"], "x:m1.DRVH");
    EXPECT_EQ(field["kind"], "field");
    EXPECT_EQ(field["record"], "x:m1");
    EXPECT_EQ(field["field"], "DRVH");
    EXPECT_EQ(field["value"], "12.5");
    EXPECT_EQ(field["set"], true);
    ASSERT_EQ(field["statements"].size(), 2u);
    const auto& first = field["statements"][0];
    EXPECT_EQ(first["keyword"], "field");
    EXPECT_EQ(first["location"]["file"], "motor.template");
    EXPECT_EQ(first["location"]["line"], 5);
    EXPECT_EQ(first["location"]["column"], 5);
    EXPECT_EQ(first["text"], "field(DRVH, \"$(HIGH)\")");
    EXPECT_EQ(first["written"], "\"$(HIGH)\""); // the argument as written, quotes and all
    EXPECT_EQ(first["value"], "10");
    ASSERT_EQ(first["macros"].size(), 1u);
    EXPECT_EQ(first["macros"][0]["name"], "HIGH");
    EXPECT_EQ(first["macros"][0]["value"], "10");
    EXPECT_EQ(first["macros"][0]["row"], 1);
    EXPECT_EQ(first["macros"][0]["location"]["line"], 4);
    EXPECT_FALSE(first["chain"].empty());
    const auto& last = field["statements"][1];
    EXPECT_EQ(last["location"]["file"], "overrides.db");
    EXPECT_EQ(last["location"]["line"], 3);
    EXPECT_EQ(last["value"], "12.5");
    EXPECT_TRUE(last["macros"].empty());
    EXPECT_EQ(field["definedAt"]["file"], "<epicsdb>/aoRecord.dbd");

    const auto& record = answers[1];
    EXPECT_EQ(record["asked"], "x:axis1");
    EXPECT_EQ(record["kind"], "record");
    EXPECT_EQ(record["record"], "x:m1");
    EXPECT_EQ(record["type"], "ao");
    EXPECT_EQ(record["definitions"].size(), 2u);
    EXPECT_EQ(record["aliases"].size(), 1u);
    EXPECT_EQ(record["infos"].size(), 1u);
    EXPECT_EQ(record["fields"]["DRVH"]["value"], "12.5");
    EXPECT_EQ(record["fields"]["DRVH"]["statements"].size(), 2u);

    const auto& unset = answers[2];
    EXPECT_EQ(unset["set"], false);
    EXPECT_EQ(unset["value"], "0");
    EXPECT_TRUE(unset["statements"].empty());

    const auto& none = answers[3];
    EXPECT_EQ(none["kind"], "error");
    EXPECT_EQ(none["error"], "no record 'nosuch'");
}

TEST_F(WhyTool, ArgumentsAfterTheDoubleDashAreRecordsEvenWhenFilesHaveTheirNames) {
    dir.write("x:m2", "this is no database\n");
    const auto asked = run({"why", "-I", ".", "motors.substitutions", "--", "x:m2"});
    EXPECT_EQ(asked.status, 0) << asked.err;
    EXPECT_TRUE(asked.out.starts_with("x:m2 (ao)\n")) << asked.out;
    // Without it the file is an input, and nothing is asked.
    const auto loaded = run({"why", "-I", ".", "motors.substitutions", "x:m2"});
    EXPECT_EQ(loaded.status, 2);
    EXPECT_TRUE(contains(loaded.err, "epicsdb why: no record asked about")) << loaded.err;
}

TEST_F(WhyTool, UsageErrorsAndLoadErrors) {
    const auto noFiles = run({"why", "x:m1"});
    EXPECT_EQ(noFiles.status, 2);
    EXPECT_TRUE(noFiles.err.starts_with("epicsdb why: no files to load\nusage: epicsdb why"))
        << noFiles.err;
    const auto help = run({"why", "--help"});
    EXPECT_EQ(help.status, 0);
    for (const char* option : {"--format", "--dbd", "-I", "-m", "-S", "-e", "-q"})
        EXPECT_TRUE(contains(help.out, option)) << option;
    // Errors of the inputs are reported as check reports them, and make the status 1.
    dir.write("bad.db", "record(ao, \"x:bad\") { field(DRVX, \"1\") }\n");
    const auto bad = run({"why", "-I", ".", "motors.substitutions", "bad.db", "x:m1.DRVH"});
    EXPECT_EQ(bad.status, 1);
    EXPECT_TRUE(contains(
        bad.err, "bad.db:1:29: error: ao record \"x:bad\" does not have a field \"DRVX\"\n"))
        << bad.err;
    EXPECT_TRUE(bad.out.starts_with("x:m1.DRVH = \"10\"\n")) << bad.out;
}

TEST_F(WhyTool, AStartupScriptsLinesAndVariablesAreTheChain) {
    dir.write("ioc/st.cmd", "epicsEnvSet(\"SYS\", \"x:\")\n"
                            "epicsEnvSet(\"EPICS_DB_INCLUDE_PATH\", \"..\")\n"
                            "dbLoadTemplate(\"../motors.substitutions\", \"P=$(SYS)\")\n"
                            "dbLoadRecords(\"overrides.db\")\n");
    const auto result = run({"why", "ioc/st.cmd", "x:m1.DRVH", "x:m2"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::string& out = result.out;
    // Each load at its script line, with the variable that line used and its epicsEnvSet.
    EXPECT_TRUE(out.starts_with(
        "x:m1.DRVH = \"12.5\"\n"
        "  set by   overrides.db:3:5   field(DRVH, \"12.5\")\n"
        "  via      ioc/st.cmd:4: in dbLoadRecords(\"overrides.db\")\n"
        "  earlier  motor.template:5:5   field(DRVH, \"$(HIGH)\")   gave \"10\"\n"
        "  HIGH     = \"10\" from motors.substitutions:4:22 (pattern row 1)\n"
        "  via      template loaded by substitution set at motors.substitutions:4:5 (row 1)\n"
        "  via      ioc/st.cmd:3: in dbLoadTemplate(\"../motors.substitutions\", \"P=x:\")\n"
        "           SYS = \"x:\" from ioc/st.cmd:1:14 (epicsEnvSet(\"SYS\", \"x:\"))\n"));
    // The substitution file's global P wins over the command's P, as in EPICS.
    EXPECT_TRUE(contains(out, "\n\nx:m2 (ao)\n"
                              "  record   motor.template:2:1   record(ao, \"$(P)m$(N)\")   "
                              "gave \"x:m2\"\n"
                              "  P        = \"x:\" from motors.substitutions:1:10 (global)\n"));
}

TEST_F(WhyTool, ALoadArgumentShowsItsDefinitionAndTheVariablesInIt) {
    dir.write("plain.template", "record(ao, \"$(P)out\") { field(DESC, \"$(D=none)\") }\n");
    dir.write("st.cmd", "epicsEnvSet(\"SYS\", \"y:\")\n"
                        "dbLoadRecords(\"plain.template\", \"P=$(SYS)\")\n");
    const auto result = run({"why", "st.cmd", "y:out"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(contains(
        result.out, "  P        = \"y:\" (written \"$(SYS)\") from st.cmd:2 (macros of "
                    "dbLoadRecords(\"plain.template\", \"P=y:\"))\n"
                    "           SYS = \"y:\" from st.cmd:1:14 (epicsEnvSet(\"SYS\", \"y:\"))\n"));
}

TEST_F(WhyTool, DumpAddsTheSameProvenanceToEachRecordWhenAsked) {
    const auto plain =
        run({"dump", "--format", "json", "-I", ".", "motors.substitutions", "overrides.db"});
    EXPECT_EQ(plain.status, 0) << plain.err;
    EXPECT_FALSE(contains(plain.out, "\"provenance\"")) << plain.out;

    const auto result = run({"dump", "--format", "json", "--provenance", "-I", ".",
                             "motors.substitutions", "overrides.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    bool seen = false;
    for (const auto& record : json.at("records")) {
        ASSERT_TRUE(record.contains("provenance")) << record.dump();
        if (record["name"] != "x:m1") continue;
        seen = true;
        const auto& provenance = record["provenance"];
        EXPECT_EQ(provenance["definitions"].size(), 2u);
        EXPECT_EQ(provenance["aliases"].size(), 1u);
        const auto& drvh = provenance["fields"]["DRVH"];
        EXPECT_EQ(drvh["value"], "12.5");
        ASSERT_EQ(drvh["statements"].size(), 2u);
        EXPECT_EQ(drvh["statements"][1]["location"]["file"], "overrides.db");
        // The same data as why gives.
        const auto asked =
            nlohmann::json::parse(why({"--format", "json", "x:m1"}).out)["answers"][0];
        EXPECT_EQ(provenance["fields"], asked["fields"]);
        EXPECT_EQ(provenance["definitions"], asked["definitions"]);
    }
    EXPECT_TRUE(seen) << result.out;

    const auto text = run({"dump", "--provenance", "overrides.db"});
    EXPECT_EQ(text.status, 2);
    EXPECT_TRUE(text.err.starts_with("epicsdb dump: --provenance goes with --format json"))
        << text.err;
}

} // namespace
