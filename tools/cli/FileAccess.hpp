// Whether a file named on the command line can be read, and why not: a user is told "Permission
// denied" or "Is a directory", not just that it failed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::cli {

// Empty when `path` opens for reading and is not a directory; else the system's reason
// ("No such file or directory", "Permission denied", "Is a directory", ...).
[[nodiscard]] std::string unreadableReason(const std::string& path);

// The bytes of a file; none when it cannot be read.
[[nodiscard]] std::optional<std::string> readFile(const std::string& path);

// Replaces `path` (a symbolic link: the file it names) by `text`: written to a temporary file
// next to it, with its permissions, then renamed over it. Empty on success, else the reason.
[[nodiscard]] std::string replaceFile(const std::string& path, std::string_view text);

// "can't read 'x.db': Permission denied"
[[nodiscard]] std::string cantRead(const std::string& path, const std::string& reason);

} // namespace epicsdb::cli
