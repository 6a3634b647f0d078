// runStartupScript: one IOC run. The definitions given are loaded first (from the process's
// directory, as an IOC binary has them built in), then the script runs from its own folder.
#include <epicsdb/ioc/Startup.hpp>

#include "IocState.hpp"
#include "ScopedState.hpp"
#include "Shell.hpp"

namespace epicsdb::ioc {

StartupReport runStartupScript(std::string_view script, dbstatic::Database& database,
                               DiagnosticSink& sink, StartupOptions options) {
    StartupReport report;
    IocState state(database, sink, options, report);
    state.environment.setWorkingDirectory("");
    for (const std::string& file : options.definitions) {
        (void)state.loader.loadDatabase(file);
        state.definitionsAsked = state.definitionsPresent = true;
    }
    {
        // Record types the script's own dbLoadDatabase defines have support only once its
        // registerRecordDeviceDriver has run, as in the IOC binary.
        const ScopedSupportForNewTypes binaryRegisters(database, false);
        Shell shell(state);
        shell.runTop(std::string(script));
    }
    report.environment = state.environment;
    report.environment.setWorkingDirectory("");
    return report;
}

bool isStartupScriptName(std::string_view path) noexcept {
    return path.ends_with(".cmd") || path.ends_with(".iocsh");
}

} // namespace epicsdb::ioc
