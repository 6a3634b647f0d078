// formatDatabase: each layout rule on a small text, exactly; errors with their positions.
#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/format/Formatter.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

using epicsdb::format::formatDatabase;
using epicsdb::format::FormatOptions;
using epicsdb::format::FormatResult;

namespace {

class FormatDatabase : public ::testing::Test {
protected:
    void SetUp() override {
        epicsdb::loaders::Loader loader(db, diagnostics);
        ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    }
    std::string format(std::string_view text, bool keepOrder = false) {
        FormatOptions options;
        options.definitions = &db;
        options.keepOrder = keepOrder;
        const FormatResult result = formatDatabase(text, options);
        EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.errors[0].message);
        // Every layout is its own layout.
        const FormatResult again = formatDatabase(result.text, options);
        EXPECT_EQ(again.text, result.text) << "not idempotent";
        return result.text;
    }
    std::string error(std::string_view text) {
        FormatOptions options;
        options.definitions = &db;
        const FormatResult result = formatDatabase(text, options);
        EXPECT_FALSE(result.ok());
        EXPECT_EQ(result.text, "");
        if (result.ok()) return "no error";
        const auto& e = result.errors.front();
        return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
    }
    epicsdb::dbstatic::Database db;
    epicsdb::DiagnosticList diagnostics;
};

TEST_F(FormatDatabase, FieldsOnePerLineInTheRecordTypesOrderValuesQuoted) {
    EXPECT_EQ(format("record(ai,x){field(VAL,1.5) field(SCAN,\"1 second\")field(DESC,d)}"),
              "record(ai, \"x\") {\n"
              "    field(DESC, \"d\")\n"
              "    field(SCAN, \"1 second\")\n"
              "    field(VAL, \"1.5\")\n"
              "}\n");
}

TEST_F(FormatDatabase, KeepOrderKeepsTheAuthorsOrderAndBlankLines) {
    const std::string text = "record(ai, \"x\") {\n"
                             "    field(VAL, \"1.5\")\n"
                             "\n"
                             "    field(DESC, \"d\")\n"
                             "}\n";
    EXPECT_EQ(format(text, true), text);
    EXPECT_EQ(format(text),
              "record(ai, \"x\") {\n    field(DESC, \"d\")\n    field(VAL, \"1.5\")\n}\n");
}

TEST_F(FormatDatabase, BlankLinesInABodyStayWhenNothingMoved) {
    const std::string text = "record(ai, \"x\") {\n"
                             "    field(DESC, \"d\")\n"
                             "\n\n"
                             "    field(VAL, \"1.5\")\n"
                             "}\n";
    EXPECT_EQ(format(text), "record(ai, \"x\") {\n    field(DESC, \"d\")\n\n"
                            "    field(VAL, \"1.5\")\n}\n");
}

TEST_F(FormatDatabase, CommentsStayWithWhatTheyAnnotate) {
    EXPECT_EQ(format("# the record\n"
                     "record(ai, x) { # its head\n"
                     "  # about VAL\n"
                     "  field(VAL, 1)   # VAL's line\n"
                     "  # about DESC\n"
                     "  field(DESC, \"d\")\n"
                     "  # end of body\n"
                     "} # after\n"
                     "# end of file\n"),
              "# the record\n"
              "record(ai, \"x\") { # its head\n"
              "    # about DESC\n"
              "    field(DESC, \"d\")\n"
              "    # about VAL\n"
              "    field(VAL, \"1\") # VAL's line\n"
              "    # end of body\n"
              "} # after\n"
              "# end of file\n");
}

TEST_F(FormatDatabase, ACommentInsideAStatementGoesBeforeIt) {
    EXPECT_EQ(format("record(ai, x) {\n  field(VAL, # inside\n 1)\n}\n"),
              "record(ai, \"x\") {\n    # inside\n    field(VAL, \"1\")\n}\n");
}

TEST_F(FormatDatabase, BlankLineGroupsBetweenStatementsCollapseToOne) {
    EXPECT_EQ(format("\n\nrecord(ai, a)\n\n\n\n# b\n\nrecord(ai, b)\nrecord(ai, c)\n\n\n"),
              "record(ai, \"a\")\n\n# b\n\nrecord(ai, \"b\")\nrecord(ai, \"c\")\n");
}

TEST_F(FormatDatabase, AliasesThenInfosAfterTheFieldsInTheAuthorsOrder) {
    EXPECT_EQ(format("record(ao, x) {\n"
                     "    info(b, \"2\")\n"
                     "    alias(x2)\n"
                     "    field(DESC, \"d\")\n"
                     "    info(a, 1)\n"
                     "    alias(\"x1\")\n"
                     "}\n"
                     "alias(x, y)\n"),
              "record(ao, \"x\") {\n"
              "    field(DESC, \"d\")\n"
              "    alias(\"x2\")\n"
              "    alias(\"x1\")\n"
              "    info(b, \"2\")\n"
              "    info(a, \"1\")\n"
              "}\n"
              "alias(\"x\", \"y\")\n");
}

TEST_F(FormatDatabase, DuplicateFieldsKeepTheirOrderSoTheLastStillWins) {
    EXPECT_EQ(format("record(ai, x) { field(VAL, 1) field(DESC, a) field(VAL, 2) }"),
              "record(ai, \"x\") {\n"
              "    field(DESC, \"a\")\n"
              "    field(VAL, \"1\")\n"
              "    field(VAL, \"2\")\n"
              "}\n");
}

TEST_F(FormatDatabase, UnknownFieldsFollowTheKnownOnesInTheAuthorsOrder) {
    EXPECT_EQ(format("record(ai, x) { field(ZZZ, 1) field(VAL, 2) field(AAA, 3) field(DESC, d) }"),
              "record(ai, \"x\") {\n"
              "    field(DESC, \"d\")\n"
              "    field(VAL, \"2\")\n"
              "    field(ZZZ, \"1\")\n"
              "    field(AAA, \"3\")\n"
              "}\n");
}

TEST_F(FormatDatabase, AnUnknownTypeOrAMacroFieldNameKeepsTheAuthorsOrder) {
    EXPECT_EQ(format("record(nosuch, x) { field(VAL, 1) field(DESC, d) }"),
              "record(nosuch, \"x\") {\n    field(VAL, \"1\")\n    field(DESC, \"d\")\n}\n");
    EXPECT_EQ(format("record(ai, x) { field(VAL, 1) field($(F), 2) field(DESC, d) }"),
              "record(ai, \"x\") {\n    field(VAL, \"1\")\n    field($(F), \"2\")\n"
              "    field(DESC, \"d\")\n}\n");
}

TEST_F(FormatDatabase, JsonValuesAndStringsStayAsWritten) {
    EXPECT_EQ(format("record(ai, x) { field(INP, {const: 1.5}) field(DESC, 'single')\n"
                     "info(Q:group, {\"a\": [1, 2]}) field(EGU, \"a\\\"b\") field(HOPR, null) }"),
              "record(ai, \"x\") {\n"
              "    field(DESC, 'single')\n"
              "    field(INP, {const: 1.5})\n"
              "    field(EGU, \"a\\\"b\")\n"
              "    field(HOPR, null)\n"
              "    info(Q:group, {\"a\": [1, 2]})\n"
              "}\n");
}

TEST_F(FormatDatabase, MacrosStayUnexpandedAndBareMacroValuesUnquoted) {
    EXPECT_EQ(format("record(ai, $(P)x) { field(INP, $(LINK)) field(DESC, \"$(D=a b)\")\n"
                     "field(SCAN, ${S}) }"),
              "record(ai, \"$(P)x\") {\n"
              "    field(DESC, \"$(D=a b)\")\n"
              "    field(SCAN, ${S})\n"
              "    field(INP, $(LINK))\n"
              "}\n");
}

TEST_F(FormatDatabase, RecordsWithoutAndWithEmptyBodies) {
    EXPECT_EQ(format("record(ai, a) # no body\ngrecord(ai, b) {}\n"),
              "record(ai, \"a\") # no body\ngrecord(ai, \"b\") {\n}\n");
}

TEST_F(FormatDatabase, IncludesPathsAndDefinitionsAsWritten) {
    EXPECT_EQ(format("path \"a:b\"\naddpath c\ninclude \"x.db\"\n"
                     "menu(m) {\n  choice(m0, \"Zero\")  # z\n}\n%#include <x.h>\n"),
              "path \"a:b\"\naddpath \"c\"\ninclude \"x.db\"\n"
              "menu(m) {\n  choice(m0, \"Zero\")  # z\n}\n%#include <x.h>\n");
}

TEST_F(FormatDatabase, CrlfLineEndsBecomeLf) {
    EXPECT_EQ(format("record(ai, x) {\r\n  field(VAL, 1) # c\r\n}\r\n"),
              "record(ai, \"x\") {\n    field(VAL, \"1\") # c\n}\n");
}

TEST_F(FormatDatabase, TextThatCannotBeReadIsAnErrorWithItsPosition) {
    EXPECT_EQ(error("record(ai, \"x) {\n}\n"),
              "1:12: unterminated string (no closing \" on its line)");
    EXPECT_EQ(error("record(ai, x) {\n  field(VAL, 1)\n"),
              "1:1: record x has no closing '}' (found end of file)");
    EXPECT_EQ(error("record(ai, x) {\n  field(VAL, a:b)\n}\n"), "2:15: expected ')', found ':b'");
    EXPECT_EQ(error("record(ai, field) {}"), "1:12: expected a record name, found 'field'");
    EXPECT_EQ(error(std::string_view("record(ai, x)\0", 14)),
              "1:14: expected a name, a string, '{', '}', '(', ')' or ',', found byte 0x00");
    EXPECT_EQ(error("record(ai, $(P {}"),
              "1:12: unterminated macro reference (no closing ')' on its line)");
    EXPECT_EQ(error("record(ai, x) { field(INP, {a: [1}) }"), "1:34: expected ']', found '}'");
    EXPECT_EQ(error("record(ai, x) { junk(A, 1) }"),
              "1:17: expected field, info, alias or '}' in record x, found 'junk'");
    EXPECT_EQ(error("menu(m) {"), "1:1: unterminated menu (no closing '}')");
}

TEST_F(FormatDatabase, CommentsListedAreTheOnesKept) {
    const std::string text = "# a\nrecord(ai, x) { # b\n field(VAL, 1) # c\n # d\n}\n# e\n";
    const std::vector<std::string> expected = {"# a", "# b", "# c", "# d", "# e"};
    EXPECT_EQ(epicsdb::format::databaseComments(text), expected);
    EXPECT_EQ(epicsdb::format::databaseComments(format(text)), expected);
}

TEST_F(FormatDatabase, AHugeFileAndDeepJsonDoNotOverflow) {
    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += "record(ai, r" + std::to_string(i) + ") { field(VAL, 1) }\n";
    text += "record(ai, deep) { field(INP, " + std::string(100000, '[') + std::string(100000, ']') +
            ") }\n";
    const FormatResult result = formatDatabase(text, {&db, false});
    ASSERT_TRUE(result.ok());
    EXPECT_NE(result.text.find("record(ai, \"r19999\") {\n    field(VAL, \"1\")\n}\n"),
              std::string::npos);
}

} // namespace
