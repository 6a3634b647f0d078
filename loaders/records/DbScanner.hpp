// The reader's handle on one Flex scanner of the .dbd/.db language (DbLexer.l). One scanner per
// open file; each scans a caller-owned buffer that ends with two NUL bytes.
#pragma once

#include "DbToken.hpp"

#include <cstddef>
#include <cstdint>

namespace epicsdb::loaders {

class DbScanner {
public:
    DbScanner();
    ~DbScanner();
    DbScanner(const DbScanner&) = delete;
    DbScanner& operator=(const DbScanner&) = delete;

    // Scans base[0 .. sizeWithPadding-2); the last two bytes must be NUL. The buffer must stay
    // alive (and unmodified by others) while tokens from it are in use. Offsets in lexemes are
    // relative to base. The start condition is kept across resets.
    void reset(char* base, std::size_t sizeWithPadding);
    // The same, scanning from base + offset (offsets stay relative to base).
    void resetAt(char* base, std::size_t offset, std::size_t sizeWithPadding);
    // Where the last token's match ends, relative to base.
    [[nodiscard]] std::uint32_t position() const noexcept;
    void setJson(bool json);
    // Whether the common one-line statements come as one token each (DbToken.hpp); on by
    // default. Off, every statement is read token by token (same results, slower).
    void setFusedStatements(bool fused);
    // Back to the INITIAL state (PLAIN without fused statements), for a new text.
    void restart();
    DbTok next(DbLexeme& lexeme);

private:
    void* scanner_ = nullptr;
    void* buffer_ = nullptr;
    bool fused_ = true;
};

} // namespace epicsdb::loaders
