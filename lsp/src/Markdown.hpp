// Pieces of the Markdown the hovers are written in: escaped text, code spans, and places in
// files as links an editor opens (file: URIs with #L<line>, as other servers write them).
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <string>
#include <string_view>

namespace epicsdb::lsp {

// Text shown as itself (no emphasis, code, links or HTML).
[[nodiscard]] std::string markdownEscape(std::string_view text);

// `text` as a code span, on one line, at most `most` bytes (cut with "…"); "*(empty)*" for
// no text.
[[nodiscard]] std::string codeSpan(std::string_view text, std::size_t most = 120);

// How places are written: as links or as plain text (a client that does not take
// Markdown), and shown relative to a folder.
struct PlaceStyle {
    bool links = true;
    std::string base; // paths under this folder are shown relative to it
};

// "file:line", a link to the line when the style has links. `path` is absolute (or a name
// that is no file, shown as it is); line 0 is not shown.
[[nodiscard]] std::string placeText(const std::string& path, unsigned line,
                                    const PlaceStyle& style);

} // namespace epicsdb::lsp
