#include "TextCursor.hpp"

#include <cstdio>

namespace epicsdb::format {

char TextCursor::take() {
    if (atEnd()) fail("unexpected end of file");
    const char c = text_[offset_];
    if (c == '\0') fail("a NUL byte is not allowed in the text");
    ++offset_;
    if (c == '\n') {
        ++line_;
        column_ = 1;
    } else {
        ++column_;
    }
    return c;
}

std::string TextCursor::describeHere() const {
    if (atEnd()) return "end of file";
    const char c = text_[offset_];
    if (c == '\n' || (c == '\r' && peek(1) == '\n')) return "end of line";
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) {
        char spelled[16];
        std::snprintf(spelled, sizeof spelled, "byte 0x%02x", byte);
        return spelled;
    }
    return std::string("'") + c + "'";
}

void TextCursor::expected(std::string_view what) const {
    fail("expected " + std::string(what) + ", found " + describeHere());
}

void TextCursor::fail(std::string message) const {
    failAt(line_, column_, std::move(message));
}

void failAt(unsigned line, unsigned column, std::string message) {
    throw SyntaxError(line, column, message);
}

} // namespace epicsdb::format
