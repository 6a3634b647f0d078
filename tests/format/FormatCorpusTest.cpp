// epicsdb fmt on real files: every database and substitution file of ../shared/corpus and of
// db/examples. Each formatted file must be its own layout (idempotent), keep every comment, and
// mean what the original meant: a database file loads (with the corpus definitions and the
// corpus harness's macro values, MacroPlan.hpp) into the same records, fields, aliases and
// infos; a substitution file gives dbLoadTemplate the same sets and msi the same output. Files
// the formatter cannot read are listed with its error; EPICS accepts none of them as records.
#include "CorpusCases.hpp"
#include "CorpusDefinitions.hpp"
#include "MacroPlan.hpp"

#include "DatabaseText.hpp"
#include "MsiManifest.hpp"
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "ScratchDir.hpp"
#include "SharedData.hpp"

#include <epicsdb/diff/DatabaseDiff.hpp>
#include <epicsdb/diff/DiffWriters.hpp>
#include <epicsdb/format/Formatter.hpp>
#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/loaders/MsiExpander.hpp>
#include <epicsdb/loaders/Substitutions.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

using namespace epicsdb;
using namespace epicsdb::test::corpus;

namespace {

std::filesystem::path corpusDir() {
    return test::sharedDir() / "corpus";
}

std::vector<std::string> sorted(std::vector<std::string> items) {
    std::sort(items.begin(), items.end());
    return items;
}

// The file's text and that of the files it includes from its folder: the macros a load expands.
std::string textWithIncludes(const std::filesystem::path& file, std::set<std::string>& seen) {
    if (!seen.insert(file.string()).second) return {};
    std::string all = test::readWholeFile(file);
    static const std::regex include(R"re(^[ \t]*include[ \t]+"([^"]+)")re");
    std::istringstream lines(all);
    std::string more;
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, m, include)) {
            const auto included = file.parent_path() / m[1].str();
            if (std::filesystem::exists(included)) more += "\n" + textWithIncludes(included, seen);
        }
    }
    return all + more;
}

// What a load of a database file gave, as the comparison needs it.
struct Loaded {
    std::unique_ptr<dbstatic::Database> db;
    bool ok = false;
    std::string dump;               // every record, field, alias and info (dump --level 1)
    std::vector<std::string> codes; // the diagnostics' severities and codes, sorted
};

// The same outcome, a database `epicsdb diff` finds identical (records, fields in canonical
// form, aliases, infos), the same text as `dump` writes it, the same kinds of diagnostics.
void expectSameDatabase(const Loaded& original, const Loaded& formatted) {
    EXPECT_EQ(formatted.ok, original.ok);
    const diff::DatabaseDiff changes = diff::diffDatabases(*original.db, *formatted.db);
    if (!changes.same()) {
        std::ostringstream text;
        diff::writeText(changes, {"original", "formatted"}, text);
        ADD_FAILURE() << text.str();
    }
    EXPECT_EQ(formatted.dump, original.dump);
    EXPECT_EQ(formatted.codes, original.codes);
}

// Loads `file` (or `text` in its place, under its name) with the definitions `define` loads
// and macros planned from the original's text, as the corpus harness plans them.
template <typename Define>
Loaded load(const std::filesystem::path& file, const std::string* text, std::string_view macros,
            Define&& define) {
    Loaded out;
    out.db = std::make_unique<dbstatic::Database>();
    dbstatic::Database& db = *out.db;
    DiagnosticList diagnostics;
    loaders::LoaderOptions options;
    options.useEnvironmentPath = false;
    options.includeDirs = {file.parent_path().string()};
    loaders::Loader loader(db, diagnostics, options);
    define(loader, diagnostics);
    std::set<std::string> seen;
    const MacroPlan plan = planMacros(textWithIncludes(file, seen), db, macros, Defaults::Override);
    out.ok = text ? loader.loadRecordsText(file.string(), *text, plan.definitions()).ok
                  : loader.loadRecords(file.string(), plan.definitions()).ok;
    out.dump = test::dumpText(db);
    for (const Diagnostic& d : diagnostics.items)
        out.codes.push_back((d.severity == Severity::Error ? "error " : "warning ") + d.code);
    out.codes = sorted(std::move(out.codes));
    return out;
}

std::string describe(const format::FormatResult& result) {
    if (result.ok()) return "";
    const auto& e = result.errors.front();
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

// dbLoadTemplate's reading of a substitution text: its sets, or why it failed.
std::vector<std::string> templateSets(std::string_view text, bool& ok) {
    const loaders::SubstitutionParse parse = loaders::parseSubstitutions("s.substitutions", text);
    ok = parse.ok;
    std::vector<std::string> sets;
    for (const loaders::SubstitutionSet& set : parse.sets)
        sets.push_back(set.templateFile + " <- " + set.definitions);
    for (const Diagnostic& d : parse.diagnostics)
        sets.push_back("diagnostic " + d.code);
    return sets;
}

// A substitution file formatted: idempotent, comments kept, dbLoadTemplate's sets unchanged.
// Returns the formatted text (empty, with `error` set, when the formatter refuses the file).
std::string checkSubstitutions(const std::string& text, std::string& error) {
    const format::FormatResult result = format::formatSubstitutions(text);
    if (!result.ok()) {
        error = describe(result);
        return {};
    }
    EXPECT_EQ(format::formatSubstitutions(result.text).text, result.text) << "not idempotent";
    EXPECT_EQ(sorted(format::substitutionComments(result.text)),
              sorted(format::substitutionComments(text)))
        << "comments lost";
    bool originalOk = false;
    bool formattedOk = false;
    const std::vector<std::string> original = templateSets(text, originalOk);
    const std::vector<std::string> formatted = templateSets(result.text, formattedOk);
    EXPECT_EQ(formattedOk, originalOk);
    if (originalOk) {
        EXPECT_EQ(formatted, original) << result.text;
    }
    return result.text;
}

class FormatCorpusFile : public ::testing::TestWithParam<CorpusCase> {
protected:
    void SetUp() override { EPICSDB_REQUIRE_SHARED("corpus/" + GetParam().path); }
};

auto corpusDefinitions() {
    return [](loaders::Loader& loader, DiagnosticList& diagnostics) {
        EXPECT_EQ(loadCorpusDefinitions(loader, diagnostics, corpusDir()), "");
    };
}

TEST_P(FormatCorpusFile, IdempotentCommentsKeptSameDatabase) {
    const CorpusCase& c = GetParam();
    const std::filesystem::path file = corpusDir() / c.path;
    const std::string text = test::readWholeFile(file);
    if (c.treatment == Treatment::Substitutions) {
        std::string error;
        checkSubstitutions(text, error);
        EXPECT_EQ(error, "") << "dbLoadTemplate reads this file";
        return;
    }
    dbstatic::Database definitions;
    {
        DiagnosticList diagnostics;
        loaders::Loader loader(definitions, diagnostics);
        corpusDefinitions()(loader, diagnostics);
    }
    const format::FormatResult result = format::formatDatabase(text, {&definitions, false});
    if (!result.ok()) {
        const bool epicsRejects =
            std::any_of(c.expect.begin(), c.expect.end(),
                        [](const ExpectedDiagnostic& e) { return e.severity == Severity::Error; });
        RecordProperty("excluded", describe(result));
        EXPECT_TRUE(epicsRejects || c.treatment == Treatment::MsiTemplate)
            << "EPICS reads this file, the formatter does not: " << describe(result);
        return;
    }
    EXPECT_EQ(format::formatDatabase(result.text, {&definitions, false}).text, result.text)
        << "not idempotent";
    EXPECT_EQ(sorted(format::databaseComments(result.text)), sorted(format::databaseComments(text)))
        << "comments lost";
    if (c.treatment == Treatment::MsiTemplate) {
        // The meaning is msi's output: the formatted text given as the template.
        auto expand = [&](const std::string* template_) {
            loaders::StringTextSink output;
            loaders::StringTextSink messages;
            loaders::MsiOptions options;
            options.includePaths = {file.parent_path().string()};
            if (!template_) options.templateFile = file.string();
            loaders::MsiExpander msi(
                options, {output, messages, [&] { return template_ ? *template_ : ""; }});
            EXPECT_EQ(msi.run(), loaders::MsiOutcome::Success) << messages.text();
            return output.text();
        };
        EXPECT_EQ(expand(&result.text), expand(nullptr));
        return;
    }
    expectSameDatabase(load(file, nullptr, c.macros, corpusDefinitions()),
                       load(file, &result.text, c.macros, corpusDefinitions()));
}

INSTANTIATE_TEST_SUITE_P(Corpus, FormatCorpusFile, ::testing::ValuesIn(corpusCases()));

bool isSubstitutionFile(const std::filesystem::path& path) {
    const std::string ext = path.extension().string();
    return ext == ".substitutions" || ext == ".substitution" || ext == ".sub" || ext == ".subs";
}

// msi's arguments for the copies in expected/ (MANIFEST.tsv), by the copy's path (a copy may
// be expanded more than once, with other -I folders).
std::multimap<std::string, std::vector<std::string>> msiRuns() {
    std::multimap<std::string, std::vector<std::string>> runs;
    for (test::MsiManifestRow& row :
         test::readMsiManifest(corpusDir() / "expected" / "MANIFEST.tsv"))
        runs.emplace(row.substitutions, std::move(row.args));
    return runs;
}

TEST(FormatCorpus, SubstitutionFilesKeepTheirSetsAndMsiOutput) {
    EPICSDB_REQUIRE_SHARED("corpus/expected/MANIFEST.tsv");
    const auto runs = msiRuns();
    ASSERT_FALSE(runs.empty());
    std::size_t files = 0, formatted = 0, msiChecked = 0;
    std::string excluded;
    const test::ScratchDir scratch;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(corpusDir())) {
        if (!entry.is_regular_file()) continue;
        // Substitution files, and the .template files in substitution syntax msi expands.
        const std::string relative = entry.path().lexically_relative(corpusDir()).string();
        if (!isSubstitutionFile(entry.path()) && !runs.contains(relative)) continue;
        ++files;
        SCOPED_TRACE(relative);
        const std::string text = test::readWholeFile(entry.path());
        std::string error;
        const std::string result = checkSubstitutions(text, error);
        if (!error.empty()) {
            excluded += "  " + relative + ": " + error + "\n";
            continue;
        }
        ++formatted;
        const auto [first, last] = runs.equal_range(relative);
        for (auto run = first; run != last; ++run) {
            // msi from the corpus folder, as for the expected output, with the formatted file.
            std::vector<std::string> args;
            for (const std::string& arg : run->second)
                args.push_back(arg.rfind("-S", 0) == 0
                                   ? "-S" + scratch.write("f.substitutions", result)
                                   : arg);
            const test::ProgramResult original =
                test::runProgram(MSI_PROGRAM, run->second, {.workingDirectory = corpusDir()});
            const test::ProgramResult reformatted =
                test::runProgram(MSI_PROGRAM, args, {.workingDirectory = corpusDir()});
            EXPECT_EQ(original.status, 0) << original.err;
            EXPECT_EQ(reformatted.status, original.status) << reformatted.err;
            EXPECT_EQ(reformatted.out, original.out);
            ++msiChecked;
        }
    }
    std::printf("substitution files: %zu, formatted %zu, msi output compared for %zu\n", files,
                formatted, msiChecked);
    if (!excluded.empty())
        std::printf("not formatted (the formatter's error):\n%s", excluded.c_str());
    EXPECT_EQ(msiChecked, runs.size());
    EXPECT_GE(formatted + 2, files) << excluded;
}

TEST(FormatCorpus, DatabaseFilesFormattedOrTheirErrorListed) {
    EPICSDB_REQUIRE_SHARED("corpus/README.md");
    dbstatic::Database definitions;
    {
        DiagnosticList diagnostics;
        loaders::Loader loader(definitions, diagnostics);
        corpusDefinitions()(loader, diagnostics);
    }
    std::size_t formatted = 0;
    std::string excluded;
    for (const CorpusCase& c : corpusCases()) {
        const std::string text = test::readWholeFile(corpusDir() / c.path);
        const format::FormatResult result =
            c.treatment == Treatment::Substitutions
                ? format::formatSubstitutions(text)
                : format::formatDatabase(text, {&definitions, false});
        if (result.ok())
            ++formatted;
        else
            excluded += "  " + c.path + ": " + describe(result) + "\n";
    }
    std::printf("database files: %zu, formatted %zu\n", corpusCases().size(), formatted);
    if (!excluded.empty())
        std::printf("not formatted (the formatter's error):\n%s", excluded.c_str());
    EXPECT_GE(formatted + 2, corpusCases().size()) << excluded;
}

// ---- the project's examples ------------------------------------------------------------------

TEST(FormatExamples, EveryExampleIsFormattedKeepingItsMeaning) {
    const std::filesystem::path examples = test::sourceDir() / "db" / "examples";
    ASSERT_TRUE(std::filesystem::exists(examples));
    dbstatic::Database definitions;
    {
        DiagnosticList diagnostics;
        loaders::Loader loader(definitions, diagnostics);
        ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    }
    auto standard = [](loaders::Loader& loader, DiagnosticList&) {
        EXPECT_TRUE(loader.loadDefaultDefinitions().ok);
    };
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(examples)) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file()) continue;
        SCOPED_TRACE(entry.path().string());
        const std::string text = test::readWholeFile(entry.path());
        if (isSubstitutionFile(entry.path())) {
            std::string error;
            checkSubstitutions(text, error);
            EXPECT_EQ(error, "");
            ++files;
        } else if (ext == ".db" || ext == ".template" || ext == ".vdb") {
            const format::FormatResult result = format::formatDatabase(text, {&definitions, false});
            ASSERT_TRUE(result.ok()) << describe(result);
            EXPECT_EQ(format::formatDatabase(result.text, {&definitions, false}).text, result.text);
            EXPECT_EQ(sorted(format::databaseComments(result.text)),
                      sorted(format::databaseComments(text)));
            expectSameDatabase(load(entry.path(), nullptr, "", standard),
                               load(entry.path(), &result.text, "", standard));
            ++files;
        }
    }
    EXPECT_GE(files, 7u);
}

} // namespace
