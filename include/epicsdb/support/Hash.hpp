// The one string hash of epicsdb's tables (record names, field names, macro names, definition
// names, shared field values): eight bytes at a time with multiply-xorshift mixing, the tail in
// one step, inlined (std::hash's is an out-of-line call). Written for speed: it is on the path
// of every record and every field a load sees. Every bit of the result depends on every byte, so a
// table may use the low bits as its slot number.
//
// Not for hostile-input resistance: the tables using it grow and probe linearly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace epicsdb::support {

namespace detail {
constexpr std::uint64_t byte(char c) noexcept {
    return static_cast<unsigned char>(c);
}
} // namespace detail

inline std::uint64_t fastHash(std::string_view text) noexcept {
    using detail::byte;
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
        // The last 1 to 7 bytes without a loop: two overlapping 4-byte words, or the first,
        // middle and last byte (for a given length, both read every byte).
        std::uint64_t v;
        if (n >= 4) {
            std::uint32_t low, high;
            std::memcpy(&low, p, 4);
            std::memcpy(&high, p + n - 4, 4);
            v = low | std::uint64_t{high} << 32;
        } else {
            v = byte(p[0]) | byte(p[n / 2]) << 8 | byte(p[n - 1]) << 16;
        }
        h = (h ^ v) * k;
        h ^= h >> 29;
    }
    h *= 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 32);
}

} // namespace epicsdb::support
