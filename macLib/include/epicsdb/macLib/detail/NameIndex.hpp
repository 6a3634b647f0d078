// NameIndex: name -> newest entry of that name, for O(1) lookups in tables of any size. An
// OpenTable over a slot array from the table's BlockStore (so an index costs no allocation of
// its own); older entries of the same name hang off the newest through Entry::shadowed. Part of
// MacroTable's layout only.
#pragma once

#include <epicsdb/macLib/detail/BlockStore.hpp>
#include <epicsdb/support/Hash.hpp>
#include <epicsdb/support/OpenTable.hpp>

#include <cstddef>
#include <cstdint>
#include <ratio>
#include <span>
#include <string_view>

namespace epicsdb::maclib::detail {

struct Entry;

class NameIndex {
public:
    // The hash an entry's nameHash holds: epicsdb's one string hash, cut to 32 bits.
    [[nodiscard]] static std::uint32_t hashOf(std::string_view name) noexcept {
        return static_cast<std::uint32_t>(support::fastHash(name));
    }

    [[nodiscard]] Entry* find(std::string_view name, std::uint32_t hash) const noexcept;
    // Makes `entry` the newest of its name; the previous newest becomes entry->shadowed.
    void push(Entry& entry, BlockStore& store);
    // Takes `entry` out, wherever it is in its name's chain.
    void remove(Entry& entry) noexcept;

private:
    struct Traits {
        using Slot = Entry*;
        static bool isEmpty(Entry* slot) noexcept { return !slot; }
        static std::size_t hashOf(const Entry* slot) noexcept;
        static constexpr std::size_t kFirstCapacity = 8;
        // Under 3/4 full, so probe sequences stay short.
        using MaxLoad = std::ratio<3, 4>;
    };
    // The slots live in the BlockStore, which takes them back when the index grows (and frees
    // them all with the table).
    using Table = support::OpenTable<Traits, std::span<Entry*>>;

    Entry** slotOf(const Entry& entry) noexcept;
    void grow(BlockStore& store);

    Table table_;
    std::size_t blockCapacity_ = 0; // of the block holding the slots
};

} // namespace epicsdb::maclib::detail
