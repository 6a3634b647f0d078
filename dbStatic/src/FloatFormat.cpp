// dbGetString of FLOAT and DOUBLE fields (EPICS-BEHAVIOUR 4.5): dbStaticLib's own formatter, which
// is neither %g nor cvtDoubleToString. Reproduced byte for byte, quirks included (the integer
// shortcut below INT_MAX, the trimming that rounds away a tail of 9s). std::to_chars gives
// the same digits as glibc's printf (both round exactly, ties to even) without the locale.
#include <epicsdb/dbStatic/Values.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace epicsdb::dbstatic {

namespace {

struct Style {
    int precision;    // significant decimals
    double tolerance; // relative distance from an integer that still prints as one
};

// Trims trailing zeros and the '.', and rounds up a tail of 8s and 9s that reaches the
// precision; `digits` has no sign. Returns the new length. May ask for a leading '1' when a
// carry runs off the front (9.99... becomes 10).
std::size_t trimDigits(char* digits, std::size_t length, int precision, bool& carryOut) {
    std::size_t end = length - 1;
    bool round = false;
    while (end > 0) {
        if (digits[end] == '.') {
            --end;
            break;
        }
        if (digits[end] == '0') {
            --end;
            continue;
        }
        if (!round && end < static_cast<std::size_t>(precision)) break;
        if (!round && digits[end] < '8') break;
        if (digits[end - 1] == '.') {
            if (round) end -= 2;
            break;
        }
        if (digits[end - 1] != '9') break;
        round = true;
        --end;
    }
    const std::size_t newLength = end + 1;
    while (round) {
        if (digits[end] < '9') {
            ++digits[end];
            break;
        }
        if (end == 0) {
            carryOut = true;
            digits[end] = '0';
            break;
        }
        digits[end--] = '0';
    }
    return newLength;
}

} // namespace

void formatFloat(DbfType type, double value, std::string& out) {
    const bool isFloat = type == DbfType::Float;
    const Style style = isFloat ? Style{6, 1e-6} : Style{14, 1e-15};
    if (isFloat) value = static_cast<double>(static_cast<float>(value));

    if (value == 0) {
        out.push_back('0');
        return;
    }
    if (std::isnan(value)) {
        // printf shows the sign bit of a NaN; EPICS's own sign handling never sees it.
        out.append(std::signbit(value) ? "-nan" : "nan");
        return;
    }
    const double magnitude = std::fabs(value);
    if (magnitude < 2147483647.0) {
        const auto whole = static_cast<std::int32_t>(value);
        if (std::fabs(value - whole) < magnitude * style.tolerance) {
            char buffer[16];
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, whole);
            out.append(buffer, result.ptr);
            return;
        }
    }
    if (value < 0) {
        out.push_back('-');
        value = -value;
    }
    if (std::isinf(value)) {
        out.append("inf");
        return;
    }

    char digits[64];
    std::size_t length = 0;
    std::string_view exponent;
    int fractionDigits = style.precision;
    const int decade = static_cast<int>(std::log10(value));
    const bool scientific = decade > 6 || decade < -2;
    if (scientific) {
        const auto result = std::to_chars(digits, digits + sizeof digits, value,
                                          std::chars_format::scientific, style.precision);
        const auto* e = static_cast<const char*>(std::memchr(digits, 'e', result.ptr - digits));
        length = static_cast<std::size_t>(e - digits);
        exponent = std::string_view(e + 1, static_cast<std::size_t>(result.ptr - e - 1));
    } else {
        fractionDigits = style.precision - decade;
        if (fractionDigits < 0) fractionDigits = 0;
        const auto result = std::to_chars(digits, digits + sizeof digits, value,
                                          std::chars_format::fixed, fractionDigits);
        length = static_cast<std::size_t>(result.ptr - digits);
    }

    bool carry = false;
    if (fractionDigits > 0) length = trimDigits(digits, length, style.precision, carry);
    if (carry) out.push_back('1');
    const std::string_view mantissa(digits, length);
    out.append(mantissa);
    if (scientific) {
        if (mantissa.find('.') == std::string_view::npos) out.append(".0");
        out.push_back('e');
        out.append(exponent);
    }
}

} // namespace epicsdb::dbstatic
