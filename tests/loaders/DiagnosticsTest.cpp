// What a user reads when something is wrong: syntax errors with what was expected and found,
// positions, the source line, and recovery so that one run reports every error of a file.
#include "LoaderFixture.hpp"

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

using Diagnostics = LoaderFixture;

TEST_F(Diagnostics, SyntaxErrorsSayWhatWasExpectedAndWhatWasFound) {
    EXPECT_FALSE(load("record(ai, r) {\n    field(DESC \"x\")\n}\n").ok);
    ASSERT_EQ(errors().size(), 1u) << allMessages();
    const Diagnostic& error = *errors()[0];
    EXPECT_EQ(error.code, "syntax");
    EXPECT_EQ(error.message, "syntax error: expected ',', found quoted string 'x'");
    EXPECT_EQ(error.location.file, "test.db");
    EXPECT_EQ(error.location.line, 2u);
    EXPECT_EQ(error.location.column, 16u);
    EXPECT_EQ(error.sourceLine, "    field(DESC \"x\")");
}

TEST_F(Diagnostics, ParsingResumesAtTheNextRecord) {
    auto result = load("record(ai, a) { field(DESC, \"ok\") }\n"
                       "record(ai, b) { field(DESC \"missing comma\") }\n"
                       "record(ai, c) { field(PREC, notanumber) }\n"
                       "record(ai, d) { field(BOGUS, 1) }\n"
                       "record(ai, e) { field(DESC, \"fine\") }\n");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(errors().size(), 3u) << allMessages();
    EXPECT_EQ(errors()[0]->location.line, 2u);
    EXPECT_EQ(errors()[1]->location.line, 3u);
    EXPECT_EQ(errors()[2]->location.line, 4u);
    EXPECT_EQ(result.errors, 3u);
}

TEST_F(Diagnostics, LexicalErrorsNameTheCharacter) {
    struct Case {
        const char* text;
        const char* message;
        unsigned line, column;
    };
    const Case cases[] = {
        {"record(ai, r) { field(DESC, \"x\") }\n@\n", "invalid character '@'", 2, 1},
        {"record(ai, 'r')\n", "invalid character '''", 1, 12},
        {"record(ai, r\x01)\n", "invalid character 0x01", 1, 13},
        {"record(ai, \"unterminated)\n", "newline in string, closing quote missing", 1, 12},
        {"record(ai, r) { field(DESC, \"a\tb\") }\n", "bad character in JSON string", 1, 29},
        // ':' is JSON punctuation: PV names with colons must be quoted.
        {"record(ai, r) { field(INP, a:b) }\n", "syntax error: expected ')', found ':'", 1, 29},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        const Diagnostic* error = firstErrorOf(c.text);
        ASSERT_NE(error, nullptr);
        EXPECT_EQ(error->message, c.message);
        EXPECT_EQ(error->location.line, c.line);
        EXPECT_EQ(error->location.column, c.column);
    }
}

TEST_F(Diagnostics, CommentsAndKeywordsFollowTheEpicsLexer) {
    // '#' comments anywhere outside a token; a bareword ends where a comment starts.
    auto result = load("record(abc#comment\n, r) # trailing\n");
    EXPECT_FALSE(result.ok); // record type "abc" is unknown
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message, "record \"r\" is of unknown type \"abc\"");
    // Keywords are whole tokens: a record named "include" must be quoted.
    diagnostics.items.clear();
    EXPECT_FALSE(load("record(ai, include)\n").ok);
    diagnostics.items.clear();
    EXPECT_TRUE(load("record(ai, \"include\")\n").ok) << allMessages();
}

TEST_F(Diagnostics, AnEmptyFileAndCommentsOnlyAreValid) {
    EXPECT_TRUE(load("").ok);
    EXPECT_TRUE(load("# nothing here\n\n   \t\n").ok);
    EXPECT_TRUE(diagnostics.items.empty());
}
