// The record name index: open addressing with linear probing and backward-shift deletion, grown
// by doubling so lookups stay O(1) however large the database gets (EPICS's PVD has a bucket
// count fixed at start). Slots hold the node and its full hash; names are compared only on a
// hash match.
#pragma once

#include "FastHash.hpp"

#include <epicsdb/dbStatic/Record.hpp>
#include <epicsdb/mempool/LargeArray.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic {

class RecordIndex {
public:
    [[nodiscard]] static std::size_t hashOf(std::string_view name) noexcept {
        return fastHash(name);
    }

    [[nodiscard]] Record* find(std::string_view name) const noexcept {
        return find(name, hashOf(name));
    }
    [[nodiscard]] Record* find(std::string_view name, std::size_t hash) const noexcept {
        if (slots_.empty()) return nullptr;
        for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
            const Slot& slot = slots_[i];
            if (!slot.node) return nullptr;
            if (slot.hash == hash && slot.node->name() == name) return slot.node;
        }
    }

    // False (and nothing stored) when a node of that name is already there.
    bool insert(Record& node) {
        const std::size_t hash = hashOf(node.name());
        if (find(node.name(), hash)) return false;
        insertNew(node, hash);
        return true;
    }
    // For a name known to be absent, with its hash already computed.
    void insertNew(Record& node, std::size_t hash) {
        // At most two thirds full: an unsuccessful lookup then probes a few slots, which the two
        // cache lines prefetch() fetches hold.
        if ((count_ + 1) * 3 > slots_.size() * 2) grow();
        place({&node, hash});
        ++count_;
    }

    void erase(std::string_view name) noexcept {
        if (slots_.empty()) return;
        const std::size_t hash = hashOf(name);
        std::size_t i = hash & mask_;
        for (;; i = (i + 1) & mask_) {
            if (!slots_[i].node) return;
            if (slots_[i].hash == hash && slots_[i].node->name() == name) break;
        }
        // Backward shift: pull later members of the probe run into the hole, so no tombstones.
        for (std::size_t j = (i + 1) & mask_; slots_[j].node; j = (j + 1) & mask_) {
            const std::size_t home = slots_[j].hash & mask_;
            // Move j into the hole at i unless its home lies cyclically in (i, j].
            const bool homeBetween = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!homeBetween) {
                slots_[i] = slots_[j];
                i = j;
            }
        }
        slots_[i] = Slot{};
        --count_;
    }

    // Starts fetching the slot a lookup of `name` will probe first (to overlap the cache
    // misses of many lookups that are known in advance).
    void prefetch(std::string_view name) const noexcept {
        if (slots_.empty()) return;
        const Slot* home = slots_.data() + (hashOf(name) & mask_);
        touch(home);
        touch(home + 4); // the next line of the probe run
    }

    [[nodiscard]] std::size_t size() const noexcept { return count_; }
    [[nodiscard]] std::size_t capacity() const noexcept { return slots_.size(); }

private:
    // A prefetch GCC cannot drop (it deletes __builtin_prefetch whose address is computed by
    // code with no other use, such as this hash).
    static void touch(const void* address) noexcept {
#if defined(__x86_64__) || defined(__i386__)
        asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(address)));
#else
        __builtin_prefetch(address);
#endif
    }

    struct Slot {
        Record* node = nullptr;
        std::size_t hash = 0;
    };

    void place(const Slot& slot) noexcept {
        std::size_t i = slot.hash & mask_;
        while (slots_[i].node)
            i = (i + 1) & mask_;
        slots_[i] = slot;
    }

    void grow() {
        mempool::LargeArray<Slot> old(std::move(slots_));
        slots_ = mempool::LargeArray<Slot>(old.empty() ? 1024 : old.size() * 2);
        mask_ = slots_.size() - 1;
        // In slot order, the new homes come in two rising sequences: cache-friendly.
        for (const Slot& slot : old)
            if (slot.node) place(slot);
    }

    mempool::LargeArray<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t count_ = 0;
};

} // namespace epicsdb::dbstatic
