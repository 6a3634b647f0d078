// epicsdb lint: load as check does (files, substitution files, or one or more startup scripts,
// each an IOC), then run the lint rules over the IOCs; report check's diagnostics and the
// findings through the -W flags and the files' suppression comments.
#include "Commands.hpp"

#include "FileAccess.hpp"
#include "FixFiles.hpp"
#include "LoadInputs.hpp"

#include <epicsdb/lint/Baseline.hpp>
#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/lint/Rules.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>

#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <optional>

namespace epicsdb::tools {

namespace {
const char* const kLintUsage =
    "usage: epicsdb lint [check's inputs] [-W FLAG]... [-x GLOB]... [--external FILE]...\n"
    "                    [--format text|json|sarif] [--list-rules] FILE... | st.cmd...\n"
    "Loads like 'epicsdb check' (several startup scripts are several IOCs: a facility), then\n"
    "looks for what EPICS accepts and an IOC trips over at run time: links to records or fields\n"
    "that do not exist, bad link modifiers, hardware addresses that do not fit DTYP, ...\n"
    "Record files are templates: their undefined macros are one warning per file, and names\n"
    "and values that hold them are taken as written ('epicsdb check' refuses them, as EPICS).\n"
    "-Wall, -Wnone, -Werror, -Werror=CODE, -WCODE, -Wno-CODE choose the findings; a comment\n"
    "'# epicsdb: ignore[CODE]' on the line or the line before silences one. --fix applies the\n"
    "fixes that are safe (--list-rules: 'fix') and prints what is left; --fix --diff shows them.\n"
    "Exit status 0 without errors, 1 with errors (or changes to show, with --diff), 2 on usage\n"
    "errors or unreadable files.\n\n";

// --list-rules: what --fix does with the rule's fix-its.
const char* fixWord(lint::FixKind fix) {
    return fix == lint::FixKind::Safe ? "fix" : fix == lint::FixKind::Offered ? "offer" : "-";
}

bool isScript(std::string_view path) {
    return path.ends_with(".cmd") || path.ends_with(".iocsh");
}

// One name or glob per line; blank lines and '#' comments skipped.
bool readExternals(const std::string& path, std::vector<std::string>& out) {
    std::ifstream in(path);
    if (!in) return false;
    for (std::string line; std::getline(in, line);) {
        const std::size_t start = line.find_first_not_of(" \t\r");
        if (start == std::string::npos || line[start] == '#') continue;
        const std::size_t end = line.find_last_not_of(" \t\r");
        out.push_back(line.substr(start, end - start + 1));
    }
    return true;
}
} // namespace

ExitStatus runLint(const Arguments& args) {
    cli::Command command("lint", kLintUsage);
    cli::InputOptions inputs(command);
    std::vector<std::string> flags;
    std::vector<std::string> globs;
    std::vector<std::string> externalFiles;
    std::string format = "text";
    bool listRules = false;
    std::string baselinePath;
    std::string writeBaselinePath;
    bool quiet = false;
    bool fix = false;
    bool fixDiff = false;
    command.list("-W", flags, "FLAG", "all, none, error, error=CODE, CODE, no-CODE");
    command.list("-x,--external-name", globs, "GLOB",
                 "a record (or record.FIELD) defined elsewhere");
    command.list("--external", externalFiles, "FILE",
                 "names or globs defined elsewhere, one per line");
    command.choice("--format", format, {"text", "json", "sarif"}, "how findings are printed");
    command.value("--baseline", baselinePath, "FILE", "report only findings not in this baseline",
                  cli::kFileName);
    command.value("--write-baseline", writeBaselinePath, "FILE",
                  "write this run's findings as a baseline", cli::kFileName);
    command.flag("--list-rules", listRules,
                 "print every rule: code, default severity, description");
    command.flag("-q,--quiet", quiet, "print errors only");
    command.flag("--fix", fix, "apply the safe fixes of the findings to the files");
    command.flag("--diff", fixDiff,
                 "with --fix: print the fixes as a unified diff, change nothing");
    lint::WarningControls controls;
    std::vector<std::string> scripts;
    if (auto status = command.parse(args, [&] {
            for (const std::string& flag : flags) {
                std::string error;
                if (!controls.apply(flag, error)) throw cli::UsageError(error);
            }
            if (fixDiff && !fix) throw cli::UsageError("--diff goes with --fix");
            if (listRules) return;
            if (inputs.empty()) throw cli::UsageError("no files to lint");
            if (!inputs.startup.empty()) scripts.push_back(inputs.startup);
            for (const std::string& file : inputs.files)
                if (isScript(file)) scripts.push_back(file);
            if (!scripts.empty() && scripts.size() != inputs.files.size() + !inputs.startup.empty())
                throw cli::UsageError("startup scripts are linted alone: each names what it loads");
            if (scripts.empty()) inputs.checkStartupRules();
        }))
        return *status;

    if (listRules) {
        for (const lint::Rule& rule : lint::allRules())
            std::printf("%-22s %-8s %-5s %.*s\n", std::string(rule.code).c_str(),
                        loaders::severityName(rule.severity), fixWord(rule.fix),
                        static_cast<int>(rule.summary.size()), rule.summary.data());
        return ExitStatus::Success;
    }

    lint::LintOptions options;
    options.externals = globs;
    for (const std::string& file : externalFiles)
        if (const std::string reason = cli::unreadableReason(file); !reason.empty())
            return command.fail(cli::cantRead(file, reason));
        else if (!readExternals(file, options.externals))
            return command.fail(cli::cantRead(file, "read error"));

    cli::DiagnosticPrinter printer(cli::diagnosticFormatNamed(format));
    printer.setQuietWarnings(quiet);
    std::vector<cli::SarifRule> sarifRules;
    for (const lint::Rule& rule : lint::allRules())
        sarifRules.push_back({std::string(rule.code), std::string(rule.summary), rule.severity});
    printer.setSarifRules(std::move(sarifRules));
    FixFiles fixer(printer, fixDiff);
    lint::FindingFilter filter(fix ? static_cast<DiagnosticSink&>(fixer) : printer, controls);
    std::optional<lint::Baseline> baseline;
    if (!baselinePath.empty()) {
        std::string error;
        baseline = lint::Baseline::read(baselinePath, error);
        if (!baseline) return command.fail(error);
        filter.setBaseline(&*baseline);
    }
    std::vector<Diagnostic> passed;
    if (!writeBaselinePath.empty()) filter.keepPassed(&passed);
    lint::LoadFindings loadFindings(filter);
    // Everything that could be read is linted, even from a file with errors. Files are
    // templates: what their macros will be is the startup script's to say.
    const LoadHooks hooks{{}, &loadFindings, true, nullptr, true};

    // One database per IOC; plain files make one.
    std::deque<dbstatic::Database> databases;
    std::vector<lint::LintTarget> targets;
    bool unreadable = false;
    if (scripts.empty()) {
        dbstatic::Database& db = databases.emplace_back();
        loadFindings.setDatabase(&db);
        unreadable = loadInputs(inputs, db, filter, hooks).unreadable;
        targets.push_back({"the files", &db});
    } else {
        if (!definitionsReadable(inputs)) return ExitStatus::Trouble;
        for (const std::string& script : scripts) {
            dbstatic::Database& db = databases.emplace_back();
            applyDatabaseOptions(inputs, db);
            loadFindings.setDatabase(&db);
            const ioc::StartupReport report =
                ioc::runStartupScript(script, db, filter, startupOptions(inputs, hooks));
            unreadable |= report.unreadable;
            targets.push_back({script, &db});
        }
    }
    if (unreadable) return ExitStatus::Trouble;
    loadFindings.finish();
    options.errorLines = filter.errorLines();
    options.externals.insert(options.externals.end(), loadFindings.externals().begin(),
                             loadFindings.externals().end());
    lint::lintDatabases(targets, options, filter);
    std::optional<FixOutcome> fixed;
    if (fix) {
        for (const std::string& script : scripts)
            fixer.addBaseDirectory(std::filesystem::path(script).parent_path().string());
        fixed = fixer.finish();
    }
    printer.finish();
    if (!writeBaselinePath.empty()) {
        std::string error;
        if (!lint::Baseline::write(writeBaselinePath, passed, error)) return command.fail(error);
    }

    std::size_t records = 0;
    for (const dbstatic::Database& db : databases)
        records += db.recordCount();
    if (printer.format() == cli::DiagnosticFormat::Json) {
        const cli::CheckSummary counts{targets.size(),     records,     0, printer.errors(),
                                       printer.warnings(), std::nullopt};
        std::printf("%s\n", cli::DiagnosticPrinter::toJson(counts).c_str());
    } else if (printer.format() == cli::DiagnosticFormat::Text) {
        std::fprintf(stderr, "epicsdb lint: %zu record%s, %zu error%s, %zu warning%s\n", records,
                     records == 1 ? "" : "s", printer.errors(), printer.errors() == 1 ? "" : "s",
                     printer.warnings(), printer.warnings() == 1 ? "" : "s");
    }
    if (fixed) reportFixes("lint", *fixed, fixDiff);
    return printer.errors() || (fixed && fixed->unfinished(fixDiff)) ? ExitStatus::Findings
                                                                     : ExitStatus::Success;
}

} // namespace epicsdb::tools
