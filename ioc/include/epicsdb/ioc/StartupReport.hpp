// What one run of an IOC startup script did (runStartupScript, Startup.hpp): its loads, the
// commands it did not run, the scripts it ran, the environment it ended with.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/ioc/ScriptEnvironment.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace epicsdb::ioc {

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

} // namespace epicsdb::ioc
