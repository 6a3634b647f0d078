// One entry of a macro table: a macro or a cached environment variable. Entries form a doubly
// linked list, oldest first, as in EPICS (re-expansion and the report go in that order); lookups
// go through the NameIndex, which knows the newest entry of each name. The name is stored in the
// same block, after the header.
//
// EPICS also keeps a "scope marker" entry per pushed scope. We do not need one: an entry is
// created at the current scope level, and a pop removes the entries of that level, so levels
// never decrease along the list and the markers sit exactly where the level steps up (which is
// how the report prints them).
#pragma once

#include <epicsdb/macLib/MacroTable.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace epicsdb::maclib::detail {

enum class EntryKind : std::uint8_t { Macro, EnvironmentVariable };

// The words EPICS uses for an entry's type in warnings and reports.
constexpr std::string_view kindName(EntryKind kind) noexcept {
    switch (kind) {
    case EntryKind::Macro:
        return "macro";
    case EntryKind::EnvironmentVariable:
        return "environment variable";
    }
    return "";
}

struct Entry {
    Entry* prev;
    Entry* next;
    Entry* shadowed; // the next older entry of the same name (see NameIndex)
    char* raw;       // NUL-terminated
    std::size_t rawSize;
    std::size_t rawCapacity;
    char* value; // cached expansion, NUL-terminated; null until the first refresh
    std::size_t valueSize;
    std::size_t valueCapacity;
    std::size_t nameSize;
    std::size_t blockCapacity; // of the block holding this header and the name
    std::uint32_t nameHash;
    int level;
    EntryKind kind;
    bool visited;        // its raw value is being translated right now (recursion check)
    ExpandStatus status; // of the cached value

    [[nodiscard]] std::string_view name() const noexcept {
        return {reinterpret_cast<const char*>(this + 1), nameSize};
    }
    [[nodiscard]] std::string_view rawText() const noexcept {
        return raw ? std::string_view(raw, rawSize) : std::string_view();
    }
    [[nodiscard]] std::string_view valueText() const noexcept {
        return value ? std::string_view(value, valueSize) : std::string_view();
    }
};

} // namespace epicsdb::maclib::detail
