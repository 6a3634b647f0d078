// epicsdb check: load everything, report every problem, summarise.
#include "Commands.hpp"
#include "FixFiles.hpp"
#include "LoadInputs.hpp"

#include <cstdio>
#include <filesystem>
#include <optional>

namespace epicsdb::tools {

namespace {
const char* const kCheckUsage =
    "usage: epicsdb check [--dbd FILE]... [-I DIR]... [-m MACROS] [-S FILE]... FILE...\n"
    "       epicsdb check [--dbd FILE]... [-I DIR]... [-e NAME=VALUE]... st.cmd\n"
    "Loads the definitions (the standard ones built into epicsdb unless a .dbd is given),\n"
    "then each FILE in order: .dbd files as definitions, .substitutions files as dbLoadTemplate\n"
    "does, anything else as records. A startup script (.cmd, .iocsh or --startup) is run from\n"
    "its folder as iocsh runs it, and checked as the IOC it builds. Prints every problem; --fix\n"
    "applies the safe fixes (a misspelt field name, menu or device choice) and prints what is\n"
    "left, --fix --diff shows them. Exit status 0 without errors, 1 with errors (or changes to\n"
    "show, with --diff), 2 on usage errors or unreadable files.\n\n";

const char* plural(std::size_t count) {
    return count == 1 ? "" : "s";
}
} // namespace

ExitStatus runCheck(const Arguments& args) {
    cli::Command command("check", kCheckUsage);
    cli::InputOptions inputs(command);
    std::string format = "text";
    bool quiet = false;
    bool fix = false;
    bool fixDiff = false;
    command.choice("--format", format, {"text", "json", "sarif"}, "how diagnostics are printed");
    command.flag("-q,--quiet", quiet, "print errors only");
    command.flag("--fix", fix, "apply the safe fixes of the diagnostics to the files");
    command.flag("--diff", fixDiff,
                 "with --fix: print the fixes as a unified diff, change nothing");
    if (auto status = command.parse(args, [&] {
            if (fixDiff && !fix) throw cli::UsageError("--diff goes with --fix");
            if (inputs.empty()) throw cli::UsageError("no files to check");
            inputs.checkStartupRules();
        }))
        return *status;

    cli::DiagnosticPrinter printer(cli::diagnosticFormatNamed(format));
    printer.setQuietWarnings(quiet);
    dbstatic::Database db;
    FixFiles fixer(printer, fixDiff);
    const LoadSummary summary =
        loadInputs(inputs, db, fix ? static_cast<DiagnosticSink&>(fixer) : printer);
    if (summary.unreadable) return ExitStatus::Trouble;
    std::optional<FixOutcome> fixed;
    if (fix) {
        if (const std::string script = inputs.startupScript(); !script.empty())
            fixer.addBaseDirectory(std::filesystem::path(script).parent_path().string());
        fixed = fixer.finish();
    }
    printer.finish();
    if (printer.format() == cli::DiagnosticFormat::Json) {
        cli::CheckSummary counts{summary.files,    db.recordCount(),   db.aliasCount(),
                                 printer.errors(), printer.warnings(), std::nullopt};
        if (summary.startup) counts.commandsNotRun = summary.startup->skipped.size();
        const std::string line = cli::DiagnosticPrinter::toJson(counts);
        std::printf("%s\n", line.c_str());
    } else {
        // A startup script counts its loads; otherwise the files named.
        std::fprintf(stderr, "epicsdb check: %zu %s%s, %zu record%s, %zu error%s, %zu warning%s\n",
                     summary.files, summary.startup ? "load" : "file", plural(summary.files),
                     db.recordCount(), plural(db.recordCount()), printer.errors(),
                     plural(printer.errors()), printer.warnings(), plural(printer.warnings()));
    }
    if (summary.startup && printer.format() == cli::DiagnosticFormat::Text && !quiet)
        printSkipped("check", *summary.startup);
    if (inputs.stats) printStats(db, summary);
    if (fixed) reportFixes("check", *fixed, fixDiff);
    return printer.errors() || (fixed && fixed->unfinished(fixDiff)) ? ExitStatus::Findings
                                                                     : ExitStatus::Success;
}

} // namespace epicsdb::tools
