// The `match` of /records: a SQLite GLOB pattern ('*', '?', '[...]'; case-sensitive), checked
// before use (length, number of wildcards, closed brackets) and with its literal prefix as a
// range of names, so that a prefix glob reads only the names of that prefix from the index.
// No regular expressions: a pattern's cost is bounded by its length and the name's.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::service {

inline constexpr std::size_t kMaxGlobLength = 256;
inline constexpr std::size_t kMaxGlobWildcards = 16;

struct NameGlob {
    std::string pattern;
    std::string lowest;                // the literal prefix: every match is >= it
    std::optional<std::string> beyond; // every match is < it (none: no prefix, or all 0xFF)

    // A pattern that is not one throws ApiError 400, saying why.
    [[nodiscard]] static NameGlob parse(std::string_view pattern);
};

} // namespace epicsdb::service
