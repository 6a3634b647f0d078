// The tokens of a substitution file, read so that both of its readers agree on them: a word
// is msi's (anything but blanks, quotes, ',', '{', '}'; '=' inside, as msi keeps it) stopped at
// '#', where dbLoadTemplate starts a comment; "..." and '...' strings on one line with
// backslash escapes; comments to the end of the line. Blank lines and positions are kept.
#pragma once

#include "TextCursor.hpp"

#include <string_view>

namespace epicsdb::format {

enum class SubstTokenKind { Word, Quoted, LBrace, RBrace, Comma, Comment, End };

struct SubstToken {
    SubstTokenKind kind = SubstTokenKind::End;
    std::string_view text;
    unsigned line = 0;
    unsigned column = 0;
    unsigned newlinesBefore = 0;
    bool spaceBefore = false; // blanks or a line end between the previous token and this one
};

class SubstTokenizer {
public:
    explicit SubstTokenizer(std::string_view text) noexcept : cursor_(text) {}
    SubstToken next();

private:
    TextCursor cursor_;
};

} // namespace epicsdb::format
