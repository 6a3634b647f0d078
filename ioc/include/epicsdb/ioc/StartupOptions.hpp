// How one IOC startup script is run offline (runStartupScript, Startup.hpp): the definitions
// built into the IOC binary, the starting environment, strictness, bounds, the console.
#pragma once

#include <epicsdb/ioc/ScriptEnvironment.hpp>
#include <epicsdb/loaders/Loader.hpp>

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

} // namespace epicsdb::ioc
