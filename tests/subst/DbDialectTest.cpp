// The dbLoadTemplate dialect (EPICS-BEHAVIOUR 5.1): which sets a file yields, with which
// definitions, and how bad input is reported.
#include <epicsdb/loaders/Substitutions.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace epicsdb;
using loaders::parseSubstitutions;

namespace {

// Each set as "template|definitions".
std::vector<std::string> setsOf(const loaders::SubstitutionParse& parse) {
    std::vector<std::string> out;
    for (const auto& set : parse.sets)
        out.push_back(set.templateFile + "|" + set.definitions);
    return out;
}

std::string describe(const loaders::SubstitutionParse& parse) {
    std::string text;
    for (const auto& d : parse.diagnostics)
        text += std::to_string(d.location.line) + ":" + std::to_string(d.location.column) + ": " +
                d.code + ": " + d.message + "\n";
    return text;
}

struct SetsCase {
    const char* what;
    const char* input;
    std::vector<std::string> sets;
};

const SetsCase kSetsCases[] = {
    {"a regular set", "file a.db { {A=1, B=\"x y\"} }", {"a.db|A=1,B=\"x y\""}},
    {"single quotes are re-wrapped in double quotes",
     "file a.db { {B='x y'} }",
     {"a.db|B=\"x y\""}},
    {"escapes are kept raw",
     R"(file a.db { {A="a\"b", B='c\'d'} })",
     {R"(a.db|A="a\"b",B="c\'d")"}},
    {"whitespace alone separates definitions",
     "file a.db {\n {A=1 B=2\n C=3}\n}",
     {"a.db|A=1,B=2,C=3"}},
    {"every bareword character",
     "file a.db { {A=aZ09_-+:./\\[]<>;} }",
     {"a.db|A=aZ09_-+:./\\[]<>;"}},
    {"a quoted file name keeps macros for the loader",
     "file \"$(TOP)/db/a.db\" { {A=1} }",
     {"$(TOP)/db/a.db|A=1"}},
    {"an empty set loads once with no definitions", "file a.db { {} }", {"a.db|"}},
    {"an empty block loads nothing", "file a.db { }", {}},
    {"a global block before the file block",
     "global {G=1} file a.db { {A=1} {} }",
     {"a.db|G=1,A=1", "a.db|G=1"}},
    {"globals last into later blocks",
     "global {G=1} file a.db {{A=1}} file b.db {{B=2}}",
     {"a.db|G=1,A=1", "b.db|G=1,B=2"}},
    {"a global between sets applies to the sets after it",
     "file a.db { {A=1} global {G=2} {A=2} global {} {} }",
     {"a.db|A=1", "a.db|G=2,A=2", "a.db|G=2"}},
    {"a later global comes after the earlier ones",
     "global {G=1} file a.db { global {G=2} {A=1} }",
     {"a.db|G=1,G=2,A=1"}},
    {"pattern rows match values to names by position",
     "file a.db { pattern {A, B} {1, 2} {\"x y\" 'z'} }",
     {"a.db|A=1,B=2", "a.db|A=\"x y\",B=\"z\""}},
    {"a row with fewer values leaves the rest undefined",
     "file a.db { pattern {A B C} {1} }",
     {"a.db|A=1"}},
    {"pattern {} with empty rows", "file a.db { pattern {} {} {} }", {"a.db|", "a.db|"}},
    {"a global between pattern rows",
     "file a.db { pattern {A} {1} global {G=g} {2} }",
     {"a.db|A=1", "a.db|G=g,A=2"}},
    {"pattern names reset with each file block",
     "file a.db { pattern {A} {1} } file b.db { pattern {B} {2} }",
     {"a.db|A=1", "b.db|B=2"}},
    {"comments run to the end of the line",
     "# header\nfile a.db { # the block\n {A=1} # a set\n}\n# trailer",
     {"a.db|A=1"}},
    {"CRLF line endings", "file a.db {\r\n {A=1}\r\n}\r\n", {"a.db|A=1"}},
    {"a file without a final newline", "file a.db { {A=1} }", {"a.db|A=1"}},
    {"keywords inside longer words are words",
     "file files.db { {filex=globals} }",
     {"files.db|filex=globals"}},
    {"the deprecated WORD { } form still loads", "file a.db { name {A=1} }", {"a.db|A=1"}},
};

void PrintTo(const SetsCase& c, std::ostream* out) {
    *out << c.what;
}

class DbDialectSets : public ::testing::TestWithParam<SetsCase> {};

TEST_P(DbDialectSets, YieldTheSetsEpicsLoads) {
    const SetsCase& c = GetParam();
    const auto parse = parseSubstitutions("t.substitutions", c.input);
    EXPECT_EQ(setsOf(parse), c.sets) << c.what << "\n" << describe(parse);
    EXPECT_TRUE(parse.ok) << c.what << "\n" << describe(parse);
}

INSTANTIATE_TEST_SUITE_P(Cases, DbDialectSets, ::testing::ValuesIn(kSetsCases));

TEST(DbDialect, DeprecatedSyntaxIsAWarningAtTheWord) {
    const auto parse = parseSubstitutions("t.substitutions", "file a.db {\n  old {A=1}\n}\n");
    ASSERT_EQ(parse.diagnostics.size(), 1u) << describe(parse);
    const Diagnostic& d = parse.diagnostics[0];
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.code, "subst-deprecated");
    EXPECT_EQ(d.location.line, 2u);
    EXPECT_EQ(d.location.column, 3u);
    EXPECT_NE(d.message.find("'old'"), std::string::npos) << d.message;
    EXPECT_TRUE(parse.ok);
}

TEST(DbDialect, TooManyValuesAreDroppedWithAWarning) {
    const auto parse =
        parseSubstitutions("t.substitutions", "file a.db {\npattern {A}\n{1, 2, \"3\"}\n}\n");
    EXPECT_EQ(setsOf(parse), std::vector<std::string>{"a.db|A=1"});
    ASSERT_EQ(parse.diagnostics.size(), 2u) << describe(parse);
    for (const auto& d : parse.diagnostics) {
        EXPECT_EQ(d.severity, Severity::Warning);
        EXPECT_EQ(d.code, "subst-too-many-values");
        EXPECT_EQ(d.location.line, 3u);
    }
    EXPECT_EQ(parse.diagnostics[0].location.column, 5u);
    EXPECT_EQ(parse.diagnostics[1].location.column, 8u); // a quoted value starts at its quote
    EXPECT_TRUE(parse.ok);
}

TEST(DbDialect, SetsKnowWhereTheyAre) {
    const auto parse = parseSubstitutions("t.substitutions", "\nfile a.db {\n  {A=1}\n  pattern\n");
    ASSERT_EQ(parse.sets.size(), 1u);
    EXPECT_EQ(parse.sets[0].location.file, "t.substitutions");
    EXPECT_EQ(parse.sets[0].location.line, 3u);
    EXPECT_EQ(parse.sets[0].location.column, 3u);
    EXPECT_EQ(parse.sets[0].fileLocation.line, 2u);
    EXPECT_EQ(parse.sets[0].fileLocation.column, 1u);
}

TEST(DbDialect, MacroReferencesMustBeQuoted) {
    // EPICS: three "invalid character" errors, and the set goes on with what is left.
    const auto parse = parseSubstitutions("t.substitutions", "file a.db {\n{A=$(X)}\n}\n");
    ASSERT_EQ(parse.diagnostics.size(), 3u) << describe(parse);
    const char expected[] = {'$', '(', ')'};
    const unsigned columns[] = {4, 5, 7};
    for (int i = 0; i < 3; ++i) {
        const Diagnostic& d = parse.diagnostics[i];
        EXPECT_EQ(d.code, "subst-invalid-char");
        EXPECT_EQ(d.message, std::string("invalid character '") + expected[i] + "'");
        EXPECT_EQ(d.location.line, 2u);
        EXPECT_EQ(d.location.column, columns[i]);
        EXPECT_EQ(d.sourceLine, "{A=$(X)}");
    }
    EXPECT_FALSE(parse.diagnostics[0].notes.empty()) << "a hint that msi takes them unquoted";
    EXPECT_EQ(setsOf(parse), std::vector<std::string>{"a.db|A=X"});
    EXPECT_FALSE(parse.ok);
}

struct ErrorCase {
    const char* what;
    std::string input;
    const char* code; // of the first error
    unsigned line;    // where it is
    unsigned column;
    const char* contains; // in its message
    std::size_t sets;     // sets read before the error
};

const ErrorCase kErrorCases[] = {
    {"an empty file", "", "subst-syntax", 1, 1, "found end of file", 0},
    {"a file of comments only", "# a\n# b\n", "subst-syntax", 3, 1, "found end of file", 0},
    {"a set outside any file block", "{A=1}", "subst-syntax", 1, 1, "found '{'", 0},
    {"a file block without a name", "file { {A=1} }", "subst-syntax", 1, 6, "found '{'", 0},
    {"a second pattern in one block", "file a.db { pattern {A} {1} pattern {B} {2} }",
     "subst-syntax", 1, 29, "found pattern", 1},
    {"a regular set in a pattern block", "file a.db { pattern {A} {1} {B=2} }", "subst-syntax", 1,
     31, "found '='", 1},
    {"a pattern row in a regular block", "file a.db { {A=1} {2} }", "subst-syntax", 1, 21,
     "found '}'", 1},
    {"a definition without a value", "file a.db { {A=} }", "subst-syntax", 1, 16, "found '}'", 0},
    {"a leading comma", "file a.db { {,A=1} }", "subst-syntax", 1, 14, "found ','", 0},
    {"quoted pattern names", "file a.db { pattern {\"A\"} }", "subst-syntax", 1, 22,
     "found quoted string", 0},
    {"keywords are not names", "file a.db { {file=1} }", "subst-syntax", 1, 14, "found file", 0},
    {"the deprecated form with an empty set", "file a.db { x {} }", "subst-syntax", 1, 16,
     "found '}'", 0},
    {"an unclosed block", "file a.db {\n {A=1}\n", "subst-syntax", 3, 1, "found end of file", 1},
    {"an unterminated quote", "file a.db {\n{A=\"abc}\n}\n", "subst-invalid-char", 2, 4,
     "invalid character '\"'", 1},
    {"a quote broken by a newline after a backslash", "file a.db {{A='x\\\n'}}",
     "subst-invalid-char", 1, 15, "invalid character '''", 1},
    {"a control character", "file a.db {\x01{A=1}}", "subst-invalid-char", 1, 12,
     "invalid character 0x01", 1},
    {"a NUL byte", std::string("file a.db {{A=1}}\0", 18), "subst-invalid-char", 1, 18,
     "invalid character 0x00", 1},
    {"runaway nesting", "file a.db {{{{{{{{{{{{{{{{{{{{", "subst-syntax", 1, 13, "found '{'", 0},
};

void PrintTo(const ErrorCase& c, std::ostream* out) {
    *out << c.what;
}

class DbDialectErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(DbDialectErrors, AreReportedWhereTheyAre) {
    const ErrorCase& c = GetParam();
    const auto parse = parseSubstitutions("t.substitutions", c.input);
    EXPECT_FALSE(parse.ok) << c.what;
    const Diagnostic* first = nullptr;
    for (const auto& d : parse.diagnostics)
        if (!first && d.severity == Severity::Error) first = &d;
    ASSERT_NE(first, nullptr) << c.what << "\n" << describe(parse);
    EXPECT_EQ(first->code, c.code) << c.what << "\n" << describe(parse);
    EXPECT_EQ(first->location.file, "t.substitutions");
    EXPECT_EQ(first->location.line, c.line) << c.what << "\n" << describe(parse);
    EXPECT_EQ(first->location.column, c.column) << c.what << "\n" << describe(parse);
    EXPECT_NE(first->message.find(c.contains), std::string::npos)
        << c.what << ": " << first->message;
    EXPECT_EQ(parse.sets.size(), c.sets) << c.what << "\n" << describe(parse);
}

INSTANTIATE_TEST_SUITE_P(Cases, DbDialectErrors, ::testing::ValuesIn(kErrorCases));

TEST(DbDialect, ASyntaxErrorEndsTheFile) {
    // As in EPICS: no recovery, sets after the error are not read.
    const auto parse = parseSubstitutions(
        "t.substitutions", "file a.db { {A=1} }\nfile b.db { {B=} }\nfile c.db { {C=3} }\n");
    EXPECT_EQ(setsOf(parse), std::vector<std::string>{"a.db|A=1"});
    std::size_t errors = 0;
    for (const auto& d : parse.diagnostics)
        errors += d.severity == Severity::Error;
    EXPECT_EQ(errors, 1u) << describe(parse);
}

TEST(DbDialect, MorePatternNamesThanDbTemplateMaxVars) {
    const auto parse =
        parseSubstitutions("t.substitutions", "file a.db { pattern {A B C} {1 2 3} }", 2);
    EXPECT_FALSE(parse.ok);
    ASSERT_FALSE(parse.diagnostics.empty());
    EXPECT_EQ(parse.diagnostics[0].code, "subst-max-vars");
    EXPECT_EQ(parse.diagnostics[0].location.column, 26u);
    EXPECT_NE(parse.diagnostics[0].message.find("dbTemplateMaxVars = 2"), std::string::npos);
    // The name is dropped, so its value is one too many.
    EXPECT_EQ(setsOf(parse), std::vector<std::string>{"a.db|A=1,B=2"});
}

TEST(DbDialect, BinaryGarbageGivesBoundedErrorsAndNoCrash) {
    std::mt19937 random(12345);
    for (int round = 0; round < 50; ++round) {
        std::string input(1 + random() % 4000, '\0');
        for (char& c : input)
            c = static_cast<char>(random());
        const auto parse = parseSubstitutions("garbage.bin", input);
        EXPECT_FALSE(parse.ok);
        EXPECT_LE(parse.diagnostics.size(), 101u);
        for (const auto& d : parse.diagnostics)
            EXPECT_FALSE(d.message.empty());
    }
}

TEST(DbDialect, ManySetsAreAllRead) {
    std::string input = "file t.db {\npattern {N V}\n";
    for (int i = 0; i < 10000; ++i)
        input += "{" + std::to_string(i) + " v" + std::to_string(i) + "}\n";
    input += "}\n";
    const auto parse = parseSubstitutions("big.substitutions", input);
    ASSERT_TRUE(parse.ok) << describe(parse);
    ASSERT_EQ(parse.sets.size(), 10000u);
    EXPECT_EQ(parse.sets[9999].definitions, "N=9999,V=v9999");
    EXPECT_EQ(parse.sets[9999].location.line, 10002u);
}

TEST(DbDialect, AMissingFileIsAnError) {
    const auto parse = loaders::readSubstitutionFile("/nonexistent/dir/x.substitutions");
    EXPECT_FALSE(parse.ok);
    ASSERT_EQ(parse.diagnostics.size(), 1u);
    EXPECT_EQ(parse.diagnostics[0].code, "file-open");
    EXPECT_NE(parse.diagnostics[0].message.find("No such file"), std::string::npos);
}

} // namespace
