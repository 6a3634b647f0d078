// dbGetString of integer fields (EPICS-BEHAVIOUR 4.5): the cvtFast decimal forms and dbStaticLib's
// hex form, including the widths EPICS reads the stored value at.
#include <epicsdb/dbStatic/Values.hpp>

#include "IntegerTextPvt.hpp"

namespace epicsdb::dbstatic {

namespace {

// "0x" and lowercase digits; zero is "0x0".
void appendHex(std::uint64_t value, std::string& out) {
    out.append("0x");
    appendInteger(value, out, 16);
}

// A field read at the width of `Narrow` (32 bits at most). The hex form goes through a 32-bit
// unsigned, so negative values show their 32-bit two's complement.
template <class Narrow>
void appendNarrowed(std::uint64_t bits, bool hex, std::string& out) {
    const auto value = static_cast<Narrow>(bits);
    if (hex)
        appendHex(static_cast<std::uint32_t>(value), out);
    else
        appendInteger(value, out);
}

} // namespace

void formatInteger(DbfType type, std::uint64_t bits, bool hex, std::string& out) {
    switch (type) {
    case DbfType::Char:
        return appendNarrowed<std::int8_t>(bits, hex, out);
    case DbfType::Short:
        return appendNarrowed<std::int16_t>(bits, hex, out);
    case DbfType::Long:
        return appendNarrowed<std::int32_t>(bits, hex, out);
    case DbfType::Int64: {
        // INT64 has a sign-magnitude hex form.
        const auto value = static_cast<std::int64_t>(bits);
        if (!hex) {
            appendInteger(value, out);
        } else if (value < 0) {
            out.push_back('-');
            appendHex(0 - bits, out);
        } else {
            appendHex(bits, out);
        }
        return;
    }
    case DbfType::UChar:
        return appendNarrowed<std::uint8_t>(bits, hex, out);
    case DbfType::ULong:
        return appendNarrowed<std::uint32_t>(bits, hex, out);
    case DbfType::UInt64:
        // (quirk) dbGetStringNum reads a UINT64 field through a 32-bit pointer.
        return appendNarrowed<std::uint32_t>(bits, hex, out);
    default:
        // USHORT, ENUM, and a MENU or DEVICE index: 16 bits.
        return appendNarrowed<std::uint16_t>(bits, hex, out);
    }
}

} // namespace epicsdb::dbstatic
