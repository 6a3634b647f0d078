#include <epicsdb/format/FixApplier.hpp>

#include <algorithm>
#include <optional>

namespace epicsdb::format {

namespace {
// Byte offset of a 1-based line and column; none past the line's end (a column may point
// just after the last byte of the line, where an insertion goes).
std::optional<std::size_t> offsetOf(std::span<const std::size_t> lineStarts, std::string_view text,
                                    unsigned line, unsigned column) {
    if (line == 0 || column == 0 || line > lineStarts.size()) return std::nullopt;
    const std::size_t start = lineStarts[line - 1];
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (column - 1 > end - start) return std::nullopt;
    return start + column - 1;
}

struct Edit {
    std::size_t begin;
    std::size_t end;
    std::size_t index; // in the fixes given
};
} // namespace

FixedText applyFixes(std::string_view text, std::span<const FixIt> fixes) {
    std::vector<std::size_t> lineStarts{0};
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') lineStarts.push_back(i + 1);

    FixedText out;
    out.applied.assign(fixes.size(), false);
    std::vector<Edit> edits;
    for (std::size_t i = 0; i < fixes.size(); ++i) {
        const SourceRange& range = fixes[i].range;
        const auto begin = offsetOf(lineStarts, text, range.line, range.column);
        const auto end = offsetOf(lineStarts, text, range.endLine, range.endColumn);
        if (!begin || !end || *end < *begin) continue;
        bool clash = false;
        for (const Edit& edit : edits) {
            if (edit.begin == *begin && edit.end == *end &&
                fixes[edit.index].replacement == fixes[i].replacement) {
                out.applied[i] = true; // the same fix again
                clash = true;
                break;
            }
            // Overlapping ranges, or two insertions at one place, would depend on order.
            if (*begin < edit.end && edit.begin < *end) clash = true;
            if (*begin == *end && edit.begin == edit.end && *begin == edit.begin) clash = true;
        }
        if (clash) continue;
        edits.push_back({*begin, *end, i});
        out.applied[i] = true;
    }
    std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    out.text.reserve(text.size());
    std::size_t at = 0;
    for (const Edit& edit : edits) {
        out.text.append(text.substr(at, edit.begin - at));
        out.text.append(fixes[edit.index].replacement);
        at = edit.end;
    }
    out.text.append(text.substr(at));
    return out;
}

} // namespace epicsdb::format
