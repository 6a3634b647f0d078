// epicsdb index: load every IOC of a facility file and write (or bring up to date) the
// facility index, one SQLite file (docs/guide/index-schema.md). Only the IOCs whose files,
// entry or environment changed are loaded again.
#include "Command.hpp"
#include "Commands.hpp"

#include <epicsdb/facility/FacilityFile.hpp>
#include <epicsdb/facility/Indexer.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace epicsdb::tools {

namespace {
const char* const kIndexUsage =
    "usage: epicsdb index [-o INDEX] [--rebuild] [--force] [-j N] [-q] facility.toml\n"
    "Loads each IOC of the facility file as 'epicsdb ioc' loads it (with lint's findings and\n"
    "the provenance of every field) and writes the facility index, a SQLite file: by default\n"
    "the facility file's name with .sqlite. IOCs whose files did not change are not loaded\n"
    "again. Exit status: 0 every IOC loaded, 1 some failed (they are in the index, marked),\n"
    "2 the facility file or the index cannot be used.\n\n";

// Prints diagnostics of the facility file as check prints them.
class PrintSink final : public DiagnosticSink {
public:
    void report(Diagnostic diagnostic) override {
        std::fprintf(stderr, "%s", loaders::diagnosticText(diagnostic, false).c_str());
    }
};
} // namespace

std::string defaultIndexPath(const std::string& facilityFile) {
    return std::filesystem::path(facilityFile).replace_extension(".sqlite").string();
}

ExitStatus runIndex(const Arguments& args) {
    cli::Command command("index", kIndexUsage);
    std::vector<std::string> files;
    std::string output;
    std::string jobs = "0";
    bool rebuild = false;
    bool force = false;
    bool quiet = false;
    command.value("-o,--output", output, "INDEX",
                  "the index to write (default: the facility file's name with .sqlite)",
                  cli::kFileName);
    command.flag("--rebuild", rebuild, "make the index anew, whatever the file held");
    command.flag("--force", force, "load every IOC again, changed or not");
    command.value("-j,--jobs", jobs, "N", "IOCs loaded at once (default 0: one per core)",
                  cli::kJobCount);
    command.flag("-q,--quiet", quiet, "print errors only (no line per IOC)");
    command.files(files, "the facility file", "facility.toml");
    if (auto status = command.parse(args, [&] {
            if (files.size() != 1) throw cli::UsageError("give one facility file (facility.toml)");
        }))
        return *status;

    PrintSink printer;
    const std::optional<facility::Facility> facility =
        facility::readFacilityFile(files.front(), printer);
    if (!facility) return ExitStatus::Trouble;
    if (output.empty()) output = defaultIndexPath(files.front());

    std::string error;
    const auto index = facility::IndexFile::open(
        output, rebuild ? facility::OpenMode::Rebuild : facility::OpenMode::ReadWrite, error);
    if (!index) return command.fail(error);

    facility::IndexOptions options;
    options.threads = static_cast<unsigned>(std::stoul(jobs));
    options.force = force;
    if (!quiet)
        options.progress = [](std::string_view ioc, std::string_view outcome) {
            std::fprintf(stderr, "  %-24.*s %.*s\n", static_cast<int>(ioc.size()), ioc.data(),
                         static_cast<int>(outcome.size()), outcome.data());
        };
    const auto start = std::chrono::steady_clock::now();
    facility::IndexSummary summary;
    try {
        summary = facility::updateIndex(*index, *facility, options, printer);
    } catch (const std::exception& failure) {
        return command.fail(output + ": " + failure.what());
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr,
                 "epicsdb index: %s: %zu IOC%s (%zu loaded, %zu unchanged, %zu failed, %zu "
                 "removed), %zu records, generation %lld, %.2f s\n",
                 output.c_str(), summary.iocs, summary.iocs == 1 ? "" : "s", summary.loaded,
                 summary.unchanged, summary.failed, summary.removed, summary.records,
                 static_cast<long long>(summary.generation), seconds);
    return summary.failed ? ExitStatus::Findings : ExitStatus::Success;
}

} // namespace epicsdb::tools
