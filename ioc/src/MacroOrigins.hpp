// Where iocsh's own macros came from: the definitions of iocshLoad("file", "A=B") and
// iocshRun("cmd", "A=B") (passed on to the `<` scripts they run), kept beside iocsh's macro
// table with the same scopes and the same rules (a definition at the current scope replaces
// the one there; undefining removes every definition of the name, as macPutValue(name, NULL)
// does), so that a reference can say which line gave its value. Private to the ioc layer.
#pragma once

#include <epicsdb/loaders/Provenance.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

// One item of a macro argument (`A=B`, or `A` alone: undefine) and where it was given: a
// MacroUse of origin ScriptVariable whose location, written text, detail and inner are those
// of the definition (its value is filled when a reference uses it).
struct GivenMacro {
    std::string name;
    std::optional<std::string> value;
    loaders::MacroUse origin;
};

class MacroOrigins {
public:
    void pushScope() noexcept { ++level_; }
    void popScope();
    // Applies each item in order, as MacroTable::install does.
    void install(const std::vector<GivenMacro>& definitions);
    void undefine(std::string_view name);
    // The newest definition of `name`, or null when none is in force.
    [[nodiscard]] const GivenMacro* find(std::string_view name) const;

private:
    struct Entry {
        GivenMacro macro;
        int level;
    };
    std::vector<Entry> entries_; // oldest first
    int level_ = 0;
};

} // namespace epicsdb::ioc
