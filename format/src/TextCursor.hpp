// A read position in a text with its line and column, for the formatter's scanners; a
// failure there is a SyntaxError at that position.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace epicsdb::format {

// The text is not what the formatter can read: where, and what was expected and found.
class SyntaxError : public std::runtime_error {
public:
    SyntaxError(unsigned line, unsigned column, const std::string& message)
        : std::runtime_error(message), line_(line), column_(column) {}
    [[nodiscard]] unsigned line() const noexcept { return line_; }
    [[nodiscard]] unsigned column() const noexcept { return column_; }

private:
    unsigned line_;
    unsigned column_;
};

class TextCursor {
public:
    explicit TextCursor(std::string_view text) noexcept : text_(text) {}

    [[nodiscard]] bool atEnd() const noexcept { return offset_ >= text_.size(); }
    // The byte `ahead` places on; '\0' past the end (a NUL in the text is refused by take()).
    [[nodiscard]] char peek(std::size_t ahead = 0) const noexcept {
        return offset_ + ahead < text_.size() ? text_[offset_ + ahead] : '\0';
    }
    char take();
    [[nodiscard]] std::size_t offset() const noexcept { return offset_; }
    [[nodiscard]] unsigned line() const noexcept { return line_; }
    [[nodiscard]] unsigned column() const noexcept { return column_; }
    // A `#` comment, from here to the end of the line (not taken), trailing blanks dropped:
    // both languages' comments.
    std::string_view takeComment() {
        const std::size_t begin = offset();
        while (!atEnd() && peek() != '\n')
            take();
        std::string_view text = from(begin);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
            text.remove_suffix(1);
        return text;
    }
    [[nodiscard]] std::string_view from(std::size_t start) const noexcept {
        return text_.substr(start, offset_ - start);
    }

    // "expected <what>, found <the byte here>" at the position.
    [[noreturn]] void expected(std::string_view what) const;
    [[noreturn]] void fail(std::string message) const;
    // How the byte here reads in a message: 'x', end of line, end of file, byte 0x01.
    [[nodiscard]] std::string describeHere() const;

private:
    std::string_view text_;
    std::size_t offset_ = 0;
    unsigned line_ = 1;
    unsigned column_ = 1;
};

[[noreturn]] void failAt(unsigned line, unsigned column, std::string message);

} // namespace epicsdb::format
