#include "InputOptions.hpp"

#include <epicsdb/ioc/Startup.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

namespace epicsdb::cli {

InputOptions::InputOptions(Command& command) {
    command.list("--dbd", definitions, "FILE",
                 "database definitions to load instead of the standard ones");
    command.list("-I,--include", includeDirs, "DIR", "directory searched for files and includes");
    command.value("-m,--macros", macros, "MACROS", "macros for record files, e.g. \"P=ioc:,N=1\"");
    command.list("-S,--substitutions", substitutions, "FILE", "a substitution file (any name)");
    command.flag("--quiet-macros", quietMacros, "dbQuietMacroWarnings: no macLib warnings");
    command.value("--macro-limit", macroLimit, "SIZE",
                  "stop a macro expansion that takes more than SIZE (default 64M)", kByteSize);
    command.value("-j,--jobs", jobs, "N",
                  "threads a load may use: 1 reads on one thread, 0 (the default) uses every core",
                  kJobCount);
    command.flag("--records-once", recordsOnce,
                 "dbRecordsOnceOnly: redefining a record is an error");
    command.flag("--strict", strict, "dbConvertStrict: range-check numbers for the field type");
    command.value("--startup", startup, "FILE",
                  "an IOC startup script (st.cmd) to run, whatever its name", kFileName);
    command.list("-e,--env", environment, "NAME=VALUE",
                 "set in the startup script's environment before it runs");
    command.flag("--strict-commands", strictCommands,
                 "a startup-script command that is not run offline is an error");
    command.flag("--stats", stats, "print records, time, allocations and memory on stderr");
    command.files(files, "definitions, substitution or record files, loaded in order; or "
                         "one startup script (.cmd, .iocsh)");
}

std::size_t InputOptions::macroExpansionLimit() const {
    return macroLimit.empty() ? maclib::MacroTable::kDefaultExpansionLimit
                              : parseByteSize(macroLimit).value_or(1);
}

unsigned InputOptions::jobCount() const {
    return jobs.empty() ? 0 : static_cast<unsigned>(std::stoul(jobs));
}

std::string InputOptions::startupScript() const {
    if (!startup.empty()) return startup;
    for (const std::string& file : files)
        if (ioc::isStartupScriptName(file)) return file;
    return {};
}

void InputOptions::checkStartupRules() const {
    const std::string script = startupScript();
    if (script.empty()) {
        if (!environment.empty()) throw UsageError("-e sets the environment of a startup script");
        return;
    }
    const std::size_t others = files.size() - (startup.empty() ? 1 : 0);
    if (others || !substitutions.empty())
        throw UsageError("a startup script is run alone: it names the files it loads");
    if (!macros.empty())
        throw UsageError("-m does not apply to a startup script: give it variables with -e");
    for (const std::string& item : environment)
        if (item.find('=') == std::string::npos || item.front() == '=')
            throw UsageError("-e takes NAME=VALUE, not '" + item + "'");
}

} // namespace epicsdb::cli
