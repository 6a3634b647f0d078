// The word classes of CharClass.hpp, which the formatter, the language server and diff read
// .db text with, against the Flex scanner's own classes (DbLexer.l), for every byte: Flex needs
// its classes written as regexes, and this is what keeps the two copies one meaning.
#include "records/DbScanner.hpp"

#include <epicsdb/CharClass.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using epicsdb::loaders::DbLexeme;
using epicsdb::loaders::DbScanner;
using epicsdb::loaders::DbTok;

namespace {

std::string byteName(unsigned byte) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%02x", byte);
    return text;
}

struct ScannedToken {
    DbTok kind = DbTok::End;
    std::string text;
};

// The first token the scanner reads from `text` (in the JSON state when `json`).
ScannedToken firstToken(const std::string& text, bool json) {
    std::string buffer = text;
    buffer.append(2, '\0'); // what the scanner needs after the text
    DbScanner scanner;
    scanner.reset(buffer.data(), buffer.size());
    scanner.setJson(json);
    DbLexeme lexeme;
    scanner.next(lexeme);
    return {lexeme.kind, std::string(lexeme.text)};
}

// Whether the scanner reads the byte inside a word: "a<byte>a" is then one word of the kind,
// not a word that ends before the byte.
bool scannerTakesInWord(unsigned byte, bool json, DbTok word) {
    const std::string text{'a', static_cast<char>(byte), 'a'};
    const ScannedToken token = firstToken(text, json);
    EXPECT_EQ(token.kind, word) << byteName(byte);
    return token.text == text;
}

TEST(CharClassScanner, DbWordCharIsTheScannersBarewordClass) {
    for (unsigned byte = 0; byte < 256; ++byte)
        EXPECT_EQ(epicsdb::chars::isDbWordChar(static_cast<char>(byte)),
                  scannerTakesInWord(byte, false, DbTok::Bareword))
            << byteName(byte);
}

TEST(CharClassScanner, JsonWordCharIsTheScannersBareValueClass) {
    for (unsigned byte = 0; byte < 256; ++byte)
        EXPECT_EQ(epicsdb::chars::isJsonWordChar(static_cast<char>(byte)),
                  scannerTakesInWord(byte, true, DbTok::JBare))
            << byteName(byte);
}

TEST(CharClassScanner, AOneCharacterWordIsAWordOfTheClass) {
    // Alone, a byte of the class is a word of its own: no other rule takes it first.
    for (unsigned byte = 0; byte < 256; ++byte) {
        const char c = static_cast<char>(byte);
        if (!epicsdb::chars::isDbWordChar(c)) continue;
        const ScannedToken token = firstToken(std::string(1, c), false);
        EXPECT_EQ(token.kind, DbTok::Bareword) << byteName(byte);
        EXPECT_EQ(token.text, std::string(1, c)) << byteName(byte);
    }
}

} // namespace
