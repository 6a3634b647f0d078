#include "LoadInputs.hpp"

#include "FileAccess.hpp"

#include <epicsdb/db/EmbeddedDefinitions.hpp>
#include <epicsdb/loaders/Inputs.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cstdio>
#include <sys/resource.h>

namespace epicsdb::tools {

namespace {
// Says why on stderr when `path` can't be read.
bool readable(const std::string& path) {
    const std::string reason = cli::unreadableReason(path);
    if (reason.empty()) return true;
    std::fprintf(stderr, "epicsdb: %s\n", cli::cantRead(path, reason).c_str());
    return false;
}
} // namespace

namespace {
LoadSummary runStartup(const std::string& script, const cli::InputOptions& given,
                       dbstatic::Database& db, DiagnosticSink& printer, const LoadHooks& hooks) {
    const auto start = std::chrono::steady_clock::now();
    LoadSummary summary;
    if (!definitionsReadable(given)) {
        summary.unreadable = true;
        return summary;
    }
    ioc::StartupReport report =
        ioc::runStartupScript(script, db, printer, startupOptions(given, hooks));
    summary.unreadable = report.unreadable;
    summary.files = report.loads.size();
    summary.errors = report.errors;
    summary.warnings = report.warnings;
    summary.startup = std::move(report);
    summary.elapsed = std::chrono::steady_clock::now() - start;
    return summary;
}
} // namespace

ioc::StartupOptions startupOptions(const cli::InputOptions& given, const LoadHooks& hooks) {
    ioc::StartupOptions options;
    options.loader.observer = hooks.observer;
    options.loader.keepFailedLoads = hooks.keepFailedLoads;
    options.loader.provenance = hooks.provenance;
    options.definitions = given.definitions;
    // An IOC starts with the environment of the shell that starts it, plus -e.
    options.environment = ioc::ScriptEnvironment::fromProcess();
    for (const std::string& item : given.environment) {
        const std::size_t equals = item.find('=');
        options.environment.set(item.substr(0, equals), item.substr(equals + 1));
    }
    options.strictCommands = given.strictCommands;
    options.console = hooks.console;
    options.loader.includeDirs = given.includeDirs;
    options.loader.quietMacroWarnings = given.quietMacros;
    options.loader.macroExpansionLimit = given.macroExpansionLimit();
    options.loader.jobs = given.jobCount();
    return options;
}

bool definitionsReadable(const cli::InputOptions& given) {
    bool ok = true;
    for (const std::string& path : given.definitions) {
        if (!readable(path)) ok = false;
    }
    return ok;
}

void applyDatabaseOptions(const cli::InputOptions& given, dbstatic::Database& db) {
    db.options().recordsOnceOnly = given.recordsOnce;
    db.options().convertStrict = given.strict;
}

void printSkipped(const char* command, const ioc::StartupReport& report) {
    if (report.skipped.empty()) return;
    std::string list;
    std::size_t shown = 0;
    for (const ioc::SkippedCommand& skipped : report.skipped) {
        if (++shown > 8) {
            list += ", ...";
            break;
        }
        list += (list.empty() ? "" : ", ") + skipped.name + " (" + skipped.where.file + ":" +
                std::to_string(skipped.where.line) + ")";
    }
    std::fprintf(stderr, "epicsdb %s: %zu command%s not run offline: %s\n", command,
                 report.skipped.size(), report.skipped.size() == 1 ? "" : "s", list.c_str());
}

LoadSummary loadInputs(const cli::InputOptions& given, dbstatic::Database& db,
                       DiagnosticSink& printer, const LoadHooks& hooks) {
    applyDatabaseOptions(given, db);
    if (const std::string script = given.startupScript(); !script.empty())
        return runStartup(script, given, db, printer, hooks);
    const auto start = std::chrono::steady_clock::now();
    LoadSummary summary;

    loaders::LoaderOptions options;
    options.includeDirs = given.includeDirs;
    options.quietMacroWarnings = given.quietMacros;
    options.macroExpansionLimit = given.macroExpansionLimit();
    options.jobs = given.jobCount();
    options.observer = hooks.observer;
    options.keepFailedLoads = hooks.keepFailedLoads;
    options.environment = hooks.environment;
    options.templateAlone = hooks.templateAlone;
    options.provenance = hooks.provenance;
    loaders::Loader loader(db, printer, options);

    using loaders::InputKind;
    std::vector<loaders::Input> inputs;
    for (const std::string& path : given.definitions)
        inputs.push_back({path, InputKind::Definitions});
    for (const std::string& path : given.files)
        inputs.push_back({path, loaders::inputKindOf(path)});
    for (const std::string& path : given.substitutions)
        inputs.push_back({path, InputKind::Substitutions});

    // Files named on the command line must exist: otherwise stop before loading anything.
    for (const loaders::Input& input : inputs) {
        if (!readable(input.path)) summary.unreadable = true;
    }
    if (summary.unreadable) return summary;

    const loaders::InputsResult result = loaders::loadInputs(loader, inputs, given.macros);
    summary.files = result.files;
    summary.errors = result.errors;
    summary.warnings = result.warnings;
    summary.elapsed = std::chrono::steady_clock::now() - start;
    return summary;
}

void printStats(const dbstatic::Database& db, const LoadSummary& summary) {
    struct rusage usage {};
    ::getrusage(RUSAGE_SELF, &usage);
    const double seconds = summary.elapsed.count();
    const std::size_t records = db.recordCount();
    const auto arena = db.arena().stats();
    std::fprintf(stderr,
                 "epicsdb: stats: %zu records, %.3f s, %.0f records/s, %zu system allocations "
                 "by the database arena, %zu bytes in it, peak memory %ld KiB\n",
                 records, seconds, seconds > 0 ? static_cast<double>(records) / seconds : 0.0,
                 arena.systemAllocations, arena.bytesReserved, usage.ru_maxrss);
}

cli::ExitStatus statusAfterOutput(const cli::Command& command, std::size_t errors) {
    if (errors == 0) return cli::ExitStatus::Success;
    return command.fail(std::to_string(errors) + (errors == 1 ? " error" : " errors"),
                        cli::ExitStatus::Findings);
}

} // namespace epicsdb::tools
