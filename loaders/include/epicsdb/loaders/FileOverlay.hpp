// Texts that stand in for files on disk, for a load: an editor's unsaved buffers (epicsdb lsp),
// so that a file and the includes and templates open beside it are checked as they are typed,
// not as they were last saved. A file must still exist on disk to be found by the search
// (SearchPath.cpp findFile); the overlay only replaces what is read from it.
#pragma once

#include <epicsdb/export.h>

#include <optional>
#include <string_view>

namespace epicsdb::loaders {

class EPICSDB_API FileOverlay {
public:
    virtual ~FileOverlay() = default;
    // The text to read for `path` (as the load opens it: relative to the process's directory
    // or absolute), or nothing to read the file on disk. The text must stay unchanged and alive
    // while the Loader that asks lives.
    [[nodiscard]] virtual std::optional<std::string_view> textOf(std::string_view path) const = 0;
};

} // namespace epicsdb::loaders
