// NameIndex: name -> newest entry of that name, for O(1) lookups in tables of any size. Open
// addressing with linear probing over a slot array from the table's BlockStore; older entries of
// the same name hang off the newest through Entry::shadowed. Part of MacroTable's layout only.
#pragma once

#include <epicsdb/macLib/detail/BlockStore.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace epicsdb::maclib::detail {

struct Entry;

class NameIndex {
public:
    [[nodiscard]] Entry* find(std::string_view name, std::uint32_t hash) const noexcept;
    // Makes `entry` the newest of its name; the previous newest becomes entry->shadowed.
    void push(Entry& entry, BlockStore& store);
    // Takes `entry` out, wherever it is in its name's chain.
    void remove(Entry& entry) noexcept;

private:
    std::size_t slotOf(const Entry& entry) const noexcept;
    void eraseSlot(std::size_t slot) noexcept;
    void grow(BlockStore& store);

    Entry** slots_ = nullptr;
    std::size_t capacity_ = 0; // a power of two, or 0
    std::size_t used_ = 0;
    std::size_t blockCapacity_ = 0;
};

} // namespace epicsdb::maclib::detail
