// Diagnostics for programs (tools/cli/DiagnosticPrinter.hpp), read back with nlohmann-json: what
// each JSON object and SARIF result holds, and that bytes that are not UTF-8 never make the
// output invalid.
#include "DiagnosticPrinter.hpp"
#include "SarifCheck.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using epicsdb::ContextFrame;
using epicsdb::Diagnostic;
using epicsdb::Severity;
using epicsdb::cli::DiagnosticPrinter;
using nlohmann::json;

namespace {

Diagnostic fullDiagnostic() {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.code = "macro-undefined";
    d.message = "macro \"P\" is undefined";
    d.location = {"inc.db", 4, 9};
    d.context = {{"included from", {"top.db", 2, 1}}, {"in substitution set at", {"s.subs", 7, 0}}};
    d.sourceLine = "record(ai, \"$(P)x\")";
    d.notes = {"define it with -m", "or give a default"};
    return d;
}

TEST(DiagnosticJson, HoldsEveryPartOfTheDiagnostic) {
    const json j = json::parse(DiagnosticPrinter::toJson(fullDiagnostic()));
    EXPECT_EQ(j["severity"], "warning");
    EXPECT_EQ(j["code"], "macro-undefined");
    EXPECT_EQ(j["message"], "macro \"P\" is undefined");
    EXPECT_EQ(j["location"], json::parse(R"({"file":"inc.db","line":4,"column":9})"));
    EXPECT_EQ(j["sourceLine"], "record(ai, \"$(P)x\")");
    EXPECT_EQ(j["context"], json::parse(R"([
        {"relation":"included from","location":{"file":"top.db","line":2,"column":1}},
        {"relation":"in substitution set at","location":{"file":"s.subs","line":7,"column":0}}])"));
    EXPECT_EQ(j["notes"], json::parse(R"(["define it with -m","or give a default"])"));
}

TEST(DiagnosticJson, IsOneLineWithTheKeysInTheirDocumentedOrder) {
    const std::string text = DiagnosticPrinter::toJson(fullDiagnostic());
    EXPECT_EQ(text.find('\n'), std::string::npos);
    // Read positions in the text: a parsed nlohmann::json would sort the keys.
    std::size_t previous = 0;
    for (const char* key : {"\"severity\"", "\"code\"", "\"message\"", "\"location\"",
                            "\"sourceLine\"", "\"context\"", "\"notes\""}) {
        const std::size_t at = text.find(key);
        ASSERT_NE(at, std::string::npos) << key;
        EXPECT_GT(at, previous) << key << " out of order in " << text;
        previous = at;
    }
    EXPECT_EQ(json::parse(text).size(), 7u);
}

TEST(DiagnosticJson, LeavesOutWhatIsNotKnown) {
    Diagnostic d;
    d.code = "x";
    d.message = "m";
    const json j = json::parse(DiagnosticPrinter::toJson(d));
    EXPECT_EQ(j["severity"], "error");
    EXPECT_FALSE(j.contains("sourceLine"));
    EXPECT_FALSE(j.contains("context"));
    EXPECT_FALSE(j.contains("notes"));
    EXPECT_EQ(j["location"]["line"], 0);
}

TEST(DiagnosticJson, BytesThatAreNotUtf8BecomeReplacementCharacters) {
    Diagnostic d;
    d.message = "can't set \"a\xff.PREC\" to \"\xc3\"";
    d.location.file = "bad\xfe.db";
    d.sourceLine = "field(PREC, \"\xc3\")";
    std::string text;
    ASSERT_NO_THROW(text = DiagnosticPrinter::toJson(d));
    const json j = json::parse(text); // throws on invalid UTF-8
    EXPECT_EQ(j["message"], "can't set \"a\xEF\xBF\xBD.PREC\" to \"\xEF\xBF\xBD\"");
    EXPECT_EQ(j["location"]["file"], "bad\xEF\xBF\xBD.db");
    ASSERT_NO_THROW(text = DiagnosticPrinter::toSarif({d}));
    EXPECT_EQ(json::parse(text)["runs"][0]["results"][0]["message"]["text"],
              "can't set \"a\xEF\xBF\xBD.PREC\" to \"\xEF\xBF\xBD\"");
}

TEST(DiagnosticJson, ControlCharactersAreEscaped) {
    Diagnostic d;
    d.message = std::string("tab\there, nul\0, bell\a", 22);
    const std::string text = DiagnosticPrinter::toJson(d);
    EXPECT_NE(text.find(R"(tab\there, nul\u0000, bell\u0007)"), std::string::npos) << text;
    EXPECT_EQ(json::parse(text)["message"], d.message);
}

TEST(CheckSummaryJson, CountsEverything) {
    const json j =
        json::parse(DiagnosticPrinter::toJson(epicsdb::cli::CheckSummary{3, 20, 2, 1, 4}));
    EXPECT_EQ(
        j,
        json::parse(R"({"summary":{"files":3,"records":20,"aliases":2,"errors":1,"warnings":4}})"));
}

TEST(Sarif, ALogOfEveryDiagnosticThatMeetsTheSchema) {
    Diagnostic noLine;
    noLine.code = "file-open";
    noLine.message = "can't open";
    noLine.location.file = "missing.db";
    Diagnostic noColumn = noLine;
    noColumn.severity = Severity::Note;
    noColumn.location.line = 3;
    const std::string text = DiagnosticPrinter::toSarif({fullDiagnostic(), noLine, noColumn});
    EXPECT_TRUE(text.ends_with("}\n"));
    EXPECT_EQ(text.find('\n'), text.size() - 1) << "one line";
    const json log = json::parse(text);
    EXPECT_EQ(epicsdb::test::sarifProblems(log), std::vector<std::string>{});
    const json& results = log["runs"][0]["results"];
    ASSERT_EQ(results.size(), 3u);

    const json& full = results[0];
    EXPECT_EQ(full["ruleId"], "macro-undefined");
    EXPECT_EQ(full["level"], "warning");
    EXPECT_EQ(full["message"]["text"],
              "macro \"P\" is undefined\nnote: define it with -m\nnote: or give a default");
    EXPECT_EQ(full["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "inc.db");
    EXPECT_EQ(full["locations"][0]["physicalLocation"]["region"],
              json::parse(R"({"startLine":4,"startColumn":9})"));
    ASSERT_EQ(full["relatedLocations"].size(), 2u);
    EXPECT_EQ(full["relatedLocations"][0]["message"]["text"], "included from");
    EXPECT_EQ(full["relatedLocations"][1]["physicalLocation"]["region"],
              json::parse(R"({"startLine":7})"));

    EXPECT_FALSE(results[1]["locations"][0]["physicalLocation"].contains("region"));
    EXPECT_FALSE(results[1].contains("relatedLocations"));
    EXPECT_EQ(results[2]["level"], "note");
    EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["region"],
              json::parse(R"({"startLine":3})"));
}

TEST(Sarif, ALogWithoutDiagnosticsStillHasItsRun) {
    const json log = json::parse(DiagnosticPrinter::toSarif({}));
    EXPECT_EQ(epicsdb::test::sarifProblems(log), std::vector<std::string>{});
    EXPECT_EQ(log["runs"][0]["results"], json::array());
}

TEST(SarifCheck, FindsWhatTheSchemaForbids) {
    // The checker itself must notice a broken log, or the tests above prove nothing.
    const json bad = json::parse(R"({"version":"2.0.0","runs":[{"tool":{"driver":{}},"results":[
        {"level":"fatal","message":{},"locations":[{"physicalLocation":{"artifactLocation":{},
         "region":{"startLine":0}}}]}]}]})");
    const auto problems = epicsdb::test::sarifProblems(bad);
    for (const char* what :
         {"version", "driver.name", "level", "message.text", "uri", "startLine"}) {
        bool found = false;
        for (const std::string& problem : problems)
            found |= problem.find(what) != std::string::npos;
        EXPECT_TRUE(found) << what << " not reported";
    }
}

} // namespace
