// The fused statement tokens (record(t, n), field(N, value), info(N, value) on one line, see
// DbLexer.l) split into their two arguments. The lexer has checked their shape, so splitting
// needs no error handling. Offsets are from the start of the token, so each argument gets a
// span of its own and a replay plan can keep them instead of splitting again.
#pragma once

#include <cstdint>
#include <string_view>

namespace epicsdb::loaders {

struct FusedPiece {
    std::uint32_t offset = 0; // from the start of the token
    std::uint32_t length = 0; // quotes included
    bool quoted = false;
    // Unquoted and one of the keywords of the INITIAL state (isKeywordPiece): found by the
    // split, so that a split made on the lexing worker spares the reader the comparisons.
    bool keyword = false;
    // A record head's name (the second piece) that needs no look for the characters
    // EPICS-BEHAVIOUR 3.5 warns of or refuses (plainRecordName): found by the split, likewise.
    bool plainName = false;
    [[nodiscard]] std::string_view in(std::string_view token) const noexcept {
        return token.substr(offset, length);
    }
    // As the grammar's `name`: a quoted name loses its quotes (escapes stay raw).
    [[nodiscard]] std::string_view name(std::string_view token) const noexcept {
        const std::string_view text = in(token);
        return quoted ? text.substr(1, text.size() - 2) : text;
    }
};

struct FusedArguments {
    FusedPiece first;
    FusedPiece second;
    // The key a table looks the statement up by, made by the split so that a split made on
    // the lexing worker spares the reader the hashing: a record head's name as the record
    // index hashes it (Database::hashRecordName), a field or info statement's whole text
    // (support::fastHash, for AcceptedStatements). A replay's record heads have it for this
    // load's name (DollarTokens); its field and info statements do not use it.
    std::uint64_t hash = 0;
};

FusedArguments splitFused(std::string_view token) noexcept;

// A record or alias name with no character EPICS-BEHAVIOUR 3.5 warns of or refuses (controls, ' ',
// '"',
// '\'', '.', '$', a first '-', '+', '[' or '{'): DbActions::checkRecordName passes it silently.
bool plainRecordName(std::string_view name) noexcept;

// An unquoted piece that is one of the keywords of the INITIAL state: token by token it would
// have been a keyword, not a name (EPICS gives a syntax error for `record(ai, include)`).
bool isKeywordPiece(std::string_view token, const FusedPiece& piece) noexcept;

} // namespace epicsdb::loaders
