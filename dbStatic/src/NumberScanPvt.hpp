// The C library conversions that EPICS builds its number parsing on (strtol, strtoull, strtod
// and scanf's %i as glibc implements them), re-done over string_views: no NUL terminator, no
// locale, no allocation on the common path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace epicsdb::dbstatic::scan {

// An integer in C syntax with automatic base: optional sign, then "0x"/"0X" for hex, a
// leading 0 for octal, decimal otherwise.
struct ScannedInteger {
    bool digits = false;         // false: no conversion (strtol leaves endp at the start)
    bool negative = false;       // a '-' sign was read
    bool tooLarge = false;       // the digits do not fit in 64 bits
    std::uint64_t magnitude = 0; // the digits' value, when !tooLarge
    std::size_t end = 0;         // index just past the last character consumed
};

// How the "0x" prefix without hex digits after it is read: strtol takes the "0" and stops
// before the 'x'; glibc's scanf("%i") also swallows the 'x'.
enum class HexPrefix : std::uint8_t { Strtol, Scanf };

// Skips leading whitespace, then reads one integer starting at `pos`.
ScannedInteger scanInteger(std::string_view text, std::size_t pos,
                           HexPrefix prefix = HexPrefix::Strtol) noexcept;

// strtoll's view of a scanned integer: saturated to the int64 range, with ERANGE as `overflow`.
struct SignedValue {
    std::int64_t value = 0;
    bool overflow = false;
};
SignedValue toSigned(const ScannedInteger& scanned) noexcept;

// strtoull's view: a '-' negates modulo 2^64; only more than 64 bits of digits overflow.
struct UnsignedValue {
    std::uint64_t value = 0;
    bool overflow = false;
};
UnsignedValue toUnsigned(const ScannedInteger& scanned) noexcept;

// strtod as glibc does it in the "C" locale: decimal and hexadecimal floating point, "inf",
// "infinity", "nan" and "nan(chars)" in any case, with an optional sign. `rangeError` is
// glibc's ERANGE: set on overflow (value +-inf), on underflow to zero, and also when the
// result is a subnormal that is not exact.
struct ScannedDouble {
    bool converted = false;
    bool rangeError = false;
    double value = 0;
    std::size_t end = 0;
};
ScannedDouble scanDouble(std::string_view text, std::size_t pos) noexcept;

} // namespace epicsdb::dbstatic::scan
