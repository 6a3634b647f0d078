// ../shared/corpus/expected: real substitution files expanded by EPICS Base 7.0.8 msi.
// MANIFEST.tsv gives each one's msi arguments, run from the corpus folder; our output must be
// byte-identical and the exit status 0.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Row {
    std::string expected;
    std::vector<std::string> args;
};

std::vector<Row> readManifest(const std::filesystem::path& path) {
    std::vector<Row> rows;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        if (tab == std::string::npos) continue;
        Row row;
        row.expected = line.substr(0, tab);
        std::istringstream words(line.substr(tab + 1));
        std::string word;
        while (words >> word)
            row.args.push_back(word);
        rows.push_back(std::move(row));
    }
    return rows;
}

TEST(MsiCorpus, RealSubstitutionFilesExpandByteForByteAsEpicsMsi) {
    EPICSDB_REQUIRE_SHARED("corpus/expected/MANIFEST.tsv");
    const auto corpus = epicsdb::test::sharedDir() / "corpus";
    const auto rows = readManifest(corpus / "expected" / "MANIFEST.tsv");
    // One row for every expected output: the manifest must not miss one, nor the reading drop
    // a row.
    std::size_t expectedFiles = 0;
    for (const auto& entry : std::filesystem::directory_iterator(corpus / "expected"))
        expectedFiles += entry.path().extension() == ".expected";
    ASSERT_GT(expectedFiles, 0u);
    ASSERT_EQ(rows.size(), expectedFiles);
    std::size_t identical = 0;
    for (const Row& row : rows) {
        const auto result =
            epicsdb::test::runProgram(MSI_PROGRAM, row.args, {.workingDirectory = corpus});
        const std::string expected =
            epicsdb::test::readWholeFile(corpus / "expected" / row.expected);
        EXPECT_EQ(result.status, 0) << row.expected << ": " << result.err;
        EXPECT_EQ(result.out, expected) << row.expected;
        identical += result.status == 0 && result.out == expected;
    }
    EXPECT_EQ(identical, rows.size());
}

} // namespace
