// What one IOC run keeps: the database and its Loader, the script environment and iocsh's
// macro table over it (with where its iocshLoad macros came from), the report, and the diagnostics
// sink that gives every diagnostic the chain of script lines that led to it. Shared by the shell
// (Shell) and the commands (IocCommands); private to the ioc layer.
#pragma once

#include "MacroOrigins.hpp"
#include "MacroUses.hpp"
#include "ScopedState.hpp"
#include "ScriptSink.hpp"

#include <epicsdb/ioc/StartupOptions.hpp>
#include <epicsdb/ioc/StartupReport.hpp>
#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <cstdlib>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace epicsdb::ioc {

// The path with symbolic links and dots resolved (realpath; "" is "."), or as given when it
// does not exist.
inline std::string realPath(const std::string& path) {
    struct Free {
        void operator()(char* text) const noexcept { std::free(text); }
    };
    const std::unique_ptr<char, Free> resolved(
        ::realpath(path.empty() ? "." : path.c_str(), nullptr));
    if (!resolved) return path;
    return std::string(resolved.get());
}

struct IocState {
    IocState(dbstatic::Database& database, DiagnosticSink& target, StartupOptions& startup,
             StartupReport& result)
        : db(database), options(startup), report(result),
          environment(std::move(startup.environment)), macros(environment), sink(target, result),
          loader(database, sink, loaderOptions()) {
        macros.setExpansionLimit(startup.loader.macroExpansionLimit);
    }
    IocState(const IocState&) = delete;
    IocState& operator=(const IocState&) = delete;

    dbstatic::Database& db;
    const StartupOptions& options;
    StartupReport& report;
    ScriptEnvironment environment;
    maclib::MacroTable macros; // iocsh's one handle: scopes of iocshLoad, the environment
    MacroOrigins macroOrigins; // where the iocshLoad macros of `macros` were given
    ScriptSink sink;
    loaders::Loader loader;
    bool definitionsPresent = false; // pdbbase exists: --dbd files or a dbLoadDatabase ran
    bool definitionsAsked = false;   // the same, or a dbLoadDatabase was tried
    unsigned pvdTableSize = 0;       // dbPvdTableSize before the database was made (0: none)
    bool initialized = false;        // iocInit (or iocBuild) ran: no more loads
    bool registered = false;         // a <name>_registerRecordDeviceDriver ran

    // The standard definitions compiled into epicsdb, standing in for the IOC binary's own
    // when neither --dbd nor a dbLoadDatabase gave any.
    void ensureDefinitions() {
        if (definitionsAsked) return;
        definitionsAsked = definitionsPresent = true;
        const ScopedChain noScript(sink, {}); // the definitions are no script line's
        (void)loader.loadDefaultDefinitions();
        db.registerRecordSupport(); // built into the binary, as --dbd files are
    }

    // chdir(directory), then iocsh's updatePWD: PWD is set as epicsEnvSet sets it (by the
    // `cd` line of `origin`; none: the IOC starting in its folder).
    // The directory is kept without "dir/.." detours (when the shorter name is the same
    // directory), so that a script that goes up and down again and again keeps a short name.
    void changeDirectory(const std::string& directory, VariableOrigin origin = {}) {
        environment.setWorkingDirectory(loaders::shownPath(directory));
        undefineMacro("PWD");
        environment.set("PWD", realPath(std::string(environment.workingDirectory())),
                        std::move(origin));
    }

    // iocshEnvClear(name): a macro of an iocshLoad with this name no longer hides the
    // environment variable.
    void undefineMacro(std::string_view name) {
        macros.undefine(name);
        macroOrigins.undefine(name);
    }

    // The provenance the loads keep, or null.
    [[nodiscard]] loaders::Provenance* provenance() const noexcept {
        return loader.options().provenance;
    }
    // What references give and where from, when the run keeps provenance (nothing otherwise:
    // a run without it pays nothing for it).
    [[nodiscard]] std::optional<MacroUses> macroUses() {
        if (!provenance()) return std::nullopt;
        return std::optional<MacroUses>(std::in_place, macros, environment, macroOrigins);
    }

    // iocsh's console.
    void print(std::string_view line) const {
        if (options.console) options.console(line);
    }

private:
    loaders::LoaderOptions loaderOptions() {
        loaders::LoaderOptions loaderOptions = options.loader;
        loaderOptions.environment = &environment;
        return loaderOptions;
    }
};

} // namespace epicsdb::ioc
