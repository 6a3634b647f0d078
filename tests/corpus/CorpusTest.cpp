// Acceptance: every database file of ../shared/corpus (real .db, .template and .vdb files of
// EPICS modules) loads as EPICS Base 7.0.8 would load it, against the definitions an IOC built
// with those modules has (CorpusDefinitions.hpp), with test values for its macros
// (MacroPlan.hpp). One test per file, named after it; files EPICS rejects must give exactly the
// diagnostics listed for them in CorpusCases.cpp, with the reason.
#include "CorpusCases.hpp"
#include "CorpusDefinitions.hpp"
#include "MacroPlan.hpp"
#include "ProvenanceReplay.hpp"

#include "DatabaseText.hpp"
#include "ReadFile.hpp"
#include "SharedData.hpp"

#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/loaders/MsiExpander.hpp>
#include <epicsdb/loaders/Substitutions.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

using namespace epicsdb;
using namespace epicsdb::test::corpus;

namespace {

std::filesystem::path corpusDir() {
    return test::sharedDir() / "corpus";
}

// The file's text followed by the text of the files it includes (`include "x"`) that are in
// its folder, recursively: the text whose macros a load expands.
std::string textWithIncludes(const std::filesystem::path& file, std::set<std::string>& seen) {
    if (!seen.insert(file.string()).second) return {};
    std::string text = test::readWholeFile(file);
    static const std::regex include(R"re(^[ \t]*include[ \t]+"([^"]+)")re");
    std::string all = text;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::smatch m;
        if (std::regex_search(line, m, include)) {
            const auto included = file.parent_path() / m[1].str();
            if (std::filesystem::exists(included)) all += "\n" + textWithIncludes(included, seen);
        }
    }
    return all;
}

// "error Db/x.db:12 field-value": one diagnostic, as the expectations spell it.
std::string spell(Severity severity, std::string_view file, unsigned line, std::string_view code) {
    return std::string(severity == Severity::Error ? "error " : "warning ") + std::string(file) +
           ":" + std::to_string(line) + " " + std::string(code);
}

std::string relativeToCorpus(const std::string& file) {
    const std::string prefix = corpusDir().string() + "/";
    return file.rfind(prefix, 0) == 0 ? file.substr(prefix.size()) : file;
}

std::string render(const DiagnosticList& list) {
    std::string text;
    for (const Diagnostic& d : list.items) {
        text += "  " + relativeToCorpus(d.location.file) + ":" + std::to_string(d.location.line) +
                ":" + std::to_string(d.location.column) + ": " +
                (d.severity == Severity::Error     ? "error"
                 : d.severity == Severity::Warning ? "warning"
                                                   : "note") +
                " [" + d.code + "] " + d.message + "\n";
        for (const ContextFrame& frame : d.context)
            text += "    " + frame.relation + " " + relativeToCorpus(frame.location.file) + ":" +
                    std::to_string(frame.location.line) + "\n";
        for (const std::string& note : d.notes)
            text += "    note: " + note + "\n";
    }
    return text;
}

// msi's record count for a substitution file, from substitutions.txt ("msi=rc0/11records").
std::optional<std::size_t> msiRecordCount(const std::string& path) {
    std::ifstream in(corpusDir() / "substitutions.txt");
    std::string line;
    const std::string head = "SUB " + path + " ";
    static const std::regex count(R"(msi=rc0/([0-9]+)records)");
    while (std::getline(in, line)) {
        std::smatch m;
        if (line.rfind(head, 0) == 0 && std::regex_search(line, m, count))
            return std::stoul(m[1].str());
    }
    return std::nullopt;
}

// expected/ holds substitution files with their template paths made relative to the corpus
// folder, named after their corpus path with "__" for "/".
std::filesystem::path expectedCopy(const std::string& path) {
    std::string name = path;
    for (std::size_t at = name.find('/'); at != std::string::npos; at = name.find('/', at + 2))
        name.replace(at, 1, "__");
    return corpusDir() / "expected" / name;
}

// What one load of a corpus file gave.
struct Outcome {
    bool ok = true;
    std::vector<std::string> diagnostics; // spelled as the expectations are, sorted
    std::string report;                   // the diagnostics in full, the macros used
    std::size_t records = 0;              // records in the database after the load
    std::optional<std::size_t> expectedRecords;
    std::string dump;               // the database, as `epicsdb dump --level 1` writes it
    std::string diagnosticsText;    // every diagnostic, as `epicsdb check` prints it
    std::size_t replays = 0;        // loads taken from a replay plan
    std::string provenanceProblems; // Reading::provenance: what replayProblems found
};

// How the file is read: with the reader's fast paths (replay plans, fused statements) or token
// by token, and how many times in a row (a second load of a cached file replays its plan).
struct Reading {
    bool fastPaths = true;
    int times = 1;
    unsigned jobs = 1;          // LoaderOptions::jobs
    std::size_t pieceBytes = 0; // LoaderOptions::parallelPieceBytes; 0: the default
    // A substitution file through Loader::loadTemplate (dbLoadTemplate) rather than a
    // dbLoadRecords of each set.
    bool viaLoadTemplate = false;
    // Keep provenance, and check it replays every field (Outcome::provenanceProblems).
    bool provenance = false;
};

class CorpusFile : public ::testing::TestWithParam<CorpusCase> {
protected:
    void SetUp() override { EPICSDB_REQUIRE_SHARED("corpus/" + GetParam().path); }

    // Loads the file into a new database holding the corpus definitions, as its treatment says.
    Outcome load(Defaults defaults, Reading reading = {}) {
        const CorpusCase& c = GetParam();
        const std::filesystem::path file = corpusDir() / c.path;
        dbstatic::Database db;
        DiagnosticList diagnostics;
        loaders::LoaderOptions options;
        options.useEnvironmentPath = false;
        options.includeDirs = {file.parent_path().string()};
        if (reading.viaLoadTemplate) options.includeDirs.push_back(corpusDir().string());
        options.fastPaths = reading.fastPaths;
        options.jobs = reading.jobs;
        if (reading.pieceBytes) options.parallelPieceBytes = reading.pieceBytes;
        loaders::Provenance provenance;
        if (reading.provenance) options.provenance = &provenance;
        loaders::Loader loader(db, diagnostics, options);
        Outcome out;
        const std::string failures = loadCorpusDefinitions(loader, diagnostics, corpusDir());
        EXPECT_EQ(failures, "") << "the definitions must load cleanly";
        if (!failures.empty()) {
            out.ok = false;
            return out;
        }
        // Records (directly or from msi's output) with macros planned from their text.
        auto loadPlanned = [&](const std::string& text, auto&& doLoad) {
            const MacroPlan plan = planMacros(text, db, c.macros, defaults);
            EXPECT_TRUE(plan.problems.empty()) << plan.describe();
            out.report = plan.describe() + "\n";
            RecordProperty(defaults == Defaults::Keep ? "macrosKeepingDefaults" : "macros",
                           plan.definitions());
            out.ok = doLoad(plan.definitions());
            if (!plan.unnamedRecords) out.expectedRecords = plan.records.size();
        };
        switch (c.treatment) {
        case Treatment::Records: {
            std::set<std::string> seen;
            loadPlanned(textWithIncludes(file, seen), [&](const std::string& macros) {
                // All loads but the last are undone, so the database shows what the last
                // load did by itself (from a plan, if one was recorded).
                for (int i = 1; i < reading.times; ++i) {
                    db.beginLoad();
                    loader.loadRecords(file.string(), macros);
                    db.endLoad(false);
                }
                return loader.loadRecords(file.string(), macros).ok;
            });
            break;
        }
        case Treatment::MsiTemplate: {
            loaders::StringTextSink output;
            loaders::StringTextSink messages;
            loaders::MsiOptions msiOptions;
            msiOptions.includePaths = {file.parent_path().string()};
            msiOptions.templateFile = file.string();
            loaders::MsiExpander msi(msiOptions, {output, messages, {}});
            const loaders::MsiOutcome expanded = msi.run();
            EXPECT_EQ(expanded, loaders::MsiOutcome::Success) << messages.text();
            loadPlanned(output.text(), [&](const std::string& macros) {
                return loader.loadRecordsText(file.string(), output.text(), macros).ok;
            });
            out.report += "msi output:\n" + output.text();
            break;
        }
        case Treatment::Substitutions: {
            const auto copy = expectedCopy(c.path);
            if (reading.viaLoadTemplate) {
                out.ok = loader.loadTemplate(copy.string()).ok;
                break;
            }
            const loaders::SubstitutionParse parse = loaders::readSubstitutionFile(copy.string());
            EXPECT_TRUE(parse.ok) << copy << ": EPICS's dbLoadTemplate accepts " << c.path;
            EXPECT_FALSE(parse.sets.empty()) << copy;
            for (const loaders::SubstitutionSet& set : parse.sets) {
                out.report += set.templateFile + " with " + set.definitions + "\n";
                const auto template_ = corpusDir() / set.templateFile;
                const bool loaded = loader.loadRecords(template_.string(), set.definitions).ok;
                out.ok = out.ok && loaded && parse.ok;
            }
            out.expectedRecords = msiRecordCount(c.path);
            EXPECT_TRUE(out.expectedRecords.has_value())
                << "substitutions.txt gives msi's record count";
            break;
        }
        }
        for (const Diagnostic& d : diagnostics.items)
            if (d.severity != Severity::Note)
                out.diagnostics.push_back(
                    spell(d.severity, relativeToCorpus(d.location.file), d.location.line, d.code));
        std::sort(out.diagnostics.begin(), out.diagnostics.end());
        out.report = render(diagnostics) + out.report;
        out.records = db.recordCount();
        out.dump = test::dumpText(db);
        out.diagnosticsText = test::diagnosticsText(diagnostics);
        out.replays = loader.stats().replays;
        if (reading.provenance) out.provenanceProblems = test::replayProblems(db, provenance);
        return out;
    }
};

TEST_P(CorpusFile, LoadsAsEpicsWould) {
    const CorpusCase& c = GetParam();
    std::vector<std::string> expected;
    bool expectErrors = false;
    for (const ExpectedDiagnostic& e : c.expect) {
        for (unsigned line = e.line; line <= std::max(e.line, e.through); ++line)
            expected.push_back(spell(e.severity, e.file, line, e.code));
        expectErrors = expectErrors || e.severity == Severity::Error;
    }
    std::sort(expected.begin(), expected.end());

    // Twice: every macro the file references set, then the macros it only ever references with
    // a default left undefined (so its defaults are used, as when a startup script omits them).
    // A substitution file brings its own macros: once.
    for (const Defaults defaults : {Defaults::Override, Defaults::Keep}) {
        if (defaults == Defaults::Keep && c.treatment == Treatment::Substitutions) continue;
        SCOPED_TRACE(defaults == Defaults::Keep ? "macros with defaults left undefined"
                                                : "every macro set");
        Reading reading;
        reading.provenance = true;
        const Outcome out = load(defaults, reading);
        EXPECT_EQ(out.provenanceProblems, "");
        EXPECT_EQ(out.diagnostics, expected) << out.report;
        EXPECT_EQ(out.ok, !expectErrors) << (out.diagnostics == expected ? out.report : "");
        // Every record the file names is in the database (a failed load leaves nothing).
        if (out.ok && out.expectedRecords) {
            EXPECT_EQ(out.records, *out.expectedRecords) << out.report;
        }
    }
}

// The differential tests: the same loads, on equivalenceCases() (all files, or a fixed sample in
// the sanitizer run).
class CorpusEquivalence : public CorpusFile {};

// The reader's fast paths (replay plans for a file read again, one-token reading of common
// statements) are an optimisation only: reading token by token, without plans, gives the same
// database and the same diagnostics, byte for byte. Each file is loaded three times in a row
// (the first two undone) so that the last load replays, by itself, what the first recorded.
TEST_P(CorpusEquivalence, FastPathsChangeNothing) {
    const Outcome fast = load(Defaults::Override, {true, 3});
    const Outcome plain = load(Defaults::Override, {false, 3});
    EXPECT_EQ(fast.dump, plain.dump);
    EXPECT_EQ(fast.diagnosticsText, plain.diagnosticsText);
    EXPECT_EQ(fast.records, plain.records);
    EXPECT_EQ(plain.replays, 0u);
    RecordProperty("replays", static_cast<int>(fast.replays));
}

// Lexing ahead on a second thread is an optimisation only: the same database and diagnostics,
// byte for byte, as one thread gives. Pieces of 64 bytes put a piece boundary on almost every
// line of every file, the definitions' included; both the fused statements and token by token.
TEST_P(CorpusEquivalence, ThreadsChangeNothing) {
    for (const bool fastPaths : {true, false}) {
        const Outcome one = load(Defaults::Override, {fastPaths, 1, 1});
        const Outcome two = load(Defaults::Override, {fastPaths, 1, 2, 64});
        EXPECT_EQ(one.dump, two.dump) << "fast paths " << fastPaths;
        EXPECT_EQ(one.diagnosticsText, two.diagnosticsText) << "fast paths " << fastPaths;
        EXPECT_EQ(one.records, two.records);
    }
    // dbLoadTemplate reads the substitution file (and expands templates) ahead.
    if (GetParam().treatment == Treatment::Substitutions) {
        const Outcome one = load(Defaults::Override, {true, 1, 1, 0, true});
        const Outcome two = load(Defaults::Override, {true, 1, 2, 64, true});
        EXPECT_EQ(one.dump, two.dump);
        EXPECT_EQ(one.diagnosticsText, two.diagnosticsText);
        EXPECT_EQ(one.records, two.records);
    }
}

// The tests are numbered and print as the file's path, so ctest names each after its file
// ("Corpus/CorpusFile.LoadsAsEpicsWould/epics-modules+ip/ipApp/Db/Eurotherm.db").
INSTANTIATE_TEST_SUITE_P(Corpus, CorpusFile, ::testing::ValuesIn(corpusCases()));
INSTANTIATE_TEST_SUITE_P(Corpus, CorpusEquivalence, ::testing::ValuesIn(equivalenceCases()));

// ---- the corpus as a whole ------------------------------------------------------------------

TEST(CorpusManifest, EveryDatabaseFileOfTheCorpusIsTestedAndPresent) {
    EPICSDB_REQUIRE_SHARED("corpus/README.md");
    std::set<std::string> listed;
    for (const CorpusCase& c : corpusCases())
        EXPECT_TRUE(listed.insert(c.path).second) << "listed twice: " << c.path;
    std::set<std::string> onDisk;
    for (auto it = std::filesystem::recursive_directory_iterator(corpusDir());
         it != std::filesystem::recursive_directory_iterator(); ++it) {
        // expected/ holds msi fixtures: copies of substitution files with rewritten paths.
        if (it->is_directory() && it->path().filename() == "expected" &&
            it->path().parent_path() == corpusDir()) {
            it.disable_recursion_pending();
            continue;
        }
        const std::string ext = it->path().extension().string();
        if (it->is_regular_file() && (ext == ".db" || ext == ".template" || ext == ".vdb"))
            onDisk.insert(relativeToCorpus(it->path().string()));
    }
    std::vector<std::string> missing;
    std::set_difference(listed.begin(), listed.end(), onDisk.begin(), onDisk.end(),
                        std::back_inserter(missing));
    std::vector<std::string> unlisted;
    std::set_difference(onDisk.begin(), onDisk.end(), listed.begin(), listed.end(),
                        std::back_inserter(unlisted));
    EXPECT_EQ(missing, std::vector<std::string>{}) << "listed in CorpusFiles.cpp, not found";
    EXPECT_EQ(unlisted, std::vector<std::string>{}) << "in the corpus, not in CorpusFiles.cpp";
    EXPECT_EQ(orphanSpecialCases(), std::vector<std::string>{})
        << "special cases for files that are not listed";
}

TEST(CorpusManifest, TheModuleDefinitionsLoadCleanly) {
    EPICSDB_REQUIRE_SHARED("corpus/README.md");
    dbstatic::Database db;
    DiagnosticList diagnostics;
    loaders::Loader loader(db, diagnostics);
    EXPECT_EQ(loadCorpusDefinitions(loader, diagnostics, corpusDir()), "");
    // A few record types and devices only the modules and the supplied lines define.
    for (const char* type :
         {"asyn", "motor", "scalcout", "transform", "swait", "sseq", "acalcout", "busy", "sscan",
          "scanparm", "scaler", "mca", "epid", "throttle", "timestamp", "table", "alive"})
        EXPECT_NE(db.findRecordType(type), nullptr) << type;
    const dbstatic::RecordType* ai = db.findRecordType("ai");
    ASSERT_NE(ai, nullptr);
    for (const char* dtyp : {"Soft Channel", "asynInt32", "asynFloat64", "stream", "IOC stats",
                             "asyn ai stringParm", "EtherIP"})
        EXPECT_TRUE(ai->findDevice(dtyp).has_value()) << dtyp;
    EXPECT_FALSE(db.findRecordType("fanout")->findDevice("Soft Channel").has_value())
        << "fanout has no device support in EPICS 7";
}

} // namespace
