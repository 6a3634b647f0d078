// Test values for the macros a database file references, chosen by where each one is used so
// that EPICS would accept the expanded text (the IOC startup script's job in real life).
//
// The rule, per macro name (names built from macros, `$(A$(N)_B)`, are resolved with the values
// chosen for their parts):
//   1. a per-file override ("NAME=value,...") wins;
//   2. with Defaults::Keep, a macro that is only ever referenced with a default (`$(X=...)`) is
//      left undefined, so EPICS uses the default the file's author wrote (the macros in that
//      default get values); with Defaults::Override it gets a value like any other;
//   3. the whole value of a menu field (`field(SCAN, "$(SCAN)")`) gets the menu's first choice
//      string, the whole value of DTYP the record type's first device choice;
//   4. part of a number: a numeric field, a calc expression (SPC_CALC), a hardware address
//      (`#C$(C) S$(S)`), or part of another macro's name: a small integer, distinct per macro
//      (1, 2, 3, ... in order of first use), so that names built from them stay distinct;
//   5. anything else (record names, links, strings, infos, comments) is text: the macro's name
//      followed by ':', which reads like a PV prefix (`$(P)$(R)Name` -> `P:R:Name`).
// A macro the rule cannot decide (part of a menu or DTYP value, a record type, a field name) is
// reported as a problem unless an override gives its value.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::test::corpus {

struct MacroValue {
    std::string name;
    std::string value;
    std::string why; // which rule chose it, for failure messages
};

struct MacroPlan {
    std::vector<MacroValue> values;     // in order of first reference
    std::vector<std::string> defaulted; // Defaults::Keep: left undefined, the default applies
    std::vector<std::string> problems;  // names the rule cannot decide
    // The distinct record names the file's record heads give with these values (a "#" head
    // removes its name); unnamedRecords when some name could not be expanded.
    std::vector<std::string> records;
    bool unnamedRecords = false;
    // "A=x,B=y": the macro definitions string of dbLoadRecords.
    [[nodiscard]] std::string definitions() const;
    [[nodiscard]] std::string describe() const;
};

enum class Defaults : std::uint8_t { Override, Keep };

// `overrides` is "NAME=value,..." (values without ',' or '='); `db` holds the definitions the
// file is loaded against (field types, menus, device choices).
MacroPlan planMacros(std::string_view text, const dbstatic::Database& db,
                     std::string_view overrides, Defaults defaults);

} // namespace epicsdb::test::corpus
