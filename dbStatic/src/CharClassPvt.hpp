// Character classes of the C locale, as EPICS sees them through <ctype.h>. Written out so the
// value parsers never depend on the process locale and stay inlinable on the hot path.
#pragma once

namespace epicsdb::dbstatic::chars {

// isspace() in the "C" locale: space, \t, \n, \v, \f, \r.
constexpr bool isSpace(char c) noexcept {
    return c == ' ' || (c >= '\t' && c <= '\r');
}
constexpr bool isDigit(char c) noexcept {
    return c >= '0' && c <= '9';
}
constexpr bool isAlpha(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
constexpr bool isXDigit(char c) noexcept {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// isprint() in the "C" locale: 0x20 to 0x7e; bytes with the high bit set are not printable.
constexpr bool isPrint(char c) noexcept {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7f;
}
// The value of a hexadecimal digit; callers check isXDigit() first.
constexpr unsigned hexValue(char c) noexcept {
    if (isDigit(c)) return static_cast<unsigned>(c - '0');
    return static_cast<unsigned>((c | 0x20) - 'a' + 10);
}

} // namespace epicsdb::dbstatic::chars
