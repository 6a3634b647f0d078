// The tokens of a .db/.template text as the formatter needs them: EPICS's token rules (the
// record-name bareword set, "..." strings with escapes, `#` comments, `%` C lines) plus what a
// template holds before macro expansion ($(...) and ${...} inside words), and the blank lines
// and positions the Flex reader drops. Field and info values are read in value mode, where
// EPICS reads JSON: narrower barewords, '...' strings, objects and arrays (kept verbatim).
#pragma once

#include "TextCursor.hpp"

#include <string_view>

namespace epicsdb::format {

enum class DbTokenKind {
    Word,   // a bareword, macros included
    String, // "..." (or '...' as a value), quotes included
    Json,   // a JSON object or array value, verbatim
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Comment, // "#..." to the end of the line, trailing blanks and CR dropped
    Cdef,    // "%..." to the end of the line
    End,
};

struct DbToken {
    DbTokenKind kind = DbTokenKind::End;
    std::string_view text;
    unsigned line = 0;
    unsigned column = 0;
    unsigned newlinesBefore = 0; // line ends between the previous token and this one
    bool hasMacro = false;       // a Word with $(...) or ${...} in it
};

class DbTokenizer {
public:
    explicit DbTokenizer(std::string_view text) noexcept : cursor_(text) {}

    // The next token of a statement (outside values).
    DbToken next();
    // The next token where a field or info value starts: a Comment, or the value (Word,
    // String or Json).
    DbToken value();
    [[nodiscard]] unsigned line() const noexcept { return cursor_.line(); }

private:
    unsigned skipSpace();
    DbToken start(DbTokenKind kind, unsigned newlines) const;
    void finish(DbToken& token, std::size_t begin) const;
    bool comment(DbToken& token, unsigned newlines);
    void word(DbToken& token, bool valueWord);
    void quoted(char quote);
    void macro();
    void json();

    TextCursor cursor_;
    unsigned nesting_ = 0; // macro references being read, one inside another
};

// Whether `text` is one of the words the .db language reserves (a name cannot be one).
[[nodiscard]] bool isDbKeyword(std::string_view text) noexcept;

} // namespace epicsdb::format
