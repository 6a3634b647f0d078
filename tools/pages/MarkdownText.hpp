// A guide page (Markdown as GitHub reads it: CommonMark with tables) as plain text for a
// terminal, what `epicsdb help COMMAND` prints: md4c parses the page, this lays it out.
// Headings stand alone (the title as written, sections in capitals, subsections indented),
// paragraphs and list items are wrapped to the width, code blocks and tables are indented and
// kept as written, and no markup is left: no #, backticks, emphasis marks, link targets of
// other pages or HTML.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace epicsdb::pages {

struct TextLayout {
    std::size_t width = 79; // the longest line, but for words and code longer than that
    std::size_t indent = 4; // of the text under a section heading
};

// Throws std::runtime_error when md4c cannot parse the page (it fails only for want of memory).
[[nodiscard]] std::string markdownToText(std::string_view markdown, const TextLayout& layout = {});

} // namespace epicsdb::pages
