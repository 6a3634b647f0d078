// Character classes of the "C" locale, the ones EPICS sees through <ctype.h> in an IOC, written
// out so that parsing never depends on the process locale (std::isspace and friends do, and
// take an int that must not be a negative char). All constexpr and inlinable: the value parsers
// and the lexers call them per character.
//
// Bytes with the high bit set belong to no class, as in the "C" locale.
#pragma once

namespace epicsdb::chars {

// isspace(): space, \t, \n, \v, \f, \r.
constexpr bool isSpace(char c) noexcept {
    return c == ' ' || (c >= '\t' && c <= '\r');
}
constexpr bool isDigit(char c) noexcept {
    return c >= '0' && c <= '9';
}
constexpr bool isUpper(char c) noexcept {
    return c >= 'A' && c <= 'Z';
}
constexpr bool isLower(char c) noexcept {
    return c >= 'a' && c <= 'z';
}
constexpr bool isAlpha(char c) noexcept {
    return isUpper(c) || isLower(c);
}
constexpr bool isAlnum(char c) noexcept {
    return isAlpha(c) || isDigit(c);
}
constexpr bool isXDigit(char c) noexcept {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// isprint(): 0x20 to 0x7e.
constexpr bool isPrint(char c) noexcept {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7f;
}
// A letter, digit or underscore: what continues a C identifier.
constexpr bool isIdentifier(char c) noexcept {
    return isAlnum(c) || c == '_';
}

// The characters of an unquoted word of a .dbd/.db file (record types and names, field names,
// menu choices): the scanner's `bareword` class, [a-zA-Z0-9_\-+:.\[\]<>;] in
// loaders/records/DbLexer.l. Flex needs the class written as a regex there; the test
// tests/loaders/CharClassScannerTest.cpp holds the two together, byte by byte.
constexpr bool isDbWordChar(char c) noexcept {
    return isAlnum(c) || c == '_' || c == '-' || c == '+' || c == ':' || c == '.' || c == '[' ||
           c == ']' || c == '<' || c == '>' || c == ';';
}
// The characters of an unquoted word in a field or info value (JSON5 bare keys and words,
// numbers): the scanner's `jbare` class, [a-zA-Z0-9_\-+.], held to it by the same test.
constexpr bool isJsonWordChar(char c) noexcept {
    return isAlnum(c) || c == '_' || c == '-' || c == '+' || c == '.';
}

constexpr char toUpper(char c) noexcept {
    return isLower(c) ? static_cast<char>(c - 'a' + 'A') : c;
}
constexpr char toLower(char c) noexcept {
    return isUpper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

// The value of a hexadecimal digit; callers check isXDigit() first.
constexpr unsigned hexValue(char c) noexcept {
    if (isDigit(c)) return static_cast<unsigned>(c - '0');
    return static_cast<unsigned>(toLower(c) - 'a' + 10);
}

} // namespace epicsdb::chars
