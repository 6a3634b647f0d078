// Templates as msi expands them: macros with macLib's rules, the `include` and `substitute`
// directives with their quirks, msi's 4095-character pieces, -V and -D.
#include "MsiRun.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <random>

using epicsdb::test::kErrorMark;
using epicsdb::test::runMsi;

namespace {

struct ExpandCase {
    const char* what;
    std::string macros; // -M
    std::string input;  // the template, on standard input
    std::string output;
};

void PrintTo(const ExpandCase& c, std::ostream* out) {
    *out << c.what;
}

const ExpandCase kExpandCases[] = {
    {"text without macros", "", "plain text\n\nmore\n", "plain text\n\nmore\n"},
    {"references and defaults", "a=1", "$(a) ${a} $(b=2) $(c=$(a)x)\n", "1 1 2 1x\n"},
    {"undefined references are kept, with parentheses", "", "$(x) ${y} $(z,q=1)\n",
     "$(x) $(y) $(z)\n"},
    {"quotes at level 0 are kept; single quotes stop expansion", "a=1",
     "\"$(a)\" '$(a)' \"'$(a)'\"\n", "\"1\" '$(a)' \"'1'\"\n"},
    {"an escaped $ is not a reference", "a=1", "\\$(a) \\\\$(a)\n", "\\$(a) \\\\1\n"},
    {"values lose their quotes and escapes", "b='x y',c=\"z,w\",d=\\\"q\\\"",
     "b=$(b) c=$(c) d=$(d)\n", "b=x y c=z,w d=\"q\"\n"},
    {"values refer to other macros", "a=$(b)$(b),b=2", "$(a)\n", "22\n"},
    {"a recursive macro", "a=$(a)", "[$(a)]\n", "[$(a)]\n"},
    {"an unterminated reference takes the newline (the output's own is lost)", "a=1", "x=$(a\ny\n",
     "x=$(a\n)y\n"},
    {"a $ not followed by a bracket", "a=1", "$a $ $$(a)\n", "$a $ $1\n"},
    {"no final newline", "a=1", "last $(a)", "last 1"},
    {"CRLF text", "a=1", "one $(a)\r\ntwo\r\n", "one 1\r\ntwo\r\n"},
    {"substitute defines macros for the lines after it", "",
     "$(a=none)\nsubstitute \"a=1,b=$(a)2\"\n$(a) $(b)\n", "none\n1 12\n"},
    {"substitute keeps \\\" in the value", "", "substitute \"a=\\\"aa\\\"\"\n$(a)\n", "\"aa\"\n"},
    {"directives may be indented and end with spaces", "", "  \tsubstitute \"a=1\"   \n$(a)\n",
     "1\n"},
    {"a tab after the closing quote makes a directive plain text", "a=1",
     "substitute \"a=2\"\t\n$(a)\n", "substitute \"a=2\"\t\n1\n"},
    {"so does CRLF", "a=1", "substitute \"a=2\"\r\n$(a)\n", "substitute \"a=2\"\r\n1\n"},
    {"text after the closing quote makes it plain text", "a=1", "substitute \"a=2\" x\n$(a)\n",
     "substitute \"a=2\" x\n1\n"},
    {"a directive needs its quotes", "a=1", "substitute a=2\nsubstitute\n$(a)\n",
     "substitute a=2\nsubstitute\n1\n"},
    {"the keyword is found anywhere in a line starting with i or s (quirk)", "",
     "so substitute \"a=1\"\n$(a)\n", "so substitute \"a=1\"\n$(a)\n"},
    {"and parsing restarts at the keyword's length from the line start (quirk)", "",
     "s234567890\"a=3\"substitute\n$(a)\n", "s234567890\"a=3\"substitute\n$(a)\n"},
    {"which can make a directive of a line that does not start with the keyword (quirk)", "",
     "sxxxxxxxxx \"a=substitute\"\n$(a)\n", "substitute\n"},
    {"when both keywords appear, substitute wins", "", "substitute \"x=include\"\n$(x)\n",
     "include\n"},
    {"a NUL ends msi's line: the rest of it is lost", "a=1", std::string("ab\0cd\nef $(a)\n", 14),
     "abef 1\n"},
};

class MsiTemplates : public ::testing::TestWithParam<ExpandCase> {};

TEST_P(MsiTemplates, ExpandAsMsi) {
    const ExpandCase& c = GetParam();
    std::vector<std::string> args;
    if (!c.macros.empty()) args = {"-M", c.macros};
    const auto run = runMsi(args, c.input);
    EXPECT_EQ(run.status, 0) << c.what << ": " << run.err;
    EXPECT_EQ(run.out, c.output) << c.what;
    EXPECT_EQ(run.err, "") << c.what;
}

INSTANTIATE_TEST_SUITE_P(Cases, MsiTemplates, ::testing::ValuesIn(kExpandCases));

TEST(MsiTemplate, LinesAreReadIn4095CharacterPiecesAndWrittenAtMost4094) {
    const std::string x5000(5000, 'x');
    // 5000 x and a newline: a piece of 4095 (4094 written), then 905 x and the newline.
    EXPECT_EQ(runMsi({}, x5000 + "\n").out, std::string(4094, 'x') + std::string(905, 'x') + "\n");
    // 4094 characters and a newline fill one piece: the newline is not written.
    EXPECT_EQ(runMsi({}, std::string(4094, 'y') + "\nz\n").out, std::string(4094, 'y') + "z\n");
    EXPECT_EQ(runMsi({}, std::string(4093, 'y') + "\nz\n").out, std::string(4093, 'y') + "\nz\n");
    // Expansion is cut at 4094 characters too.
    const std::string big(3000, 'v');
    EXPECT_EQ(runMsi({"-M", "a=" + big}, "$(a)$(a)\nnext\n").out,
              std::string(4094, 'v') + "next\n");
    // A reference split by the piece boundary is two texts.
    const std::string pad(4093, '.');
    EXPECT_EQ(runMsi({"-M", "a=1"}, pad + "$(a)\n").out, pad + "$" + "a)\n");
}

TEST(MsiTemplate, IncludesAreFoundOnTheSearchListAndNest) {
    epicsdb::test::ScratchDir files;
    files.write("inc/a.txt", "a1 $(v)\ninclude \"b.txt\"\na2\n");
    files.write("inc/b.txt", "b $(v)\nsubstitute \"v=changed\"\n");
    files.write("t.txt", "start\ninclude \"a.txt\"\ninclude \"b.txt\"\nend $(v)\n");
    const auto run = runMsi({"-I", files.path("inc"), "-M", "v=1", files.path("t.txt")});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "start\na1 1\nb 1\na2\nb changed\nend changed\n");
}

TEST(MsiTemplate, AMissingIncludeShowsWhereItWasIncluded) {
    epicsdb::test::ScratchDir files;
    const std::string inc = files.write("inc/a.txt", "a1\n\ninclude \"nope.txt\"\n");
    const std::string top = files.write("t.txt", "line 1\ninclude \"a.txt\"\nnot reached\n");
    const auto run = runMsi({"-I", files.path("inc"), top});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.out, "line 1\na1\n\n") << "what was written before stays";
    EXPECT_EQ(run.err, kErrorMark +
                           " msi: Can't open file 'nope.txt'\n"
                           "input: 'include \"nope.txt\"\n' at line 3 of  file " +
                           inc + "\n  included from line 2 of  file " + top + "\n\n\n");
}

TEST(MsiTemplate, AnIncludeCycleEndsWithAnError) {
    epicsdb::test::ScratchDir files;
    files.write("loop.txt", "x\ninclude \"loop.txt\"\n");
    const auto run = runMsi({"-I", files.path(), "loop.txt"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err.rfind(kErrorMark + " msi: Can't open file 'loop.txt'\n", 0), 0u);
    // Every level wrote its line before the next include.
    ASSERT_FALSE(run.out.empty());
    std::string lines;
    while (lines.size() < run.out.size())
        lines += "x\n";
    EXPECT_EQ(run.out, lines);
}

TEST(MsiTemplate, DependenciesListEachFileOnceAsOpened) {
    epicsdb::test::ScratchDir files;
    files.write("inc/i.txt", "i\n");
    files.write("inc/j.txt", "include \"i.txt\"\n");
    const std::string top =
        files.write("t.txt", "include \"i.txt\"\ninclude \"j.txt\"\ninclude \"i.txt\"\n");
    const auto run = runMsi({"-I" + files.path("inc"), "-D", "-o", "out.db", top});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "out.db: " + top + " \\\n " + files.path("inc") + "/i.txt \\\n " +
                           files.path("inc") + "/j.txt\n");
}

TEST(MsiTemplate, DashVMarksUndefinedMacrosAndExitsWith2) {
    const auto run = runMsi({"-V", "-M", "a=$(u1)"}, "ok\n$(b) $(c)\n$(d)\n$(a)\n");
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "ok\n$(b,undefined) $(c,undefined)\n$(d,undefined)\n$(u1,undefined)\n");
    EXPECT_EQ(run.err, "macLib: macro u1 is undefined (expanding macro a)\n"
                       "macLib: macro b is undefined (expanding string $(b) $(c)\n)\n"
                       "macLib: macro c is undefined (expanding string $(b) $(c)\n)\n"
                       "msi: Error - undefined macros present\n"
                       "macLib: macro d is undefined (expanding string $(d)\n)\n");
    // Without -V: the same text with $(x) markers, no messages, status 0.
    const auto quiet = runMsi({"-M", "a=$(u1)"}, "$(b)\n$(a)\n");
    EXPECT_EQ(quiet.status, 0);
    EXPECT_EQ(quiet.out, "$(b)\n$(u1)\n");
    EXPECT_EQ(quiet.err, "");
}

// Our shortcut for plain references must give what the macLib translator gives: compare msi's
// output with a line-by-line translation, on random templates made of tricky fragments.
TEST(MsiTemplate, PreparedTemplatesExpandExactlyAsTheTranslator) {
    const char* const fragments[] = {
        "text ", "$(A)",   "${B}",     "$(U)",    "'",      "\"",     "\\",       "$",
        "$(",    "${",     ")",        "}",       "$(A=d)", "$(U=d)", "$(C)",     "$(R)",
        "$(E)",  "$(A,B)", "$(U,X=1)", "$(${N})", "\\$(A)", "'$(A)'", "\"$(B)\"", "=",
        ",",     " ",      "\t",       "$(A B)",  "${A)",   "$(A}",   "$()",      "\n",
        "\n",    "\n",     "$(LONG)",  "s",       "i",      "$(Q)",
    };
    const std::string macros =
        "A=1,B='q q',C=$(A)$(B),R=$(R),E=,N=A,LONG=" + std::string(5000, 'L') + ",Q=\\\"x\\\"";
    std::mt19937 random(2024);
    for (int round = 0; round < 300; ++round) {
        std::string input;
        const int count = 1 + static_cast<int>(random() % 60);
        for (int i = 0; i < count; ++i)
            input += fragments[random() % std::size(fragments)];
        input += "\n";

        // The reference: each line through the translator, cut at 4094 characters.
        epicsdb::maclib::MacroTable table(macros);
        table.suppressWarnings(true);
        std::string expected;
        std::size_t start = 0;
        while (start < input.size()) {
            std::size_t end = input.find('\n', start);
            end = end == std::string::npos ? input.size() : end + 1;
            std::string line;
            table.expand(std::string_view(input).substr(start, end - start), line);
            expected += line.substr(0, 4094);
            start = end;
        }
        const auto run = runMsi({"-M", macros}, input);
        ASSERT_EQ(run.out, expected) << "input: " << input;
    }
}

} // namespace
