// The commands of EPICS Base that a startup script runs offline: the environment (epicsEnvSet,
// epicsEnvUnset, epicsEnvShow), cd, pwd, echo, var, the loads (dbLoadDatabase, dbLoadRecords,
// dbLoadTemplate), <name>_registerRecordDeviceDriver, iocInit, dbDumpRecord and dbStaticLib's
// other reports (dbDumpMenu, dbDumpField, dbPvdDump, ...), dbPvdTableSize. One table
// (IocCommands.cpp) names each with its arguments and its handler. Arguments are converted as
// iocsh converts them (missing ones are NULL, pdbbase checked, integers parsed); the messages
// are iocsh's or the command's own, as diagnostics at the script line.
#pragma once

#include "IocState.hpp"
#include "RawLine.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

// Where a command is run from.
struct CallSite {
    SourceLocation where;            // script, line
    std::string_view sourceLine;     // the line as written
    std::string_view command;        // the line after macro expansion, trimmed
    std::vector<ContextFrame> chain; // the script lines that led to this script
    std::size_t argc = 0;            // the words the expanded line gave, the command's included
    bool inFile = true;              // sourceLine is the file's (not an iocshRun's command)

    [[nodiscard]] ScriptLine line() const { return {sourceLine, where, argc, inFile}; }
};

class IocCommands {
public:
    explicit IocCommands(IocState& state) : state_(state) {}

    enum class Outcome {
        Ran,      // the command ran (iocsh clears its error flag)
        Failed,   // it ran and failed, or its arguments were refused (iocshSetError)
        NotFound, // not a command this shell runs
    };
    Outcome run(const std::vector<std::string>& argv, const CallSite& site);

    // A command's arguments as iocsh hands them over: a missing one is NULL (nullopt).
    using Args = std::vector<std::optional<std::string>>;

    // An EPICS Base command with no effect on the static database (listed, never run).
    [[nodiscard]] static bool isKnownInert(std::string_view name);

    void report(const CallSite& site, Severity severity, std::string code,
                std::string message) const;

private:
    struct Command; // a row of the table of commands
    using Handler = Outcome (IocCommands::*)(const Command& command, const Args& args,
                                             const CallSite& site);
    // The row for this name, or null.
    [[nodiscard]] static const Command* commandNamed(std::string_view name) noexcept;

    // The handlers, one signature for all.
    Outcome epicsEnvSet(const Command&, const Args& args, const CallSite& site);
    Outcome epicsEnvUnset(const Command&, const Args& args, const CallSite& site);
    Outcome epicsEnvShow(const Command&, const Args& args, const CallSite&);
    Outcome cd(const Command&, const Args& args, const CallSite& site);
    Outcome pwd(const Command&, const Args&, const CallSite&);
    Outcome echo(const Command&, const Args& args, const CallSite&);
    Outcome var(const Command&, const Args& args, const CallSite& site);
    // dbLoadDatabase, dbLoadRecords, dbLoadTemplate.
    Outcome load(const Command& kind, const Args& args, const CallSite& site);
    Outcome registerDriver(const Command&, const Args&, const CallSite&);
    // iocInit and iocBuild.
    Outcome iocInit(const Command&, const Args&, const CallSite& site);
    Outcome dbDumpRecord(const Command&, const Args& args, const CallSite& site);
    // The other reports of dbStaticLib (dbDumpMenu, dbDumpField, dbPvdDump, ...): the row's
    // report, printed.
    Outcome dbStaticReport(const Command& command, const Args& args, const CallSite&);
    Outcome dbPvdTableSize(const Command&, const Args& args, const CallSite&);
    void printLines(std::string_view text) const;

    // iocsh's pdbbase argument: missing, "0" or "pdbbase", with a database present.
    bool checkPdbbase(const std::optional<std::string>& arg, const CallSite& site);

    IocState& state_;
};

} // namespace epicsdb::ioc
