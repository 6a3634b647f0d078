// Splitting of the fused statement tokens (FusedStatement.hpp).
#include "FusedStatement.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/support/Hash.hpp>

#include <array>
#include <cstring>

namespace epicsdb::loaders {

namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

// Hot (on the lexing worker, two pieces per statement): a table rather than four comparisons.
constexpr auto kEndsBarePiece = [] {
    std::array<bool, 256> ends{};
    for (const unsigned char c : {' ', '\t', ',', ')'})
        ends[c] = true;
    return ends;
}();

bool endsBarePiece(char c) {
    return kEndsBarePiece[static_cast<unsigned char>(c)];
}

// Reads one argument at `i`: a quoted string (escapes skipped) or a run of word characters.
FusedPiece readPiece(std::string_view text, std::size_t& i) {
    while (isBlank(text[i]))
        ++i;
    FusedPiece piece;
    piece.offset = static_cast<std::uint32_t>(i);
    const char quote = text[i];
    std::size_t j = i + 1;
    if (quote == '"' || quote == '\'') {
        for (;;) {
            const char* hit =
                static_cast<const char*>(std::memchr(text.data() + j, quote, text.size() - j));
            j = static_cast<std::size_t>(hit - text.data());
            // An odd run of backslashes before it escapes the quote.
            std::size_t backslashes = 0;
            while (text[j - 1 - backslashes] == '\\')
                ++backslashes;
            if (backslashes % 2 == 0) break;
            ++j;
        }
        piece.quoted = true;
        ++j;
    } else {
        // The lexer matched the statement's shape: a bare piece ends at a blank, ',' or ')'
        // before the token's end (its closing ')'), so no bounds check is needed.
        while (!endsBarePiece(text[j]))
            ++j;
    }
    piece.length = static_cast<std::uint32_t>(j - i);
    i = j;
    while (isBlank(text[i]))
        ++i;
    ++i; // ',' or ')'
    return piece;
}

// The characters a record name must be looked at for (EPICS-BEHAVIOUR 3.5): controls and ' ', '"',
// '\'',
// '.', '$'. Everything else passes with one table lookup.
constexpr auto kNameSpecial = [] {
    std::array<bool, 256> special{};
    for (int c = 0; c < 0x20; ++c)
        special[c] = true;
    for (const unsigned char c : {' ', '"', '\'', '.', '$'})
        special[c] = true;
    return special;
}();

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighs = 0x8080808080808080ull;

// Whether a word of eight bytes has one below `n` (n <= 0x80; exact).
constexpr bool hasBelow(std::uint64_t v, std::uint64_t n) noexcept {
    return ((v - kOnes * n) & ~v & kHighs) != 0;
}

// Whether a word of eight name bytes holds one of kNameSpecial's characters. Every one is
// below '/', and names are mostly letters, digits, ':' and '_': one test for most words.
bool hasSpecial(std::uint64_t v) noexcept {
    if (!hasBelow(v, '/')) return false;
    auto has = [v](char c) { return hasBelow(v ^ (kOnes * static_cast<unsigned char>(c)), 1); };
    return hasBelow(v, 0x21) || has('"') || has('$') || has('\'') || has('.');
}

} // namespace

bool plainRecordName(std::string_view name) noexcept {
    const std::size_t size = name.size();
    if (size == 0) return false;
    const char first = name.front();
    if (first == '-' || first == '+' || first == '[' || first == '{') return false;
    if (size < 8) {
        bool plain = true;
        for (const char c : name)
            plain &= !kNameSpecial[static_cast<unsigned char>(c)];
        return plain;
    }
    // Hot (every record head a worker splits): eight bytes at a time, the last word
    // overlapping the one before.
    std::uint64_t v;
    for (std::size_t i = 0; i + 8 < size; i += 8) {
        std::memcpy(&v, name.data() + i, 8);
        if (hasSpecial(v)) return false;
    }
    std::memcpy(&v, name.data() + size - 8, 8);
    return !hasSpecial(v);
}

FusedArguments splitFused(std::string_view token) noexcept {
    // The keyword's length by its first letter (record, grecord, field, info), then the
    // blanks the lexer allows before the '('.
    std::size_t i = token.front() == 'r'   ? 6
                    : token.front() == 'g' ? 7
                    : token.front() == 'f' ? 5
                                           : 4;
    while (token[i] != '(')
        ++i;
    ++i;
    FusedArguments fused;
    fused.first = readPiece(token, i);
    fused.second = readPiece(token, i);
    fused.first.keyword = isKeywordPiece(token, fused.first);
    fused.second.keyword = isKeywordPiece(token, fused.second);
    const bool recordHead = token.front() == 'r' || token.front() == 'g';
    if (recordHead) {
        const std::string_view name = fused.second.name(token);
        fused.second.plainName = plainRecordName(name);
        fused.hash = dbstatic::Database::hashRecordName(name).value;
    } else {
        fused.hash = support::fastHash(token);
    }
    return fused;
}

bool isKeywordPiece(std::string_view token, const FusedPiece& piece) noexcept {
    if (piece.quoted || piece.length < 4 || piece.length > 10) return false;
    const std::string_view text = piece.in(token);
    // Every keyword begins with a lowercase letter; field names are mostly uppercase.
    if (text.front() < 'a' || text.front() > 'v') return false;
    // Compared only with the keywords of the same first letter.
    auto is = [&](std::initializer_list<std::string_view> words) {
        for (std::string_view word : words)
            if (text == word) return true;
        return false;
    };
    switch (text.front()) {
    case 'a':
        return is({"addpath", "alias"});
    case 'b':
        return is({"breaktable"});
    case 'c':
        return is({"choice"});
    case 'd':
        return is({"device", "driver"});
    case 'f':
        return is({"field", "function"});
    case 'g':
        return is({"grecord"});
    case 'i':
        return is({"include", "info"});
    case 'l':
        return is({"link"});
    case 'm':
        return is({"menu"});
    case 'p':
        return is({"path"});
    case 'r':
        return is({"record", "recordtype", "registrar"});
    case 'v':
        return is({"variable"});
    default:
        return false;
    }
}

} // namespace epicsdb::loaders
