// The token stream of one load: a stack of open files (the file loaded and its includes), each
// with its own scanner, read in chunks of whole lines that are macro-expanded before scanning.
// Lines without '$' are scanned where they lie (no copy); cached files are scanned in place.
#pragma once

#include "CachedExpansion.hpp"
#include "DbScanner.hpp"
#include "LexAhead.hpp"
#include "LineExpander.hpp"
#include "source/FileCache.hpp"
#include "source/Reporter.hpp"
#include "source/SourceManager.hpp"
#include "source/Span.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

struct LoaderCounters {
    std::size_t linesExpanded = 0;
    std::size_t replays = 0;         // file reads taken from a replay plan
    std::size_t expansionsAhead = 0; // PreparedExpansion taken
};

class DbInput {
public:
    DbInput(SourceManager& sources, Reporter& reporter, LineExpander* expander,
            LoaderCounters& counters);
    ~DbInput();

    // Opens a source on top of the stack: a cached text, or a file streamed from disk.
    // `path` identifies the file for include-cycle checks.
    void pushCached(std::uint32_t source, std::string_view path, CachedFile& file);
    bool pushStream(std::uint32_t source, const std::string& path, std::string& error);
    // Whether a file of that path is open on the stack (an include of it would be a cycle).
    [[nodiscard]] bool isOpen(std::string_view path) const noexcept;
    [[nodiscard]] std::size_t depth() const noexcept { return inputs_.size(); }
    [[nodiscard]] std::uint32_t currentSource() const noexcept;

    // Next token of the innermost file; at its end the file is closed and reading goes on in
    // the parent; End only when the outermost file is done. Spans are set for every token.
    DbTok next(DbLexeme& lexeme, Span& span);
    // The arguments of the fused statement token next() just gave, when the worker split it;
    // null otherwise. Valid until the next call of next().
    [[nodiscard]] const FusedArguments* lastSplit() const noexcept { return lastSplit_; }
    // The line of the record head next() just gave, when the worker counted it; 0 otherwise.
    [[nodiscard]] std::uint32_t lastLine() const noexcept { return lastLine_; }
    // Keeps that split for splitBefore(), for a token handed to the parser (which acts on a
    // token after reading at most one more).
    void keepLastSplit(std::string_view token) noexcept {
        if (!lastSplit_) return;
        split_[nextSplit_] = {token.data(), token.size(), *lastSplit_};
        nextSplit_ = (nextSplit_ + 1) % std::size(split_);
    }
    // The arguments of a fused statement token given by the worker lately and kept, already
    // split; null when the token is not one of those.
    [[nodiscard]] const FusedArguments* splitBefore(std::string_view token) const noexcept {
        for (const SplitToken& seen : split_)
            if (seen.text == token.data() && seen.size == token.size()) return &seen.fused;
        return nullptr;
    }
    // The expansion of the next file opened, when it is `prepared->file` and opened at the top
    // (its text and line table are taken); null: none. Cleared by reset().
    void offerExpansion(PreparedExpansion* prepared) noexcept { offered_ = prepared; }
    // The offered expansion, once the file opened took it (until reset()).
    [[nodiscard]] const PreparedExpansion* takenExpansion() const noexcept { return taken_; }
    // Switches the innermost scanner between INITIAL and JSON states.
    void setJson(bool json);
    // Closes every open file (for the next load).
    void reset();
    // A template checked alone (LoaderOptions::templateAlone): the expander leaves undefined
    // references as written, and each file's undefined macros are one warning, given when the
    // file ends (or at finishFiles()), not one per line.
    void setTemplateAlone(bool on) noexcept { templateAlone_ = on; }
    // At the end of a load: the pending warnings of the files still open.
    void finishFiles();
    // Fused statement tokens on or off (DbScanner::setFusedStatements), for files opened next.
    void setFusedStatements(bool fused) noexcept { fusedStatements_ = fused; }
    // The most text one file may give after macro expansion (LoaderOptions::maxFileBytes).
    void setMaxFileBytes(std::uint64_t bytes) noexcept { maxFileBytes_ = bytes; }
    // Lexing ahead on a second thread (LexAhead.hpp) for files opened next: streamed files,
    // and texts in memory of at least twice `pieceBytes` that are scanned as they are. Record
    // index slots of `db` are fetched ahead of the records the tokens name.
    void setLexAhead(bool on, std::size_t pieceBytes, const dbstatic::Database* db) noexcept {
        lexAhead_ = on;
        pieceBytes_ = pieceBytes;
        db_ = db;
    }

private:
    struct Open;
    Open& pushOpen(std::uint32_t source, std::string_view path);
    void popOpen();
    void reportUndefinedMacros(Open& input);
    bool loadChunk(Open& input);
    bool loadCachedChunk(Open& input);
    bool loadStreamChunk(Open& input);
    void expandInto(Open& input, std::string_view raw, std::string& out, std::uint32_t firstLine);
    // A cached file, by its line index: runs of lines without '$' are copied in one go; the
    // line table of the result is filled in.
    void expandCached(Open& input, const CachedFile& file, std::string& out,
                      std::vector<std::uint32_t>& lineStarts);
    void expandLine(Open& input, std::string_view text, std::string& out, std::uint32_t line);
    // Whether `size` more bytes fit the file's positions; reports the error when they do not.
    bool fits(Open& input, std::size_t size, std::uint32_t line);
    // The lexing-ahead side of next(): the worker's next token of the chunk; false at its end.
    bool nextAhead(Open& input, DbLexeme& lexeme);
    // Lexing this chunk itself from `offset` on.
    void lexFrom(Open& input, std::uint32_t offset);
    // After a token lexed here in the INITIAL state: follow the worker again if it has the same.
    void rejoin(Open& input, const DbLexeme& lexeme);
    bool pullPiece(Open& input);
    void endAhead(Open& input) noexcept;

    SourceManager& sources_;
    Reporter& reporter_;
    LineExpander* expander_;
    LoaderCounters& counters_;
    std::vector<std::unique_ptr<Open>> inputs_;
    std::vector<std::unique_ptr<Open>> spare_;
    LineProblems problems_;
    bool fusedStatements_ = true;
    bool templateAlone_ = false;
    std::uint64_t maxFileBytes_ = UINT32_MAX - 2;
    PreparedExpansion* offered_ = nullptr;
    const PreparedExpansion* taken_ = nullptr;
    bool lexAhead_ = false;
    std::size_t pieceBytes_ = 0;
    const dbstatic::Database* db_ = nullptr;
    // Declared after inputs_, so destroyed before: the worker lets go of a file before the
    // file is closed.
    LexAhead ahead_;
    // The last few fused statements the worker split (the parser acts on a token after it has
    // read at most one more); cleared with each new chunk, so no address is seen twice.
    struct SplitToken {
        const char* text = nullptr;
        std::size_t size = 0;
        FusedArguments fused;
    };
    SplitToken split_[4];
    unsigned nextSplit_ = 0;
    const FusedArguments* lastSplit_ = nullptr; // in the current batch
    std::uint32_t lastLine_ = 0;
    void forgetSplits() noexcept {
        for (SplitToken& seen : split_)
            seen = {};
    }
};

} // namespace epicsdb::loaders
