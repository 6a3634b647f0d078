// The record name index, on the path of every record a load creates: an OpenTable grown by
// doubling, so lookups stay O(1) however large the database gets (EPICS's PVD has a bucket
// count fixed at start). Slots hold the node and its full hash, so names are compared only on a
// hash match; the slot array is a LargeArray (huge pages: fewer TLB misses on random probes).
#pragma once

#include <epicsdb/dbStatic/Record.hpp>
#include <epicsdb/mempool/LargeArray.hpp>
#include <epicsdb/support/Hash.hpp>
#include <epicsdb/support/OpenTable.hpp>

#include <cstddef>
#include <ratio>
#include <string_view>

namespace epicsdb::dbstatic {

class RecordIndex {
public:
    [[nodiscard]] static std::size_t hashOf(std::string_view name) noexcept {
        return support::fastHash(name);
    }

    [[nodiscard]] Record* find(std::string_view name) const noexcept {
        return find(name, hashOf(name));
    }
    [[nodiscard]] Record* find(std::string_view name, std::size_t hash) const noexcept {
        const Slot* slot = table_.find(hash, Named{name, hash});
        return slot ? slot->node : nullptr;
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
        if (table_.needsRoom()) table_.rehash(mempool::LargeArray<Slot>(table_.grownCapacity()));
        table_.insertNew({&node, hash});
    }

    void erase(std::string_view name) noexcept {
        const std::size_t hash = hashOf(name);
        if (Slot* slot = table_.find(hash, Named{name, hash})) table_.erase(*slot);
    }

    // Starts fetching the slots a lookup of `name` will probe first (to overlap the cache
    // misses of many lookups that are known in advance).
    void prefetch(std::string_view name) const noexcept { table_.prefetch(hashOf(name)); }
    void prefetchHash(std::size_t hash) const noexcept { table_.prefetch(hash); }

    [[nodiscard]] std::size_t size() const noexcept { return table_.size(); }
    [[nodiscard]] std::size_t capacity() const noexcept { return table_.capacity(); }

private:
    struct Slot {
        Record* node = nullptr;
        std::size_t hash = 0;
    };
    struct Traits {
        using Slot = RecordIndex::Slot;
        static bool isEmpty(const Slot& slot) noexcept { return !slot.node; }
        static std::size_t hashOf(const Slot& slot) noexcept { return slot.hash; }
        static constexpr std::size_t kFirstCapacity = 1024;
        // At most two thirds full: an unsuccessful lookup then probes a few slots, which the
        // two cache lines prefetch() fetches hold.
        using MaxLoad = std::ratio<2, 3>;
    };

    struct Named {
        std::string_view name;
        std::size_t hash;
        bool operator()(const Slot& slot) const noexcept {
            return slot.hash == hash && slot.node->name() == name;
        }
    };

    support::OpenTable<Traits, mempool::LargeArray<Slot>> table_;
};

} // namespace epicsdb::dbstatic
