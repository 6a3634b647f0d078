#include "SubstTokenizer.hpp"

#include <epicsdb/CharClass.hpp>

namespace epicsdb::format {

namespace {
using chars::isSpace;
bool isWordChar(char c) noexcept {
    return !isSpace(c) && c != '"' && c != '\'' && c != ',' && c != '{' && c != '}' && c != '#' &&
           c != '\0';
}
} // namespace

void SubstTokenizer::track(const SubstToken& token) {
    if (token.kind == SubstTokenKind::Comment) return;
    if (token.kind == SubstTokenKind::LBrace) braces_.push_back(afterFileName_);
    if (token.kind == SubstTokenKind::RBrace && !braces_.empty()) braces_.pop_back();
    afterFileName_ = afterFile_ && token.kind != SubstTokenKind::LBrace;
    afterFile_ = token.kind == SubstTokenKind::Word && token.text == "file";
}

SubstToken SubstTokenizer::next() {
    SubstToken token = read();
    track(token);
    return token;
}

SubstToken SubstTokenizer::read() {
    SubstToken token;
    const std::size_t gapStart = cursor_.offset();
    while (!cursor_.atEnd() && isSpace(cursor_.peek())) {
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
        // Inside a set's braces, after a blank that is not a line's start, msi reads words.
        const bool inSet = !braces_.empty() && !braces_.back();
        if (inSet && token.spaceBefore && token.column > 1)
            failAt(token.line, token.column,
                   "'#' after a blank inside a set: msi reads it and what follows as values, "
                   "dbLoadTemplate as a comment; put the comment on a line of its own, in "
                   "column 1");
        token.kind = SubstTokenKind::Comment;
        token.text = cursor_.takeComment();
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
        // msi reads `x#y` as one word, dbLoadTemplate as `x` and a comment: no layout keeps
        // both meanings, so the file is left as it is.
        if (!cursor_.atEnd() && cursor_.peek() == '#')
            failAt(cursor_.line(), cursor_.column(),
                   "'#' right after a word: msi reads it as part of the word, dbLoadTemplate "
                   "as the start of a comment; quote the value, or write the comment on a line of "
                   "its own");
    } else {
        cursor_.expected("a word, a string, '{', '}' or ','"); // a NUL byte
    }
    token.text = cursor_.from(begin);
    return token;
}

} // namespace epicsdb::format
