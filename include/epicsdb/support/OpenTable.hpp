// OpenTable: the hash table under epicsdb's name indexes (records, macro names, definitions).
// Open addressing with linear probing over a power-of-two array of slots, grown by doubling,
// with backward-shift deletion: no tombstones, so lookups stay as fast after many erasures.
// Written for speed (the record index is on the path of every record a load creates):
// everything inlines, and a lookup compares keys only where the caller's match says so.
//
// The table probes; it does not decide what a slot holds or where the slots live. Both come
// from its parameters, so every index keeps its own memory discipline:
//
//   Traits   using Slot = ...;   trivially copyable, and Slot{} is an empty slot
//            static bool isEmpty(const Slot&) noexcept;
//            static std::size_t hashOf(const Slot&) noexcept;  // the hash it was placed by
//            static constexpr std::size_t kFirstCapacity;       // a power of two
//            using MaxLoad = std::ratio<N, D>;                   // grow before passing it
//   Storage  the slot array: movable, default-constructible (no slots), with begin() at its
//            first slot and size(). An owning one (std::vector, mempool::LargeArray) frees
//            itself; with a non-owning one (std::span) the owner frees what rehash() returns.
#pragma once

#include <cstddef>
#include <memory>
#include <ratio>
#include <utility>

namespace epicsdb::support {

template <class Traits, class Storage>
class OpenTable {
public:
    using Slot = typename Traits::Slot;

    OpenTable() = default;
    OpenTable(const OpenTable&) = delete;
    OpenTable& operator=(const OpenTable&) = delete;

    // The first slot for which match(slot) holds, probing from `hash`; null when an empty slot
    // comes first. `match` should compare the stored hash before the key.
    template <class Match>
    [[nodiscard]] Slot* find(std::size_t hash, Match&& match) noexcept {
        return lookup(hash, match);
    }
    template <class Match>
    [[nodiscard]] const Slot* find(std::size_t hash, Match&& match) const noexcept {
        return lookup(hash, match);
    }

    // Whether one more slot would pass the maximum load: then rehash() to grownCapacity() first.
    [[nodiscard]] bool needsRoom() const noexcept {
        using Load = typename Traits::MaxLoad;
        return (count_ + 1) * Load::den > capacity() * Load::num;
    }
    [[nodiscard]] std::size_t grownCapacity() const noexcept {
        return capacity() ? capacity() * 2 : Traits::kFirstCapacity;
    }
    // Moves every slot into `fresh` (empty slots, a power of two of them, more than size()),
    // which becomes the table's array; returns the array used until now.
    Storage rehash(Storage fresh) noexcept {
        Storage old = std::exchange(storage_, std::move(fresh));
        slots_ = storage_.size() ? std::to_address(storage_.begin()) : nullptr;
        mask_ = storage_.size() - 1;
        // In slot order the new homes come in two rising runs: cache-friendly.
        for (const Slot& slot : old)
            if (!Traits::isEmpty(slot)) place(slot);
        return old;
    }

    // Stores a slot whose key is not in the table; needsRoom() must be false.
    void insertNew(const Slot& slot) noexcept {
        place(slot);
        ++count_;
    }
    // Removes a slot that find() returned.
    void erase(Slot& slot) noexcept {
        std::size_t hole = static_cast<std::size_t>(&slot - slots_);
        // Backward shift: pull later members of the probe run into the hole.
        for (std::size_t j = (hole + 1) & mask_; !Traits::isEmpty(slots_[j]); j = (j + 1) & mask_) {
            const std::size_t home = Traits::hashOf(slots_[j]) & mask_;
            // j may move to the hole unless its home lies cyclically in (hole, j].
            const bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
            if (!stays) {
                slots_[hole] = slots_[j];
                hole = j;
            }
        }
        slots_[hole] = Slot{};
        --count_;
    }
    // Empties every slot, keeping the array.
    void clear() noexcept {
        for (std::size_t i = 0; i < capacity(); ++i)
            slots_[i] = Slot{};
        count_ = 0;
    }

    // Starts fetching the slots a lookup of `hash` probes first (the home slot and the cache
    // line after it), to overlap the cache misses of lookups known in advance.
    void prefetch(std::size_t hash) const noexcept {
        if (!slots_) return;
        const char* home = reinterpret_cast<const char*>(slots_ + (hash & mask_));
        touch(home);
        touch(home + 64);
    }

    [[nodiscard]] std::size_t size() const noexcept { return count_; }
    [[nodiscard]] std::size_t capacity() const noexcept { return slots_ ? mask_ + 1 : 0; }

private:
    template <class Match>
    Slot* lookup(std::size_t hash, Match& match) const noexcept {
        if (!slots_) return nullptr;
        for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
            Slot& slot = slots_[i];
            if (Traits::isEmpty(slot)) return nullptr;
            if (match(static_cast<const Slot&>(slot))) return &slot;
        }
    }

    void place(const Slot& slot) noexcept {
        std::size_t i = Traits::hashOf(slot) & mask_;
        while (!Traits::isEmpty(slots_[i]))
            i = (i + 1) & mask_;
        slots_[i] = slot;
    }

    // A prefetch GCC cannot drop (it deletes __builtin_prefetch whose address is computed by
    // code with no other use, such as a hash).
    static void touch(const char* address) noexcept {
#if defined(__x86_64__) || defined(__i386__)
        asm volatile("prefetcht0 %0" : : "m"(*address));
#else
        __builtin_prefetch(address);
#endif
    }

    Storage storage_{};
    Slot* slots_ = nullptr;
    std::size_t mask_ = 0;
    std::size_t count_ = 0;
};

} // namespace epicsdb::support
