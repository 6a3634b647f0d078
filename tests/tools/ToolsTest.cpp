// The epicsdb program as a user runs it: arguments, output, diagnostics and exit statuses.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <gtest/gtest.h>

using epicsdb::test::runProgram;

namespace {

class Tool : public ::testing::Test {
protected:
    std::string write(const std::string& name, const std::string& text) {
        return dir.write(name, text);
    }
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args,
                                     const std::string& input = {}) {
        return runProgram(EPICSDB_TOOL, args,
                          {.workingDirectory = dir.path(), .standardInput = input});
    }

    epicsdb::test::ScratchDir dir;
};

const char* const kGood = "record(ai, \"$(P)temp\") {\n"
                          "    field(DESC, \"Temperature\")\n"
                          "    field(PREC, 2)\n"
                          "    alias(\"$(P)t\")\n"
                          "    info(archive, \"Monitor\")\n"
                          "}\n"
                          "record(bo, \"$(P)switch\") { field(ZNAM, Off) field(ONAM, On) }\n";

const char* const kBad = "record(ai, a) {\n"
                         "    field(PREC, \"two\")\n"
                         "    field(SCAN, \"1 secnd\")\n"
                         "}\n"
                         "record(nosuchtype, b)\n";

} // namespace

TEST_F(Tool, CheckAcceptsAGoodDatabase) {
    write("good.db", kGood);
    auto r = run({"check", "-m", "P=lab:", "good.db"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "epicsdb check: 1 file, 2 records, 0 errors, 0 warnings\n");
}

TEST_F(Tool, CheckReportsEveryErrorWithItsPosition) {
    write("bad.db", kBad);
    auto r = run({"check", "bad.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("bad.db:2:17: error: can't set \"a.PREC\" to \"two\": No digits to "
                         "convert\n      field(PREC, \"two\")\n                  ^\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("bad.db:3:17: error: can't set \"a.SCAN\" to \"1 secnd\" using menu "
                         "menuScan: Illegal choice"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("note: did you mean \"1 second\"?"), std::string::npos);
    EXPECT_NE(r.err.find("bad.db:5:8: error: record \"b\" is of unknown type \"nosuchtype\""),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("1 file, 0 records, 3 errors, 0 warnings"), std::string::npos) << r.err;
}

TEST_F(Tool, CheckGivesJsonDiagnostics) {
    write("bad.db", kBad);
    auto r = run({"check", "--format", "json", "bad.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("{\"severity\":\"error\",\"code\":\"field-value\",\"message\":\"can't set "
                         "\\\"a.PREC\\\" to \\\"two\\\": No digits to convert\",\"location\":"
                         "{\"file\":\"bad.db\",\"line\":2,\"column\":17}"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("{\"summary\":{\"files\":1,\"records\":0,\"aliases\":0,\"errors\":3,"
                         "\"warnings\":0}}\n"),
              std::string::npos)
        << r.out;
}

TEST_F(Tool, CheckGivesASarifLog) {
    write("bad.db", kBad);
    auto r = run({"check", "--format", "sarif", "bad.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out.rfind("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
                          "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":"
                          "\"epicsdb\"",
                          0),
              0u)
        << r.out;
    EXPECT_NE(r.out.find("{\"ruleId\":\"field-value\",\"level\":\"error\",\"message\":{\"text\":"
                         "\"can't set \\\"a.PREC\\\" to \\\"two\\\": No digits to convert\"},"
                         "\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":"
                         "\"bad.db\"},\"region\":{\"startLine\":2,\"startColumn\":17}}}]}"),
              std::string::npos)
        << r.out;
    EXPECT_TRUE(r.out.ends_with("}]}]}\n")) << r.out; // one document
}

TEST_F(Tool, UsageErrorsAndUnreadableFilesExitWithTwo) {
    struct Case {
        std::vector<std::string> args;
        const char* message;
    };
    const Case cases[] = {
        {{"check"}, "epicsdb check: no files to check"},
        {{"check", "--bogus", "x.db"}, "epicsdb check: unknown option '--bogus'"},
        {{"check", "-m"}, "epicsdb check: option '-m' needs a value (MACROS)"},
        {{"check", "--format", "xml", "x.db"}, "--format must be text, json or sarif"},
        {{"check", "missing.db"}, "epicsdb: can't read 'missing.db'"},
        {{"dump", "--level", "x", "a.db"}, "--level must be a small non-negative integer"},
        {{"frobnicate"}, "epicsdb: unknown command 'frobnicate'"},
        {{}, "usage: epicsdb <command>"},
    };
    for (const Case& c : cases) {
        auto r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.message;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    }
}

TEST_F(Tool, DumpWritesRecordsAsDbWriteRecordDoes) {
    write("good.db", kGood);
    auto r = run({"dump", "-m", "P=lab:", "good.db"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "record(ai,\"lab:temp\") {\n"
                     "\tfield(DESC,\"Temperature\")\n"
                     "\tfield(DTYP,\"Soft Channel\")\n"
                     "\tfield(PREC,\"2\")\n"
                     "\tinfo(\"archive\",\"Monitor\")\n"
                     "}\n"
                     "alias(\"lab:temp\",\"lab:t\")\n"
                     "record(bo,\"lab:switch\") {\n"
                     "\tfield(DTYP,\"Soft Channel\")\n"
                     "\tfield(ZNAM,\"Off\")\n"
                     "\tfield(ONAM,\"On\")\n"
                     "}\n");
    auto json = run({"dump", "--format", "json", "-m", "P=lab:", "-o", "out.json", "good.db"});
    EXPECT_EQ(json.status, 0) << json.err;
    const std::string text = epicsdb::test::readWholeFile(dir.path("out.json"));
    EXPECT_NE(text.find("\"name\": \"lab:temp\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"DESC\": \"Temperature\""), std::string::npos) << text;
}

TEST_F(Tool, ChecksAndDumpsSubstitutionFiles) {
    write("one.template", "record(ao, \"$(P)$(N)\") { field(DRVH, \"$(MAX=10)\") }\n");
    write("set.substitutions", "file one.template {\n"
                               "    pattern { P, N, MAX }\n"
                               "    { \"x:\", a, 5 }\n"
                               "    { \"x:\", b }\n"
                               "}\n");
    auto r = run({"dump", "-I", ".", "set.substitutions"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(
        r.out.find("record(ao,\"x:a\") {\n\tfield(DTYP,\"Soft Channel\")\n\tfield(DRVH,\"5\")"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("record(ao,\"x:b\")"), std::string::npos);
    write("broken.substitutions", "file one.template {\n    { P=\"y:\", N=c, MAX=lots }\n}\n");
    auto bad = run({"check", "-I", ".", "broken.substitutions"});
    EXPECT_EQ(bad.status, 1);
    // The error points into the template, and at the substitution set that led there.
    EXPECT_NE(bad.err.find("one.template:1:"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("broken.substitutions:2:"), std::string::npos) << bad.err;
}

TEST_F(Tool, UserDefinitionsReplaceTheBuiltInOnes) {
    write("my.dbd", "menu(menuScan) { choice(menuScanPassive, \"Passive\") }\n"
                    "recordtype(thing) {\n"
                    "    field(NAME, DBF_STRING) { size(61) }\n"
                    "    field(VAL, DBF_LONG) { promptgroup(\"40 - Input\") }\n"
                    "}\n");
    write("things.db", "record(thing, t1) { field(VAL, 42) }\nrecord(ai, t2)\n");
    auto r = run({"check", "--dbd", "my.dbd", "things.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("record \"t2\" is of unknown type \"ai\""), std::string::npos) << r.err;
    auto dbd = run({"dbd", "my.dbd"});
    EXPECT_EQ(dbd.status, 0) << dbd.err;
    EXPECT_NE(dbd.out.find("recordtype(thing) {"), std::string::npos) << dbd.out;
    EXPECT_NE(dbd.out.find("field(VAL, DBF_LONG) {"), std::string::npos) << dbd.out;
}

TEST_F(Tool, StatsReportRecordsTimeAndMemory) {
    write("good.db", kGood);
    auto r = run({"check", "--stats", "-m", "P=a:", "good.db"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.err.find("epicsdb: stats: 2 records, "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("records/s"), std::string::npos);
    EXPECT_NE(r.err.find("peak memory"), std::string::npos);
}

TEST_F(Tool, MacrosExpandsText) {
    write("t.txt", "a=$(A) b=${B=dflt} c=$(C)\n");
    auto r = run({"macros", "-M", "A=1", "--expand", "t.txt", "--text", "$(A)$(A)"});
    EXPECT_EQ(r.status, 1); // C is undefined
    EXPECT_EQ(r.out, "11\na=1 b=dflt c=$(C,undefined)\n");
    EXPECT_EQ(r.err, "epicsdb macros: warning: macro C is undefined\n");
    auto quiet = run({"macros", "-q", "-M", "A=1,C=3", "--expand", "-"}, "$(A)-$(C)\n");
    EXPECT_EQ(quiet.status, 0);
    EXPECT_EQ(quiet.out, "1-3\n");
}

TEST_F(Tool, ExpandIsMsi) {
    write("t.template", "x=$(X) y=$(Y=def)\n");
    auto r = run({"expand", "-MX=1", "t.template"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "x=1 y=def\n");
}
