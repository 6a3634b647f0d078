// Macro expansion of input lines, as the reader applies it to every line of every file
// (EPICS-BEHAVIOUR 3.1): one macro table per load, EPICS level-0 rules, warnings in EPICS's words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// What went wrong in one line's expansion.
struct LineProblems {
    std::vector<std::string> warnings; // macLib's, each naming its macro (shortMessage)
    std::string firstMacro;            // the macro of the first warning, if it names one
    // A bound (nesting depth, expansion size) stopped the expansion: the line is cut short,
    // which is an error rather than a warning.
    bool stopped = false;

    void clear() {
        warnings.clear();
        firstMacro.clear();
        stopped = false;
    }
};

class LineExpander {
public:
    virtual ~LineExpander() = default;
    // Appends the expansion of one line (with its newline, as EPICS passes it) to `out`.
    // Returns false when a reference was undefined or recursive, or a bound was hit; what went
    // wrong is added to `problems`.
    virtual bool expandLine(std::string_view line, std::string& out, LineProblems& problems) = 0;
};

} // namespace epicsdb::loaders
