// The pieces under the server: positions in UTF-16 and UTF-8, edits of open documents, file
// URIs, the forgiving index of a document's text, and the project file.
#include "DocumentIndex.hpp"
#include "Documents.hpp"
#include "ProjectFile.hpp"
#include "TextPositions.hpp"
#include "Uri.hpp"

#include <gtest/gtest.h>

namespace epicsdb::test {
namespace {

using namespace lsp;

TEST(LspText, Utf16AndUtf8Columns) {
    const std::string text = "aé😀b\nsecond\r\nthird";
    const LineMap lines(text);
    ASSERT_EQ(lines.lineCount(), 3u);
    const std::size_t b = text.find('b');
    EXPECT_EQ(lines.positionOf(text, b, Encoding::Utf16), (Position{0, 4}));
    EXPECT_EQ(lines.positionOf(text, b, Encoding::Utf8), (Position{0, 7}));
    EXPECT_EQ(lines.positionOf(text, b, Encoding::Utf32), (Position{0, 3}));
    EXPECT_EQ(lines.offsetOf(text, {0, 4}, Encoding::Utf16), b);
    // Inside the surrogate pair: before the character.
    EXPECT_EQ(lines.offsetOf(text, {0, 3}, Encoding::Utf16), text.find("😀"));
    // Past the end of a line: its end, before "\r\n".
    EXPECT_EQ(lines.offsetOf(text, {1, 99}, Encoding::Utf16), text.find("\r\n"));
    EXPECT_EQ(lines.offsetOf(text, {9, 0}, Encoding::Utf16), text.size());
    EXPECT_EQ(lines.line(text, 1), "second");
    // Bytes that are not UTF-8 count one unit each.
    EXPECT_EQ(unitsOf("\xff\xfe"
                      "a",
                      Encoding::Utf16),
              3u);
}

TEST(LspText, IncrementalEditsInOrder) {
    Documents documents;
    documents.open("file:///tmp/x.db", "db", 1, "line one\nline two\n");
    ASSERT_TRUE(documents.change("file:///tmp/x.db", 2,
                                 {{Range{{0, 5}, {0, 8}}, "1"},
                                  {Range{{1, 0}, {1, 0}}, "é "},
                                  {Range{{1, 7}, {1, 10}}, "2"}},
                                 Encoding::Utf16));
    EXPECT_EQ(documents.find("file:///tmp/x.db")->text, "line 1\né line 2\n");
    EXPECT_EQ(documents.textOf("/tmp/./x.db"), "line 1\né line 2\n");
    EXPECT_FALSE(documents.change("file:///tmp/none.db", 2, {}, Encoding::Utf16));
}

TEST(LspText, FileUris) {
    EXPECT_EQ(pathOfUri("file:///a%20b/c%C3%A9.db"), "/a b/cé.db");
    EXPECT_EQ(pathOfUri("file://localhost/x"), "/x");
    EXPECT_FALSE(pathOfUri("untitled:Untitled-1"));
    EXPECT_FALSE(pathOfUri("file://host/x"));
    EXPECT_EQ(uriOfPath("/a b/cé.db"), "file:///a%20b/c%C3%A9.db");
    EXPECT_EQ(kindOfPath("/x/st.cmd"), DocumentKind::Startup);
    EXPECT_EQ(kindOfPath("/x/a.substitutions"), DocumentKind::Substitutions);
    EXPECT_EQ(kindOfPath("/x/a.dbd"), DocumentKind::Definitions);
    EXPECT_EQ(kindOfPath("/x/a.template"), DocumentKind::Database);
}

TEST(LspText, TheIndexReadsHalfTypedText) {
    const std::string text = "# comment record(ai, \"no\")\n"
                             "record(ai, \"$(P):a\") {\n"
                             "    field(INP, \"b.VAL NPP\")\n"
                             "    info(autosaveFields, \"VAL\")\n"
                             "    field(DESC\n"
                             "record(calc, b) { field(CALC, \"A+1\") alias(\"c\") }\n"
                             "include \"x.db\"\n";
    const DocumentIndex index = indexDatabase(text);
    ASSERT_EQ(index.records.size(), 2u);
    EXPECT_EQ(index.records[0].name.text, "$(P):a");
    ASSERT_EQ(index.records[0].fields.size(), 3u);
    EXPECT_EQ(index.records[0].fields[0].value.text, "b.VAL NPP");
    EXPECT_TRUE(index.records[0].fields[1].info);
    EXPECT_EQ(index.records[0].fields[2].name.text, "DESC");
    EXPECT_LT(index.records[0].whole.end, text.find("record(calc"));
    EXPECT_EQ(index.records[1].name.text, "b");
    EXPECT_FALSE(index.records[1].name.quoted);
    ASSERT_EQ(index.records[1].aliases.size(), 1u);
    ASSERT_EQ(index.includes.size(), 1u);
    EXPECT_EQ(index.includes[0].text, "x.db");
    ASSERT_EQ(index.macros.size(), 1u);
    EXPECT_EQ(index.macros[0].name, "P");
    EXPECT_EQ(index.recordAt(text.find("NPP"))->name.text, "$(P):a");

    const DocumentIndex subst =
        indexSubstitutions("file \"a.template\" { pattern {P} {x} }\nfile b.db { {P=1} }\n");
    ASSERT_EQ(subst.templateFiles.size(), 2u);
    EXPECT_EQ(subst.templateFiles[1].text, "b.db");
}

TEST(LspText, TheProjectFile) {
    std::optional<ProjectProblem> problem;
    const ProjectFile project = parseProjectFile(
        "/p",
        "dbd = [\"dbd/app.dbd\"]\ninclude = \"db\"\nstartup = \"iocBoot/ioc/st.cmd\"\n"
        "external = [\"OTHER:*\"]\n[macros]\nP = \"x:\"\nR = \"y\"\n",
        problem);
    EXPECT_FALSE(problem) << problem->message;
    EXPECT_EQ(project.definitions, std::vector<std::string>{"/p/dbd/app.dbd"});
    EXPECT_EQ(project.includeDirs, std::vector<std::string>{"/p/db"});
    EXPECT_EQ(project.startup, "/p/iocBoot/ioc/st.cmd");
    EXPECT_EQ(project.externals, std::vector<std::string>{"OTHER:*"});
    EXPECT_EQ(project.macros, "P=x:,R=y");

    struct Case {
        std::string text;
        std::string message;
        unsigned line;
    };
    const std::vector<Case> cases = {
        {"dbd = [1]\n", "'dbd' holds a value that is not a string", 1},
        {"\nfoo = 1\n", "unknown key 'foo'", 2},
        {"macros = 3\n", "'macros' must be a table", 1},
        {"startup = [\"a\"]\n", "'startup' must be a string", 1},
        {"dbd = [\n", "", 1},
    };
    for (const Case& c : cases) {
        std::optional<ProjectProblem> bad;
        (void)parseProjectFile("/p", c.text, bad);
        ASSERT_TRUE(bad) << c.text;
        EXPECT_NE(bad->message.find(c.message), std::string::npos) << bad->message;
        EXPECT_GE(bad->line, c.line) << c.text;
    }
}

} // namespace
} // namespace epicsdb::test
