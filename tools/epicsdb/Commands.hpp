// The subcommands of the epicsdb program. Each takes its arguments (without the program and
// command names) and returns its exit status.
#pragma once

#include "ExitStatus.hpp"

#include <string>
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

} // namespace epicsdb::tools
