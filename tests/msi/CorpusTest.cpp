// ../shared/corpus/expected: real substitution files expanded by EPICS Base 7.0.8 msi.
// MANIFEST.tsv gives each one's msi arguments, run from the corpus folder; our output must be
// byte-identical and the exit status 0.
#include "MsiManifest.hpp"
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using Row = epicsdb::test::MsiManifestRow;

TEST(MsiCorpus, RealSubstitutionFilesExpandByteForByteAsEpicsMsi) {
    EPICSDB_REQUIRE_SHARED("corpus/expected/MANIFEST.tsv");
    const auto corpus = epicsdb::test::sharedDir() / "corpus";
    const auto rows = epicsdb::test::readMsiManifest(corpus / "expected" / "MANIFEST.tsv");
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
