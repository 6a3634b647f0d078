// Recovery inside a record: after a syntax error in a record's head, the parser still reads the
// record's body, so the errors of its statements are reported too (EPICS stops at the first
// error; pyPDB's dbdlint reports both). The body is read as a refused head's body is: checked,
// never applied, and the load still fails as a whole. The same with the fast paths off (every
// statement read token by token).
#include "DatabaseText.hpp"

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace epicsdb;

namespace {

struct RecoveryOutcome {
    bool ok = true;
    std::size_t records = 0;
    std::vector<std::string> diagnostics; // "test.db:2:22: error [syntax] message"
    std::string dump;
};

RecoveryOutcome loadBothWays(const std::string& text) {
    RecoveryOutcome outcomes[2];
    for (const bool fastPaths : {true, false}) {
        dbstatic::Database db;
        DiagnosticList list;
        loaders::LoaderOptions options;
        options.fastPaths = fastPaths;
        options.useEnvironmentPath = false;
        loaders::Loader loader(db, list, options);
        EXPECT_TRUE(loader.loadDefaultDefinitions().ok);
        list.items.clear();
        RecoveryOutcome& outcome = outcomes[fastPaths ? 0 : 1];
        outcome.ok = loader.loadRecordsText("test.db", text).ok;
        outcome.records = db.recordCount();
        for (const Diagnostic& d : list.items)
            outcome.diagnostics.push_back(d.location.file + ":" + std::to_string(d.location.line) +
                                          ":" + std::to_string(d.location.column) + ": " +
                                          (d.severity == Severity::Error ? "error" : "warning") +
                                          " [" + d.code + "] " + d.message);
        outcome.dump = test::dumpText(db);
    }
    EXPECT_EQ(outcomes[0].diagnostics, outcomes[1].diagnostics) << "fast paths on, then off";
    EXPECT_EQ(outcomes[0].ok, outcomes[1].ok);
    EXPECT_EQ(outcomes[0].dump, outcomes[1].dump);
    return outcomes[0];
}

using DiagnosticLines = std::vector<std::string>;

TEST(RecordRecovery, AMissingNameThenABadFieldStatementAreBothReported) {
    const RecoveryOutcome outcome = loadBothWays("record(ai) {\n"
                                                 "    field(TEST, \"foo\", \"bar\")\n"
                                                 "}\n");
    EXPECT_FALSE(outcome.ok);
    EXPECT_EQ(
        outcome.diagnostics,
        (DiagnosticLines{"test.db:1:10: error [syntax] syntax error: expected ',', found ')'",
                         "test.db:2:22: error [syntax] syntax error: expected ')', found ','"}));
}

TEST(RecordRecovery, AMissingTypeThenABadFieldStatementAreBothReported) {
    const RecoveryOutcome outcome = loadBothWays("record(, \"x\") {\n"
                                                 "    field(DESC \"no comma\")\n"
                                                 "}\n");
    EXPECT_FALSE(outcome.ok);
    EXPECT_EQ(outcome.diagnostics,
              (DiagnosticLines{
                  "test.db:1:8: error [syntax] syntax error: expected name or quoted string, "
                  "found ','",
                  "test.db:2:16: error [syntax] syntax error: expected ',', found quoted "
                  "string 'no comma'"}));
}

TEST(RecordRecovery, AHeadWithAnExtraArgumentHasItsBodyRead) {
    // The good statements of the body are read (and not reported); the bad one is.
    const RecoveryOutcome outcome = loadBothWays("record(ai, \"x\", \"extra\") {\n"
                                                 "    field(DESC, \"fine\")\n"
                                                 "    info(autosave, \"VAL\")\n"
                                                 "    field(EGU \"mm\")\n"
                                                 "}\n");
    EXPECT_FALSE(outcome.ok);
    EXPECT_EQ(
        outcome.diagnostics,
        (DiagnosticLines{
            "test.db:1:15: error [syntax] syntax error: expected ')', found ','",
            "test.db:4:15: error [syntax] syntax error: expected ',', found quoted string 'mm'"}));
}

TEST(RecordRecovery, TheRecordAfterIsReadAsBefore) {
    // A bad head with a good body, then a record with an unknown field and a bad value: the
    // body gives nothing (nothing of it is applied or checked against a type), the next
    // record's errors are reported as they always were, and nothing is loaded.
    const RecoveryOutcome outcome = loadBothWays("record(ai) {\n"
                                                 "    field(DESC, \"body\")\n"
                                                 "}\n"
                                                 "record(ai, \"good\") {\n"
                                                 "    field(NOPE, \"1\")\n"
                                                 "    field(PREC, \"many\")\n"
                                                 "}\n"
                                                 "record(bo, \"fine\") {\n"
                                                 "    field(ZNAM, \"off\")\n"
                                                 "}\n");
    EXPECT_FALSE(outcome.ok);
    ASSERT_EQ(outcome.diagnostics.size(), 3u) << ::testing::PrintToString(outcome.diagnostics);
    EXPECT_EQ(outcome.diagnostics[0],
              "test.db:1:10: error [syntax] syntax error: expected ',', found ')'");
    EXPECT_EQ(outcome.diagnostics[1].rfind("test.db:5:11: error [field-unknown] ai record "
                                           "\"good\" does not have a field \"NOPE\"",
                                           0),
              0u)
        << outcome.diagnostics[1];
    EXPECT_EQ(outcome.diagnostics[2].rfind("test.db:6:17: error [field-value] can't set "
                                           "\"good.PREC\" to \"many\"",
                                           0),
              0u)
        << outcome.diagnostics[2];
    EXPECT_EQ(outcome.records, 0u);
}

TEST(RecordRecovery, ALexicalErrorInTheBodyIsReportedToo) {
    const RecoveryOutcome outcome = loadBothWays("record(ai) {\n"
                                                 "    field(DESC, \"a\tb\")\n"
                                                 "}\n");
    EXPECT_EQ(outcome.diagnostics,
              (DiagnosticLines{"test.db:1:10: error [syntax] syntax error: expected ',', found ')'",
                               "test.db:2:17: error [json-string] bad character in JSON string"}));
}

TEST(RecordRecovery, AHeadWithoutItsClosingParenthesisStillHasItsBodyRead) {
    const RecoveryOutcome outcome = loadBothWays("grecord(ai, \"x\" {\n"
                                                 "    field(DESC \"no comma\")\n"
                                                 "}\n");
    EXPECT_EQ(
        outcome.diagnostics,
        (DiagnosticLines{"test.db:1:17: error [syntax] syntax error: expected ')', found '{'",
                         "test.db:2:16: error [syntax] syntax error: expected ',', found quoted "
                         "string 'no comma'"}));
}

TEST(RecordRecovery, WithoutParenthesisOrBraceTheNextRecordIsWhereReadingResumes) {
    // Neither ')' nor '{': the statements that follow are thrown away up to the next record,
    // as for any other statement in error.
    const RecoveryOutcome outcome = loadBothWays("record(ai, \"x\"\n"
                                                 "    field(DESC \"no comma\")\n"
                                                 "}\n"
                                                 "record(ai, \"y\") {\n"
                                                 "    field(NOPE, \"1\")\n"
                                                 "}\n");
    ASSERT_EQ(outcome.diagnostics.size(), 2u) << ::testing::PrintToString(outcome.diagnostics);
    EXPECT_EQ(outcome.diagnostics[0],
              "test.db:2:5: error [syntax] syntax error: expected ')', found field");
    EXPECT_EQ(outcome.diagnostics[1].rfind("test.db:5:11: error [field-unknown]", 0), 0u)
        << outcome.diagnostics[1];
}

TEST(RecordRecovery, ErrorsInABodyStillEndTheRecord) {
    // Unchanged: an error inside a body throws the rest of the record away.
    const RecoveryOutcome outcome = loadBothWays("record(ai, \"a\") {\n"
                                                 "    field(DESC \"no comma\")\n"
                                                 "    field(EGU \"no comma either\")\n"
                                                 "}\n"
                                                 "record(ai, \"b\") {\n"
                                                 "    field(NOPE, \"1\")\n"
                                                 "}\n");
    ASSERT_EQ(outcome.diagnostics.size(), 2u) << ::testing::PrintToString(outcome.diagnostics);
    EXPECT_EQ(outcome.diagnostics[0], "test.db:2:16: error [syntax] syntax error: expected ',', "
                                      "found quoted string 'no comma'");
    EXPECT_EQ(outcome.diagnostics[1].rfind("test.db:6:11: error [field-unknown]", 0), 0u)
        << outcome.diagnostics[1];
}

} // namespace
