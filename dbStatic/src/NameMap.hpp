// Definitions by name (menus, record types, breaktables, link supports, drivers...): a few to a
// few hundred names each, looked up while definitions and records load. An OpenTable over a
// vector; the names are views of the database's arena copies.
#pragma once

#include <epicsdb/support/Hash.hpp>
#include <epicsdb/support/OpenTable.hpp>

#include <cstddef>
#include <ratio>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic {

// Value: what a name maps to, a pointer (null is no valid value) or bool for a plain set.
template <class Value>
class NameMap {
public:
    // The value of `name`, or Value{} when it is not there.
    [[nodiscard]] Value find(std::string_view name) const noexcept {
        const std::size_t hash = support::fastHash(name);
        const Slot* slot = table_.find(hash, Named{name, hash});
        return slot ? slot->value : Value{};
    }
    [[nodiscard]] bool contains(std::string_view name) const noexcept {
        const std::size_t hash = support::fastHash(name);
        return table_.find(hash, Named{name, hash}) != nullptr;
    }
    // For a name not in the map; `name` must outlive its entry.
    void insertNew(std::string_view name, Value value) {
        if (table_.needsRoom()) table_.rehash(std::vector<Slot>(table_.grownCapacity()));
        table_.insertNew({name, value, support::fastHash(name), true});
    }
    void erase(std::string_view name) noexcept {
        const std::size_t hash = support::fastHash(name);
        if (Slot* slot = table_.find(hash, Named{name, hash})) table_.erase(*slot);
    }
    void clear() noexcept { table_.clear(); }

private:
    struct Slot {
        std::string_view name;
        Value value{};
        std::size_t hash = 0;
        bool used = false;
    };
    struct Traits {
        using Slot = NameMap::Slot;
        static bool isEmpty(const Slot& slot) noexcept { return !slot.used; }
        static std::size_t hashOf(const Slot& slot) noexcept { return slot.hash; }
        static constexpr std::size_t kFirstCapacity = 16;
        using MaxLoad = std::ratio<3, 4>;
    };
    struct Named {
        std::string_view name;
        std::size_t hash;
        bool operator()(const Slot& slot) const noexcept {
            return slot.hash == hash && slot.name == name;
        }
    };

    support::OpenTable<Traits, std::vector<Slot>> table_;
};

// A set of names.
using NameSet = NameMap<bool>;

} // namespace epicsdb::dbstatic
