#include "DbTokenizer.hpp"

#include <epicsdb/CharClass.hpp>

#include <array>

namespace epicsdb::format {

namespace {
bool isMacroStart(const TextCursor& cursor) noexcept {
    return cursor.peek() == '$' && (cursor.peek(1) == '(' || cursor.peek(1) == '{');
}
} // namespace

bool isDbKeyword(std::string_view text) noexcept {
    static constexpr std::array<std::string_view, 18> kKeywords = {
        "include", "path",   "addpath", "menu",      "choice",     "recordtype",
        "field",   "device", "driver",  "link",      "breaktable", "record",
        "grecord", "alias",  "info",    "registrar", "function",   "variable"};
    for (std::string_view keyword : kKeywords)
        if (text == keyword) return true;
    return false;
}

unsigned DbTokenizer::skipSpace() {
    unsigned newlines = 0;
    for (;;) {
        const char c = cursor_.peek();
        if (cursor_.atEnd()) return newlines;
        if (c == '\n') ++newlines;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return newlines;
        cursor_.take();
    }
}

DbToken DbTokenizer::start(DbTokenKind kind, unsigned newlines) const {
    DbToken token;
    token.kind = kind;
    token.line = cursor_.line();
    token.column = cursor_.column();
    token.newlinesBefore = newlines;
    return token;
}

void DbTokenizer::finish(DbToken& token, std::size_t begin) const {
    token.text = cursor_.from(begin);
}

bool DbTokenizer::comment(DbToken& token, unsigned newlines) {
    if (cursor_.peek() != '#') return false;
    token = start(DbTokenKind::Comment, newlines);
    token.text = cursor_.takeComment();
    return true;
}

// $(...) or ${...}, nested references and quoted defaults included, on one line.
void DbTokenizer::macro() {
    const unsigned line = cursor_.line();
    const unsigned column = cursor_.column();
    // Quotes in a reference and references in quotes nest by recursion: bounded.
    constexpr unsigned kMaxNesting = 64;
    if (++nesting_ > kMaxNesting) failAt(line, column, "macro references nested too deeply");
    cursor_.take(); // $
    std::string closers(1, cursor_.take() == '(' ? ')' : '}');
    while (!closers.empty()) {
        const char c = cursor_.peek();
        if (cursor_.atEnd() || c == '\n')
            failAt(line, column,
                   "unterminated macro reference (no closing '" + std::string(1, closers.back()) +
                       "' on its line)");
        if (c == '"' || c == '\'') {
            quoted(c);
            continue;
        }
        cursor_.take();
        if (c == '(')
            closers.push_back(')');
        else if (c == '{')
            closers.push_back('}');
        else if (c == closers.back())
            closers.pop_back();
        else if (c == '\\' && cursor_.peek() != '\n' && !cursor_.atEnd())
            cursor_.take();
    }
    --nesting_;
}

void DbTokenizer::word(DbToken& token, bool valueWord) {
    const std::size_t begin = cursor_.offset();
    for (;;) {
        if (isMacroStart(cursor_)) {
            macro();
            token.hasMacro = true;
        } else if (!cursor_.atEnd() && (valueWord ? chars::isJsonWordChar(cursor_.peek())
                                                  : chars::isDbWordChar(cursor_.peek()))) {
            cursor_.take();
        } else {
            break;
        }
    }
    finish(token, begin);
}

// A string on one line: backslash escapes the next character; a macro reference in it is read
// whole (macros are expanded before EPICS reads the line: `"$(A="")"` is one string).
void DbTokenizer::quoted(char quote) {
    const unsigned line = cursor_.line();
    const unsigned column = cursor_.column();
    cursor_.take();
    for (;;) {
        const char c = cursor_.peek();
        if (cursor_.atEnd() || c == '\n')
            failAt(line, column,
                   "unterminated string (no closing " + std::string(1, quote) + " on its line)");
        if (isMacroStart(cursor_)) {
            macro();
            continue;
        }
        cursor_.take();
        if (c == quote) return;
        if (c == '\\') {
            if (cursor_.atEnd() || cursor_.peek() == '\n')
                failAt(line, column, "unterminated string (a backslash ends its line)");
            cursor_.take();
        }
    }
}

// A JSON object or array, to its matching bracket: strings and `#` comments inside are
// skipped whole, so brackets in them do not count.
void DbTokenizer::json() {
    const unsigned line = cursor_.line();
    const unsigned column = cursor_.column();
    std::string closers;
    do {
        const char c = cursor_.peek();
        if (cursor_.atEnd())
            failAt(line, column,
                   "unterminated JSON value (no closing '" + std::string(1, closers.back()) + "')");
        if (c == '"' || c == '\'') {
            quoted(c);
            continue;
        }
        if (c == '#') {
            while (!cursor_.atEnd() && cursor_.peek() != '\n')
                cursor_.take();
            continue;
        }
        if (c == '$' && isMacroStart(cursor_)) {
            macro();
            continue;
        }
        if ((c == ')' || c == ']' || c == '}') && (closers.empty() || c != closers.back()))
            cursor_.expected(closers.empty() ? "a JSON value"
                                             : "'" + closers.substr(closers.size() - 1) + "'");
        cursor_.take();
        if (c == '{')
            closers.push_back('}');
        else if (c == '[')
            closers.push_back(']');
        else if (!closers.empty() && c == closers.back())
            closers.pop_back();
    } while (!closers.empty());
}

DbToken DbTokenizer::next() {
    const unsigned newlines = skipSpace();
    DbToken token;
    if (comment(token, newlines)) return token;
    if (cursor_.atEnd()) return start(DbTokenKind::End, newlines);
    const std::size_t begin = cursor_.offset();
    const char c = cursor_.peek();
    auto single = [&](DbTokenKind kind) {
        token = start(kind, newlines);
        cursor_.take();
        finish(token, begin);
        return token;
    };
    switch (c) {
    case '{':
        return single(DbTokenKind::LBrace);
    case '}':
        return single(DbTokenKind::RBrace);
    case '(':
        return single(DbTokenKind::LParen);
    case ')':
        return single(DbTokenKind::RParen);
    case ',':
        return single(DbTokenKind::Comma);
    case '"':
        token = start(DbTokenKind::String, newlines);
        quoted('"');
        finish(token, begin);
        return token;
    case '%':
        token = start(DbTokenKind::Cdef, newlines);
        while (!cursor_.atEnd() && cursor_.peek() != '\n')
            cursor_.take();
        finish(token, begin);
        while (!token.text.empty() &&
               (token.text.back() == '\r' || token.text.back() == ' ' || token.text.back() == '\t'))
            token.text.remove_suffix(1);
        return token;
    default:
        break;
    }
    if (chars::isDbWordChar(c) || isMacroStart(cursor_)) {
        token = start(DbTokenKind::Word, newlines);
        word(token, false);
        return token;
    }
    cursor_.expected("a name, a string, '{', '}', '(', ')' or ','");
}

DbToken DbTokenizer::value() {
    const unsigned newlines = skipSpace();
    DbToken token;
    if (comment(token, newlines)) return token;
    const std::size_t begin = cursor_.offset();
    const char c = cursor_.peek();
    if (!cursor_.atEnd() && (c == '"' || c == '\'')) {
        token = start(DbTokenKind::String, newlines);
        quoted(c);
    } else if (!cursor_.atEnd() && (c == '{' || c == '[')) {
        token = start(DbTokenKind::Json, newlines);
        json();
    } else if (!cursor_.atEnd() && (chars::isJsonWordChar(c) || isMacroStart(cursor_))) {
        token = start(DbTokenKind::Word, newlines);
        word(token, true);
        return token;
    } else {
        cursor_.expected("a value (a string, a number, a word or JSON)");
    }
    finish(token, begin);
    return token;
}

} // namespace epicsdb::format
