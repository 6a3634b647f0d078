// The one string hash of epicsdb's tables (record names, macro names, definition names, shared
// field values): eight bytes at a time with multiply-xorshift mixing, inlined (std::hash's is
// an out-of-line call). Every bit of the result depends on every byte, so a table may use the
// low bits as its slot number.
//
// Not for hostile-input resistance: the tables using it grow and probe linearly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace epicsdb::support {

inline std::uint64_t fastHash(std::string_view text) noexcept {
    constexpr std::uint64_t k = 0x9FB21C651E98DF25ull;
    const char* p = text.data();
    std::size_t n = text.size();
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xFF51AFD7ED558CCDull);
    while (n >= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        h = (h ^ v) * k;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    if (n > 0) {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < n; ++i)
            v |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
        h = (h ^ v) * k;
        h ^= h >> 29;
    }
    h *= 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 32);
}

} // namespace epicsdb::support
