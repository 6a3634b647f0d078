// `epicsdb help`, a name that is no command, and the man pages, as a user meets them. The pages
// come from the guide (docs/guide/COMMAND.md): the tests of a page run for the commands the
// build found a page for (EPICSDB_PAGED_COMMANDS); with EPICSDB_REQUIRE_COMMAND_PAGES that is
// every command.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "TextAssertions.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

using epicsdb::test::contains;
using epicsdb::test::runProgram;

namespace {

epicsdb::test::ProgramResult epicsdb(const std::vector<std::string>& args) {
    return runProgram(EPICSDB_TOOL, args);
}

std::vector<std::string> listed(const std::string& commaSeparated) {
    std::vector<std::string> out;
    std::istringstream items(commaSeparated);
    for (std::string item; std::getline(items, item, ',');)
        if (!item.empty()) out.push_back(item);
    return out;
}

const std::vector<std::string> kCommands = {"check", "dump", "dbd",  "expand", "macros",
                                            "ioc",   "lint", "diff", "graph",  "why",
                                            "fmt",   "lsp",  "help"};

// The options `epicsdb COMMAND --help` lists, each with its names ("-x,--external-name GLOB"
// gives {-x, --external-name}), but -h/--help, which every command has.
std::vector<std::vector<std::string>> optionsOf(const std::string& help) {
    std::vector<std::vector<std::string>> options;
    std::istringstream lines(help.substr(help.find("\nOptions:\n")));
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("  -")) continue;
        std::vector<std::string> names;
        std::istringstream list(line.substr(2, line.find(' ', 2) - 2));
        for (std::string name; std::getline(list, name, ',');)
            names.push_back(name);
        if (names.front() != "-h") options.push_back(names);
    }
    return options;
}

// `option` written in `text` as itself: not inside a longer name ("--strict" is not in
// "--strict-commands"); a one-letter option may have its value attached ("-Wall" has -W).
bool mentions(const std::string& text, const std::string& option) {
    auto partOfName = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
    };
    for (std::size_t at = text.find(option); at != std::string::npos;
         at = text.find(option, at + 1)) {
        const std::size_t end = at + option.size();
        if (at > 0 && partOfName(text[at - 1])) continue;
        if (option.starts_with("--") && end < text.size() && partOfName(text[end])) continue;
        return true;
    }
    return false;
}

// The page's lines but those of code blocks (indented by eight columns or more), which are
// shown as written.
std::string prose(const std::string& page) {
    std::string out;
    std::istringstream lines(page);
    for (std::string line; std::getline(lines, line);)
        if (!line.starts_with("        ")) out += line + '\n';
    return out;
}

TEST(Help, ListsEveryCommandAsTheProgramsHelpDoes) {
    const auto help = epicsdb({"help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_EQ(help.err, "");
    EXPECT_EQ(help.out, epicsdb({"--help"}).out);
    for (const std::string& command : kCommands)
        EXPECT_TRUE(contains(help.out, "\n  " + command + " ")) << command;
    EXPECT_TRUE(contains(help.out, "'epicsdb help <command>' shows its\npage."));
    const auto none = epicsdb({});
    EXPECT_EQ(none.status, 2);
    EXPECT_EQ(none.err, help.out);
}

TEST(Help, AnUnknownCommandIsNamedWithTheOneMostLikelyMeant) {
    const auto typo = epicsdb({"chekc", "x.db"});
    EXPECT_EQ(typo.status, 2);
    EXPECT_TRUE(typo.err.starts_with("epicsdb: unknown command 'chekc'; did you mean 'check'?\n"
                                     "usage: epicsdb <command>"))
        << typo.err;
    const auto far = epicsdb({"frobnicate"});
    EXPECT_EQ(far.status, 2);
    EXPECT_TRUE(far.err.starts_with("epicsdb: unknown command 'frobnicate'\nusage:")) << far.err;
    const auto helpTypo = epicsdb({"help", "lnit"});
    EXPECT_EQ(helpTypo.status, 2);
    EXPECT_EQ(helpTypo.err, "epicsdb help: unknown command 'lnit'; did you mean 'lint'?\n");
    EXPECT_EQ(helpTypo.out, "");
    EXPECT_EQ(epicsdb({"help", "nosuch"}).err, "epicsdb help: unknown command 'nosuch'\n");
    const auto two = epicsdb({"help", "lint", "dump"});
    EXPECT_EQ(two.status, 2);
    EXPECT_TRUE(two.err.starts_with("epicsdb help: one command at a time\nusage: epicsdb help"));
}

TEST(Help, ACommandWithoutAPageInThisBuildGivesItsOptions) {
    const std::vector<std::string> paged = listed(EPICSDB_PAGED_COMMANDS);
    for (const std::string& command : kCommands) {
        if (std::find(paged.begin(), paged.end(), command) != paged.end()) continue;
        const auto help = epicsdb({"help", command});
        EXPECT_EQ(help.status, 0) << command;
        if (command != "expand") // msi's -h is its usage on stderr
            EXPECT_EQ(help.out, epicsdb({command, "--help"}).out) << command;
    }
}

TEST(Help, EachPageIsPlainTextWithTheGuidesSections) {
    const std::vector<std::string> paged = listed(EPICSDB_PAGED_COMMANDS);
    if (paged.empty()) GTEST_SKIP() << "this build found no command's page";
    for (const std::string& command : paged) {
        const auto page = epicsdb({"help", command});
        EXPECT_EQ(page.status, 0) << command;
        EXPECT_EQ(page.err, "") << command;
        EXPECT_TRUE(page.out.starts_with("epicsdb " + command + "\n\n")) << page.out;
        for (const char* section :
             {"\nSYNOPSIS\n", "\nDESCRIPTION\n", "\nOPTIONS\n", "\nEXAMPLES\n", "\nEXIT STATUS\n"})
            EXPECT_TRUE(contains(page.out, section)) << command << " has no " << section;
        for (const char* markup : {"```", "`", "](", "\n#", "**", "<!--", "\\|"})
            EXPECT_FALSE(contains(prose(page.out), markup)) << command << " shows " << markup;
    }
}

// The page is the manual, --help the summary its parser gives: the page must cover the summary
// (an option by one of its names at least).
TEST(Help, EachPageMentionsEveryOptionItsCommandLists) {
    const std::vector<std::string> paged = listed(EPICSDB_PAGED_COMMANDS);
    if (paged.empty()) GTEST_SKIP() << "this build found no command's page";
    for (const std::string& command : paged) {
        if (command == "expand") continue; // msi's options, not listed by a CLI11 parser
        const std::string page = epicsdb({"help", command}).out;
        const std::string help = epicsdb({command, "--help"}).out;
        const auto options = optionsOf(help);
        EXPECT_FALSE(options.empty()) << help;
        for (const std::vector<std::string>& names : options)
            EXPECT_TRUE(std::any_of(names.begin(), names.end(),
                                    [&](const std::string& name) { return mentions(page, name); }))
                << "'epicsdb help " << command << "' does not mention " << names.back();
    }
}

TEST(Help, TheCheckOfMentionsTellsNamesApart) {
    EXPECT_TRUE(mentions("use -Wall or --strict.", "-W"));
    EXPECT_TRUE(mentions("use -Wall or --strict.", "--strict"));
    EXPECT_FALSE(mentions("--strict-commands only", "--strict"));
    EXPECT_FALSE(mentions("--quiet only", "-q"));
    EXPECT_EQ(optionsOf("usage\n\nOptions:\n  -h,--help   help\n  -x,--external-name GLOB  x\n"
                        "  --dbd FILE ...  d\n"),
              (std::vector<std::vector<std::string>>{{"-x", "--external-name"}, {"--dbd"}}));
}

// Each man page made at build time: what man shows of it, with the sections every page has.
TEST(ManPages, RenderWithTheirSections) {
    const std::vector<std::string> pages = listed(EPICSDB_MAN_PAGE_FILES);
    if (pages.empty()) GTEST_SKIP() << "built without man pages (EPICSDB_MAN_PAGES=OFF)";
    const bool groff = std::filesystem::exists("/usr/bin/groff");
    for (const std::string& path : pages) {
        const std::string roff = epicsdb::test::readWholeFile(path);
        const std::string name = std::filesystem::path(path).stem().string();
        ASSERT_TRUE(roff.find(".TH ") != std::string::npos) << path;
        for (const char* section : {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH SEE ALSO"})
            EXPECT_TRUE(contains(roff, section)) << path << " has no " << section;
        if (!groff) continue;
        // Every warning but of a word too long for its line (a web address, say).
        const auto shown =
            runProgram("/usr/bin/groff", {"-man", "-Tutf8", "-P-cbou", "-ww", "-Wbreak", path},
                       {.environment = {{"LC_ALL", "C.UTF-8"}}});
        EXPECT_EQ(shown.status, 0) << path;
        EXPECT_EQ(shown.err, "") << path; // every request understood, every table fits
        EXPECT_TRUE(contains(shown.out, "NAME\n       " + name + " - ")) << shown.out;
        for (const char* markup : {"```", "`", "\\f", "\\[", "**"})
            EXPECT_FALSE(contains(shown.out, markup)) << path << " shows " << markup;
    }
}

TEST(ManPages, TheProgramsPageNamesEveryCommandsPage) {
    const std::vector<std::string> pages = listed(EPICSDB_MAN_PAGE_FILES);
    if (pages.empty()) GTEST_SKIP() << "built without man pages (EPICSDB_MAN_PAGES=OFF)";
    const auto program = std::find_if(pages.begin(), pages.end(), [](const std::string& path) {
        return path.ends_with("/epicsdb.1");
    });
    ASSERT_NE(program, pages.end());
    const std::string roff = epicsdb::test::readWholeFile(*program);
    for (const std::string& command : kCommands)
        if (command != "help") // its page is this one
            EXPECT_TRUE(contains(roff, "epicsdb\\-" + command + "(1)") ||
                        contains(roff, "epicsdb-" + command + "(1)"))
                << command;
    EXPECT_TRUE(contains(roff, "msi(1)"));
}

} // namespace
