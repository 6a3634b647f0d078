// epicsdb dump: load everything, then write every record as dbWriteRecord text or JSON.
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "WriteResult.hpp"
#include <epicsdb/loaders/ProvenanceJson.hpp>

#include <epicsdb/dbStatic/Writers.hpp>

#include <cstdio>
#include <optional>

namespace epicsdb::tools {

namespace {
const char* const kDumpUsage =
    "usage: epicsdb dump [--dbd FILE]... [-I DIR]... [-m MACROS] [-S FILE]...\n"
    "                    [--format db|json [--provenance]] [--level N] [--type RTYPE]\n"
    "                    [-o FILE] FILE...\n"
    "       epicsdb dump [--dbd FILE]... [-e NAME=VALUE]... [options] st.cmd\n"
    "Loads like 'epicsdb check', then writes every record: as EPICS dbWriteRecord does (level\n"
    "0: only fields that differ from their default), or as JSON; --provenance adds to each\n"
    "record of the JSON where it was defined and what set each of its fields (as 'epicsdb\n"
    "why' tells it). Exit status as check.\n\n";

// "provenance": {"definitions", "aliases", "infos", "fields"}, as epicsdb why --format json
// gives a record.
void writeProvenanceMember(const dbstatic::Database& db, const loaders::Provenance& provenance,
                           const dbstatic::Record& record, dbstatic::JsonValueWriter& json) {
    json.key("provenance");
    json.startObject();
    if (const std::optional<loaders::RecordProvenance> kept = provenance.record(db, record.name()))
        loaders::writeRecordProvenanceMembers(json, *kept, provenance.setFields(db, record.name()));
    json.endObject();
}

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
    bool withProvenance = false;
    command.choice("--format", format, {"db", "json"}, "record text (default) or JSON");
    command.flag("--provenance", withProvenance,
                 "with --format json: where each record and field value came from");
    command.value("--level", level, "N", "dbWriteRecord level: 0, 1 or 2 (default 0)",
                  {isLevel, "a small non-negative integer"});
    command.value("--type", type, "RTYPE", "only records of this type");
    command.value("-o,--output", outputPath, "FILE", "write to FILE instead of stdout",
                  cli::kFileName);
    command.flag("-q,--quiet", quiet, "print errors only");
    if (auto status = command.parse(args, [&] {
            if (inputs.empty()) throw cli::UsageError("no files to dump");
            if (withProvenance && format != "json")
                throw cli::UsageError("--provenance goes with --format json (epicsdb why tells "
                                      "it as text)");
            inputs.checkStartupRules();
        }))
        return *status;

    cli::DiagnosticPrinter printer;
    printer.setQuietWarnings(quiet);
    dbstatic::Database db;
    // Kept only when asked for: dump's speed and memory are check's otherwise.
    std::optional<loaders::Provenance> provenance;
    LoadHooks hooks;
    if (withProvenance) hooks.provenance = &provenance.emplace();
    const LoadSummary summary = loadInputs(inputs, db, printer, hooks);
    if (summary.unreadable) return ExitStatus::Trouble;

    const bool written = writeResult(command, outputPath, [&](std::ostream& out) {
        try {
            if (format == "json") {
                dbstatic::JsonWriteOptions options;
                options.recordType = type;
                if (provenance)
                    options.recordMembers = [&](const dbstatic::Record& record,
                                                dbstatic::JsonValueWriter& json) {
                        writeProvenanceMember(db, *provenance, record, json);
                    };
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
