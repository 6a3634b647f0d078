// msi's command line: option rules, usage text, messages and exit statuses, the -o file, the
// -I search list.
#include "MsiRun.hpp"
#include "ReadFile.hpp"
#include "msi/MsiFiles.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using epicsdb::test::isMessageAndUsage;
using epicsdb::test::kErrorMark;
using epicsdb::test::runMsi;

namespace {

struct UsageCase {
    std::vector<std::string> args;
    int status;
    std::string err; // before the usage text, if the usage text follows
    bool usage;
};

TEST(MsiCommandLine, UsageErrorsAndHelp) {
    const UsageCase cases[] = {
        {{"-h"}, 0, "", true},
        {{"-V", "-h", "-x"}, 0, "", true}, // options are read in order: -h exits first
        {{"-x"}, 1, "msi: Bad argument \"-x\"\n", true},
        {{"-"}, 1, "msi: Bad argument \"-\"\n", true},
        {{"-Dx"}, 1, "msi: Bad argument \"-Dx\"\n", true},
        {{"-Vv"}, 1, "msi: Bad argument \"-Vv\"\n", true},
        {{"-help"}, 1, "msi: Bad argument \"-help\"\n", true},
        {{"-x", "-h"}, 1, "msi: Bad argument \"-x\"\n", true},
        {{"a.txt", "b.txt"}, 1, "msi: Too many arguments\n", true},
        {{"a.txt", "-V"}, 1, "msi: Too many arguments\n", true}, // options come first
        {{"-D", "a.txt"}, 1, "msi: Option -D requires -o for Makefile target\n", false},
        {{"-o"}, 1, "msi: Bad argument \"-o\"\n", true},
        {{"-M"}, 1, "msi: Bad argument \"-M\"\n", true},
        {{"-S"}, 1, "msi: Bad argument \"-S\"\n", true},
        {{"-o", "/nonexistent-dir/x.txt", "a.txt"},
         1,
         "msi: Can't open /nonexistent-dir/x.txt for writing: No such file or directory\n",
         false},
    };
    for (const UsageCase& c : cases) {
        const auto run = runMsi(c.args);
        std::string label;
        for (const auto& arg : c.args)
            label += arg + " ";
        EXPECT_EQ(run.status, c.status) << label;
        if (c.usage)
            EXPECT_TRUE(isMessageAndUsage(run.err, c.err)) << label;
        else
            EXPECT_EQ(run.err, c.err) << label;
        EXPECT_EQ(run.out, "") << label;
    }
}

// msi -h prints EPICS Base 7.0.8 msi's usage text, byte for byte (the other tests only check
// that a message is followed by a usage).
TEST(MsiCommandLine, HelpIsMsisUsageText) {
    const auto run = runMsi({"-h"});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "Usage: msi [options] [template]\n"
                       "  stdin is used if neither template nor substitution file is given\n"
                       "  options:\n"
                       "    -h        Print this help message\n"
                       "    -D        Output file dependencies, not substitutions\n"
                       "    -V        Undefined macros generate an error\n"
                       "    -g        All macros have global scope\n"
                       "    -o<FILE>  Send output to <FILE>\n"
                       "    -I<DIR>   Add <DIR> to include file search path\n"
                       "    -M<SUBST> Add <SUBST> to (global) macro definitions\n"
                       "              (<SUBST> takes the form VAR=VALUE,...)\n"
                       "    -S<FILE>  Expand the substitutions in FILE\n");
}

TEST(MsiCommandLine, TheUsageNamesTheProgram) {
    const auto run = runMsi({"-h"}, {}, "epicsdb expand");
    EXPECT_EQ(run.status, 0);
    EXPECT_TRUE(isMessageAndUsage(run.err, "", "epicsdb expand"));
}

TEST(MsiCommandLine, ValuesAttachedOrSeparate) {
    epicsdb::test::ScratchDir files;
    const std::string dir = files.path();
    files.write("t.txt", "$(a) $(b)\n");
    const std::vector<std::string> forms[] = {
        {"-M", "a=1", "-Mb=2", "-I", dir, "t.txt"},
        {"-Ma=1", "-M", "b=2", "-I" + dir, "t.txt"},
        {"-Ma=1,b=2", "-I" + dir, "t.txt"},
    };
    for (const auto& args : forms) {
        const auto run = runMsi(args);
        EXPECT_EQ(run.status, 0) << run.err;
        EXPECT_EQ(run.out, "1 2\n");
    }
    // A missing -I value is ignored, as msi ignores it.
    EXPECT_EQ(runMsi({"-M", "a=1,b=2", files.path("t.txt"), "-I"}).status, 1); // too many
    EXPECT_EQ(runMsi({"-M", "a=1,b=2", "-I"}, "x\n").out, "x\n");
}

TEST(MsiCommandLine, OutputFileIsWrittenAndRemovedOnAnAbort) {
    epicsdb::test::ScratchDir files;
    const std::string template_ = files.write("t.txt", "line $(a=1)\ninclude \"missing.txt\"\n");
    const std::string good = files.write("good.txt", "line $(a=1)\n");
    const std::string output = files.path("out.txt");

    auto run = runMsi({"-o", output, good});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(epicsdb::test::readWholeFile(output), "line 1\n");

    run = runMsi({"-o" + output, template_});
    EXPECT_EQ(run.status, 1);
    EXPECT_FALSE(std::filesystem::exists(output)) << "msi removes its output when it aborts";
    EXPECT_EQ(run.err, kErrorMark +
                           " msi: Can't open file 'missing.txt'\n"
                           "input: 'include \"missing.txt\"\n' at line 2 of  file " +
                           template_ + "\n\n\n");

    // Even the -D target, which msi never writes, is removed.
    files.write("out.txt", "old");
    run = runMsi({"-D", "-o", output, template_});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.out, output + ": " + template_);
    EXPECT_FALSE(std::filesystem::exists(output));
}

TEST(MsiCommandLine, StandardInputIsTheTemplateWithoutTemplateOrSubstitutions) {
    const auto run = runMsi({"-M", "who=world"}, "hello $(who)\n");
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(run.out, "hello world\n");
    const auto deps = runMsi({"-D", "-o", "target"}, "x\n");
    EXPECT_EQ(deps.out, "target: stdin\n");
}

TEST(MsiCommandLine, MissingTemplate) {
    const auto run = runMsi({"/nonexistent-dir/t.txt"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, kErrorMark + " msi: Can't open file '/nonexistent-dir/t.txt'\n"
                                    "input: '' at \n");
}

struct SplitCase {
    const char* value;
    std::vector<std::string> dirs;
};

TEST(MsiCommandLine, IncludePathsSplitAsMsiSplitsThem) {
    // An empty element is "." where it stands; a trailing ':' makes one "." (not one per ':').
    const SplitCase cases[] = {
        {"", {}},
        {"a", {"a"}},
        {"a:b", {"a", "b"}},
        {":a", {".", "a"}},
        {"a:", {"a", "."}},
        {":", {"."}},
        {"::", {".", "."}},
        {"a::b", {"a", ".", "b"}},
        {"a::", {"a", "."}},
        {"a:::", {"a", ".", "."}},
        {"a b:c", {"a b", "c"}},
    };
    for (const SplitCase& c : cases) {
        std::vector<std::string> dirs;
        epicsdb::loaders::appendMsiIncludePath(c.value, dirs);
        EXPECT_EQ(dirs, c.dirs) << "'" << c.value << "'";
    }
}

TEST(MsiCommandLine, TheSearchListIsTriedInOrder) {
    epicsdb::test::ScratchDir files;
    files.write("first/t.txt", "first\n");
    files.write("second/t.txt", "second\ninclude \"i.txt\"\n");
    files.write("second/i.txt", "i in second\n");
    files.write("third/i.txt", "i in third\n");
    const std::string list = files.path("none") + ":" + files.path("second");
    auto run = runMsi({"-I", list, "-I", files.path("third"), "t.txt"});
    EXPECT_EQ(run.out, "second\ni in second\n");
    run = runMsi({"-I" + files.path("first"), "-I", list, "-D", "-o", "x", "t.txt"});
    EXPECT_EQ(run.out, "x: " + files.path("first") + "/t.txt\n");
}

} // namespace
