// unifiedDiff: the common head and tail of the two texts are cut off, the middle is matched by
// a longest common subsequence of lines (or, past a size where the table would be too large,
// replaced whole), and the edits are written as diff -u hunks with 3 lines of context.
#include <epicsdb/format/LineDiff.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace epicsdb::format {

namespace {

struct Line {
    std::string_view text;
    bool endsWithNewline = true;
};

std::vector<Line> splitLines(std::string_view text) {
    std::vector<Line> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back({text.substr(start), false});
            break;
        }
        lines.push_back({text.substr(start, end - start), true});
        start = end + 1;
    }
    return lines;
}

bool sameLine(const Line& a, const Line& b) {
    return a.text == b.text && a.endsWithNewline == b.endsWithNewline;
}

enum class Op : std::uint8_t { Keep, Remove, Add };
struct Edit {
    Op op;
    std::size_t oldIndex; // the old line (Keep, Remove) or where an Add goes
    std::size_t newIndex; // the new line (Keep, Add)
};

constexpr std::size_t kMaxTableCells = 16u * 1024 * 1024;

std::vector<Edit> edits(const std::vector<Line>& a, const std::vector<Line>& b) {
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && sameLine(a[head], b[head]))
        ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head &&
           sameLine(a[a.size() - 1 - tail], b[b.size() - 1 - tail]))
        ++tail;
    const std::size_t n = a.size() - head - tail;
    const std::size_t m = b.size() - head - tail;
    std::vector<Edit> out;
    for (std::size_t i = 0; i < head; ++i)
        out.push_back({Op::Keep, i, i});
    if (n != 0 && m != 0 && (n + 1) * (m + 1) <= kMaxTableCells) {
        // lcs[i][j]: the longest common subsequence of a[head+i..] and b[head+j..].
        std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
        auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t& {
            return lcs[i * (m + 1) + j];
        };
        for (std::size_t i = n; i-- > 0;)
            for (std::size_t j = m; j-- > 0;)
                at(i, j) = sameLine(a[head + i], b[head + j])
                               ? at(i + 1, j + 1) + 1
                               : std::max(at(i + 1, j), at(i, j + 1));
        std::size_t i = 0, j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && sameLine(a[head + i], b[head + j])) {
                out.push_back({Op::Keep, head + i, head + j});
                ++i, ++j;
            } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
                out.push_back({Op::Remove, head + i, head + j});
                ++i;
            } else {
                out.push_back({Op::Add, head + i, head + j});
                ++j;
            }
        }
    } else {
        for (std::size_t i = 0; i < n; ++i)
            out.push_back({Op::Remove, head + i, head});
        for (std::size_t j = 0; j < m; ++j)
            out.push_back({Op::Add, head + n, head + j});
    }
    for (std::size_t k = 0; k < tail; ++k)
        out.push_back({Op::Keep, head + n + k, head + m + k});
    return out;
}

// diff -u's range: "start,count", the start 1-based (or the line before, for no lines).
std::string range(std::size_t start, std::size_t count) {
    if (count == 0) return std::to_string(start) + ",0";
    if (count == 1) return std::to_string(start + 1);
    return std::to_string(start + 1) + "," + std::to_string(count);
}

void writeLine(std::string& out, char mark, const Line& line) {
    out += mark;
    out.append(line.text);
    out += '\n';
    if (!line.endsWithNewline) out += "\\ No newline at end of file\n";
}

} // namespace

std::string unifiedDiff(std::string_view oldText, std::string_view newText,
                        std::string_view oldName, std::string_view newName) {
    if (oldText == newText) return {};
    const std::vector<Line> a = splitLines(oldText);
    const std::vector<Line> b = splitLines(newText);
    const std::vector<Edit> all = edits(a, b);
    constexpr std::size_t kContext = 3;
    std::string out = "--- " + std::string(oldName) + "\n+++ " + std::string(newName) + "\n";
    std::size_t k = 0;
    while (k < all.size()) {
        if (all[k].op == Op::Keep) {
            ++k;
            continue;
        }
        // A hunk: from kContext lines before this change to kContext lines after the last
        // change closer than 2*kContext lines of keeps to the one before it.
        std::size_t first = k >= kContext ? k - kContext : 0;
        while (first < k && all[first].op != Op::Keep)
            ++first;
        std::size_t last = k;
        for (std::size_t scan = k; scan < all.size(); ++scan) {
            if (all[scan].op != Op::Keep)
                last = scan;
            else if (scan - last > 2 * kContext)
                break;
        }
        const std::size_t end = std::min(all.size(), last + 1 + kContext);
        std::size_t oldCount = 0, newCount = 0;
        for (std::size_t e = first; e < end; ++e) {
            if (all[e].op != Op::Add) ++oldCount;
            if (all[e].op != Op::Remove) ++newCount;
        }
        const std::size_t oldStart = all[first].oldIndex;
        const std::size_t newStart = all[first].newIndex;
        out += "@@ -" + range(oldStart, oldCount) + " +" + range(newStart, newCount) + " @@\n";
        for (std::size_t e = first; e < end; ++e) {
            const Edit& edit = all[e];
            if (edit.op == Op::Keep)
                writeLine(out, ' ', a[edit.oldIndex]);
            else if (edit.op == Op::Remove)
                writeLine(out, '-', a[edit.oldIndex]);
            else
                writeLine(out, '+', b[edit.newIndex]);
        }
        k = end;
    }
    return out;
}

} // namespace epicsdb::format
