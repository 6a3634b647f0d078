// The values checkField accepted for a field, so that the same text for the same field is not
// parsed again: a flat file repeats most of its values record after record ("1 second",
// "MAJOR", "3", one CALC expression per template line). Hot (a flat load checks every value):
// a direct-mapped table of short texts, allocated once. What it holds is true for one version
// of the definitions and one set of database options only; a refused value is never kept, so
// it is checked, and reported, every time.
#pragma once

#include "DefinitionsMemo.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/dbStatic/Types.hpp>
#include <epicsdb/support/Hash.hpp>

#include <cstdint>
#include <cstring>
#include <string_view>

namespace epicsdb::loaders {

class AcceptedValues {
public:
    static constexpr std::size_t kMaxLength = 38;

    // Fields whose check costs more than a look here: numbers, menus, devices, CALC
    // expressions. Strings only have their length checked; links name records, which seldom
    // repeat.
    [[nodiscard]] static bool worthKeeping(const dbstatic::FieldDef& field) noexcept {
        using dbstatic::DbfType;
        switch (field.type) {
        case DbfType::String:
            return field.special == dbstatic::special::Calc;
        case DbfType::InLink:
        case DbfType::OutLink:
        case DbfType::FwdLink:
        case DbfType::NoAccess:
            return false;
        default:
            return true;
        }
    }

    // Forgets every value when the definitions or the options are not those it was kept under.
    void under(const dbstatic::Database& db) { memo_.under(db); }
    [[nodiscard]] bool known(const dbstatic::FieldDef& field, std::string_view text) const {
        if (text.size() > kMaxLength) return false;
        const Slot& slot = memo_.slot(hashOf(field, text));
        return slot.field == &field && slot.length == text.size() &&
               std::memcmp(slot.text, text.data(), text.size()) == 0;
    }
    void add(const dbstatic::FieldDef& field, std::string_view text) {
        if (text.size() > kMaxLength) return;
        Slot& slot = memo_.slot(hashOf(field, text));
        slot.field = &field;
        slot.length = static_cast<std::uint8_t>(text.size());
        std::memcpy(slot.text, text.data(), text.size());
    }

private:
    struct Slot {
        const dbstatic::FieldDef* field = nullptr;
        std::uint8_t length = 0;
        char text[kMaxLength];
    };
    static constexpr std::size_t kSlots = 1024;

    static std::size_t hashOf(const dbstatic::FieldDef& field, std::string_view text) noexcept {
        const auto address = reinterpret_cast<std::uintptr_t>(&field);
        return support::fastHash(text) ^ (address >> 4) * 0x9E3779B97F4A7C15ull;
    }

    DefinitionsMemo<Slot, kSlots> memo_;
};

} // namespace epicsdb::loaders
