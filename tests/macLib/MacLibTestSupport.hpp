// Test helpers: a warning sink that keeps the messages, and status shorthands.
#pragma once

#include <epicsdb/macLib/MacroTable.hpp>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace epicsdb::maclib {

// So that GoogleTest prints a status readably on failure.
inline void PrintTo(const ExpandStatus& s, std::ostream* os) {
    *os << "{undefined=" << s.undefined << ", recursive=" << s.recursive
        << ", tooDeep=" << s.tooDeep << ", tooLarge=" << s.tooLarge << "}";
}

} // namespace epicsdb::maclib

namespace epicsdb::maclib::test {

// Attaches itself to a table and records every warning's text.
class WarningLog {
public:
    explicit WarningLog(MacroTable& table) {
        table.setWarningSink([this](const Warning& w) {
            messages.emplace_back(w.message);
            kinds.push_back(w.kind);
        });
    }
    WarningLog(const WarningLog&) = delete;
    WarningLog& operator=(const WarningLog&) = delete;

    std::vector<std::string> take() {
        kinds.clear();
        return std::exchange(messages, {});
    }

    std::vector<std::string> messages;
    std::vector<WarningKind> kinds;
};

inline ExpandStatus okStatus() {
    return {};
}
inline ExpandStatus undefinedStatus() {
    return {.undefined = true};
}
inline ExpandStatus recursiveStatus() {
    return {.recursive = true};
}
inline ExpandStatus tooDeepStatus() {
    return {.tooDeep = true};
}

} // namespace epicsdb::maclib::test
