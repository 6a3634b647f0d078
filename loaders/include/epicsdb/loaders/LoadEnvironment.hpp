// What a load sees of the process it runs in: environment variables (EPICS_DB_INCLUDE_PATH,
// $(NAME) references in file names) and the directory that relative names are resolved in. By
// default the process's own; an IOC startup script run offline gives its own (epicsEnvSet,
// cd), so that one program can run several IOCs without changing its own state.
#pragma once

#include <epicsdb/export.h>
#include <epicsdb/macLib/VariableSource.hpp>

#include <string>
#include <string_view>

namespace epicsdb::loaders {

class EPICSDB_API LoadEnvironment : public maclib::VariableSource {
public:
    // The directory relative file names (and relative path entries) are resolved in; empty
    // for the process's current directory.
    [[nodiscard]] virtual std::string_view workingDirectory() const = 0;
};

// `name` as seen from `directory`: unchanged when it is absolute or the directory is empty
// or ".", otherwise "directory/name".
[[nodiscard]] EPICSDB_API std::string resolvedIn(std::string_view directory, std::string_view name);

// How messages name a path that was joined to a working directory: without its "dir/.."
// detours when the shorter name reaches the same file (it may not, through a symbolic link),
// otherwise as it is. (Names the user gave are shown as given.)
[[nodiscard]] EPICSDB_API std::string shownPath(const std::string& path);

} // namespace epicsdb::loaders
