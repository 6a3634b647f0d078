// ../shared/corpus/substitutions.txt records, for every substitution file of the corpus,
// whether EPICS Base's dbLoadTemplate parser accepted it. Ours must agree on every file (the
// syntax verdict: templates are not loaded, some are not in the corpus).
#include <epicsdb/loaders/Substitutions.hpp>

#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace epicsdb;

namespace {

struct Verdict {
    std::string path; // relative to the corpus folder
    bool accepted = false;
};

struct Listing {
    std::vector<Verdict> verdicts;
    std::size_t announced = 0; // the header's "# N substitution files"
};

Listing readListing(const std::filesystem::path& path) {
    Listing listing;
    std::vector<Verdict>& out = listing.verdicts;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with("# ") && line.ends_with(" substitution files"))
            listing.announced = std::stoul(line.substr(2));
        if (line.rfind("SUB ", 0) != 0) continue;
        std::istringstream fields(line.substr(4));
        Verdict verdict;
        fields >> verdict.path;
        std::string field;
        bool seen = false;
        while (fields >> field) {
            if (field.rfind("dbLoadTemplate=", 0) == 0) {
                verdict.accepted = field == "dbLoadTemplate=ok";
                seen = true;
            }
        }
        if (seen) out.push_back(verdict);
    }
    return listing;
}

TEST(CorpusVerdicts, OurDbLoadTemplateParserAgreesWithEpicsOnEveryFile) {
    EPICSDB_REQUIRE_SHARED("corpus/substitutions.txt");
    const auto corpus = test::sharedDir() / "corpus";
    const auto [verdicts, announced] = readListing(corpus / "substitutions.txt");
    // Every file the header counts has its verdict: none missing, none dropped by the reading.
    ASSERT_GT(announced, 0u) << "no \"# N substitution files\" line";
    ASSERT_EQ(verdicts.size(), announced);
    std::size_t agreed = 0;
    std::size_t rejected = 0;
    for (const Verdict& verdict : verdicts) {
        const auto parse = loaders::readSubstitutionFile((corpus / verdict.path).string());
        std::string messages;
        for (const auto& d : parse.diagnostics)
            messages += "  " + std::to_string(d.location.line) + ":" +
                        std::to_string(d.location.column) + ": " + d.message + "\n";
        EXPECT_EQ(parse.ok, verdict.accepted)
            << verdict.path << ": EPICS " << (verdict.accepted ? "accepted" : "rejected") << " it\n"
            << messages;
        agreed += parse.ok == verdict.accepted;
        rejected += !verdict.accepted;
    }
    EXPECT_EQ(agreed, verdicts.size());
    // Files EPICS rejects (comment-only ones) are there too, so agreeing is more than accepting.
    EXPECT_GT(rejected, 0u);
}

} // namespace
