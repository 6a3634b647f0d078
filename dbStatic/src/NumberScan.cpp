// glibc's strtol/strtoull/strtod/scanf("%i") number syntax over string_views, in the "C"
// locale whatever the process's locale is. EPICS parses every numeric field value, and decides
// which link texts are constants, with these.
#include "NumberScanPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace epicsdb::dbstatic::scan {

using chars::isDigit;
using chars::isSpace;
using chars::isXDigit;

ScannedInteger scanInteger(std::string_view text, std::size_t pos, HexPrefix prefix) noexcept {
    ScannedInteger out;
    const std::size_t size = text.size();
    while (pos < size && isSpace(text[pos]))
        ++pos;
    out.end = pos;
    std::size_t p = pos;
    if (p < size && (text[p] == '+' || text[p] == '-')) {
        out.negative = text[p] == '-';
        ++p;
    }
    unsigned base = 10;
    if (p < size && text[p] == '0') {
        if (p + 1 < size && (text[p + 1] | 0x20) == 'x') {
            if (p + 2 < size && isXDigit(text[p + 2])) {
                base = 16;
                p += 2;
            } else {
                // "0x" without a hex digit: the number is the 0 alone.
                out.digits = true;
                out.end = prefix == HexPrefix::Scanf ? p + 2 : p + 1;
                return out;
            }
        } else {
            base = 8;
        }
    }
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t value = 0;
    const std::size_t first = p;
    for (; p < size; ++p) {
        const char c = text[p];
        unsigned digit;
        if (isDigit(c))
            digit = static_cast<unsigned>(c - '0');
        else if (base == 16 && isXDigit(c))
            digit = chars::hexValue(c);
        else
            break;
        if (digit >= base) break;
        if (value > (limit - digit) / base)
            out.tooLarge = true;
        else
            value = value * base + digit;
    }
    if (p == first) return out; // no digits: nothing converted
    out.digits = true;
    out.magnitude = out.tooLarge ? limit : value;
    out.end = p;
    return out;
}

SignedValue toSigned(const ScannedInteger& scanned) noexcept {
    constexpr std::uint64_t maxPositive = std::numeric_limits<std::int64_t>::max();
    SignedValue out;
    if (scanned.negative) {
        if (scanned.tooLarge || scanned.magnitude > maxPositive + 1) {
            out.overflow = true;
            out.value = std::numeric_limits<std::int64_t>::min();
        } else {
            out.value = static_cast<std::int64_t>(0 - scanned.magnitude);
        }
    } else if (scanned.tooLarge || scanned.magnitude > maxPositive) {
        out.overflow = true;
        out.value = std::numeric_limits<std::int64_t>::max();
    } else {
        out.value = static_cast<std::int64_t>(scanned.magnitude);
    }
    return out;
}

UnsignedValue toUnsigned(const ScannedInteger& scanned) noexcept {
    UnsignedValue out;
    if (scanned.tooLarge) {
        out.overflow = true;
        out.value = std::numeric_limits<std::uint64_t>::max();
    } else {
        out.value = scanned.negative ? 0 - scanned.magnitude : scanned.magnitude;
    }
    return out;
}

namespace {

// glibc's ERANGE, worked out without strtod (which would need a NUL-terminated copy and a
// locale object). from_chars rounds exactly as strtod does, so only the flag is missing: it is
// set when the result overflowed to infinity, underflowed to zero, or is a subnormal that is
// not exactly the number written.

// The significant digits of the number from_chars read (no sign, no "0x"): the mantissa
// digits from the first non-zero one to the last, and the power of the radix of the first.
// Exponents saturate far beyond any double's range.
struct Significand {
    std::string digits;     // empty for zero
    std::int64_t power = 0; // of 10, or of 2 for hex (then counted in bits)
};

Significand significandOf(std::string_view number, bool hex) {
    Significand out;
    std::int64_t integerDigits = 0;
    std::int64_t index = 0; // of the current mantissa digit
    std::int64_t leading = -1;
    std::size_t i = 0;
    bool point = false;
    for (; i < number.size(); ++i) {
        const char c = number[i];
        if (c == '.') {
            point = true;
            continue;
        }
        if (!(hex ? isXDigit(c) : isDigit(c))) break;
        if (!point) ++integerDigits;
        if (leading < 0 && c != '0') leading = index;
        if (leading >= 0) out.digits.push_back(c);
        ++index;
    }
    if (leading < 0) return out;
    while (out.digits.back() == '0')
        out.digits.pop_back();
    std::int64_t exponent = 0;
    if (i < number.size()) { // 'e' or 'p', with the digits from_chars required after it
        ++i;
        const bool negative = number[i] == '-';
        if (number[i] == '+' || number[i] == '-') ++i;
        constexpr std::int64_t saturation = std::int64_t{1} << 40;
        for (; i < number.size() && isDigit(number[i]); ++i)
            if (exponent < saturation) exponent = exponent * 10 + (number[i] - '0');
        if (negative) exponent = -exponent;
    }
    const std::int64_t place = integerDigits - 1 - leading;
    out.power = hex ? 4 * place + exponent : place + exponent;
    return out;
}

// Whether a subnormal result is exactly the number written.
bool isExact(std::string_view number, bool hex, double result) {
    const Significand written = significandOf(number, hex);
    if (hex) {
        // Exact when no bit of the number lies below the smallest subnormal, 2^-1074.
        const char last = written.digits.back();
        const auto lowBits = static_cast<std::int64_t>(std::countr_zero(chars::hexValue(last)));
        const auto lastPlace = static_cast<std::int64_t>(written.digits.size() - 1);
        return written.power - 4 * lastPlace + lowBits >= -1074;
    }
    // A subnormal has at most 767 significant decimal digits: print them all and compare.
    char buffer[800];
    const auto printed = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(result),
                                       std::chars_format::scientific, 780);
    const Significand exact = significandOf({buffer, printed.ptr}, false);
    return written.power == exact.power && written.digits == exact.digits;
}

} // namespace

ScannedDouble scanDouble(std::string_view text, std::size_t pos) noexcept {
    const std::size_t size = text.size();
    while (pos < size && isSpace(text[pos]))
        ++pos;
    bool negative = false;
    if (pos < size && (text[pos] == '+' || text[pos] == '-')) {
        negative = text[pos] == '-';
        ++pos;
    }
    ScannedDouble out;
    // from_chars would take a second sign; strtod does not.
    if (pos >= size || text[pos] == '+' || text[pos] == '-') return out;

    const char* const last = text.data() + size;
    double value = 0;
    std::from_chars_result result{};
    const bool hex = text[pos] == '0' && pos + 1 < size && (text[pos + 1] | 0x20) == 'x';
    if (hex) {
        // A hex mantissa starts with a hex digit or ".digit"; from_chars would also take a
        // sign, "inf" or "nan" here.
        pos += 2;
        const bool mantissa = (pos < size && isXDigit(text[pos])) ||
                              (pos + 1 < size && text[pos] == '.' && isXDigit(text[pos + 1]));
        if (mantissa)
            result = std::from_chars(text.data() + pos, last, value, std::chars_format::hex);
        if (!mantissa || result.ec == std::errc::invalid_argument) {
            // "0x" with no hex mantissa after it reads as the 0 alone.
            out.converted = true;
            out.value = negative ? -0.0 : 0.0;
            out.end = pos - 1;
            return out;
        }
    } else {
        result = std::from_chars(text.data() + pos, last, value, std::chars_format::general);
        if (result.ec == std::errc::invalid_argument) return out;
    }
    const std::size_t end = static_cast<std::size_t>(result.ptr - text.data());
    const std::string_view number = text.substr(pos, end - pos);
    out.converted = true;
    out.end = end;
    if (result.ec == std::errc::result_out_of_range) {
        // from_chars leaves `value` alone: it is infinity for a huge number, zero for a tiny one.
        out.rangeError = true;
        value = significandOf(number, hex).power >= 0 ? HUGE_VAL : 0.0;
    } else if (std::fpclassify(value) == FP_SUBNORMAL) {
        out.rangeError = !isExact(number, hex, value);
    }
    out.value = negative ? -value : value;
    return out;
}

} // namespace epicsdb::dbstatic::scan
