// dbPutString checks, dbGetString and dbIsDefaultValue over the stored field texts. The value
// rules themselves (numbers, links, formats) are in Values.hpp.
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/dbStatic/Values.hpp>

#include <charconv>

namespace epicsdb::dbstatic {

std::string_view PutStatus::text() const noexcept {
    switch (error) {
    case PutError::None:
        return "";
    case PutError::StringTooLong:
        return "String is too long";
    case PutError::IllegalChoice:
        return "Illegal choice";
    case PutError::NoDigits:
        return convertErrorText(ConvertError::NoDigits);
    case PutError::Extraneous:
        return convertErrorText(ConvertError::Extraneous);
    case PutError::Overflow:
        return convertErrorText(ConvertError::Overflow);
    case PutError::Underflow:
        return convertErrorText(ConvertError::Underflow);
    case PutError::BadBase:
        return convertErrorText(ConvertError::BadBase);
    case PutError::BadField:
    case PutError::UnexpandedMacro:
    case PutError::BadCalc:
    case PutError::NotSettable:
        return "Bad Field value";
    }
    return "Bad Field value";
}

namespace {

PutError fromConvert(ConvertError error) {
    switch (error) {
    case ConvertError::None:
        return PutError::None;
    case ConvertError::NoDigits:
        return PutError::NoDigits;
    case ConvertError::Extraneous:
        return PutError::Extraneous;
    case ConvertError::Overflow:
        return PutError::Overflow;
    case ConvertError::Underflow:
        return PutError::Underflow;
    case ConvertError::BadBase:
        return PutError::BadBase;
    }
    return PutError::BadField;
}

// What the value rules of a field type are about.
enum class ValueKind : std::uint8_t { String, Integer, Float, Menu, Device, Link, NoAccess };

constexpr ValueKind kindOf(DbfType type) noexcept {
    switch (type) {
    case DbfType::String:
        return ValueKind::String;
    case DbfType::Char:
    case DbfType::UChar:
    case DbfType::Short:
    case DbfType::UShort:
    case DbfType::Long:
    case DbfType::ULong:
    case DbfType::Int64:
    case DbfType::UInt64:
    case DbfType::Enum:
        return ValueKind::Integer;
    case DbfType::Float:
    case DbfType::Double:
        return ValueKind::Float;
    case DbfType::Menu:
        return ValueKind::Menu;
    case DbfType::Device:
        return ValueKind::Device;
    case DbfType::InLink:
    case DbfType::OutLink:
    case DbfType::FwdLink:
        return ValueKind::Link;
    case DbfType::NoAccess:
        return ValueKind::NoAccess;
    }
    return ValueKind::NoAccess;
}

// EPICS-BEHAVIOUR 4.2 for MENU and DEVICE: choice string first, then a 16-bit number, which is
// refused only when it is greater than the number of choices (an equal one is a known quirk).
PutError checkChoice(std::optional<std::uint16_t> match, std::string_view value,
                     std::size_t choiceCount) {
    if (value.empty()) return PutError::None; // EPICS reads an empty value as "0"
    if (match) return PutError::None;
    std::uint16_t index = 0;
    if (!parseMenuIndex(value, index)) return PutError::IllegalChoice;
    if (choiceCount > 0 && index > choiceCount && index != 0xffff) return PutError::BadField;
    return PutError::None;
}

// The menu or device index a stored (or initial) text stands for.
std::optional<std::uint16_t> indexOfChoice(std::optional<std::uint16_t> match,
                                           std::string_view value) {
    if (value.empty()) return 0;
    if (match) return match;
    std::uint16_t index = 0;
    if (parseMenuIndex(value, index)) return index;
    return std::nullopt;
}

std::optional<std::uint16_t> menuIndex(const FieldDef& field, std::string_view value) {
    return indexOfChoice(field.menu ? field.menu->findValue(value) : std::nullopt, value);
}

} // namespace

bool hasMacroReference(std::string_view value) noexcept {
    for (std::size_t i = value.find('$'); i != std::string_view::npos && i + 1 < value.size();
         i = value.find('$', i + 1))
        if (value[i + 1] == '(' || value[i + 1] == '{') return true;
    return false;
}

PutStatus Database::checkField(const RecordType& type, const FieldDef& field,
                               std::string_view value) const {
    if (&field == type.nameField())
        return {PutError::NotSettable}; // the name is the record's own, not a field value
    if (hasMacroReference(value)) return {PutError::UnexpandedMacro};
    switch (kindOf(field.type)) {
    case ValueKind::String:
        if (value.size() >= field.size) return {PutError::StringTooLong};
        if (field.special == special::Calc) {
            std::string_view problem = checkCalcExpression(value);
            if (!problem.empty()) return {PutError::BadCalc, problem};
        }
        return {};
    case ValueKind::Integer: {
        std::uint64_t bits = 0;
        return {fromConvert(parseInteger(field.type, value, options_.convertStrict, bits))};
    }
    case ValueKind::Float: {
        double number = 0;
        return {fromConvert(parseFloat(field.type, value, number))};
    }
    case ValueKind::Menu:
        return {
            checkChoice(field.menu && !value.empty() ? field.menu->findValue(value) : std::nullopt,
                        value, field.menu ? field.menu->choices().size() : 0)};
    case ValueKind::Device:
        return {checkChoice(type.findDevice(value), value, type.devices().size())};
    case ValueKind::Link: {
        ParsedLink link;
        const bool ok = parseLink(
            value, field.type,
            [this](std::string_view name) { return findLinkSupport(name) != nullptr; }, link);
        return {ok ? PutError::None : PutError::BadField};
    }
    case ValueKind::NoAccess:
        return {PutError::NotSettable};
    }
    return {PutError::BadField};
}

std::optional<std::string> Database::getString(const Record& node, const FieldDef& field) const {
    std::string out;
    if (!getString(node, field, out)) return std::nullopt;
    return out;
}

namespace {
// A field's text as getString shows it: `text` is what the record stores, or the default.
bool showValue(const RecordType& type, const FieldDef& field, std::string_view text,
               std::string& out) {
    switch (kindOf(field.type)) {
    case ValueKind::String:
        out.assign(text.substr(0, field.size ? field.size - 1 : 0));
        return true;
    case ValueKind::Integer: {
        std::uint64_t bits = 0;
        if (parseInteger(field.type, text, false, bits) != ConvertError::None) bits = 0;
        formatInteger(field.type, bits, field.hexBase, out);
        return true;
    }
    case ValueKind::Float: {
        double number = 0;
        if (parseFloat(field.type, text, number) != ConvertError::None) number = 0;
        formatFloat(field.type, number, out);
        return true;
    }
    case ValueKind::Menu: {
        const std::uint16_t index = menuIndex(field, text).value_or(0);
        if (field.menu && index < field.menu->choices().size())
            out.assign(field.menu->choices()[index].value);
        else
            out.assign(std::to_string(index));
        return true;
    }
    case ValueKind::Device: {
        const auto devices = type.devices();
        if (devices.empty()) return true;
        const std::uint16_t index = indexOfChoice(type.findDevice(text), text).value_or(0);
        if (index >= devices.size()) return false;
        out.assign(devices[index].choice);
        return true;
    }
    case ValueKind::Link:
        out.assign(text);
        return true;
    case ValueKind::NoAccess:
        return false;
    }
    return false;
}
} // namespace

bool Database::getString(const Record& node, const FieldDef& field, std::string& out) const {
    out.clear();
    if (&field == node.type().nameField()) {
        out.assign(node.real().name());
        return true;
    }
    const std::optional<std::string_view> stored = node.storedValue(field.index);
    const std::string_view text = stored ? *stored : field.hasInitial ? field.initial : "";
    return showValue(node.type(), field, text, out);
}

bool Database::defaultString(const RecordType& type, const FieldDef& field,
                             std::string& out) const {
    out.clear();
    return showValue(type, field, field.hasInitial ? field.initial : "", out);
}

std::optional<std::uint16_t> Database::choiceIndex(const Record& node,
                                                   const FieldDef& field) const {
    const std::optional<std::string_view> stored = node.storedValue(field.index);
    const std::string_view text = stored ? *stored : field.hasInitial ? field.initial : "";
    switch (kindOf(field.type)) {
    case ValueKind::Menu:
        return menuIndex(field, text);
    case ValueKind::Device:
        return indexOfChoice(node.type().findDevice(text), text);
    default:
        return std::nullopt;
    }
}

bool Database::isDefaultValue(const Record& node, const FieldDef& field) const {
    if (&field == node.type().nameField()) return node.real().name().empty();
    switch (kindOf(field.type)) {
    case ValueKind::Device:
        // Only a record type without any device support has a default DTYP.
        return node.type().devices().empty();
    case ValueKind::Link:
    case ValueKind::NoAccess:
        // Before iocInit every link is an unset CONSTANT link (quirk kept: EPICS-BEHAVIOUR 4.4).
        return true;
    default:
        break;
    }
    const std::optional<std::string_view> stored = node.storedValue(field.index);
    if (!stored) return true;
    const std::string_view value = *stored;
    switch (kindOf(field.type)) {
    case ValueKind::String:
        return value == (field.hasInitial ? field.initial : std::string_view());
    case ValueKind::Float: {
        double current = 0, initial = 0;
        if (parseFloat(field.type, value, current) != ConvertError::None) return false;
        if (field.hasInitial &&
            parseFloat(field.type, field.initial, initial) != ConvertError::None)
            return false;
        return current == initial;
    }
    case ValueKind::Menu: {
        const auto current = menuIndex(field, value);
        const auto initial =
            field.hasInitial ? menuIndex(field, field.initial) : std::optional<std::uint16_t>(0);
        return current && initial && *current == *initial;
    }
    default: {
        std::uint64_t current = 0, initial = 0;
        if (parseInteger(field.type, value, false, current) != ConvertError::None) return false;
        // An empty initial is "no digits" to the strict parse: never default (as EPICS).
        if (field.hasInitial && field.initial.empty()) return false;
        if (field.hasInitial &&
            parseInteger(field.type, field.initial, true, initial) != ConvertError::None)
            return false;
        return current == initial;
    }
    }
}

} // namespace epicsdb::dbstatic
