// The readers' handles on the two Flex scanners of substitution files: IocSubstLexer.l (the
// IOC's dbLoadTemplate dialect) and MsiSubstLexer.l (msi's dialect). Each scans a caller-owned
// buffer that ends with two NUL bytes; lexemes are views into it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace epicsdb::loaders {

enum class IocSubstTok : std::uint8_t {
    End,
    File,
    Pattern,
    Global,
    Word,  // [a-zA-Z0-9_-+:./\[]<>;]+
    Quote, // "..." or '...' on one line; text without the outer quotes, escapes kept
    Equals,
    Comma,
    LBrace,
    RBrace,
    BadChar, // any other character: reported and skipped
};

enum class MsiSubstTok : std::uint8_t {
    End,
    Sep, // commas and ends of line (whitespace alone separates nothing)
    LBrace,
    RBrace,
    Word,         // any run of characters but whitespace, '"', ',', '{', '}'
    Quoted,       // "..." on one line, text with its quotes, \" kept
    Unterminated, // a '"' whose line ends before the closing quote
};

// A copy of `text` for a scanner: the text and two NULs (the scanner writes into it).
inline std::string scannerCopy(std::string_view text) {
    std::string buffer;
    buffer.reserve(text.size() + 2);
    buffer.append(text);
    buffer.append(2, '\0');
    return buffer;
}

template <class Tok>
struct SubstLexeme {
    Tok kind{};
    std::string_view text;
    std::uint32_t offset = 0; // of the token's first character (after skipped whitespace)
};

// The scanner of each dialect (IocSubstLexer.l, MsiSubstLexer.l).
class IocSubstScanner {
public:
    IocSubstScanner();
    ~IocSubstScanner();
    IocSubstScanner(const IocSubstScanner&) = delete;
    IocSubstScanner& operator=(const IocSubstScanner&) = delete;

    // Scans base[0 .. sizeWithPadding-2); the last two bytes must be NUL.
    void reset(char* base, std::size_t sizeWithPadding);
    IocSubstTok next(SubstLexeme<IocSubstTok>& lexeme);

private:
    void* scanner_ = nullptr;
    void* buffer_ = nullptr;
};

class MsiSubstScanner {
public:
    MsiSubstScanner();
    ~MsiSubstScanner();
    MsiSubstScanner(const MsiSubstScanner&) = delete;
    MsiSubstScanner& operator=(const MsiSubstScanner&) = delete;

    void reset(char* base, std::size_t sizeWithPadding);
    MsiSubstTok next(SubstLexeme<MsiSubstTok>& lexeme);

private:
    void* scanner_ = nullptr;
    void* buffer_ = nullptr;
};

} // namespace epicsdb::loaders
