// `epicsdb lint` as a user runs it: rules, outputs for programs, controls, baselines, facilities.
#include "RunProgram.hpp"
#include "SarifCheck.hpp"
#include "ScratchDir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

using epicsdb::test::runProgram;
using nlohmann::json;

namespace {

class LintTool : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("pumps.db", "record(ai, \"pump:p\") {\n"
                              "    field(DESC, \"pressure\")\n"
                              "    field(FLNK, \"pump:missing\")\n"
                              "}\n"
                              "record(ai, \"pump:q\") {\n"
                              "    field(INP, \"pump:p PPP\")\n"
                              "}\n");
    }
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args) {
        return runProgram(EPICSDB_TOOL, args, {.workingDirectory = dir.path()});
    }
    static std::vector<json> lines(const std::string& out) {
        std::vector<json> parsed;
        std::istringstream in(out);
        for (std::string line; std::getline(in, line);)
            parsed.push_back(json::parse(line));
        return parsed;
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(LintTool, ListRulesNamesEveryRule) {
    const auto result = run({"lint", "--list-rules"});
    EXPECT_EQ(result.status, 0);
    for (const char* code :
         {"ext-link", "link-field", "link-mod", "hw-link", "scan-io-intr", "linr-conversion",
          "pini-loop", "rec-append", "quoted", "field-case", "field-twice", "varint", "dbd-in-db",
          "commented-record", "spec-comm", "macro-brace", "ioc-duplicate-record"})
        EXPECT_NE(result.out.find(code), std::string::npos) << code;
}

// An installed database keeps the macros dbLoadRecords gives it at boot: lint takes it as a
// template (one warning for its undefined macros, no error for names and values holding them,
// no ext-link for a name made with one), and still finds what does not depend on them.
TEST_F(LintTool, ADatabaseWithMacrosIsLintedAsATemplate) {
    dir.write("pump.db", "record(ai, \"$(P)pump$(N)\") {\n"
                         "    field(HOPR, \"$(HIGH)\")\n"
                         "    field(INP, \"$(P)gauge$(N) CP CPP\")\n"
                         "}\n");
    const auto clean = run({"lint", "--format", "json", "pump.db"});
    EXPECT_EQ(clean.status, 0) << clean.out << clean.err;
    const std::vector<json> found = lines(clean.out);
    ASSERT_EQ(found.size(), 3u) << clean.out;
    EXPECT_EQ(found[0]["code"], "macro-undefined");
    EXPECT_EQ(found[0]["severity"], "warning");
    EXPECT_EQ(found[0]["message"], "undefined macros P, N, HIGH (on 3 lines)");
    EXPECT_EQ(found[1]["code"], "link-mod"); // CP and CPP: not about the macros
    EXPECT_EQ(found[1]["location"]["line"], 3);
    EXPECT_EQ(found[2]["summary"]["errors"], 0);

    dir.write("typo.db", "record(ai, \"$(P)pump\") {\n    field(HOPRR, \"$(HIGH)\")\n}\n");
    const auto typo = run({"lint", "typo.db"});
    EXPECT_EQ(typo.status, 1);
    EXPECT_NE(typo.err.find("typo.db:2:11: error: ai record \"$(P)pump\" does not have a field "
                            "\"HOPRR\""),
              std::string::npos)
        << typo.err;
    // Values for the macros: the file as the IOC will load it.
    const auto given = run({"lint", "-m", "P=vac:,N=1,HIGH=10", "--format", "json", "pump.db"});
    EXPECT_EQ(given.status, 0) << given.err;
    EXPECT_EQ(given.out.find("macro-undefined"), std::string::npos) << given.out;
    // check gives EPICS's verdict.
    EXPECT_EQ(run({"check", "pump.db"}).status, 1);
    // -Werror makes the undefined macros an error too, unless -Wno-error=macro-undefined says
    // otherwise (RULES_EPICSDB does), whatever the order.
    EXPECT_EQ(run({"lint", "-Werror", "--format", "json", "pump.db"}).status, 1);
    EXPECT_EQ(
        run({"lint", "-Werror", "-Wno-error=macro-undefined", "-Wno-link-mod", "pump.db"}).status,
        0);
}

TEST_F(LintTool, FindingsAsJsonLinesWithTheSummaryLast) {
    const auto result = run({"lint", "--format", "json", "pumps.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::vector<json> found = lines(result.out);
    ASSERT_EQ(found.size(), 3u) << result.out;
    EXPECT_EQ(found[0]["code"], "ext-link");
    EXPECT_EQ(found[0]["severity"], "warning");
    EXPECT_EQ(found[0]["location"]["file"], "pumps.db");
    EXPECT_EQ(found[0]["location"]["line"], 3);
    EXPECT_EQ(found[1]["code"], "link-mod");
    EXPECT_EQ(found[1]["location"]["line"], 6);
    EXPECT_EQ(found[2]["summary"]["warnings"], 2);
}

TEST_F(LintTool, SarifListsTheRules) {
    const auto result = run({"lint", "--format", "sarif", "pumps.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    const json log = json::parse(result.out);
    EXPECT_TRUE(epicsdb::test::sarifProblems(log).empty());
    const json& driver = log["runs"][0]["tool"]["driver"];
    bool hasExtLink = false;
    for (const json& rule : driver["rules"])
        hasExtLink |= rule["id"] == "ext-link" &&
                      rule["defaultConfiguration"]["level"] == "warning" &&
                      rule["shortDescription"]["text"].is_string();
    EXPECT_TRUE(hasExtLink);
    EXPECT_EQ(log["runs"][0]["results"].size(), 2u);
    EXPECT_EQ(log["runs"][0]["results"][0]["ruleId"], "ext-link");
}

TEST_F(LintTool, ControlsChooseAndPromote) {
    EXPECT_EQ(run({"lint", "-Werror", "pumps.db"}).status, 1);
    EXPECT_EQ(run({"lint", "-Werror=link-mod", "pumps.db"}).status, 1);
    EXPECT_EQ(run({"lint", "-Werror=hw-link", "pumps.db"}).status, 0);
    const auto none = run({"lint", "--format", "json", "-Wnone", "-Wext-link", "pumps.db"});
    EXPECT_EQ(lines(none.out).size(), 2u) << none.out; // ext-link and the summary
    const auto unknown = run({"lint", "-Wno-such", "pumps.db"});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("unknown warning option '-Wno-such'"), std::string::npos);
}

TEST_F(LintTool, ExternalsAndSuppressions) {
    dir.write("names.txt", "# PVs of the vacuum IOC\npump:miss*\n");
    const auto external = run({"lint", "--format", "json", "--external", "names.txt", "pumps.db"});
    EXPECT_EQ(lines(external.out).size(), 2u) << external.out;
    const auto glob = run({"lint", "--format", "json", "-x", "pump:missing", "pumps.db"});
    EXPECT_EQ(lines(glob.out).size(), 2u) << glob.out;
    dir.write("quiet.db", "record(ai, \"a\") {\n"
                          "    # epicsdb: ignore[ext-link]\n"
                          "    field(FLNK, \"nowhere\")\n"
                          "}\n");
    const auto quiet = run({"lint", "--format", "json", "quiet.db"});
    EXPECT_EQ(lines(quiet.out).size(), 1u) << quiet.out;
}

TEST_F(LintTool, ABaselineKeepsOldFindingsQuietEvenWhenLinesMove) {
    EXPECT_EQ(run({"lint", "--write-baseline", "base.txt", "pumps.db"}).status, 0);
    dir.write("pumps.db", "\n\n# moved down\nrecord(ai, \"pump:p\") {\n"
                          "    field(FLNK, \"pump:missing\")\n}\n"
                          "record(ai, \"pump:q\") {\n    field(INP, \"pump:p PPP\")\n}\n"
                          "record(ai, \"pump:new\") {\n    field(INP, \"pump:gone\")\n}\n");
    const auto result = run({"lint", "--format", "json", "--baseline", "base.txt", "pumps.db"});
    const std::vector<json> found = lines(result.out);
    ASSERT_EQ(found.size(), 2u) << result.out;
    EXPECT_EQ(found[0]["location"]["line"], 11); // only the new one
    EXPECT_EQ(run({"lint", "--baseline", "none.txt", "pumps.db"}).status, 2);
}

TEST_F(LintTool, AFacilityOfTwoIocsFindsTheirSharedRecords) {
    dir.write("a/st.cmd", "dbLoadRecords(\"a.db\")\n");
    dir.write("a/a.db", "record(ai, \"shared\") {}\nrecord(ai, \"a:only\") {\n"
                        "    field(INP, \"b:only CA\")\n}\n");
    dir.write("b/st.cmd", "dbLoadRecords(\"b.db\")\n");
    dir.write("b/b.db", "record(ai, \"b:only\") {}\nrecord(ai, \"shared\") {}\n");
    const auto result = run({"lint", "--format", "json", "a/st.cmd", "b/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::vector<json> found = lines(result.out);
    ASSERT_EQ(found.size(), 2u) << result.out;
    EXPECT_EQ(found[0]["code"], "ioc-duplicate-record");
    EXPECT_EQ(found[0]["location"]["file"], "b/b.db");
    EXPECT_EQ(found[0]["location"]["line"], 2);
    EXPECT_EQ(found[0]["notes"][0], "the other definition is at a/a.db:1");
    EXPECT_EQ(run({"lint", "a/st.cmd", "pumps.db"}).status, 2);
}

TEST_F(LintTool, MacrosATemplateNeverUses) {
    dir.write("motor.template", "record(ao, \"$(P)$(M)\") {\n    include \"common.db\"\n}\n");
    dir.write("common.db", "field(DESC, \"$(DESC)\")\n");
    dir.write("motors.substitutions", "global { SITE = lab }\n"
                                      "file \"motor.template\" {\n"
                                      "    pattern { P, M, DESC, SPEED }\n"
                                      "    { \"a:\", m1, \"first\", 10 }\n"
                                      "}\n");
    const auto result = run({"lint", "--format", "json", "motors.substitutions"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::vector<json> found = lines(result.out);
    ASSERT_EQ(found.size(), 2u) << result.out;
    EXPECT_EQ(found[0]["code"], "macro-unused");
    EXPECT_EQ(found[0]["message"], "macro SPEED is given to motor.template, which never uses it");
    EXPECT_EQ(found[0]["location"]["file"], "motors.substitutions");
    EXPECT_EQ(found[0]["location"]["line"], 4);
}

TEST_F(LintTool, ARecordWithALoadErrorIsNotJudgedOnWhatTheErrorLeft) {
    // DTYP is refused (no such device support here), so it stays "Soft Channel": the INST_IO
    // address and SCAN would be findings, but they follow from the error.
    dir.write("asyn.db", "record(ai, \"a\") {\n    field(DTYP, \"asynInt32\")\n"
                         "    field(INP, \"@asyn(L0,0)\")\n    field(SCAN, \"I/O Intr\")\n}\n"
                         "record(ai, \"b\") {\n    field(FLNK, \"nowhere\")\n}\n");
    const auto result = run({"lint", "--format", "json", "asyn.db"});
    EXPECT_EQ(result.status, 1);
    std::vector<std::string> codes;
    for (const json& line : lines(result.out))
        if (line.contains("code")) codes.push_back(line["code"]);
    EXPECT_EQ(codes, (std::vector<std::string>{"field-value", "ext-link"})) << result.out;
}

TEST_F(LintTool, CheckErrorsStayErrors) {
    dir.write("bad.db", "record(ai, \"x\") {\n    field(NOSUCH, \"1\")\n}\n");
    const auto result = run({"lint", "-Wnone", "bad.db"});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.err.find("bad.db:2"), std::string::npos) << result.err;
}

} // namespace
