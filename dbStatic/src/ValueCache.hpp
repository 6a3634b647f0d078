// Field values repeat across records ("1 second", "MAJOR", "mm", "3"...). A small
// direct-mapped cache lets records share one arena copy of a recently seen short value, which
// keeps memory per record low without a growing intern table. Constant size; a slot simply
// holds the last value that hashed to it.
#pragma once

#include <epicsdb/mempool/Arena.hpp>
#include <epicsdb/support/Hash.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace epicsdb::dbstatic {

class ValueCache {
public:
    static constexpr std::size_t kMaxLength = 24; // longer values are rarely shared

    std::string_view store(std::string_view value, mempool::Arena& arena) {
        return store(value, 0, arena);
    }
    // `hash`: support::fastHash(value), or 0 when the caller does not know it.
    std::string_view store(std::string_view value, std::uint64_t hash, mempool::Arena& arena) {
        if (value.size() > kMaxLength) return arena.copy(value);
        if (hash == 0) hash = support::fastHash(value);
        std::string_view& slot = slots_[hash & (kSlots - 1)];
        if (slot.size() == value.size() && slot.data() &&
            same(slot.data(), value.data(), value.size()))
            return slot;
        slot = arena.copy(value);
        return slot;
    }
    // After the arena gave memory back (a rolled-back load), cached views may dangle.
    void clear() noexcept { slots_.fill({}); }

private:
    // memcmp == 0 for n <= kMaxLength, inline (a call costs more than the compare, on every
    // field a load stores): words of eight, four or one bytes, the last overlapping.
    static bool same(const char* a, const char* b, std::size_t n) noexcept {
        auto word8 = [](const char* p) {
            std::uint64_t v;
            std::memcpy(&v, p, 8);
            return v;
        };
        auto word4 = [](const char* p) {
            std::uint32_t v;
            std::memcpy(&v, p, 4);
            return v;
        };
        if (n >= 8) {
            std::uint64_t diff = word8(a + n - 8) ^ word8(b + n - 8);
            for (std::size_t i = 0; i + 8 < n; i += 8)
                diff |= word8(a + i) ^ word8(b + i);
            return diff == 0;
        }
        if (n >= 4) return (word4(a) ^ word4(b)) == 0 && (word4(a + n - 4) ^ word4(b + n - 4)) == 0;
        for (std::size_t i = 0; i < n; ++i)
            if (a[i] != b[i]) return false;
        return true;
    }

    static constexpr std::size_t kSlots = 4096;
    std::array<std::string_view, kSlots> slots_{};
};

} // namespace epicsdb::dbstatic
