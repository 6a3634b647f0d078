// LSP positions (0-based line, column in the negotiated encoding: UTF-16 code units unless
// the client offers UTF-8 or UTF-32) and byte offsets into a document's text, both ways; the
// library's diagnostics are 1-based lines and byte columns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace epicsdb::lsp {

enum class Encoding : std::uint8_t { Utf8, Utf16, Utf32 };

struct Position {
    std::uint32_t line = 0;
    std::uint32_t character = 0;
    bool operator==(const Position&) const = default;
};

struct Range {
    Position start;
    Position end;
    bool operator==(const Range&) const = default;
};

// Where each line of a text starts. The text is not kept: every call is given it again.
class LineMap {
public:
    LineMap() = default;
    explicit LineMap(std::string_view text);

    [[nodiscard]] std::size_t lineCount() const noexcept { return starts_.size(); }
    // The bytes of line `line` (0-based), without its line end; empty past the end.
    [[nodiscard]] std::string_view line(std::string_view text, std::size_t line) const noexcept;
    [[nodiscard]] std::size_t lineStart(std::size_t line) const noexcept;
    // The 0-based line holding byte `offset`.
    [[nodiscard]] std::size_t lineOf(std::size_t offset) const noexcept;

    [[nodiscard]] Position positionOf(std::string_view text, std::size_t offset,
                                      Encoding encoding) const noexcept;
    // The position of byte `byteColumn` of line `line` (both 0-based), as the library's
    // diagnostics count columns; a column past the line is its end.
    [[nodiscard]] Position positionAt(std::string_view text, std::size_t line,
                                      std::size_t byteColumn, Encoding encoding) const noexcept;
    // Clamped to the text: a line past the end is the end, a column past the line its end.
    [[nodiscard]] std::size_t offsetOf(std::string_view text, Position position,
                                       Encoding encoding) const noexcept;

private:
    std::vector<std::size_t> starts_{0};
};

// The length of `text` in units of `encoding` (invalid UTF-8 bytes count one unit each).
[[nodiscard]] std::size_t unitsOf(std::string_view text, Encoding encoding) noexcept;
// The byte offset in `line` of the first `units` units (at most the line's length; never
// inside a character).
[[nodiscard]] std::size_t bytesOf(std::string_view line, std::size_t units,
                                  Encoding encoding) noexcept;

} // namespace epicsdb::lsp
