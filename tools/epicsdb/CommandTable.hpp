// What the program says from its command table: the list of commands (`epicsdb --help`), and
// for a name that is not a command, the one it most likely meant.
#pragma once

#include "Commands.hpp"

#include <string>
#include <string_view>

namespace epicsdb::tools {

// The command named `name`, or null.
[[nodiscard]] const CommandEntry* findCommand(CommandTable commands, std::string_view name);

// "usage: epicsdb <command> ...", the commands with their summaries, and the exit statuses.
[[nodiscard]] std::string programUsage(CommandTable commands);

// "unknown command 'chekc'; did you mean 'check'?" (without the question when no command is
// close enough to be meant).
[[nodiscard]] std::string unknownCommand(CommandTable commands, std::string_view name);

} // namespace epicsdb::tools
