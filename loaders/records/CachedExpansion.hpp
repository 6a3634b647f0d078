// The macro expansion of a cached file's text, by its line index: lines with '$' expanded one
// by one (as EPICS expands every line it reads), runs of lines without copied in one go, and
// where each line starts in the result. The reader does it for a load; a worker preparing the
// next template instance does it with a macro table of its own (TemplateAhead).
#pragma once

#include "DollarTokens.hpp"
#include "ReplayPlan.hpp"
#include "source/FileCache.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// `expandLine(text, out, line)` appends the expansion of one line (with its newline; `line` is
// 1-based) to `out`.
template <class ExpandLine>
void expandCachedLines(const CachedFile& file, std::string& out,
                       std::vector<std::uint32_t>& lineStarts, ExpandLine&& expandLine) {
    const std::string_view raw = file.content();
    const std::size_t lines = file.lineStarts.size();
    out.reserve(raw.size() + raw.size() / 4 + 2);
    lineStarts.clear();
    auto endOf = [&](std::size_t line) {
        return line + 1 < lines ? file.lineStarts[line + 1] : raw.size();
    };
    for (std::size_t line = 0; line < lines;) {
        if (file.lineHasDollar[line]) {
            lineStarts.push_back(static_cast<std::uint32_t>(out.size()));
            const std::uint32_t start = file.lineStarts[line];
            expandLine(raw.substr(start, endOf(line) - start), out,
                       static_cast<std::uint32_t>(line + 1));
            ++line;
            continue;
        }
        // A run of lines without '$': copied as they are.
        const std::size_t first = line;
        const std::uint32_t shift = static_cast<std::uint32_t>(out.size()) - file.lineStarts[first];
        while (line < lines && !file.lineHasDollar[line]) {
            lineStarts.push_back(file.lineStarts[line] + shift);
            ++line;
        }
        out.append(raw.data() + file.lineStarts[first], endOf(line - 1) - file.lineStarts[first]);
    }
}

// A cached file expanded ahead for a load with given macros (TemplateAhead): the reader takes
// it instead of expanding the file itself, when it is that file.
struct PreparedExpansion {
    const CachedFile* file = nullptr;
    std::string macros;                // the load's macro definitions
    std::unique_ptr<std::string> text; // the expanded text and the scanner's two NULs
    std::vector<std::uint32_t> lineStarts;
    std::size_t linesExpanded = 0;
    // The file's replay plan, and its '$' line tokens lexed from this text (when `plan` is
    // not null, these are the tokens the plan expects).
    const ReplayPlan* plan = nullptr;
    std::vector<DollarToken> dollarTokens;
};

} // namespace epicsdb::loaders
