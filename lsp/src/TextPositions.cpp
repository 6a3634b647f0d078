#include "TextPositions.hpp"

#include <algorithm>

namespace epicsdb::lsp {

namespace {
// The length of the UTF-8 sequence that starts with `lead` at the front of `text` (1 for a
// byte that starts none, or a sequence cut short), and its UTF-16 length.
struct Sequence {
    std::size_t bytes;
    std::size_t utf16;
};

Sequence sequenceAt(std::string_view text, std::size_t at) noexcept {
    const auto lead = static_cast<unsigned char>(text[at]);
    std::size_t length = lead < 0x80   ? 1
                         : lead < 0xC2 ? 1
                         : lead < 0xE0 ? 2
                         : lead < 0xF0 ? 3
                         : lead < 0xF5 ? 4
                                       : 1;
    if (at + length > text.size()) return {1, 1};
    for (std::size_t i = 1; i < length; ++i)
        if ((static_cast<unsigned char>(text[at + i]) & 0xC0) != 0x80) return {1, 1};
    return {length, length == 4 ? 2u : 1u};
}

std::size_t unitsOfSequence(const Sequence& s, Encoding encoding) noexcept {
    switch (encoding) {
    case Encoding::Utf8:
        return s.bytes;
    case Encoding::Utf16:
        return s.utf16;
    case Encoding::Utf32:
        return 1;
    }
    return 1;
}
} // namespace

std::size_t unitsOf(std::string_view text, Encoding encoding) noexcept {
    if (encoding == Encoding::Utf8) return text.size();
    std::size_t units = 0;
    for (std::size_t at = 0; at < text.size();) {
        const Sequence s = sequenceAt(text, at);
        units += unitsOfSequence(s, encoding);
        at += s.bytes;
    }
    return units;
}

std::size_t bytesOf(std::string_view line, std::size_t units, Encoding encoding) noexcept {
    if (encoding == Encoding::Utf8) {
        std::size_t at = std::min(units, line.size());
        // Not inside a character: back to its first byte.
        while (at > 0 && at < line.size() && (static_cast<unsigned char>(line[at]) & 0xC0) == 0x80)
            --at;
        return at;
    }
    std::size_t at = 0;
    std::size_t counted = 0;
    while (at < line.size()) {
        const Sequence s = sequenceAt(line, at);
        const std::size_t next = counted + unitsOfSequence(s, encoding);
        if (next > units) break;
        counted = next;
        at += s.bytes;
    }
    return at;
}

LineMap::LineMap(std::string_view text) {
    for (std::size_t at = text.find('\n'); at != std::string_view::npos;
         at = text.find('\n', at + 1))
        starts_.push_back(at + 1);
}

std::size_t LineMap::lineStart(std::size_t line) const noexcept {
    return line < starts_.size() ? starts_[line] : starts_.back();
}

std::string_view LineMap::line(std::string_view text, std::size_t line) const noexcept {
    if (line >= starts_.size()) return {};
    const std::size_t start = std::min(starts_[line], text.size());
    std::size_t end = line + 1 < starts_.size() ? starts_[line + 1] - 1 : text.size();
    end = std::max(start, std::min(end, text.size()));
    if (end > start && text[end - 1] == '\r') --end;
    return text.substr(start, end - start);
}

std::size_t LineMap::lineOf(std::size_t offset) const noexcept {
    const auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);
    return static_cast<std::size_t>(after - starts_.begin()) - 1;
}

Position LineMap::positionOf(std::string_view text, std::size_t offset,
                             Encoding encoding) const noexcept {
    offset = std::min(offset, text.size());
    const std::size_t row = lineOf(offset);
    const std::string_view whole = line(text, row);
    const std::size_t column = std::min(offset - starts_[row], whole.size());
    return {static_cast<std::uint32_t>(row),
            static_cast<std::uint32_t>(unitsOf(whole.substr(0, column), encoding))};
}

Position LineMap::positionAt(std::string_view text, std::size_t line, std::size_t byteColumn,
                             Encoding encoding) const noexcept {
    const std::string_view whole = this->line(text, line);
    return {static_cast<std::uint32_t>(line),
            static_cast<std::uint32_t>(
                unitsOf(whole.substr(0, std::min(byteColumn, whole.size())), encoding))};
}

std::size_t LineMap::offsetOf(std::string_view text, Position position,
                              Encoding encoding) const noexcept {
    if (position.line >= starts_.size()) return text.size();
    const std::string_view whole = line(text, position.line);
    return std::min(text.size(),
                    starts_[position.line] + bytesOf(whole, position.character, encoding));
}

} // namespace epicsdb::lsp
