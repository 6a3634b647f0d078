// The tokens of a substitution file, read so that both of its readers agree on them: a word
// is msi's (anything but blanks, quotes, ',', '{', '}'; '=' inside, as msi keeps it); "..." and
// '...' strings on one line with backslash escapes; comments to the end of the line. Blank
// lines and positions are kept. Where the two readers disagree on a '#' (msi: a comment only
// in column 1 or right behind '{', '}', ',' or a string; otherwise part of a word; dbLoadTemplate:
// a comment wherever it is) in a way that changes the sets (a '#' glued to a word, or after a
// blank inside a set's braces), the file is refused rather than given one of the meanings.
#pragma once

#include "TextCursor.hpp"

#include <string_view>
#include <vector>

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
    // Which braces are open: a `file NAME {` block (true) or a set, pattern or global list.
    void track(const SubstToken& token);
    SubstToken read();

    TextCursor cursor_;
    std::vector<bool> braces_;
    bool afterFile_ = false;     // the previous token was the word `file`
    bool afterFileName_ = false; // the previous two were `file` and its name
};

} // namespace epicsdb::format
