// Field values repeat across records ("1 second", "MAJOR", "mm", "3"...). A small
// direct-mapped cache lets records share one arena copy of a recently seen short value, which
// keeps memory per record low without a growing intern table. Constant size; a slot simply
// holds the last value that hashed to it.
#pragma once

#include <epicsdb/mempool/Arena.hpp>
#include <epicsdb/support/Hash.hpp>

#include <array>
#include <cstdint>
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
        if (slot.data() && slot == value) return slot;
        slot = arena.copy(value);
        return slot;
    }
    // After the arena gave memory back (a rolled-back load), cached views may dangle.
    void clear() noexcept { slots_.fill({}); }

private:
    static constexpr std::size_t kSlots = 4096;
    std::array<std::string_view, kSlots> slots_{};
};

} // namespace epicsdb::dbstatic
