// Tokens of the .dbd/.db language as the Flex scanner returns them to the reader, which turns
// them into parser symbols. Text is a view into the scanned buffer.
#pragma once

#include <cstdint>
#include <string_view>

namespace epicsdb::loaders {

enum class DbTok : std::uint8_t {
    End = 0,
    // INITIAL state: keywords
    Include = 1,
    Path,
    Addpath,
    Menu,
    Choice,
    Recordtype,
    Field,
    Device,
    Driver,
    Link,
    Breaktable,
    Record,
    Grecord,
    Alias,
    Info,
    Registrar,
    Function,
    Variable,
    // INITIAL state: values and punctuation
    Bareword,
    String, // text is the content between the quotes, escapes untranslated
    Cdef,   // text is what follows '%'
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    // JSON state (field and info values)
    JNull,
    JTrue,
    JFalse,
    JString, // text keeps its quotes
    JNumber,
    JBare,
    JColon,
    JLBracket,
    JRBracket,
    // INITIAL state: whole statements of the common one-line shapes, fused into one token on
    // the hot path (record(t, n), field(N, value), info(N, value)): the reader splits them.
    RecordHead,
    FieldStatement,
    InfoStatement,
    // lexical errors (the reader reports them)
    BadChar,           // any character the state does not accept
    NewlineInString,   // a newline before the closing quote (INITIAL)
    BadJsonStringChar, // a control character or bad escape in a JSON string
};

// The keywords that begin a definition statement (menu aside: `menu(...)` is also a field
// attribute inside a recordtype).
constexpr bool isDefinitionKeyword(DbTok kind) noexcept {
    switch (kind) {
    case DbTok::Recordtype:
    case DbTok::Breaktable:
    case DbTok::Device:
    case DbTok::Driver:
    case DbTok::Link:
    case DbTok::Registrar:
    case DbTok::Function:
    case DbTok::Variable:
    case DbTok::Path:
    case DbTok::Addpath:
        return true;
    default:
        return false;
    }
}

// The tokens a record statement begins with.
// The one-token statements of the INITIAL state.
constexpr bool isFusedStatement(DbTok kind) noexcept {
    return kind == DbTok::RecordHead || kind == DbTok::FieldStatement ||
           kind == DbTok::InfoStatement;
}

constexpr bool isRecordHead(DbTok kind) noexcept {
    return kind == DbTok::Record || kind == DbTok::Grecord || kind == DbTok::RecordHead;
}

struct DbLexeme {
    DbTok kind = DbTok::End;
    std::string_view text;
    std::uint32_t offset = 0; // of the first character, in the scanned buffer
};

} // namespace epicsdb::loaders
