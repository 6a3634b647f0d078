// epicsdb check: load everything, report every problem, summarise.
#include "Commands.hpp"
#include "LoadInputs.hpp"

#include <cstdio>
#include <unistd.h>

namespace epicsdb::tools {

namespace {
const char* const kUsage =
    "usage: epicsdb check [--dbd FILE]... [-I DIR]... [-m MACROS] [-S FILE]... FILE...\n"
    "Loads the definitions (the standard ones built into epicsdb unless a .dbd is given),\n"
    "then each FILE in order: .dbd files as definitions, .substitutions files as dbLoadTemplate\n"
    "does, anything else as records. Prints every problem; exit status 0 without errors,\n"
    "1 with errors, 2 on usage errors or unreadable files.\n\n";
} // namespace

int runCheck(const Arguments& args) {
    auto specs = inputOptions();
    specs.push_back({{"--format"}, true, "text|json|sarif", "how diagnostics are printed"});
    specs.push_back({{"-q", "--quiet"}, false, "", "print errors only"});
    specs.push_back({{"-h", "--help"}, false, "", "show this help"});
    cli::CommandLine line(specs);
    try {
        line.parse(args);
        if (auto format = line.value("--format");
            format && *format != "text" && *format != "json" && *format != "sarif")
            throw cli::UsageError("--format must be text, json or sarif, not '" + *format + "'");
        if (!line.has("-h") && line.positional().empty() && line.values("-S").empty() &&
            line.values("--dbd").empty())
            throw cli::UsageError("no files to check");
    } catch (const cli::UsageError& error) {
        std::fprintf(stderr, "epicsdb check: %s\n%s", error.what(), kUsage);
        return 2;
    }
    if (line.has("-h")) {
        std::printf("%s%s", kUsage, line.optionHelp().c_str());
        return 0;
    }
    const std::string format = line.value("--format").value_or("text");
    const bool json = format == "json";
    const bool sarif = format == "sarif";
    cli::DiagnosticPrinter printer(json || sarif ? stdout : stderr,
                                   json    ? cli::DiagnosticFormat::Json
                                   : sarif ? cli::DiagnosticFormat::Sarif
                                           : cli::DiagnosticFormat::Text,
                                   format == "text" && ::isatty(STDERR_FILENO));
    printer.setQuietWarnings(line.has("-q"));
    dbstatic::Database db;
    const LoadSummary summary = loadInputs(line, db, printer);
    if (summary.unreadable) return 2;
    printer.finish();
    if (json)
        std::printf("%s\n", cli::DiagnosticPrinter::toJson(
                                 cli::CheckSummary{summary.files, db.recordCount(), db.aliasCount(),
                                                   printer.errors(), printer.warnings()})
                                 .c_str());
    else
        std::fprintf(stderr, "epicsdb check: %zu file%s, %zu records, %zu error%s, %zu warning%s\n",
                     summary.files, summary.files == 1 ? "" : "s", db.recordCount(),
                     printer.errors(), printer.errors() == 1 ? "" : "s", printer.warnings(),
                     printer.warnings() == 1 ? "" : "s");
    if (line.has("--stats")) printStats(db, summary);
    return printer.errors() ? 1 : 0;
}

} // namespace epicsdb::tools
