// Where a load looks for files: EPICS's path-list splitting and the search of a file name
// through the list, with the definitions compiled into the library as a last resort.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// Splits a path list the way dbReadDatabase does (SPEC 3.1): on ':', trimming whitespace
// around each element; any empty element (leading, trailing, doubled, or whitespace before a
// separator) appends a single "." at the end of the list.
std::vector<std::string> splitDbPath(std::string_view path);

// Splits an msi -I value (SPEC 5.2): on ':', an empty element becomes "." at its position.
std::vector<std::string> splitMsiPath(std::string_view path);

struct ResolvedFile {
    std::string path;              // what to open ("dir/name", or the name as given)
    std::string shownName;         // how messages name it
    std::string_view embeddedText; // non-empty for a definition file compiled into the library
    bool embedded = false;
};

// Looks `name` up: as given when the list is empty or the name holds '/' or '\'; otherwise in
// each directory in order; then, if `embeddedFallback`, among the compiled-in definitions.
std::optional<ResolvedFile> resolveFile(std::string_view name, const std::vector<std::string>& dirs,
                                        bool embeddedFallback);

} // namespace epicsdb::loaders
