// epicsdb dump: load everything, then write every record as dbWriteRecord text or JSON.
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "OutputFile.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <cstdio>
#include <unistd.h>

namespace epicsdb::tools {

namespace {
const char* const kUsage =
    "usage: epicsdb dump [--dbd FILE]... [-I DIR]... [-m MACROS] [-S FILE]...\n"
    "                    [--format db|json] [--level N] [--type RTYPE] [-o FILE] FILE...\n"
    "Loads like 'epicsdb check', then writes every record: as EPICS dbWriteRecord does (level\n"
    "0: only fields that differ from their default), or as JSON. Exit status as check.\n\n";

int parseLevel(const std::string& text) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 3)
        throw cli::UsageError("--level must be a small non-negative integer, not '" + text + "'");
    return std::stoi(text);
}
} // namespace

int runDump(const Arguments& args) {
    auto specs = inputOptions();
    specs.push_back({{"--format"}, true, "db|json", "record text (default) or JSON"});
    specs.push_back({{"--level"}, true, "N", "dbWriteRecord level: 0, 1 or 2 (default 0)"});
    specs.push_back({{"--type"}, true, "RTYPE", "only records of this type"});
    specs.push_back({{"-o", "--output"}, true, "FILE", "write to FILE instead of stdout"});
    specs.push_back({{"-q", "--quiet"}, false, "", "print errors only"});
    specs.push_back({{"-h", "--help"}, false, "", "show this help"});
    cli::CommandLine line(specs);
    int level = 0;
    bool json = false;
    try {
        line.parse(args);
        if (auto format = line.value("--format")) {
            if (*format != "db" && *format != "json")
                throw cli::UsageError("--format must be db or json, not '" + *format + "'");
            json = *format == "json";
        }
        if (auto text = line.value("--level")) level = parseLevel(*text);
        if (!line.has("-h") && line.positional().empty() && line.values("-S").empty() &&
            line.values("--dbd").empty())
            throw cli::UsageError("no files to dump");
    } catch (const cli::UsageError& error) {
        std::fprintf(stderr, "epicsdb dump: %s\n%s", error.what(), kUsage);
        return 2;
    }
    if (line.has("-h")) {
        std::printf("%s%s", kUsage, line.optionHelp().c_str());
        return 0;
    }
    cli::DiagnosticPrinter printer(stderr, cli::DiagnosticFormat::Text, ::isatty(STDERR_FILENO));
    printer.setQuietWarnings(line.has("-q"));
    dbstatic::Database db;
    const LoadSummary summary = loadInputs(line, db, printer);
    if (summary.unreadable) return 2;

    OutputFile output(line.value("-o"));
    if (!output.ok()) {
        std::fprintf(stderr, "epicsdb dump: can't write '%s'\n", line.value("-o")->c_str());
        return 2;
    }
    const std::string type = line.value("--type").value_or("");
    try {
        if (json) {
            dbstatic::JsonWriteOptions options;
            options.recordType = type;
            dbstatic::writeJson(db, output.stream(), options);
        } else {
            dbstatic::RecordWriteOptions options;
            options.recordType = type;
            options.level = level;
            dbstatic::writeRecords(db, output.stream(), options);
        }
    } catch (const dbstatic::RecordTypeNotFound& error) {
        std::fprintf(stderr, "epicsdb dump: no record type '%s'\n", error.name().c_str());
        return 2;
    }
    output.stream().flush();
    if (line.has("--stats")) printStats(db, summary);
    if (printer.errors())
        std::fprintf(stderr, "epicsdb dump: %zu error%s\n", printer.errors(),
                     printer.errors() == 1 ? "" : "s");
    return printer.errors() ? 1 : 0;
}

} // namespace epicsdb::tools
