// The commands of the epicsdb program and the row of the table main() dispatches from. Each
// command takes its arguments (without the program and command names) and returns its exit
// status.
#pragma once

#include "ExitStatus.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::tools {

using Arguments = std::vector<std::string>;
using cli::ExitStatus;

ExitStatus runCheck(const Arguments& args);
ExitStatus runDump(const Arguments& args);
ExitStatus runDbd(const Arguments& args);
ExitStatus runMacros(const Arguments& args);
ExitStatus runExpand(const Arguments& args);
ExitStatus runIoc(const Arguments& args);
ExitStatus runLint(const Arguments& args);
ExitStatus runDiff(const Arguments& args);
ExitStatus runGraph(const Arguments& args);
ExitStatus runFmt(const Arguments& args);
ExitStatus runLsp(const Arguments& args);
ExitStatus runWhy(const Arguments& args);
ExitStatus runIndex(const Arguments& args);
ExitStatus runServe(const Arguments& args);

// The index a facility file's commands use unless told: its name with .sqlite, beside it.
[[nodiscard]] std::string defaultIndexPath(const std::string& facilityFile);

// One row of the command table (main.cpp): what `epicsdb NAME` runs, and the line `epicsdb
// --help` shows for it.
struct CommandEntry {
    std::string_view name;
    std::string_view summary;
    ExitStatus (*run)(const Arguments& args);
};
using CommandTable = std::span<const CommandEntry>;

// `epicsdb help [COMMAND]`: the commands of the table, or one command's page of the guide.
ExitStatus runHelp(CommandTable commands, const Arguments& args);

} // namespace epicsdb::tools
