// The subcommands of the epicsdb program. Each takes its arguments (without the program and
// command names) and returns the exit status: 0 success, 1 errors in the input, 2 usage errors
// or unreadable files.
#pragma once

#include <string>
#include <vector>

namespace epicsdb::tools {

using Arguments = std::vector<std::string>;

int runCheck(const Arguments& args);
int runDump(const Arguments& args);
int runDbd(const Arguments& args);
int runMacros(const Arguments& args);
int runExpand(const Arguments& args);
int runIoc(const Arguments& args);
int runLint(const Arguments& args);
int runDiff(const Arguments& args);
int runGraph(const Arguments& args);
int runFmt(const Arguments& args);
int runLsp(const Arguments& args);

} // namespace epicsdb::tools
