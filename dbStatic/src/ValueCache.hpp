// Field values repeat across records ("1 second", "MAJOR", "mm", "3"...). A small
// direct-mapped cache lets records share one arena copy of a recently seen short value, which
// keeps memory per record low without a growing intern table. Constant size; a slot simply
// holds the last value that hashed to it.
#pragma once

#include <epicsdb/mempool/Arena.hpp>
#include <epicsdb/support/Hash.hpp>

#include <array>
#include <string_view>

namespace epicsdb::dbstatic {

class ValueCache {
public:
    static constexpr std::size_t kMaxLength = 24; // longer values are rarely shared

    std::string_view store(std::string_view value, mempool::Arena& arena) {
        if (value.size() > kMaxLength) return arena.copy(value);
        std::string_view& slot = slots_[support::fastHash(value) & (kSlots - 1)];
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
