// Macro expansion of input lines, as the reader applies it to every line of every file (SPEC
// 3.1): one macro table per load, EPICS level-0 rules, warnings in EPICS's words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class LineExpander {
public:
    virtual ~LineExpander() = default;
    // Appends the expansion of one line (with its newline, as EPICS passes it) to `out`.
    // Returns false when a reference was undefined or recursive; the macLib warnings that
    // expansion gave are appended to `warnings`.
    virtual bool expandLine(std::string_view line, std::string& out,
                            std::vector<std::string>& warnings) = 0;
};

} // namespace epicsdb::loaders
