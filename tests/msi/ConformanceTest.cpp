// The twelve checks of EPICS Base's msi test suite (../shared/conformance/msi, README table),
// run with our `msi` and `epicsdb expand` programs. As in EPICS, each runs in a directory one
// level below the inputs (so they are named ../tN-...): a scratch directory holds symlinks to
// the shared files (nothing is copied) and the working directory below it.
#include "RunProgram.hpp"
#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Check {
    const char* name;
    std::vector<std::string> args;
    const char* result;     // expected output, in the conformance folder
    const char* outputFile; // compare this file (in the working directory), not stdout
    std::vector<std::pair<std::string, std::string>> env;
};

const std::vector<Check>& checks() {
    static const std::vector<Check> all = {
        {"t1", {"-I", "..", "../t1-template.txt"}, "t1-result.txt", nullptr, {}},
        {"t2", {"-I..", "-S", "../t2-substitution.txt"}, "t2-result.txt", nullptr, {}},
        {"t3", {"-I.", "-I..", "-S", "../t3-substitution.txt"}, "t3-result.txt", nullptr, {}},
        {"t4", {"-g", "-I..", "-S", "../t4-substitution.txt"}, "t4-result.txt", nullptr, {}},
        {"t5", {"-S", "../t5-substitute.txt", "../t5-template.txt"}, "t5-result.txt", nullptr, {}},
        {"t6", {"-S../t6-substitute.txt", "../t6-template.txt"}, "t6-result.txt", nullptr, {}},
        {"t7",
         {"-I..", "-V", "-o", "t7-output.txt", "../t1-template.txt"},
         "t7-result.txt",
         "t7-output.txt",
         {}},
        {"t8", {"-I..", "-D", "-o", "t8.txt", "../t1-template.txt"}, "t8-result.txt", nullptr, {}},
        {"t9",
         {"-I..", "-D", "-ot9.txt", "-S", "../t2-substitution.txt"},
         "t9-result.txt",
         nullptr,
         {}},
        {"t10", {"-I.", "-I..", "-S", "../t10-substitute.txt"}, "t10-result.txt", nullptr, {}},
        {"t11", {"-I.", "-I..", "-S", "../t11-substitute.txt"}, "t11-result.txt", nullptr, {}},
        {"t12",
         {"-I.", "-I..", "-S", "../t12-substitute.txt"},
         "t12-result.txt",
         nullptr,
         {{"TEST_NO", "12"}, {"PREFIX", "t"}}},
    };
    return all;
}

// <scratch>/<links to every shared file> and <scratch>/work, the working directory.
class ConformanceDir {
public:
    explicit ConformanceDir(const fs::path& shared) {
        std::random_device seed;
        root_ = fs::temp_directory_path() /
                ("epicsdb-msi-conformance-" + std::to_string(seed()) + std::to_string(seed()));
        fs::create_directories(root_ / "work");
        for (const auto& entry : fs::directory_iterator(shared))
            fs::create_symlink(entry.path(), root_ / entry.path().filename());
    }
    ~ConformanceDir() {
        std::error_code ignored;
        fs::remove_all(root_, ignored);
    }
    ConformanceDir(const ConformanceDir&) = delete;
    ConformanceDir& operator=(const ConformanceDir&) = delete;
    [[nodiscard]] fs::path work() const { return root_ / "work"; }

private:
    fs::path root_;
};

void runChecks(const std::string& program, const std::vector<std::string>& prefix) {
    const fs::path shared = epicsdb::test::sharedDir() / "conformance" / "msi";
    ConformanceDir dir(shared);
    for (const Check& check : checks()) {
        std::vector<std::string> args = prefix;
        args.insert(args.end(), check.args.begin(), check.args.end());
        const auto result = epicsdb::test::runProgram(program, args, dir.work(), check.env);
        const std::string expected = epicsdb::test::readWholeFile(shared / check.result);
        const std::string actual = check.outputFile
                                       ? epicsdb::test::readWholeFile(dir.work() / check.outputFile)
                                       : result.out;
        EXPECT_EQ(actual, expected) << check.name << " (stderr: " << result.err << ")";
    }
}

TEST(MsiConformance, AllTwelveChecksOfEpicsMsiSuiteWithMsi) {
    EPICSDB_REQUIRE_SHARED("conformance/msi");
    runChecks(MSI_PROGRAM, {});
}

TEST(MsiConformance, AllTwelveChecksOfEpicsMsiSuiteWithEpicsdbExpand) {
    EPICSDB_REQUIRE_SHARED("conformance/msi");
    runChecks(EPICSDB_PROGRAM, {"expand"});
}

TEST(MsiConformance, ExitStatusesOfTheChecks) {
    // msi.plt does not look at them; a build does. -V with undefined macros gives 2.
    EPICSDB_REQUIRE_SHARED("conformance/msi");
    ConformanceDir dir(epicsdb::test::sharedDir() / "conformance" / "msi");
    for (const Check& check : checks()) {
        const auto result =
            epicsdb::test::runProgram(MSI_PROGRAM, check.args, dir.work(), check.env);
        EXPECT_EQ(result.status, std::string(check.name) == "t7" ? 2 : 0)
            << check.name << ": " << result.err;
    }
}

} // namespace
