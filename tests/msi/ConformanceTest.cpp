// The checks of EPICS Base's msi test suite, as ../shared/conformance/README.md lists them (one
// table row a check: its msi arguments, the environment it needs, and its result file), run
// with our `msi` and `epicsdb expand` programs. As in EPICS, each runs in a directory one level
// below the inputs (so they are named ../tN-...): a scratch directory holds symlinks to the
// shared files (nothing is copied) and the working directory below it.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "ScratchDir.hpp"
#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Check {
    std::string name; // t1 ...
    std::vector<std::string> args;
    std::string result;     // expected output, in the conformance folder
    std::string outputFile; // compare this file (in the working directory), not stdout
    std::vector<std::pair<std::string, std::string>> env;
};

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string word; in >> word;)
        out.push_back(word);
    return out;
}

// The text between the first two backquotes at or after `from` in `text` ("" if none).
std::string backquoted(const std::string& text, std::size_t from = 0) {
    const auto open = text.find('`', from);
    const auto close = open == std::string::npos ? open : text.find('`', open + 1);
    return close == std::string::npos ? "" : text.substr(open + 1, close - open - 1);
}

// "| t7 | `-I.. -V -o t7-output.txt ../t1-template.txt` | t7-result.txt (compared with the -o
// file) |": the check's arguments in backquotes, an environment as "with `A=1 B=2` in the
// environment", the result file first in the last cell.
std::vector<Check> readChecks(const fs::path& readme) {
    std::vector<Check> checks;
    std::ifstream in(readme);
    bool inMsiSection = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) inMsiSection = line == "## msi/";
        if (!inMsiSection || line.rfind("| t", 0) != 0) continue;
        std::vector<std::string> cells;
        std::istringstream row(line.substr(1));
        for (std::string cell; std::getline(row, cell, '|');)
            cells.push_back(cell);
        if (cells.size() < 3) continue;
        Check check;
        check.name = words(cells[0]).at(0);
        check.args = words(backquoted(cells[1]));
        if (const auto with = cells[1].find("with `"); with != std::string::npos)
            for (const std::string& setting : words(backquoted(cells[1], with))) {
                const auto eq = setting.find('=');
                check.env.emplace_back(setting.substr(0, eq), setting.substr(eq + 1));
            }
        check.result = words(cells[2]).at(0);
        if (cells[2].find("-o file") != std::string::npos) {
            const auto o = std::find(check.args.begin(), check.args.end(), "-o");
            if (o != check.args.end() && o + 1 != check.args.end()) check.outputFile = *(o + 1);
        }
        checks.push_back(std::move(check));
    }
    return checks;
}

fs::path msiFolder() {
    return epicsdb::test::sharedDir() / "conformance" / "msi";
}

// The checks, and that there is one for every result file of the suite: the table must not
// miss a check, nor the reading drop a row.
std::vector<Check> suite() {
    const auto checks = readChecks(epicsdb::test::sharedDir() / "conformance" / "README.md");
    std::size_t resultFiles = 0;
    for (const auto& entry : fs::directory_iterator(msiFolder())) {
        const std::string name = entry.path().filename().string();
        resultFiles += name.starts_with("t") && name.ends_with("-result.txt");
    }
    EXPECT_EQ(checks.size(), resultFiles) << "checks in the README table vs t*-result.txt files";
    EXPECT_GT(resultFiles, 0u);
    return checks;
}

// <scratch>/<links to every shared file> and <scratch>/work, the working directory.
class ConformanceDir {
public:
    ConformanceDir() {
        fs::create_directories(work());
        for (const auto& entry : fs::directory_iterator(msiFolder()))
            fs::create_symlink(entry.path(), fs::path(root_.path()) / entry.path().filename());
    }
    [[nodiscard]] fs::path work() const { return root_.path("work"); }

private:
    epicsdb::test::ScratchDir root_;
};

void runChecks(const std::string& program, const std::vector<std::string>& prefix) {
    const ConformanceDir dir;
    for (const Check& check : suite()) {
        std::vector<std::string> args = prefix;
        args.insert(args.end(), check.args.begin(), check.args.end());
        const auto result = epicsdb::test::runProgram(
            program, args, {.workingDirectory = dir.work(), .environment = check.env});
        const std::string expected = epicsdb::test::readWholeFile(msiFolder() / check.result);
        const std::string actual =
            check.outputFile.empty() ? result.out
                                     : epicsdb::test::readWholeFile(dir.work() / check.outputFile);
        EXPECT_FALSE(expected.empty()) << check.name << ": " << check.result;
        EXPECT_EQ(actual, expected) << check.name << " (stderr: " << result.err << ")";
    }
}

TEST(MsiConformance, EveryCheckOfEpicsMsiSuiteWithMsi) {
    EPICSDB_REQUIRE_SHARED("conformance/msi");
    runChecks(MSI_PROGRAM, {});
}

TEST(MsiConformance, EveryCheckOfEpicsMsiSuiteWithEpicsdbExpand) {
    EPICSDB_REQUIRE_SHARED("conformance/msi");
    runChecks(EPICSDB_PROGRAM, {"expand"});
}

TEST(MsiConformance, ExitStatusesOfTheChecks) {
    // msi.plt does not look at them; a build does. t1-template.txt has undefined macros, so -V
    // (t7) makes the status 2.
    EPICSDB_REQUIRE_SHARED("conformance/msi");
    const ConformanceDir dir;
    for (const Check& check : suite()) {
        const auto result = epicsdb::test::runProgram(
            MSI_PROGRAM, check.args, {.workingDirectory = dir.work(), .environment = check.env});
        const bool strict =
            std::find(check.args.begin(), check.args.end(), "-V") != check.args.end();
        EXPECT_EQ(result.status, strict ? 2 : 0) << check.name << ": " << result.err;
    }
}

} // namespace
