#include "SubstTokenizer.hpp"

namespace epicsdb::format {

namespace {
bool isBlank(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n';
}
bool isWordChar(char c) noexcept {
    return !isBlank(c) && c != '"' && c != '\'' && c != ',' && c != '{' && c != '}' && c != '#' &&
           c != '\0';
}
} // namespace

SubstToken SubstTokenizer::next() {
    SubstToken token;
    const std::size_t gapStart = cursor_.offset();
    while (!cursor_.atEnd() && isBlank(cursor_.peek())) {
        if (cursor_.peek() == '\n') ++token.newlinesBefore;
        cursor_.take();
    }
    token.spaceBefore = cursor_.offset() != gapStart;
    token.line = cursor_.line();
    token.column = cursor_.column();
    if (cursor_.atEnd()) return token;
    const std::size_t begin = cursor_.offset();
    const char c = cursor_.peek();
    if (c == '#') {
        token.kind = SubstTokenKind::Comment;
        while (!cursor_.atEnd() && cursor_.peek() != '\n')
            cursor_.take();
        std::string_view text = cursor_.from(begin);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
            text.remove_suffix(1);
        token.text = text;
        return token;
    }
    if (c == '"' || c == '\'') {
        token.kind = SubstTokenKind::Quoted;
        cursor_.take();
        for (;;) {
            const char inside = cursor_.peek();
            if (cursor_.atEnd() || inside == '\n')
                failAt(token.line, token.column,
                       std::string("unterminated string (no closing ") + c + " on its line)");
            cursor_.take();
            if (inside == c) break;
            if (inside == '\\') {
                if (cursor_.atEnd() || cursor_.peek() == '\n')
                    failAt(token.line, token.column,
                           "unterminated string (a backslash ends its line)");
                cursor_.take();
            }
        }
    } else if (c == '{' || c == '}' || c == ',') {
        token.kind = c == '{'   ? SubstTokenKind::LBrace
                     : c == '}' ? SubstTokenKind::RBrace
                                : SubstTokenKind::Comma;
        cursor_.take();
    } else if (isWordChar(c)) {
        token.kind = SubstTokenKind::Word;
        while (!cursor_.atEnd() && isWordChar(cursor_.peek()))
            cursor_.take();
    } else {
        cursor_.expected("a word, a string, '{', '}' or ','"); // a NUL byte
    }
    token.text = cursor_.from(begin);
    return token;
}

} // namespace epicsdb::format
