// A template file prepared once for msi, however many sets expand it: cut into msi's pieces
// (fgets with a 4096-byte buffer: a line, or 4095 bytes of a longer one), each piece classified
// once, so that expanding it again costs only what depends on the macros:
//   - Verbatim: pieces without '$' are written as they are; neighbours are merged into one run;
//   - Simple: pieces whose references are all plain `$(NAME)`/`${NAME}`, maybe with a plain
//     default `$(NAME=text)`: literal runs and names, resolved by lookups (the common case of
//     database templates);
//   - Full: anything else goes through the macLib translator;
//   - Include / Substitute: msi's directive lines, which write nothing.
// A piece is a C string for msi: everything after a NUL byte in it is ignored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// msi's line buffer holds 4095 characters, and macExpandString writes at most 4094 of them.
inline constexpr std::size_t kMsiPieceSize = 4095;
inline constexpr std::size_t kMsiPieceOutput = 4094;

// A literal run, or a plain reference `$(NAME)` / `$(NAME=default)` (the default, if any, is
// plain text too).
struct MsiOp {
    enum class Kind : std::uint8_t { Literal, Reference, ReferenceWithDefault };
    Kind kind = Kind::Literal;
    std::uint32_t begin = 0; // the literal text, or the reference's name, in the template text
    std::uint32_t end = 0;
    std::uint32_t defaultBegin = 0;
    std::uint32_t defaultEnd = 0;
    std::uint32_t nameHash = 0; // References: MacroTable::nameHash of the name, worked out once
};

struct MsiSegment {
    enum class Kind : std::uint8_t { Verbatim, Simple, Full, Include, Substitute };
    Kind kind = Kind::Verbatim;
    std::uint32_t begin = 0; // Verbatim: the bytes written; otherwise the piece (cut at a NUL)
    std::uint32_t end = 0;
    std::uint32_t first = 0; // Include/Substitute: the quoted argument; Simple: its ops
    std::uint32_t last = 0;
    std::uint32_t line = 0; // msi's line count at this piece (of the last piece of a run)
};

class MsiTemplate {
public:
    explicit MsiTemplate(std::string text);

    [[nodiscard]] std::string_view text() const noexcept { return text_; }
    [[nodiscard]] std::string_view slice(std::uint32_t begin, std::uint32_t end) const noexcept {
        return std::string_view(text_).substr(begin, end - begin);
    }
    [[nodiscard]] const std::vector<MsiSegment>& segments() const noexcept { return segments_; }
    [[nodiscard]] const std::vector<MsiOp>& ops() const noexcept { return ops_; }
    // The last piece read from the file (what msi's line buffer holds after reading it all).
    [[nodiscard]] std::string_view lastPiece() const noexcept { return lastPiece_; }
    [[nodiscard]] bool empty() const noexcept { return pieces_ == 0; }
    [[nodiscard]] bool endsWithInclude() const noexcept {
        return !segments_.empty() && segments_.back().kind == MsiSegment::Kind::Include;
    }

private:
    void addPiece(std::uint32_t begin, std::uint32_t end, std::uint32_t line);
    bool addCommand(std::uint32_t begin, std::uint32_t end, std::uint32_t line);
    bool compileReferences(std::uint32_t begin, std::uint32_t end);

    std::string text_;
    std::vector<MsiSegment> segments_;
    std::vector<MsiOp> ops_;
    std::string_view lastPiece_;
    std::uint32_t pieces_ = 0;
};

} // namespace epicsdb::loaders
