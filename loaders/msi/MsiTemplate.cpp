#include "MsiTemplate.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <cstring>

namespace epicsdb::loaders {

namespace {
using chars::isSpace;

// Characters that make a reference name more than a plain name: quotes, escapes, nested
// references, defaults, scoped definitions, brackets.
bool plainNameChar(char c) {
    switch (c) {
    case '$':
    case '\\':
    case '\'':
    case '"':
    case '(':
    case ')':
    case '{':
    case '}':
    case '=':
    case ',':
        return false;
    default:
        return true;
    }
}
} // namespace

MsiTemplate::MsiTemplate(std::string text) : text_(std::move(text)) {
    const char* data = text_.data();
    const std::size_t size = text_.size();
    std::size_t pos = 0;
    std::uint32_t line = 0;
    while (pos < size) {
        // fgets: through the next newline, or 4095 bytes.
        const std::size_t limit = std::min(size, pos + kMsiPieceSize);
        const void* newline = std::memchr(data + pos, '\n', limit - pos);
        const std::size_t end =
            newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data) + 1
                    : limit;
        // The piece is a C string: it ends at a NUL.
        const void* nul = std::memchr(data + pos, '\0', end - pos);
        const std::size_t cut =
            nul ? static_cast<std::size_t>(static_cast<const char*>(nul) - data) : end;
        ++line;
        addPiece(static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(cut), line);
        lastPiece_ = std::string_view(text_).substr(pos, cut - pos);
        pos = end;
    }
    pieces_ = line;
}

void MsiTemplate::addPiece(std::uint32_t begin, std::uint32_t end, std::uint32_t line) {
    if (addCommand(begin, end, line)) return;
    if (!std::memchr(text_.data() + begin, '$', end - begin)) {
        // Written as it is (macExpandString keeps at most 4094 characters of it).
        const std::uint32_t stop =
            std::min<std::uint32_t>(end, begin + static_cast<std::uint32_t>(kMsiPieceOutput));
        if (!segments_.empty() && segments_.back().kind == MsiSegment::Kind::Verbatim &&
            segments_.back().end == begin) {
            segments_.back().end = stop;
            segments_.back().line = line;
            return;
        }
        segments_.push_back({MsiSegment::Kind::Verbatim, begin, stop, 0, 0, line});
        return;
    }
    const auto firstOp = static_cast<std::uint32_t>(ops_.size());
    if (compileReferences(begin, end)) {
        segments_.push_back({MsiSegment::Kind::Simple, begin, end, firstOp,
                             static_cast<std::uint32_t>(ops_.size()), line});
        return;
    }
    ops_.resize(firstOp);
    segments_.push_back({MsiSegment::Kind::Full, begin, end, 0, 0, line});
}

// msi's directive lines (EPICS-BEHAVIOUR 5.2), with its quirks: after leading whitespace the line
// starts with 'i' or 's' and contains "include" or "substitute" anywhere (the later one in that
// list wins); parsing goes on at the keyword's length from that first character; then whitespace,
// a '"', the argument (\" does not end it), the closing '"', spaces only, the end of the line.
bool MsiTemplate::addCommand(std::uint32_t begin, std::uint32_t end, std::uint32_t line) {
    const std::string_view piece = slice(begin, end);
    const std::size_t n = piece.size();
    std::size_t p = 0;
    while (p < n && isSpace(piece[p]))
        ++p;
    if (p == n || (piece[p] != 'i' && piece[p] != 's')) return false;
    const std::string_view command = piece.substr(p);
    MsiSegment::Kind kind;
    std::size_t keyword = 0;
    if (command.find("substitute") != std::string_view::npos) {
        kind = MsiSegment::Kind::Substitute;
        keyword = 10;
    } else if (command.find("include") != std::string_view::npos) {
        kind = MsiSegment::Kind::Include;
        keyword = 7;
    } else {
        return false;
    }
    p += keyword;
    while (p < n && isSpace(piece[p]))
        ++p;
    if (p >= n || piece[p] != '"') return false;
    const std::size_t argument = ++p;
    while (p < n && piece[p] != '"') {
        if (piece[p] == '\\' && p + 1 < n && piece[p + 1] == '"') {
            p += 2;
            continue;
        }
        ++p;
    }
    if (p >= n) return false;
    const std::size_t argumentEnd = p;
    ++p;
    while (p < n && piece[p] == ' ')
        ++p;
    if (p < n && piece[p] != '\n') return false;
    segments_.push_back({kind, begin, end, begin + static_cast<std::uint32_t>(argument),
                         begin + static_cast<std::uint32_t>(argumentEnd), line});
    return true;
}

// Splits a piece into literal runs and plain references, following the macLib translator at
// level 0: quotes are kept and tracked (no references inside single quotes), a backslash makes
// the next character literal, `$(` or `${` starts a reference. False when some reference is
// not a plain name (with maybe a plain default) closed by its own bracket: the piece then
// needs the full translator.
bool MsiTemplate::compileReferences(std::uint32_t begin, std::uint32_t end) {
    const char* data = text_.data();
    char quote = 0;
    std::uint32_t literal = begin;
    std::uint32_t r = begin;
    while (r < end) {
        const char c = data[r];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        }
        if (c == '$' && quote != '\'' && r + 1 < end &&
            (data[r + 1] == '(' || data[r + 1] == '{')) {
            const char close = data[r + 1] == '(' ? ')' : '}';
            std::uint32_t n = r + 2;
            while (n < end && plainNameChar(data[n]))
                ++n;
            if (n >= end || n == r + 2 || (data[n] != close && data[n] != '=')) return false;
            MsiOp op{MsiOp::Kind::Reference, r + 2, n, 0, 0};
            if (data[n] == '=') {
                // A default is plain when nothing in it is special at level 1 (a '=' is not).
                std::uint32_t d = n + 1;
                while (d < end && (plainNameChar(data[d]) || data[d] == '='))
                    ++d;
                if (d >= end || data[d] != close) return false;
                op = {MsiOp::Kind::ReferenceWithDefault, r + 2, n, n + 1, d};
                n = d;
            }
            if (r > literal) ops_.push_back({MsiOp::Kind::Literal, literal, r, 0, 0});
            op.nameHash = maclib::MacroTable::nameHash(slice(op.begin, op.end));
            ops_.push_back(op);
            r = n + 1;
            literal = r;
            continue;
        }
        if (c == '\\' && r + 1 < end) {
            r += 2;
            continue;
        }
        ++r;
    }
    if (end > literal) ops_.push_back({MsiOp::Kind::Literal, literal, end, 0, 0});
    return true;
}

} // namespace epicsdb::loaders
