// Substitution files in msi's dialect (EPICS-BEHAVIOUR 5.2): its tokenizer (commas and line ends
// separate, whitespace alone does not), its scoping, and its messages, with the line number it
// prints (one more than the real one).
#include "MsiRun.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using epicsdb::test::isMessageAndUsage;
using epicsdb::test::kErrorMark;
using epicsdb::test::runMsi;

namespace {

const char* const kTemplate = "$(a=-) $(b=-) $(c=-)\n";

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

struct Files {
    epicsdb::test::ScratchDir scratch;
    std::string templatePath = scratch.write("t.txt", kTemplate);
    // @T@ in the text stands for the template's path.
    std::string substitutions(const std::string& text) {
        return scratch.write("s.subs", replaceAll(text, "@T@", templatePath));
    }
};

struct SetCase {
    const char* what;
    std::string text;
    std::vector<std::string> args; // before -S
    std::string output;
    bool templateArgument = true;
};

void PrintTo(const SetCase& c, std::ostream* out) {
    *out << c.what;
}

const SetCase kSetCases[] = {
    {"regular sets", "{a=1,b=2}\n{c=3}\n", {}, "1 2 -\n- - 3\n"},
    {"whitespace alone separates nothing", "{a=aa b=bb}\n", {}, "aab=bb - -\n"},
    {"line ends separate", "{a=1\nb=2\n}\n", {}, "1 2 -\n"},
    {"blanks around = and , are dropped", "{ a = 1 ,\tb\t=\t2 }\n", {}, "1 2 -\n"},
    {"double-quoted values", "{a=\"x y\", b=\"p,q\"}\n", {}, "x y p,q -\n"},
    {"single quotes are ordinary characters", "{a='x, y'}\n", {}, "x,y - -\n"},
    {"a value may use one defined before it", "{a=1,b=$(a)2}\n", {}, "1 12 -\n"},
    {"pattern rows", "pattern {a b c}\n{1 2 3}\n{4, 5}\n", {}, "1 2 3\n4 5 -\n"},
    {"pattern values may be quoted", "pattern {a,b}\n{\"x y\" 'z'}\n", {}, "x y z -\n"},
    {"pattern headers repeat", "pattern {a}\n{1}\npattern {b}\n{2}\n", {}, "1 - -\n- 2 -\n"},
    {"empty sets expand once", "{}\npattern {}\n{}\n", {}, "- - -\n- - -\n"},
    {"globals apply to the sets after them",
     "global {a=g}\n{b=1}\n{a=2}\n{}\n",
     {},
     "g 1 -\n2 - -\ng - -\n"},
    {"each set has its own scope", "{a=1}\n{b=2}\n", {}, "1 - -\n- 2 -\n"},
    {"-g keeps set values for later sets", "{a=1}\n{b=2}\n", {"-g"}, "1 - -\n1 2 -\n"},
    {"-M macros are global and sets override them",
     "{a=1}\n{c=2}\n",
     {"-M", "c=m"},
     "1 - m\n- - 2\n"},
    {"# starts a comment at a line start or right after a token",
     "# comment {a=9}\n{a=1}#c\n{b=2},# c\n",
     {},
     "1 - -\n- 2 -\n"},
    {"# after whitespace is an ordinary character", "{a= #x}\n", {}, "#x - -\n"},
    {"CRLF line ends", "{a=1}\r\n{b=2}\r\n", {}, "1 - -\n- 2 -\n"},
    {"no final newline", "{a=1}", {}, "1 - -\n"},
    {"`global` takes the block that follows, across lines",
     "global\n{a=1}\n{b=2}\n",
     {},
     "1 2 -\n"},
    {"file blocks name their template",
     "file @T@ {\n{a=1}\n}\nfile \"@T@\" {\npattern {b}\n{2}\n}\n",
     {},
     "1 - -\n- 2 -\n",
     false},
    {"the template argument overrides file names", "file elsewhere.txt { {a=1} }\n", {}, "1 - -\n"},
    {"blocks need not be closed", "file @T@ {\n{a=1}\n", {}, "1 - -\n", false},
    {"a pattern outlives a global inside its block",
     "file @T@ {\npattern {a}\n{1}\nglobal {c=g}\n{2}\n}\n{b=3}\n",
     {},
     "1 - -\n2 - g\n- 3 g\n"},
};

class MsiSets : public ::testing::TestWithParam<SetCase> {};

TEST_P(MsiSets, ExpandAsMsi) {
    const SetCase& c = GetParam();
    Files files;
    std::vector<std::string> args = c.args;
    args.push_back("-S");
    args.push_back(files.substitutions(c.text));
    if (c.templateArgument) args.push_back(files.templatePath);
    const auto run = runMsi(args);
    EXPECT_EQ(run.status, 0) << c.what << ": " << run.err;
    EXPECT_EQ(run.out, c.output) << c.what;
    EXPECT_EQ(run.err, "") << c.what;
}

INSTANTIATE_TEST_SUITE_P(Cases, MsiSets, ::testing::ValuesIn(kSetCases));

TEST(MsiSubstitutions, FileNamesUseTheEnvironment) {
    Files files;
    ::setenv("EPICSDB_MSI_TEST_DIR", files.scratch.path().c_str(), 1);
    const auto run = runMsi({"-S", files.substitutions("file \"$(EPICSDB_MSI_TEST_DIR)/t.txt\" {\n"
                                                       "{a=env}\n}\n")});
    ::unsetenv("EPICSDB_MSI_TEST_DIR");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "env - -\n");
}

struct ErrorCase {
    const char* what;
    std::string text;
    std::string err; // @S@: the substitution file's path
    std::string out = "";
    int status = 1;
    bool templateArgument = true;
    bool usage = false; // msi's usage text follows err
};

void PrintTo(const ErrorCase& c, std::ostream* out) {
    *out << c.what;
}

// Where msi says it was: the line number it prints (one more than the real one) and the text of
// the line it was reading.
std::string at(int line, const std::string& text) {
    return "  in substitution file '@S@' at line " + std::to_string(line) + ":\n  " + text;
}

std::string parseError(const std::string& what, int line, const std::string& text) {
    return "msi: Parse error, " + what + "\n" + at(line, text);
}

const ErrorCase kErrorCases[] = {
    {"a # after whitespace is a word where a set is expected", "{a=1} # c\n",
     parseError("expecting 'pattern'", 2, "{a=1} # c\n"), "1 - -\n"},
    {"a word between items", "{a=1}\nstray\n", parseError("expecting 'pattern'", 3, "stray\n"),
     "1 - -\n"},
    {"file without a name on its line", "file\nx {\n{a=1}\n}\n",
     parseError("expecting a filename", 3, "x {\n")},
    {"file NAME without a brace", "file x y {\n", parseError("expecting '{'", 2, "file x y {\n")},
    {"a file block must start with a set or a pattern", "file x\n{a=1}\n",
     parseError("expecting 'pattern'", 3, "{a=1}\n")},
    {"an empty file block", "file x {\n}\n", parseError("unexpected '}'", 3, "}\n")},
    {"a global just before the end of a file block", "file x {\n{a=1}\nglobal {b=2}\n}\n",
     parseError("unexpected '}'", 5, "}\n"), "1 - -\n"},
    {"a brace outside any block", "}\n", parseError("unexpected '}'", 2, "}\n")},
    {"pattern without a brace", "pattern a\n", parseError("expecting '{'", 2, "pattern a\n")},
    {"a brace among pattern names", "pattern {a {\n",
     parseError("expecting '}'", 2, "pattern {a {\n")},
    {"a brace among pattern values", "pattern {a}\n{1 {\n",
     parseError("expecting macro value", 3, "{1 {\n")},
    {"the end of the file among pattern values", "pattern {a}\n{1\n",
     parseError("expecting macro value", 4, "")},
    {"a brace in a set", "{a=1 {\n", parseError("unexpected '{'", 2, "{a=1 {\n")},
    {"the end of the file in a set", "{a=1\n", parseError("incomplete file?", 3, "")},
    {"the end of the file in a global block", "global {a=1", parseError("incomplete file?", 3, "")},
    {"a string across lines", "{a=\"x\n}\n",
     "msi: Strings must be on single line\n\n" + at(2, "{a=\"x\n")},
    {"msi reads the token after a set before expanding it", "{a=1} \"x\n",
     "msi: Strings must be on single line\n\n" + at(2, "{a=1} \"x\n")},
    {"too many values is a warning", "pattern {a}\n{1 2}\n",
     "msi: Warning, too many values given\n" + at(3, "{1 2}\n"), "1 - -\n", 0},
    {"sets without a template", "{a=1}\n{b=2}\n", "msi: No template file\n", "", 1, false, true},
    {"a pattern without a template", "pattern {a}\n{1}\n", "msi: No template file\n", "", 1, false,
     true},
    {"an undefined variable in a file name", "file \"$(EPICSDB_MSI_UNSET)/t.txt\" {\n{a=1}\n}\n",
     "macLib: macro EPICSDB_MSI_UNSET is undefined (expanding string "
     "$(EPICSDB_MSI_UNSET)/t.txt)\nmsi: No template file\n",
     "", 1, false, true},
    {"a template that cannot be opened: msi quotes the last line it read",
     "file @T@ {\n{a=1}\n}\nfile nope.txt {\n{a=1}\n}\n",
     kErrorMark + " msi: Can't open file 'nope.txt'\ninput: '$(a=-) $(b=-) $(c=-)\n' at \n",
     "1 - -\n", 1, false},
};

class MsiSubstitutionErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(MsiSubstitutionErrors, AreReportedInMsisWords) {
    const ErrorCase& c = GetParam();
    Files files;
    const std::string path = files.substitutions(c.text);
    std::vector<std::string> args = {"-S", path};
    if (c.templateArgument) args.push_back(files.templatePath);
    const auto run = runMsi(args);
    EXPECT_EQ(run.status, c.status) << c.what;
    const std::string err = replaceAll(c.err, "@S@", path);
    if (c.usage)
        EXPECT_TRUE(isMessageAndUsage(run.err, err)) << c.what;
    else
        EXPECT_EQ(run.err, err) << c.what;
    EXPECT_EQ(run.out, c.out) << c.what;
}

INSTANTIATE_TEST_SUITE_P(Cases, MsiSubstitutionErrors, ::testing::ValuesIn(kErrorCases));

TEST(MsiSubstitutions, AMissingSubstitutionFile) {
    const auto run = runMsi({"-S", "/nonexistent-dir/x.subs", "t.txt"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, kErrorMark + " msi: Can't open file '/nonexistent-dir/x.subs'\n");
}

TEST(MsiSubstitutions, DependenciesNameTheTemplateOnce) {
    Files files;
    const auto run =
        runMsi({"-D", "-o", "out.db", "-S", files.substitutions("file @T@ {\n{a=1}\n{a=2}\n}\n")});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "out.db: " + files.templatePath + "\n");
}

TEST(MsiSubstitutions, GarbageNeverCrashes) {
    // Random token soup and random bytes: msi's answer is an exit status of 0 or 1.
    const char* const pieces[] = {"{",    "}",       ",",      "\n",  " ",     "\t",
                                  "file", "pattern", "global", "a=1", "\"q\"", "\"",
                                  "#",    "x",       "=",      "\r",  "$(a)",  "\\"};
    std::mt19937 random(77);
    Files files;
    for (int round = 0; round < 400; ++round) {
        std::string text;
        if (round % 2 == 0) {
            const int count = static_cast<int>(random() % 40);
            for (int i = 0; i < count; ++i)
                text += pieces[random() % std::size(pieces)];
        } else {
            text.resize(random() % 300);
            for (char& c : text)
                c = static_cast<char>(random());
        }
        const auto run = runMsi({"-S", files.substitutions(text), files.templatePath});
        EXPECT_TRUE(run.status == 0 || run.status == 1) << "status " << run.status;
    }
}

} // namespace
