// The last step of the commands that write one result (dump, dbd, graph, diff): to the -o file
// or to standard output, with every failure told the user in the same words and no partial -o
// file left behind.
#pragma once

#include "Command.hpp"

#include <functional>
#include <ostream>
#include <string>

namespace epicsdb::tools {

// Writes the result with `write` to `path` (standard output when empty). `write` returns an
// empty string, or why it could not write the result ("no record type 'x'"). A file that does
// not open, a failed write and `write`'s own reason are reported by `command`
// ("epicsdb dump: can't write 'out.db': No space left on device"). True when all went out.
[[nodiscard]] bool writeResult(const cli::Command& command, const std::string& path,
                               const std::function<std::string(std::ostream&)>& write);

} // namespace epicsdb::tools
