// Numeric field puts (EPICS-BEHAVIOUR 4.2): dbPutStringNum in its lax and strict (dbConvertStrict)
// modes, the epicsParse* range rules behind them and behind dbVerify, and their error texts.
#include <epicsdb/dbStatic/Values.hpp>

#include "NumberParsePvt.hpp"
#include "NumberScanPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <array>
#include <cfloat>
#include <cmath>

namespace epicsdb::dbstatic {

namespace {

// The texts of each ConvertError, in the enum's order: dbPutString's, then dbVerify's.
struct ErrorTexts {
    std::string_view put;
    std::string_view verify;
};
constexpr std::array<ErrorTexts, 6> errorTexts{{
    {"", ""},
    {"No digits to convert", "Not a valid integer"},
    {"Extraneous characters", "Extraneous characters after number"},
    {"Too large to represent", "Number too large for field type"},
    {"Too small to represent", "Number too small for field type"},
    {"Number base not supported", "Internal error (badBase)"},
}};

} // namespace

std::string_view convertErrorText(ConvertError error) noexcept {
    const auto index = static_cast<std::size_t>(error);
    return index < errorTexts.size() ? errorTexts[index].put : "";
}

std::string_view verifyErrorText(ConvertError error) noexcept {
    const auto index = static_cast<std::size_t>(error);
    return index < errorTexts.size() ? errorTexts[index].verify
                                     : "Unknown numeric conversion error";
}

namespace {

// What epicsParse* checks after the C conversion, in its order: no digits, ERANGE, then
// anything but whitespace after the number.
ConvertError finish(std::string_view text, const scan::ScannedInteger& scanned, bool overflow) {
    if (!scanned.digits) return ConvertError::NoDigits;
    if (overflow) return ConvertError::Overflow;
    std::size_t pos = scanned.end;
    while (pos < text.size() && chars::isSpace(text[pos]))
        ++pos;
    return pos == text.size() ? ConvertError::None : ConvertError::Extraneous;
}

unsigned fieldBits(DbfType type) noexcept {
    switch (type) {
    case DbfType::Char:
    case DbfType::UChar:
        return 8;
    case DbfType::Short:
    case DbfType::UShort:
    case DbfType::Enum:
    case DbfType::Menu:
    case DbfType::Device:
        return 16;
    case DbfType::Long:
    case DbfType::ULong:
        return 32;
    default:
        return 64;
    }
}

bool parsesSigned(DbfType type) noexcept {
    return isSignedInteger(type) || !(isIntegerType(type) || type == DbfType::Enum ||
                                      type == DbfType::Menu || type == DbfType::Device);
}

// epicsParseUInt8/16/32: a wrapped negative passes as long as its magnitude fits the width.
bool unsignedFits(std::uint64_t value, unsigned bits) noexcept {
    if (bits >= 64) return true;
    const std::uint64_t max = (std::uint64_t{1} << bits) - 1;
    return value <= max || value > ~max;
}

bool signedFits(std::int64_t value, unsigned bits) noexcept {
    if (bits >= 64) return true;
    const std::int64_t max = (std::int64_t{1} << (bits - 1)) - 1;
    return value >= -max - 1 && value <= max;
}

std::uint64_t truncateSigned(std::int64_t value, unsigned bits) noexcept {
    if (bits >= 64) return static_cast<std::uint64_t>(value);
    // Keep the low bits, then sign-extend them from the field width.
    const unsigned shift = 64 - bits;
    const auto low = static_cast<std::uint64_t>(value) << shift;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(low) >> shift);
}

std::uint64_t truncateUnsigned(std::uint64_t value, unsigned bits) noexcept {
    return bits >= 64 ? value : value & ((std::uint64_t{1} << bits) - 1);
}

} // namespace

ConvertError parseDoubleText(std::string_view text, double& value) noexcept {
    const scan::ScannedDouble scanned = scan::scanDouble(text, 0);
    if (!scanned.converted) return ConvertError::NoDigits;
    if (scanned.rangeError)
        return scanned.value == 0 ? ConvertError::Underflow : ConvertError::Overflow;
    std::size_t pos = scanned.end;
    while (pos < text.size() && chars::isSpace(text[pos]))
        ++pos;
    if (pos != text.size()) return ConvertError::Extraneous;
    value = scanned.value;
    return ConvertError::None;
}

ConvertError parseInteger(DbfType type, std::string_view text, bool strict,
                          std::uint64_t& bits) noexcept {
    // dbPutStringNum writes an empty string as numeric zero.
    if (text.empty()) {
        bits = 0;
        return ConvertError::None;
    }
    const unsigned width = fieldBits(type);
    const scan::ScannedInteger scanned = scan::scanInteger(text, 0);
    if (parsesSigned(type)) {
        const scan::SignedValue v = scan::toSigned(scanned);
        if (ConvertError error = finish(text, scanned, v.overflow); error != ConvertError::None)
            return error;
        if (strict && !signedFits(v.value, width)) return ConvertError::Overflow;
        bits = truncateSigned(v.value, width);
        return ConvertError::None;
    }
    const scan::UnsignedValue v = scan::toUnsigned(scanned);
    if (ConvertError error = finish(text, scanned, v.overflow); error != ConvertError::None)
        return error;
    if (strict && !unsignedFits(v.value, width)) return ConvertError::Overflow;
    bits = truncateUnsigned(v.value, width);
    return ConvertError::None;
}

ConvertError parseFloat(DbfType type, std::string_view text, double& value) noexcept {
    if (text.empty()) {
        value = 0;
        return ConvertError::None;
    }
    double parsed = 0;
    if (ConvertError error = parseDoubleText(text, parsed); error != ConvertError::None)
        return error;
    if (type == DbfType::Float) {
        // epicsParseFloat: FLT_MIN itself underflows, FLT_MAX itself overflows, and negative
        // tiny values are let through to the float conversion.
        const double magnitude = std::fabs(parsed);
        if (parsed > 0 && magnitude <= FLT_MIN) return ConvertError::Underflow;
        if (std::isfinite(parsed) && magnitude >= FLT_MAX) return ConvertError::Overflow;
        value = static_cast<double>(static_cast<float>(parsed));
        return ConvertError::None;
    }
    value = parsed;
    return ConvertError::None;
}

std::size_t scanDoublePrefix(std::string_view text, double& value) noexcept {
    const scan::ScannedDouble scanned = scan::scanDouble(text, 0);
    if (!scanned.converted) return 0;
    value = scanned.value;
    return scanned.end;
}

bool parseMenuIndex(std::string_view text, std::uint16_t& index) noexcept {
    std::uint64_t bits = 0;
    if (parseInteger(DbfType::UShort, text, true, bits) != ConvertError::None) return false;
    index = static_cast<std::uint16_t>(bits);
    return true;
}

} // namespace epicsdb::dbstatic
