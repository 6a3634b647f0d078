// Splitting of the fused statement tokens (record(t, n), field(N, value), info(N, value) on
// one line, see DbLexer.l). The lexer has checked their shape, so splitting needs no error
// handling; each piece gets its own span so messages point at the right column.
#include "DbReader.hpp"

namespace epicsdb::loaders {

namespace {

struct Piece {
    std::string_view text;
    std::uint32_t offset = 0; // from the start of the token
    bool quoted = false;
};

struct Fused {
    Piece first;
    Piece second;
};

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

// Reads one argument at `i`: a quoted string (escapes skipped) or a run of word characters.
Piece readPiece(std::string_view text, std::size_t& i) {
    while (isBlank(text[i]))
        ++i;
    Piece piece;
    piece.offset = static_cast<std::uint32_t>(i);
    const char quote = text[i];
    if (quote == '"' || quote == '\'') {
        std::size_t j = i + 1;
        for (;;) {
            j = text.find_first_of(quote == '"' ? "\"\\" : "'\\", j);
            if (text[j] == quote)
                break;
            j += 2; // an escaped character
        }
        piece.text = text.substr(i, j + 1 - i);
        piece.quoted = true;
        i = j + 1;
    } else {
        std::size_t j = i;
        while (j < text.size() && !isBlank(text[j]) && text[j] != ',' && text[j] != ')')
            ++j;
        piece.text = text.substr(i, j - i);
        i = j;
    }
    while (isBlank(text[i]))
        ++i;
    ++i; // ',' or ')'
    return piece;
}

Fused split(std::string_view text) {
    std::size_t i = text.find('(') + 1;
    Fused fused;
    fused.first = readPiece(text, i);
    fused.second = readPiece(text, i);
    return fused;
}

// The grammar's `name`: a quoted name loses its quotes (escapes stay raw).
std::string_view nameOf(const Piece& piece) {
    return piece.quoted ? piece.text.substr(1, piece.text.size() - 2) : piece.text;
}

Span spanOf(const Span& token, const Piece& piece) {
    Span span;
    span.begin = {token.begin.source, token.begin.offset + piece.offset};
    span.end = {token.begin.source,
                span.begin.offset + static_cast<std::uint32_t>(piece.text.size())};
    return span;
}

JsonValue valueOf(const Piece& piece) {
    return {piece.text, piece.quoted ? JsonKind::String : JsonKind::Bare};
}

// Keywords are whole tokens of the INITIAL state: unquoted, they are no names (EPICS gives a
// syntax error for `record(ai, include)`).
bool isKeyword(const Piece& piece) {
    if (piece.quoted)
        return false;
    static constexpr std::string_view keywords[] = {
        "include",    "path",   "addpath", "menu",   "choice",    "recordtype", "field",
        "device",     "driver", "link",    "record", "grecord",   "alias",      "info",
        "breaktable", "registrar", "function", "variable"};
    for (std::string_view keyword : keywords)
        if (piece.text == keyword)
            return true;
    return false;
}

} // namespace

bool DbReader::refuseKeyword(const Span& at, std::initializer_list<const void*> pieces) {
    for (const void* p : pieces) {
        const Piece& piece = *static_cast<const Piece*>(p);
        if (isKeyword(piece)) {
            reporter_.error(spanOf(at, piece).begin, "syntax",
                            "syntax error: expected name or quoted string, found keyword '" +
                                std::string(piece.text) + "'");
            return true;
        }
    }
    return false;
}

void DbReader::onFusedRecordHead(std::string_view text, const Span& at) {
    const Fused fused = split(text);
    if (refuseKeyword(at, {&fused.first, &fused.second})) {
        record_ = {};
        record_.ignoreBody = true;
        return;
    }
    beginRecord(nameOf(fused.first), spanOf(at, fused.first), nameOf(fused.second),
                spanOf(at, fused.second), text.front() == 'g');
}

void DbReader::onFusedField(std::string_view text, const Span& at) {
    const Fused fused = split(text);
    if (refuseKeyword(at, {&fused.first}))
        return;
    onField(nameOf(fused.first), spanOf(at, fused.first), valueOf(fused.second),
            spanOf(at, fused.second));
}

void DbReader::onFusedInfo(std::string_view text, const Span& at) {
    const Fused fused = split(text);
    if (refuseKeyword(at, {&fused.first}))
        return;
    onInfo(nameOf(fused.first), spanOf(at, fused.first), valueOf(fused.second),
           spanOf(at, fused.second));
}

void DbReader::onFusedFieldDef(std::string_view text, const Span& at) {
    const Fused fused = split(text);
    if (refuseKeyword(at, {&fused.first, &fused.second})) {
        recordType_.fieldValid = false;
        recordType_.skip = true;
        return;
    }
    beginFieldDef(nameOf(fused.first), spanOf(at, fused.first), nameOf(fused.second),
                  spanOf(at, fused.second));
}

} // namespace epicsdb::loaders
