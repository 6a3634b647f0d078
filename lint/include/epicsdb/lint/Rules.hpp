// The rules of `epicsdb lint`: the mistakes EPICS accepts when it loads a database and that
// break an IOC at run time. Each has a stable code (what -W<code>, suppressions, baselines and
// JSON use), a default severity and a one-line description. What `check` reports keeps its own
// codes and stays as it is (an error there is an error here).
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <cstdint>
#include <span>
#include <string_view>

namespace epicsdb::lint {

// What a rule's fix-its may do: nothing (no fix-it), be offered to an editor, or also be
// applied by --fix because the rule is sure of the result.
enum class FixKind : std::uint8_t { None, Offered, Safe };

struct Rule {
    std::string_view code;
    Severity severity;        // by default
    std::string_view summary; // one line, for --list-rules and SARIF
    FixKind fix = FixKind::None;
};

// Every rule, in a stable order.
[[nodiscard]] EPICSDB_API std::span<const Rule> allRules() noexcept;
[[nodiscard]] EPICSDB_API const Rule* findRule(std::string_view code) noexcept;

} // namespace epicsdb::lint
