// IOC startup scripts run offline: `runStartupScript` reads an st.cmd as EPICS's iocsh runs it
// (macro expansion of each line over the environment and the macros of iocshLoad, iocsh's word
// splitting, `<` and iocshLoad includes, cd, epicsEnvSet, on error ...) and carries out the
// commands that build the database (dbLoadDatabase, dbLoadRecords, dbLoadTemplate) through one
// Loader, so every load is a transaction with EPICS's search path at that point. Commands that
// drive hardware or need a running IOC are not run: the report lists them, with their lines.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>
#include <epicsdb/ioc/ScriptEnvironment.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

struct StartupOptions {
    // Definition files loaded before the script, as an IOC binary has them compiled in (and
    // registered). Relative to the process's current directory.
    std::vector<std::string> definitions;
    // With no definitions above and no dbLoadDatabase before the first record load, the
    // standard definitions compiled into epicsdb are loaded then.
    bool embeddedDefinitions = true;
    // The environment the script starts with (its working directory is ignored: the script
    // runs in its own folder). Default: empty; fromProcess() for the process's.
    ScriptEnvironment environment;
    // A command that is not run offline is an error, not just an entry of the report.
    bool strictCommands = false;
    // Scripts (`<`, iocshLoad, iocshRun) nested deeper than this are refused.
    unsigned maxScriptDepth = 100;
    // What iocsh would print on the console (its echo of each line, epicsEnvShow, echo, ...),
    // one line at a time without the newline. Not set: nothing is printed.
    std::function<void(std::string_view)> console;
    // For every load (include directories, macro warnings, ...); `environment` is ignored.
    loaders::LoaderOptions loader;
};

// One load the script asked for.
struct ScriptLoad {
    std::string command;     // dbLoadDatabase, dbLoadRecords or dbLoadTemplate
    std::string file;        // as the script named it
    std::string macros;      // the substitutions argument
    std::string path;        // dbLoadDatabase's path argument
    SourceLocation where;    // the script line
    bool ok = false;         // loaded without error (committed)
    std::size_t records = 0; // records it added
};

// A command the script gave that was not carried out.
struct SkippedCommand {
    std::string name;
    std::string line; // after macro expansion
    SourceLocation where;
    // An EPICS Base command that does not change the database (dbl, dbpr, asSetFilename, ...);
    // otherwise one iocsh does not know by itself (device and driver configuration).
    bool known = false;
};

struct StartupReport {
    std::vector<ScriptLoad> loads;
    std::vector<SkippedCommand> skipped;
    std::vector<std::string> scripts; // every script run, in order (with repeats)
    ScriptEnvironment environment;    // at the end of the script
    bool iocInit = false;             // iocInit was reached
    bool unreadable = false;          // the startup script itself could not be read
    std::size_t errors = 0;
    std::size_t warnings = 0;
};

// Runs `script` as an IOC started in the script's folder does (`cd` there, then `< script`),
// into `database`, reporting diagnostics to `sink` (each one from a load carries the script
// lines that led to it in its context). Commands after iocInit that load are refused, as in
// EPICS.
[[nodiscard]] EPICSDB_API StartupReport runStartupScript(std::string_view script,
                                                         dbstatic::Database& database,
                                                         DiagnosticSink& sink,
                                                         StartupOptions options = {});

} // namespace epicsdb::ioc
