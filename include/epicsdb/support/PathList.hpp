// EPICS's splitting of a directory list (dbAddPath; EPICS_DB_INCLUDE_PATH, path and addpath in
// .dbd files), EPICS-BEHAVIOUR 3.1: ':' separates directories, white space around each is trimmed,
// and an empty element anywhere appends one "." at the end of the list.
#pragma once

#include <epicsdb/CharClass.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::support {

// EPICS's walk, kept step for step: after an element it skips as many characters as the
// element kept, so for "a : b" it lands on the ':' and counts an empty element there (the
// quirk of EPICS-BEHAVIOUR 3.1: [a, b, .]); white space inside an element stays ("a b").
[[nodiscard]] inline std::vector<std::string> splitPathList(std::string_view path) {
    constexpr char kSeparator = ':'; // OSI_PATH_LIST_SEPARATOR on POSIX
    std::vector<std::string> dirs;
    bool expectingPath = false;
    bool sawMissingPath = false;
    std::size_t at = 0;
    while (at < path.size()) {
        if (chars::isSpace(path[at])) {
            ++at;
            continue;
        }
        const std::size_t separator = path.find(kSeparator, at);
        if (separator == at) {
            sawMissingPath = true;
            ++at;
            continue;
        }
        expectingPath = separator != std::string_view::npos;
        std::size_t last = (expectingPath ? separator : path.size()) - 1;
        while (chars::isSpace(path[last]))
            --last;
        const std::size_t length = last - at + 1;
        dirs.emplace_back(path.substr(at, length));
        at += length;
        if (expectingPath) ++at;
    }
    if (expectingPath || sawMissingPath) dirs.emplace_back(".");
    return dirs;
}

} // namespace epicsdb::support
