// Hash of a field name for the per-record-type lookup table (field names are short: a few
// characters), shared by the builder of the table and the lookup.
#pragma once

#include <cstdint>
#include <string_view>

namespace epicsdb::dbstatic {

inline std::uint32_t fieldNameHash(std::string_view name) noexcept {
    std::uint32_t h = 2166136261u; // FNV-1a
    for (char c : name)
        h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
}

} // namespace epicsdb::dbstatic
