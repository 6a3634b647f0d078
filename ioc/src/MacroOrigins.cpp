#include "MacroOrigins.hpp"

#include <algorithm>

namespace epicsdb::ioc {

void MacroOrigins::popScope() {
    if (level_ == 0) return;
    std::erase_if(entries_, [&](const Entry& entry) { return entry.level >= level_; });
    --level_;
}

void MacroOrigins::install(const std::vector<GivenMacro>& definitions) {
    for (const GivenMacro& given : definitions) {
        if (!given.value) {
            undefine(given.name);
            continue;
        }
        const auto newest = std::find_if(entries_.rbegin(), entries_.rend(), [&](const Entry& e) {
            return e.macro.name == given.name;
        });
        if (newest != entries_.rend() && newest->level == level_)
            newest->macro = given;
        else
            entries_.push_back({given, level_});
    }
}

void MacroOrigins::undefine(std::string_view name) {
    std::erase_if(entries_, [&](const Entry& entry) { return entry.macro.name == name; });
}

const GivenMacro* MacroOrigins::find(std::string_view name) const {
    const auto newest = std::find_if(entries_.rbegin(), entries_.rend(),
                                     [&](const Entry& e) { return e.macro.name == name; });
    return newest == entries_.rend() ? nullptr : &newest->macro;
}

} // namespace epicsdb::ioc
