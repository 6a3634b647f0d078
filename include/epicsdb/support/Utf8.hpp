// UTF-8 checking for output formats that require it (JSON, SARIF): database files are bytes,
// often Latin-1, and their text is quoted as it is everywhere else.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace epicsdb::support {

// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
// nothing past U+10FFFF) that starts text[at], or 0 when the bytes there do not start one.
[[nodiscard]] inline std::size_t utf8SequenceAt(std::string_view text, std::size_t at) noexcept {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    if (byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return length;
}

[[nodiscard]] inline bool isValidUtf8(std::string_view text) noexcept {
    std::size_t at = 0;
    while (at < text.size()) {
        // Runs of ASCII, the common case, a byte at a time without the table of cases.
        if (static_cast<unsigned char>(text[at]) < 0x80) {
            ++at;
            continue;
        }
        const std::size_t length = utf8SequenceAt(text, at);
        if (length == 0) return false;
        at += length;
    }
    return true;
}

// `text` with each byte that is not part of a well-formed sequence replaced by U+FFFD.
[[nodiscard]] inline std::string withValidUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t length = utf8SequenceAt(text, at);
        if (length == 0) {
            out.append("\xEF\xBF\xBD");
            ++at;
        } else {
            out.append(text.substr(at, length));
            at += length;
        }
    }
    return out;
}

// Hands `text` to `write(data, size)` as well-formed UTF-8: as it is when it is, repaired
// (withValidUtf8) when not. What every JSON writer does with the bytes of a database.
template <class Write>
void writeValidUtf8(std::string_view text, Write&& write) {
    if (isValidUtf8(text)) {
        write(text.data(), text.size());
        return;
    }
    const std::string valid = withValidUtf8(text);
    write(valid.data(), valid.size());
}

} // namespace epicsdb::support
