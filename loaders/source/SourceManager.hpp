// The sources opened by one load (the file given and every include), the chunks of their
// expanded text that are still alive, and the translation of a Position into file, line,
// column, include chain and line text for diagnostics.
#pragma once

#include "Span.hpp"

#include <epicsdb/Diagnostic.hpp>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// A piece of a source's expanded text: whole lines, followed by two NUL bytes for the scanner.
struct Chunk {
    std::uint32_t base = 0;      // offset of its first byte in the source's expanded text
    std::uint32_t firstLine = 1; // source line number of its first line
    std::uint32_t size = 0;      // bytes of text (without the two NULs)
    char* data = nullptr;        // points into `storage`, or into a cached file text
    bool expanded = false;       // macros expanded: its lines need not be the file's
    std::unique_ptr<std::string> storage;
};

// A place in a source of the current load (a source id of this manager), resolved.
struct StatementSite {
    std::uint32_t source = 0;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct SourceInfo {
    std::string name;     // as shown in messages (the path it was opened with)
    std::string relation; // how the parent led here ("included from", ...)
    bool hasParent = false;
    Position parent;          // where the parent included it
    std::deque<Chunk> chunks; // alive chunks, oldest first
    // For a source read whole (a cached file): where its lines start in the (expanded) text,
    // the file's own table or ownLineStarts; line lookups then use it.
    const std::vector<std::uint32_t>* lineStarts = nullptr;
    std::vector<std::uint32_t> ownLineStarts;
    // The file's own text and line starts, when it was read whole (expanded chunks hide it).
    std::string_view rawText;
    const std::vector<std::uint32_t>* rawLineStarts = nullptr;
    // Incremental line lookup: the last resolved offset and its line.
    std::uint32_t cursorOffset = 0;
    std::uint32_t cursorLine = 1;
};

class SourceManager {
public:
    // Forgets the sources of the previous load (keeping their storage for reuse).
    void reset(std::span<const ContextFrame> outer = {});

    std::uint32_t addSource(std::string_view name, const Position* parent = nullptr,
                            std::string_view relation = "included from");
    [[nodiscard]] SourceInfo& source(std::uint32_t id) { return *sources_[id]; }
    [[nodiscard]] const SourceInfo& source(std::uint32_t id) const { return *sources_[id]; }
    [[nodiscard]] std::size_t sourceCount() const noexcept { return used_; }

    // Appends a chunk to a source; returns it. Storage buffers are recycled.
    Chunk& addChunk(std::uint32_t source, std::uint32_t firstLine,
                    std::unique_ptr<std::string> storage, char* data, std::uint32_t size);
    // Frees every chunk of every source except each source's newest one.
    void releaseOldChunks();
    [[nodiscard]] std::unique_ptr<std::string> takeBuffer();
    void recycleBuffer(std::unique_ptr<std::string> buffer) {
        if (buffer) spareBuffers_.push_back(std::move(buffer));
    }

    // Line of a position (1-based); fast for offsets that only move forward.
    std::uint32_t lineOf(Position position);
    // Line and column (1-based) of a position, without the file's name (provenance's).
    StatementSite siteOf(Position position);
    // Full location: file, line, column (1-based), the text of the line, the include chain.
    void locate(Position position, SourceLocation& where, std::string* lineText,
                std::vector<ContextFrame>* context);

    // Line `line` of the position's source as the file has it, before macro expansion; none
    // when that text is no longer known (an expanded chunk of a streamed file).
    [[nodiscard]] std::optional<std::string_view> fileLine(Position position,
                                                           std::uint32_t line) const;

    // How a source was reached: its include chain, innermost first, then outerContext.
    std::vector<ContextFrame> chainOf(std::uint32_t source);

    // Extra frames appended to every located chain (e.g. the substitution set that led here);
    // owned by the caller of the load.
    std::span<const ContextFrame> outerContext;

private:
    const Chunk* chunkOf(const SourceInfo& info, std::uint32_t offset) const;

    std::vector<std::unique_ptr<SourceInfo>> sources_; // [0, used_) belong to this load
    std::size_t used_ = 0;
    std::vector<std::unique_ptr<std::string>> spareBuffers_;
};

} // namespace epicsdb::loaders
