// dbGetString of integer fields (SPEC 4.5): the cvtFast decimal forms and dbStaticLib's hex
// form, including the widths EPICS reads the stored value at.
#include <epicsdb/dbStatic/Values.hpp>

#include <charconv>

namespace epicsdb::dbstatic {

namespace {

void appendDecimal(std::int64_t value, std::string& out) {
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

void appendUnsignedDecimal(std::uint64_t value, std::string& out) {
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

// "0x" and lowercase digits; zero is "0x0".
void appendHex(std::uint64_t value, std::string& out) {
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, 16);
    out.append("0x");
    out.append(buffer, result.ptr);
}

} // namespace

void formatInteger(DbfType type, std::uint64_t bits, bool hex, std::string& out) {
    // The hex form of the narrower signed types goes through a 32-bit unsigned, so negative
    // values show their 32-bit two's complement; INT64 has a sign-magnitude hex form.
    switch (type) {
    case DbfType::Char: {
        const auto v = static_cast<std::int8_t>(bits);
        if (hex)
            appendHex(static_cast<std::uint32_t>(v), out);
        else
            appendDecimal(v, out);
        return;
    }
    case DbfType::Short: {
        const auto v = static_cast<std::int16_t>(bits);
        if (hex)
            appendHex(static_cast<std::uint32_t>(v), out);
        else
            appendDecimal(v, out);
        return;
    }
    case DbfType::Long: {
        const auto v = static_cast<std::int32_t>(bits);
        if (hex)
            appendHex(static_cast<std::uint32_t>(v), out);
        else
            appendDecimal(v, out);
        return;
    }
    case DbfType::Int64: {
        const auto v = static_cast<std::int64_t>(bits);
        if (!hex) {
            appendDecimal(v, out);
        } else if (v < 0) {
            out.push_back('-');
            appendHex(0 - bits, out);
        } else {
            appendHex(bits, out);
        }
        return;
    }
    case DbfType::UChar:
        hex ? appendHex(static_cast<std::uint8_t>(bits), out)
            : appendUnsignedDecimal(static_cast<std::uint8_t>(bits), out);
        return;
    case DbfType::ULong:
        hex ? appendHex(static_cast<std::uint32_t>(bits), out)
            : appendUnsignedDecimal(static_cast<std::uint32_t>(bits), out);
        return;
    case DbfType::UInt64:
        // (quirk) dbGetStringNum reads a UINT64 field through a 32-bit pointer.
        hex ? appendHex(static_cast<std::uint32_t>(bits), out)
            : appendUnsignedDecimal(static_cast<std::uint32_t>(bits), out);
        return;
    default:
        // USHORT, ENUM, and a MENU or DEVICE index: 16 bits.
        hex ? appendHex(static_cast<std::uint16_t>(bits), out)
            : appendUnsignedDecimal(static_cast<std::uint16_t>(bits), out);
        return;
    }
}

} // namespace epicsdb::dbstatic
