// Provenance on every real substitution file of the corpus (expected/MANIFEST.tsv), loaded as
// dbLoadTemplate loads it: every set field replays to its value, and every macro a statement
// uses has a value from somewhere (a row, a set, a global, the caller, a default).
#include "CorpusDefinitions.hpp"
#include "ProvenanceReplay.hpp"

#include "MsiManifest.hpp"
#include "SharedData.hpp"

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <set>

using namespace epicsdb;

namespace {

std::filesystem::path corpusFolder() {
    return test::sharedDir() / "corpus";
}

// The corpus folder as the working directory (msi runs there: the copies' template paths are
// relative to it), and no environment variables.
class CorpusFolder final : public loaders::LoadEnvironment {
public:
    [[nodiscard]] std::optional<std::string_view> find(std::string_view) const override {
        return std::nullopt;
    }
    [[nodiscard]] std::string_view workingDirectory() const override { return folder_; }

private:
    std::string folder_ = corpusFolder().string();
};

// Macros whose value came from nowhere, in the statements of every set field.
std::string undefinedMacros(const dbstatic::Database& db, const loaders::Provenance& provenance) {
    std::string found;
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::Record* r = type.firstRecord(); r; r = r->next()) {
            if (r->isAlias()) continue;
            for (const loaders::FieldProvenance& field : provenance.setFields(db, r->name()))
                for (const loaders::Statement& s : field.statements)
                    for (const loaders::MacroUse& use : s.macros)
                        if (use.origin == loaders::MacroOrigin::Undefined && found.size() < 500)
                            found += s.location.file + ":" + std::to_string(s.location.line) +
                                     " $(" + use.name + ")\n";
        }
    return found;
}

TEST(ProvenanceCorpus, EverySubstitutionFileReplaysThroughDbLoadTemplate) {
    EPICSDB_REQUIRE_SHARED("corpus/expected/MANIFEST.tsv");
    std::set<std::string> done;
    std::size_t files = 0;
    std::size_t records = 0;
    std::string failed;
    for (const test::MsiManifestRow& row :
         test::readMsiManifest(corpusFolder() / "expected" / "MANIFEST.tsv")) {
        if (!done.insert(row.substitutions).second) continue;
        SCOPED_TRACE(row.substitutions);
        // As a startup script would load it; a file that needs the script's macros, as a
        // template checked alone (references without a value kept as written).
        for (const bool alone : {false, true}) {
            dbstatic::Database db;
            DiagnosticList diagnostics;
            loaders::Provenance provenance;
            loaders::LoaderOptions options;
            options.useEnvironmentPath = false;
            options.provenance = &provenance;
            options.templateAlone = alone;
            const CorpusFolder folder;
            options.environment = &folder;
            for (const std::string& dir : row.includeDirs)
                options.includeDirs.push_back((corpusFolder() / dir).string());
            options.includeDirs.push_back(corpusFolder().string());
            loaders::Loader loader(db, diagnostics, options);
            ASSERT_EQ(test::corpus::loadCorpusDefinitions(loader, diagnostics, corpusFolder()), "");
            if (!loader.loadTemplate(row.substitutions).ok) {
                if (alone)
                    failed += row.substitutions + ": " +
                              (diagnostics.items.empty() ? std::string("?")
                                                         : diagnostics.items.front().message) +
                              "\n";
                continue;
            }
            ++files;
            records += db.recordCount();
            EXPECT_EQ(test::replayProblems(db, provenance), "");
            if (!alone) EXPECT_EQ(undefinedMacros(db, provenance), "");
            break;
        }
    }
    // Every one loads but those that name a template the corpus does not have.
    EXPECT_GT(files, 40u) << failed;
    EXPECT_GT(records, 1000u);
    RecordProperty("files", static_cast<int>(files));
    RecordProperty("records", static_cast<int>(records));
}

} // namespace
