#include "EntryPvt.hpp"

#include <epicsdb/macLib/detail/NameIndex.hpp>

#include <algorithm>

namespace epicsdb::maclib::detail {

namespace {

struct Named {
    std::string_view name;
    std::uint32_t hash;
    bool operator()(const Entry* entry) const noexcept {
        return entry->nameHash == hash && entry->name() == name;
    }
};

} // namespace

std::size_t NameIndex::Traits::hashOf(const Entry* slot) noexcept {
    return slot->nameHash;
}

Entry* NameIndex::find(std::string_view name, std::uint32_t hash) const noexcept {
    Entry* const* slot = table_.find(hash, Named{name, hash});
    return slot ? *slot : nullptr;
}

// The slot of the newest entry of `entry`'s name, which must be in the index.
Entry** NameIndex::slotOf(const Entry& entry) noexcept {
    return table_.find(entry.nameHash, Named{entry.name(), entry.nameHash});
}

void NameIndex::push(Entry& entry, BlockStore& store) {
    if (Entry* newest = find(entry.name(), entry.nameHash)) {
        entry.shadowed = newest;
        *slotOf(*newest) = &entry;
        return;
    }
    if (table_.needsRoom()) grow(store);
    table_.insertNew(&entry);
    entry.shadowed = nullptr;
}

void NameIndex::remove(Entry& entry) noexcept {
    Entry** slot = slotOf(entry);
    if (*slot == &entry) {
        if (entry.shadowed)
            *slot = entry.shadowed;
        else
            table_.erase(*slot);
    } else {
        // Not the newest of its name (the table never does this, but a chain must not break).
        for (Entry* newer = *slot; newer; newer = newer->shadowed) {
            if (newer->shadowed == &entry) {
                newer->shadowed = entry.shadowed;
                break;
            }
        }
    }
    entry.shadowed = nullptr;
}

void NameIndex::grow(BlockStore& store) {
    const std::size_t capacity = table_.grownCapacity();
    const BlockStore::Block block = store.allocate(capacity * sizeof(Entry*));
    auto** slots = reinterpret_cast<Entry**>(block.data);
    std::fill_n(slots, capacity, nullptr);
    const std::span<Entry*> old = table_.rehash({slots, capacity});
    store.deallocate(old.data(), blockCapacity_);
    blockCapacity_ = block.capacity;
}

} // namespace epicsdb::maclib::detail
