// Lines of a text held whole in memory (a substitution file, say): tokens carry byte offsets
// into it; lines, columns and line texts are worked out only when a message needs them, from
// one index of line starts built once per text.
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class LineIndex {
public:
    explicit LineIndex(std::string_view text) : text_(text) {
        starts_.push_back(0);
        const char* data = text.data();
        std::size_t at = 0;
        while (at < text.size()) {
            const void* hit = std::memchr(data + at, '\n', text.size() - at);
            if (!hit) break;
            at = static_cast<std::size_t>(static_cast<const char*>(hit) - data) + 1;
            starts_.push_back(static_cast<std::uint32_t>(at));
        }
    }

    // 1-based line of an offset (an offset at the end of the text is on the last line, or on a
    // line of its own after a final newline).
    [[nodiscard]] std::uint32_t lineOf(std::uint32_t offset) const {
        auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
        return static_cast<std::uint32_t>(it - starts_.begin());
    }
    [[nodiscard]] std::uint32_t columnOf(std::uint32_t offset) const {
        return offset - starts_[lineOf(offset) - 1] + 1;
    }
    // The text of a line with its newline, as a line-reading program holds it.
    [[nodiscard]] std::string_view lineWithNewline(std::uint32_t line) const {
        if (line == 0 || line > starts_.size()) return {};
        const std::uint32_t begin = starts_[line - 1];
        const std::uint32_t end =
            line < starts_.size() ? starts_[line] : static_cast<std::uint32_t>(text_.size());
        return text_.substr(begin, end - begin);
    }
    // The text of a line without its line ending, for diagnostics.
    [[nodiscard]] std::string lineText(std::uint32_t line) const {
        std::string_view text = lineWithNewline(line);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
            text.remove_suffix(1);
        return std::string(text);
    }
    // Lines a line-reading program sees: a last line without a newline counts.
    [[nodiscard]] std::uint32_t lineCount() const {
        const auto count = static_cast<std::uint32_t>(starts_.size());
        return starts_.back() == text_.size() ? count - 1 : count;
    }

    [[nodiscard]] SourceLocation locate(const std::string& file, std::uint32_t offset) const {
        return {file, lineOf(offset), columnOf(offset)};
    }

private:
    std::string_view text_;
    std::vector<std::uint32_t> starts_;
};

} // namespace epicsdb::loaders
