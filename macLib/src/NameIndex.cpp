#include "EntryPvt.hpp"

#include <epicsdb/macLib/detail/NameIndex.hpp>

#include <cstring>

namespace epicsdb::maclib::detail {

Entry* NameIndex::find(std::string_view name, std::uint32_t hash) const noexcept {
    if (!capacity_) return nullptr;
    const std::size_t mask = capacity_ - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        Entry* entry = slots_[i];
        if (!entry) return nullptr;
        if (entry->nameHash == hash && entry->name() == name) return entry;
    }
}

std::size_t NameIndex::slotOf(const Entry& entry) const noexcept {
    const std::size_t mask = capacity_ - 1;
    std::size_t i = entry.nameHash & mask;
    while (slots_[i]->nameHash != entry.nameHash || slots_[i]->name() != entry.name())
        i = (i + 1) & mask;
    return i;
}

void NameIndex::push(Entry& entry, BlockStore& store) {
    if (Entry* newest = find(entry.name(), entry.nameHash)) {
        entry.shadowed = newest;
        slots_[slotOf(*newest)] = &entry;
        return;
    }
    // Keep the load under 3/4 so probe sequences stay short.
    if ((used_ + 1) * 4 > capacity_ * 3) grow(store);
    const std::size_t mask = capacity_ - 1;
    std::size_t i = entry.nameHash & mask;
    while (slots_[i])
        i = (i + 1) & mask;
    slots_[i] = &entry;
    entry.shadowed = nullptr;
    ++used_;
}

void NameIndex::remove(Entry& entry) noexcept {
    const std::size_t slot = slotOf(entry);
    if (slots_[slot] == &entry) {
        if (entry.shadowed)
            slots_[slot] = entry.shadowed;
        else
            eraseSlot(slot);
    } else {
        // Not the newest of its name (the table never does this, but a chain must not break).
        for (Entry* newer = slots_[slot]; newer; newer = newer->shadowed) {
            if (newer->shadowed == &entry) {
                newer->shadowed = entry.shadowed;
                break;
            }
        }
    }
    entry.shadowed = nullptr;
}

// Backward-shift deletion: later members of the probe run move up, so no tombstones are needed.
void NameIndex::eraseSlot(std::size_t slot) noexcept {
    const std::size_t mask = capacity_ - 1;
    std::size_t hole = slot;
    slots_[hole] = nullptr;
    for (std::size_t j = (hole + 1) & mask; slots_[j]; j = (j + 1) & mask) {
        const std::size_t home = slots_[j]->nameHash & mask;
        const bool staysPut = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (!staysPut) {
            slots_[hole] = slots_[j];
            slots_[j] = nullptr;
            hole = j;
        }
    }
    --used_;
}

void NameIndex::grow(BlockStore& store) {
    const std::size_t capacity = capacity_ ? capacity_ * 2 : 8;
    const auto block = store.allocate(capacity * sizeof(Entry*));
    auto** slots = reinterpret_cast<Entry**>(block.data);
    std::memset(slots, 0, capacity * sizeof(Entry*));
    const std::size_t mask = capacity - 1;
    for (std::size_t i = 0; i < capacity_; ++i) {
        if (Entry* entry = slots_[i]) {
            std::size_t j = entry->nameHash & mask;
            while (slots[j])
                j = (j + 1) & mask;
            slots[j] = entry;
        }
    }
    store.deallocate(slots_, blockCapacity_);
    slots_ = slots;
    capacity_ = capacity;
    blockCapacity_ = block.capacity;
}

} // namespace epicsdb::maclib::detail
