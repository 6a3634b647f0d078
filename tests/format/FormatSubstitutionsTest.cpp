// formatSubstitutions: aligned pattern tables, NAME=VALUE sets, globals, comments, errors.
#include <epicsdb/format/Formatter.hpp>

#include <gtest/gtest.h>

using epicsdb::format::FormatResult;
using epicsdb::format::formatSubstitutions;

namespace {

std::string format(std::string_view text) {
    const FormatResult result = formatSubstitutions(text);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.errors[0].message);
    EXPECT_EQ(formatSubstitutions(result.text).text, result.text) << "not idempotent";
    return result.text;
}

std::string error(std::string_view text) {
    const FormatResult result = formatSubstitutions(text);
    EXPECT_FALSE(result.ok());
    if (result.ok()) return "no error";
    const auto& e = result.errors.front();
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

TEST(FormatSubstitutions, PatternColumnsAligned) {
    EXPECT_EQ(format("file x.template {\npattern {P,LONGNAME}\n{a,1}\n{\"long value\" 22}\n}\n"),
              "file \"x.template\" {\n"
              "    pattern { P,            LONGNAME }\n"
              "            { a,            1 }\n"
              "            { \"long value\", 22 }\n"
              "}\n");
}

TEST(FormatSubstitutions, DefinitionSetsOnePerLine) {
    EXPECT_EQ(format("file \"t.db\"\n{\n{A = 1,B=2,}\n  {A=\"x y\"\nB='z'}\n{}\n}\n"),
              "file \"t.db\" {\n"
              "    { A=1, B=2 }\n"
              "    { A=\"x y\", B='z' }\n"
              "    {}\n"
              "}\n");
}

TEST(FormatSubstitutions, BlanksBetweenDefinitionsWithoutACommaAreKept) {
    // msi reads `a=1 b=2` as one definition, dbLoadTemplate as two: neither reading changes.
    EXPECT_EQ(format("file t { {a=1 b=2} }"), "file \"t\" {\n    { a=1 b=2 }\n}\n");
}

TEST(FormatSubstitutions, GlobalsAndMacrosKept) {
    EXPECT_EQ(format("global {P=$(P=x)}\nfile \"$(TOP)/t.db\" { global{ Q = 1 } {R=\"$(Q)\"} }"),
              "global { P=$(P=x) }\n"
              "file \"$(TOP)/t.db\" {\n"
              "    global { Q=1 }\n"
              "    { R=\"$(Q)\" }\n"
              "}\n");
}

TEST(FormatSubstitutions, CommentsOnLinesOfTheirOwnAtColumnZero) {
    EXPECT_EQ(format("# top\n\n\nfile t {  # after the head\n"
                     "    pattern {A}   # names\n"
                     "       # indented\n"
                     "    {1}\n"
                     "\n"
                     "    {2}# second\n"
                     "    # last\n"
                     "}\n"),
              "# top\n\n"
              "# after the head\n"
              "file \"t\" {\n"
              "# names\n"
              "    pattern { A }\n"
              "# indented\n"
              "            { 1 }\n"
              "\n"
              "# second\n"
              "            { 2 }\n"
              "# last\n"
              "}\n");
}

TEST(FormatSubstitutions, CommentsListedAreTheOnesKept) {
    const std::string text = "# a\nfile t { # b\n pattern {A} # c\n {1} # d\n # e\n}\n# f\n";
    const std::vector<std::string> expected = {"# a", "# b", "# c", "# d", "# e", "# f"};
    EXPECT_EQ(epicsdb::format::substitutionComments(text), expected);
    EXPECT_EQ(epicsdb::format::substitutionComments(format(text)), expected);
}

TEST(FormatSubstitutions, CrlfBecomesLf) {
    EXPECT_EQ(format("file t {\r\n  {A=1}\r\n}\r\n"), "file \"t\" {\n    { A=1 }\n}\n");
}

TEST(FormatSubstitutions, TextThatCannotBeReadIsAnErrorWithItsPosition) {
    EXPECT_EQ(error("file t {\n {A=\"x}\n}\n"),
              "2:5: unterminated string (no closing \" on its line)");
    EXPECT_EQ(error("file t {\n {A=1\n"),
              "3:1: expected '}' to close the set opened at line 2, found end of file");
    EXPECT_EQ(error("file t {\n {A=1}\n"),
              "1:1: file block has no closing '}' (found end of file)");
    EXPECT_EQ(error("}"), "1:1: unexpected '}' outside a file block");
    EXPECT_EQ(error("file t { file u {} }"),
              "1:10: expected pattern, global, '{' or '}' in a file block, found 'file'");
    EXPECT_EQ(error("file t { name {A=1} }"),
              "1:10: expected pattern, global, '{' or '}', found 'name'");
    EXPECT_EQ(error(std::string_view("file t {\0}", 10)),
              "1:9: expected a word, a string, '{', '}' or ',', found byte 0x00");
}

// msi takes a '#' for a comment only in column 1 or right behind '{', '}', ',' or a string;
// elsewhere it is part of a word. dbLoadTemplate takes it for a comment wherever it is. Where
// that changes the sets, no layout keeps both meanings: the file is refused.
TEST(FormatSubstitutions, AHashTheTwoReadersReadDifferentlyIsRefused) {
    EXPECT_EQ(
        error("file a {\n{ N=1, D=x#y\n}\n}\n"),
        "2:11: '#' right after a word: msi reads it as part of the word, dbLoadTemplate "
        "as the start of a comment; quote the value, or write the comment on a line of its own");
    EXPECT_EQ(error("file a {\npattern { N, D }\n{ 2, color#1 }\n}\n").substr(0, 5), "3:11:");
    EXPECT_EQ(error("file a {\npattern { N, D }\n{ 2, 3 # c\n}\n").substr(0, 4), "3:8:");
    EXPECT_EQ(error("file a {\npattern { N, D }\n{ 2,\n   # c\n 3 }\n}\n").substr(0, 4), "4:4:");
    // Both take these for comments: right behind a brace, a comma or a string, and in
    // column 1 inside a set. (Outside the sets, where msi refuses a '#' after a blank, it is
    // dbLoadTemplate's comment, put on a line of its own.)
    EXPECT_EQ(format("file a {\npattern { N, D }\n{ 2,# c\n\"x\"# d\n}   # e\n}\n"),
              "file \"a\" {\n    pattern { N, D }\n# c\n# d\n# e\n            { 2, \"x\" }\n}\n");
    EXPECT_EQ(format("file a {\n{ N=1,\n# c\nD=2 }\n}\n"),
              "file \"a\" {\n# c\n    { N=1, D=2 }\n}\n");
}

} // namespace
