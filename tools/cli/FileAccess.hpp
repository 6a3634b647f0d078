// Whether a file named on the command line can be read, and why not: a user is told "Permission
// denied" or "Is a directory", not just that it failed.
#pragma once

#include <string>

namespace epicsdb::cli {

// Empty when `path` opens for reading and is not a directory; else the system's reason
// ("No such file or directory", "Permission denied", "Is a directory", ...).
[[nodiscard]] std::string unreadableReason(const std::string& path);

// "can't read 'x.db': Permission denied"
[[nodiscard]] std::string cantRead(const std::string& path, const std::string& reason);

} // namespace epicsdb::cli
