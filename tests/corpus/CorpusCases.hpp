// What each database file of the corpus needs and what EPICS does with it: how it is loaded,
// per-file macro values the general rule cannot choose (MacroPlan.hpp), and the diagnostics
// EPICS Base 7.0.8 would give, each with its reason and evidence.
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::test::corpus {

enum class Treatment : std::uint8_t {
    // dbLoadRecords(file, macros), with the file's folder on the include path (`include` is
    // part of the database syntax: areaDetector-style templates include their base template).
    Records,
    // A template with msi `substitute`/`include` directives, which only msi understands: the
    // build expands it with msi (-I its folder, no macros), and the IOC loads msi's output.
    MsiTemplate,
    // Substitution syntax in a file named .template: the IOC reads it with dbLoadTemplate. It is
    // read from its copy in expected/ (template paths rewritten relative to the corpus folder),
    // and each set loads its template with the set's macros.
    Substitutions,
};

// A diagnostic EPICS gives too: where (file relative to the corpus folder; line) and what kind
// (our diagnostic code). With `through`, one such diagnostic on every line from `line` to
// `through`.
struct ExpectedDiagnostic {
    Severity severity = Severity::Error;
    std::string_view file;
    unsigned line = 0;
    std::string_view code;
    unsigned through = 0;
};

struct CorpusCase {
    std::string path; // relative to the corpus folder
    Treatment treatment = Treatment::Records;
    std::string_view macros;                // overrides, "NAME=value,..."
    std::vector<ExpectedDiagnostic> expect; // the file's verdict: empty means it loads cleanly
};

// The files, one per line (CorpusFiles.cpp).
extern const std::string_view kCorpusFiles;

// Every file of kCorpusFiles with its special needs merged in, in listing order.
const std::vector<CorpusCase>& corpusCases();
// The files the differential tests (fast paths and threads change nothing) read. All of them,
// unless the build sets EPICSDB_CORPUS_SAMPLE_STRIDE=N above 1 (the sanitizer run: each file
// there costs ten times as much): then a fixed sample, every Nth file of the listing (the first
// included) and every file that is not a plain dbLoadRecords load or that EPICS rejects.
std::vector<CorpusCase> equivalenceCases();
// Paths that have special needs but are not in kCorpusFiles (must be none).
std::vector<std::string> orphanSpecialCases();

// gtest prints a case as its path.
inline void PrintTo(const CorpusCase& c, std::ostream* out) {
    *out << c.path;
}

} // namespace epicsdb::test::corpus
