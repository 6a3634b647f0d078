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

std::vector<Verdict> readVerdicts(const std::filesystem::path& listing) {
    std::vector<Verdict> out;
    std::ifstream in(listing);
    std::string line;
    while (std::getline(in, line)) {
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
    return out;
}

TEST(CorpusVerdicts, OurDbLoadTemplateParserAgreesWithEpicsOnEveryFile) {
    EPICSDB_REQUIRE_SHARED("corpus/substitutions.txt");
    const auto corpus = test::sharedDir() / "corpus";
    const auto verdicts = readVerdicts(corpus / "substitutions.txt");
    ASSERT_GE(verdicts.size(), 59u) << "the listing names 59 substitution files";
    std::size_t accepted = 0;
    for (const Verdict& verdict : verdicts) {
        const auto parse = loaders::readSubstitutionFile((corpus / verdict.path).string());
        std::string messages;
        for (const auto& d : parse.diagnostics)
            messages += "  " + std::to_string(d.location.line) + ":" +
                        std::to_string(d.location.column) + ": " + d.message + "\n";
        EXPECT_EQ(parse.ok, verdict.accepted)
            << verdict.path << ": EPICS " << (verdict.accepted ? "accepted" : "rejected") << " it\n"
            << messages;
        accepted += parse.ok;
    }
    // The listing has two files EPICS rejects (comment-only files).
    EXPECT_EQ(accepted, verdicts.size() - 2);
}

} // namespace
