// epicsdb dump: load everything, then write every record as dbWriteRecord text or JSON.
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "WriteResult.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <cstdio>

namespace epicsdb::tools {

namespace {
const char* const kDumpUsage =
    "usage: epicsdb dump [--dbd FILE]... [-I DIR]... [-m MACROS] [-S FILE]...\n"
    "                    [--format db|json] [--level N] [--type RTYPE] [-o FILE] FILE...\n"
    "       epicsdb dump [--dbd FILE]... [-e NAME=VALUE]... [options] st.cmd\n"
    "Loads like 'epicsdb check', then writes every record: as EPICS dbWriteRecord does (level\n"
    "0: only fields that differ from their default), or as JSON. Exit status as check.\n\n";

bool isLevel(const std::string& text) {
    return !text.empty() && text.size() <= 3 &&
           text.find_first_not_of("0123456789") == std::string::npos;
}
} // namespace

ExitStatus runDump(const Arguments& args) {
    cli::Command command("dump", kDumpUsage);
    cli::InputOptions inputs(command);
    std::string format = "db";
    std::string level = "0";
    std::string type;
    std::string outputPath;
    bool quiet = false;
    command.choice("--format", format, {"db", "json"}, "record text (default) or JSON");
    command.value("--level", level, "N", "dbWriteRecord level: 0, 1 or 2 (default 0)",
                  {isLevel, "a small non-negative integer"});
    command.value("--type", type, "RTYPE", "only records of this type");
    command.value("-o,--output", outputPath, "FILE", "write to FILE instead of stdout",
                  cli::kFileName);
    command.flag("-q,--quiet", quiet, "print errors only");
    if (auto status = command.parse(args, [&] {
            if (inputs.empty()) throw cli::UsageError("no files to dump");
            inputs.checkStartupRules();
        }))
        return *status;

    cli::DiagnosticPrinter printer;
    printer.setQuietWarnings(quiet);
    dbstatic::Database db;
    const LoadSummary summary = loadInputs(inputs, db, printer);
    if (summary.unreadable) return ExitStatus::Trouble;

    const bool written = writeResult(command, outputPath, [&](std::ostream& out) {
        try {
            if (format == "json") {
                dbstatic::JsonWriteOptions options;
                options.recordType = type;
                dbstatic::writeJson(db, out, options);
            } else {
                dbstatic::RecordWriteOptions options;
                options.recordType = type;
                options.level = std::stoi(level);
                dbstatic::writeRecords(db, out, options);
            }
        } catch (const dbstatic::RecordTypeNotFound& error) {
            return "no record type '" + error.name() + "'";
        }
        return std::string();
    });
    if (!written) return ExitStatus::Trouble;
    if (inputs.stats) printStats(db, summary);
    return statusAfterOutput(command, printer.errors());
}

} // namespace epicsdb::tools
