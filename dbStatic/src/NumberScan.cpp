// glibc's strtol/strtoull/strtod/scanf("%i") number syntax over string_views, in the "C"
// locale whatever the process's locale is. EPICS parses every numeric field value, and decides
// which link texts are constants, with these.
#include "NumberScanPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <cerrno>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <locale.h>
#include <memory>
#include <new>

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

// The "C" locale, made once; strtod_l with it is immune to the process's LC_NUMERIC.
locale_t cLocale() noexcept {
    static const locale_t locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
    return locale;
}

// from_chars rounds exactly as strtod does; only glibc's ERANGE is missing, and its rules for
// tiny results (tininess after rounding, its own inexactness test for hex digits) are glibc's
// alone. So the rare results where it can be set (out of range, subnormal, DBL_MIN itself) are
// settled by glibc on a NUL-terminated copy of the number.
struct GlibcResult {
    double value = 0;
    bool rangeError = false;
};
GlibcResult glibcStrtod(std::string_view number) noexcept {
    char small[128];
    std::unique_ptr<char[]> large;
    char* buffer = small;
    if (number.size() >= sizeof small) {
        large.reset(new (std::nothrow) char[number.size() + 1]);
        if (!large) return {};
        buffer = large.get();
    }
    std::memcpy(buffer, number.data(), number.size());
    buffer[number.size()] = '\0';
    errno = 0;
    const locale_t locale = cLocale();
    const double value = locale ? strtod_l(buffer, nullptr, locale) : std::strtod(buffer, nullptr);
    return {value, errno == ERANGE};
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
    const std::size_t start = pos; // of the number without its sign

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
        // from_chars only starts at a digit, '.', "inf" or "nan": anything else (a link's
        // record name, on every link put) is refused without the call.
        const char c = text[pos];
        if (!isDigit(c) && c != '.' && (c | 0x20) != 'i' && (c | 0x20) != 'n') return out;
        result = std::from_chars(text.data() + pos, last, value, std::chars_format::general);
        if (result.ec == std::errc::invalid_argument) return out;
    }
    const std::size_t end = static_cast<std::size_t>(result.ptr - text.data());
    out.converted = true;
    out.end = end;
    if (result.ec == std::errc::result_out_of_range || std::fpclassify(value) == FP_SUBNORMAL ||
        value == DBL_MIN) {
        const GlibcResult glibc = glibcStrtod(text.substr(start, end - start));
        value = glibc.value; // from_chars leaves it alone when out of range
        out.rangeError = glibc.rangeError;
    }
    out.value = negative ? -value : value;
    return out;
}

} // namespace epicsdb::dbstatic::scan
