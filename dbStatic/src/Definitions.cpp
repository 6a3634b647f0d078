#include <epicsdb/dbStatic/Definitions.hpp>
#include <epicsdb/dbStatic/Record.hpp>
#include <epicsdb/support/Hash.hpp>

namespace epicsdb::dbstatic {

std::optional<std::uint16_t> Menu::findValue(std::string_view value) const noexcept {
    for (std::size_t i = 0; i < choices_.size(); ++i)
        if (choices_[i].value == value) return static_cast<std::uint16_t>(i);
    return std::nullopt;
}

const FieldDef* RecordType::findField(std::string_view name) const noexcept {
    if (lookup_.empty()) return nullptr;
    const std::size_t mask = lookup_.size() - 1;
    for (std::size_t i = support::fastHash(name) & mask;; i = (i + 1) & mask) {
        const std::uint16_t slot = lookup_[i];
        if (slot == 0) return nullptr;
        const FieldDef& candidate = fields_[slot - 1];
        if (candidate.name == name) return &candidate;
    }
}

std::span<const RecordTypeAttribute> RecordType::attributes() const noexcept {
    return attributes_;
}

const RecordTypeAttribute* RecordType::findAttribute(std::string_view name) const noexcept {
    for (const auto& attribute : attributes_)
        if (attribute.name == name) return &attribute;
    return nullptr;
}

std::optional<std::uint16_t> RecordType::findDevice(std::string_view choice) const noexcept {
    for (std::size_t i = 0; i < devices_.size(); ++i)
        if (devices_[i].choice == choice) return static_cast<std::uint16_t>(i);
    return std::nullopt;
}

std::optional<std::string_view> Record::storedValue(std::uint16_t field) const noexcept {
    // Binary search: the array is sorted by field index.
    auto fields = setFields();
    std::size_t lo = 0, hi = fields.size();
    while (lo < hi) {
        std::size_t mid = (lo + hi) / 2;
        if (fields[mid].field < field)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < fields.size() && fields[lo].field == field) return fields[lo].value();
    return std::nullopt;
}

const InfoItem* Record::findInfo(std::string_view name) const noexcept {
    for (const InfoItem& item : infos())
        if (item.name == name) return &item;
    return nullptr;
}

} // namespace epicsdb::dbstatic
