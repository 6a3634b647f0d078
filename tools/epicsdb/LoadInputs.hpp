// What check and dump share: loading the definitions and databases their options name, in the
// order given, with the diagnostics printed as they come.
#pragma once

#include "Command.hpp"
#include "DiagnosticPrinter.hpp"
#include "ExitStatus.hpp"
#include "InputOptions.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/ioc/Startup.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::tools {

struct LoadSummary {
    std::size_t files = 0;
    std::size_t errors = 0;
    std::size_t warnings = 0;
    bool unreadable = false; // a file could not be opened: exit status 2
    std::chrono::duration<double> elapsed{};
    std::optional<ioc::StartupReport> startup; // when a startup script was run
};

// What iocsh would print while a startup script runs, one line at a time.
using ConsoleLine = std::function<void(std::string_view)>;

// What a command may add to the loads: the console of a startup script, and for lint an
// observer of what EPICS accepts silently and the records of failed loads kept.
struct LoadHooks {
    ConsoleLine console;
    loaders::LoadObserver* observer = nullptr;
    bool keepFailedLoads = false;
    // The environment and working directory of the loads of files (not of a startup script,
    // which has its own); null: the process's. For diff --git, which reads from a revision.
    const loaders::LoadEnvironment* environment = nullptr;
    // Files (not a startup script, which gives its loads their macros) checked as templates
    // alone (LoaderOptions::templateAlone): for lint.
    bool templateAlone = false;
    // Where every record and field value came from is written here (LoaderOptions::provenance,
    // for a startup script through its loader options): for why and dump --provenance.
    loaders::Provenance* provenance = nullptr;
};

// Loads everything the options name into `db`: the embedded standard definitions unless a .dbd
// is given (--dbd or a positional .dbd), then the --dbd files, each positional file in order
// (.dbd as definitions, substitution files with dbLoadTemplate semantics, anything else as
// records with -m macros) and the -S files. With a startup script, the --dbd files and then
// the script, run as iocsh runs it (InputOptions::checkStartupRules has been applied).
LoadSummary loadInputs(const cli::InputOptions& inputs, dbstatic::Database& db,
                       DiagnosticSink& printer, const LoadHooks& hooks = {});

// The run of a startup script that the options describe: --dbd, -I, -e (over the process
// environment), --strict-commands, --quiet-macros.
ioc::StartupOptions startupOptions(const cli::InputOptions& inputs, const LoadHooks& hooks = {});
// --records-once and --strict (dbRecordsOnceOnly, dbConvertStrict) on a database.
void applyDatabaseOptions(const cli::InputOptions& inputs, dbstatic::Database& db);
// Whether every --dbd file can be read; says which cannot, on stderr.
bool definitionsReadable(const cli::InputOptions& inputs);

// "epicsdb <command>: N commands not run offline: ..." on stderr, when a script skipped any.
void printSkipped(const char* command, const ioc::StartupReport& report);

// --stats: records, time, speed, system allocations and peak memory, on stderr.
void printStats(const dbstatic::Database& db, const LoadSummary& summary);

// The end of a command that loaded its inputs and wrote what it made of them (dump, graph):
// errors in the inputs are said once more ("2 errors") and make the status Findings.
[[nodiscard]] cli::ExitStatus statusAfterOutput(const cli::Command& command, std::size_t errors);

} // namespace epicsdb::tools
