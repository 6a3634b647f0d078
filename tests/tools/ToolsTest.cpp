// The epicsdb program as a user runs it: arguments, output, diagnostics and exit statuses.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "SarifCheck.hpp"
#include "ScratchDir.hpp"
#include "TextAssertions.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

using epicsdb::test::runProgram;
using nlohmann::json;

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

using epicsdb::test::contains;

// Every line of `text` parsed as JSON (a failure for a line that is not).
std::vector<json> jsonLines(const std::string& text) {
    std::vector<json> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        try {
            out.push_back(json::parse(line));
        } catch (const json::exception& error) {
            ADD_FAILURE() << "not JSON: " << line << " (" << error.what() << ")";
        }
    }
    return out;
}

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
    for (const char* part :
         {"bad.db:2:17: error: can't set \"a.PREC\" to \"two\": No digits to convert\n"
          "      field(PREC, \"two\")\n                  ^\n",
          "bad.db:3:17: error: can't set \"a.SCAN\" to \"1 secnd\" using menu menuScan: Illegal "
          "choice",
          "note: did you mean \"1 second\"?",
          "bad.db:5:8: error: record \"b\" is of unknown type \"nosuchtype\"",
          "1 file, 0 records, 3 errors, 0 warnings"})
        EXPECT_TRUE(contains(r.err, part));
}

TEST_F(Tool, CheckGivesOneJsonObjectPerLine) {
    write("bad.db", kBad);
    auto r = run({"check", "--format", "json", "bad.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "");
    const auto lines = jsonLines(r.out);
    ASSERT_EQ(lines.size(), 4u) << r.out; // three errors and the summary
    EXPECT_EQ(lines[0]["severity"], "error");
    EXPECT_EQ(lines[0]["code"], "field-value");
    EXPECT_EQ(lines[0]["message"], "can't set \"a.PREC\" to \"two\": No digits to convert");
    EXPECT_EQ(lines[0]["location"], json::parse(R"({"file":"bad.db","line":2,"column":17})"));
    EXPECT_EQ(lines[0]["sourceLine"], "    field(PREC, \"two\")");
    EXPECT_EQ(lines[1]["notes"], json::parse(R"(["did you mean \"1 second\"?"])"));
    EXPECT_EQ(lines[2]["location"]["line"], 5);
    EXPECT_EQ(lines[3], json::parse(R"({"summary":{"files":1,"records":0,"aliases":0,"errors":3,
                                         "warnings":0}})"));
    // The keys in their documented order, as programs that read the text expect.
    EXPECT_TRUE(contains(r.out,
                         "{\"severity\":\"error\",\"code\":\"field-value\",\"message\":"
                         "\"can't set \\\"a.PREC\\\" to \\\"two\\\": No digits to "
                         "convert\",\"location\":{\"file\":\"bad.db\",\"line\":2,\"column\":17}"));
    EXPECT_TRUE(r.out.ends_with("{\"summary\":{\"files\":1,\"records\":0,\"aliases\":0,"
                                "\"errors\":3,\"warnings\":0}}\n"));
}

TEST_F(Tool, CheckGivesASarifLogThatMeetsTheSchema) {
    write("bad.db", kBad);
    auto r = run({"check", "--format", "sarif", "bad.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one document, one line: " << r.out;
    const json log = json::parse(r.out);
    EXPECT_EQ(epicsdb::test::sarifProblems(log), std::vector<std::string>{});
    EXPECT_EQ(log["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
    EXPECT_EQ(log["runs"][0]["tool"]["driver"]["name"], "epicsdb");
    const json& results = log["runs"][0]["results"];
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(results[0], json::parse(R"({"ruleId":"field-value","level":"error",
        "message":{"text":"can't set \"a.PREC\" to \"two\": No digits to convert"},
        "locations":[{"physicalLocation":{"artifactLocation":{"uri":"bad.db"},
                                          "region":{"startLine":2,"startColumn":17}}}]})"));
    EXPECT_TRUE(contains(results[1]["message"]["text"], "\nnote: did you mean \"1 second\"?"));
}

TEST_F(Tool, ProgramReadableOutputSurvivesBytesThatAreNotUtf8) {
    write("latin1.db", "record(ai, \"caf\xe9\") {\n    field(PREC, \"d\xe9j\xe0\")\n}\n");
    for (const char* format : {"json", "sarif"}) {
        auto r = run({"check", "--format", format, "latin1.db"});
        EXPECT_EQ(r.status, 1) << format << ": " << r.err;
        const auto lines = jsonLines(r.out); // nlohmann rejects invalid UTF-8
        ASSERT_FALSE(lines.empty()) << format;
        EXPECT_TRUE(contains(r.out, "caf\xEF\xBF\xBD")) << format;
    }
}

TEST_F(Tool, SarifRelatesADiagnosticToTheSubstitutionSetThatLedThere) {
    write("one.template", "record(ao, \"$(P)\") { field(DRVH, \"$(MAX)\") }\n");
    write("set.substitutions", "file one.template {\n    { P=\"y:\", MAX=lots }\n}\n");
    auto r = run({"check", "--format", "sarif", "-I", ".", "set.substitutions"});
    EXPECT_EQ(r.status, 1);
    const json log = json::parse(r.out);
    EXPECT_EQ(epicsdb::test::sarifProblems(log), std::vector<std::string>{});
    const json& result = log["runs"][0]["results"].at(0);
    EXPECT_EQ(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
              "one.template");
    ASSERT_TRUE(result.contains("relatedLocations")) << r.out;
    const json& related = result["relatedLocations"][0];
    EXPECT_EQ(related["physicalLocation"]["artifactLocation"]["uri"], "set.substitutions");
    EXPECT_EQ(related["physicalLocation"]["region"]["startLine"], 2);
    EXPECT_TRUE(related["message"]["text"].is_string());
}

TEST_F(Tool, UsageErrorsAndUnreadableFilesExitWithTwo) {
    struct Case {
        std::vector<std::string> args;
        const char* message;
    };
    const Case cases[] = {
        {{"check"}, "epicsdb check: no files to check\nusage: epicsdb check "},
        {{"check", "--bogus", "x.db"}, "epicsdb check: unknown option '--bogus'\nusage: "},
        {{"check", "-m"}, "epicsdb check: option '-m' needs a value (MACROS)\n"},
        {{"check", "x.db", "--dbd"}, "epicsdb check: option '--dbd' needs a value (FILE)\n"},
        {{"check", "--strict=1", "x.db"}, "epicsdb check: option '--strict' takes no value\n"},
        {{"check", "--format", "xml", "x.db"},
         "epicsdb check: --format must be text, json or sarif, not 'xml'\n"},
        {{"check", "missing.db"}, "epicsdb: can't read 'missing.db'"},
        {{"dump"}, "epicsdb dump: no files to dump\nusage: epicsdb dump "},
        {{"dump", "--level", "x", "a.db"},
         "epicsdb dump: --level must be a small non-negative integer, not 'x'\n"},
        {{"dump", "--format=text", "a.db"}, "epicsdb dump: --format must be db or json"},
        {{"dump", "-o", "", "a.db"}, "epicsdb dump: --output must be a file name, not ''"},
        {{"dbd"}, "epicsdb dbd: no .dbd files given\nusage: epicsdb dbd "},
        {{"dbd", "missing.dbd"}, "epicsdb dbd: can't read 'missing.dbd'"},
        {{"macros", "stray"}, "epicsdb macros: unexpected argument 'stray'\nusage: epicsdb macros"},
        {{"macros", "-e", "missing.txt"}, "epicsdb macros: can't read 'missing.txt'"},
        {{"frobnicate"}, "epicsdb: unknown command 'frobnicate'"},
        {{}, "usage: epicsdb <command>"},
    };
    for (const Case& c : cases) {
        auto r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.message;
        EXPECT_TRUE(contains(r.err, c.message));
        EXPECT_EQ(r.out, "") << c.message;
    }
}

TEST_F(Tool, EveryCommandDescribesEachOfItsOptions) {
    struct Case {
        const char* command;
        std::vector<const char*> options;
    };
    const std::vector<const char*> inputs = {
        "--dbd",          "-I",       "--include",       "-m",
        "--macros",       "-S",       "--substitutions", "--quiet-macros",
        "--records-once", "--strict", "--stats",         "-q",
        "--quiet",        "-h",       "--help"};
    auto with = [&](std::vector<const char*> more) {
        more.insert(more.end(), inputs.begin(), inputs.end());
        return more;
    };
    const Case cases[] = {
        {"check", with({"--format", "text|json|sarif"})},
        {"dump", with({"--format", "db|json", "--level", "--type", "-o", "--output"})},
        {"dbd", {"-I", "--include", "-o", "--output", "-h", "--help"}},
        {"macros",
         {"-M", "--macros", "--env", "-q", "--quiet", "--report", "-e", "--expand", "-t", "--text",
          "-h", "--help"}},
    };
    for (const Case& c : cases) {
        for (const char* help : {"-h", "--help"}) {
            auto r = run({c.command, help});
            EXPECT_EQ(r.status, 0) << c.command << " " << help;
            EXPECT_EQ(r.err, "");
            EXPECT_TRUE(r.out.starts_with(std::string("usage: epicsdb ") + c.command)) << r.out;
            for (const char* option : c.options)
                EXPECT_TRUE(contains(r.out, option)) << c.command;
        }
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

// -j chooses the threads of a load: the output and the messages do not depend on it.
TEST_F(Tool, JobsChangeNothingButTheThreads) {
    std::string records;
    for (int i = 0; i < 3000; ++i)
        records += "record(ai, \"r" + std::to_string(i) + "\") {\n    field(DESC, \"d\")\n" +
                   (i % 500 == 7 ? "    field(NOSUCH, 1)\n" : "    field(PREC, 2)\n") + "}\n";
    write("many.db", records); // large enough, and without macros, to be lexed ahead
    write("one.template", "record(ao, \"$(P)\") { field(DRVH, \"$(MAX=10)\") }\n");
    std::string sets = "file one.template {\n    pattern { P, MAX }\n";
    for (int i = 0; i < 200; ++i)
        sets += "    { \"s" + std::to_string(i) + "\", " + std::to_string(i) + " }\n";
    write("set.substitutions", sets + "    { \"bad\", lots }\n}\n");
    for (const char* file : {"many.db", "set.substitutions"}) {
        const auto one = run({"dump", "-j", "1", "-I", ".", file});
        const auto two = run({"dump", "--jobs", "2", "-I", ".", file});
        const auto all = run({"dump", "-I", ".", file});
        EXPECT_EQ(one.status, 1) << file; // each has an error
        EXPECT_NE(one.err, "");
        EXPECT_EQ(two.status, one.status);
        EXPECT_EQ(two.out, one.out);
        EXPECT_EQ(two.err, one.err);
        EXPECT_EQ(all.err, one.err);
    }
    const auto bad = run({"check", "-j", "many", "many.db"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_TRUE(contains(bad.err, "--jobs must be a number of threads")) << bad.err;
}
