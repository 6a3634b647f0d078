// The fused field statements (`field(SCAN, "1 second")`, one token) that set a field as they
// stand, by record type: a flat file repeats most of its statements record after record, and
// each costs a field lookup, the value's unquoting and its check. Hot (one look per field
// statement of a flat load): a direct-mapped table of short statements, allocated once, where a
// statement seldom seen (a link naming a record, a description with the instance's name) only
// takes a slot until another needs it. What it holds is true for one version of the
// definitions and one set of database options only; a statement that was refused, or whose
// value needed unescaping, is never kept, so it is checked, and reported, every time.
#pragma once

#include "DefinitionsMemo.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <cstdint>
#include <cstring>
#include <string_view>

namespace epicsdb::loaders {

class AcceptedStatements {
public:
    static constexpr std::size_t kMaxLength = 51;

    // What a kept statement sets: the field of that index to the token's text at [offset,
    // offset + length).
    struct Effect {
        std::uint16_t field = 0;
        std::uint8_t valueOffset = 0;
        std::uint8_t valueLength = 0;
    };

    // Forgets every statement when the definitions or the options are not those it was kept
    // under.
    void under(const dbstatic::Database& db) { memo_.under(db); }
    // The effect of `token` (whose support::fastHash is `hash`) on a record of `type`, if it is
    // kept; under() must have been called for the database as it is.
    [[nodiscard]] const Effect* find(const dbstatic::RecordType& type, std::string_view token,
                                     std::uint64_t hash) const noexcept {
        if (token.size() > kMaxLength) return nullptr;
        const Slot& slot = memo_.slot(hashOf(type, hash));
        if (slot.type != &type || slot.length != token.size() ||
            std::memcmp(slot.text, token.data(), token.size()) != 0)
            return nullptr;
        return &slot.effect;
    }
    // Keeps `token` as setting `field` to `value` (a view into the token).
    void add(const dbstatic::RecordType& type, std::string_view token, std::uint64_t hash,
             std::uint16_t field, std::string_view value) {
        if (token.size() > kMaxLength) return;
        Slot& slot = memo_.slot(hashOf(type, hash));
        slot.type = &type;
        slot.length = static_cast<std::uint8_t>(token.size());
        slot.effect = {field, static_cast<std::uint8_t>(value.data() - token.data()),
                       static_cast<std::uint8_t>(value.size())};
        std::memcpy(slot.text, token.data(), token.size());
    }

private:
    struct Slot {
        const dbstatic::RecordType* type = nullptr;
        Effect effect;
        std::uint8_t length = 0;
        char text[kMaxLength];
    };
    // Enough that the statements of a large template's records survive the ones that differ
    // in every instance between two sightings.
    static constexpr std::size_t kSlots = 4096;

    static std::size_t hashOf(const dbstatic::RecordType& type, std::uint64_t hash) noexcept {
        const auto address = reinterpret_cast<std::uintptr_t>(&type);
        return hash ^ (address >> 4) * 0x9E3779B97F4A7C15ull;
    }

    DefinitionsMemo<Slot, kSlots> memo_;
};

} // namespace epicsdb::loaders
