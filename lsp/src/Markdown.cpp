#include "Markdown.hpp"

#include "Uri.hpp"

#include <algorithm>

namespace epicsdb::lsp {

std::string markdownEscape(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '*' || c == '_' || c == '`' || c == '\\' || c == '<' || c == '[') out += '\\';
        out += c;
    }
    return out;
}

std::string codeSpan(std::string_view text, std::size_t most) {
    std::string shown;
    for (const char c : text) {
        if (shown.size() >= most) {
            // Not inside a UTF-8 sequence: a cut before a continuation byte drops its start.
            auto continuation = [](char byte) {
                return (static_cast<unsigned char>(byte) & 0xC0) == 0x80;
            };
            if (continuation(c)) {
                while (!shown.empty() && continuation(shown.back()))
                    shown.pop_back();
                if (!shown.empty()) shown.pop_back();
            }
            shown += "…";
            break;
        }
        shown += c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
    }
    // A span holding backticks is fenced by more of them than it holds in a row, with
    // blanks so that a backtick at either end is not taken as the fence.
    std::size_t run = 0;
    std::size_t longest = 0;
    for (const char c : shown) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    if (shown.empty()) return "*(empty)*";
    if (longest == 0) return "`" + shown + "`";
    const std::string fence(longest + 1, '`');
    return fence + " " + shown + " " + fence;
}

std::string placeText(const std::string& path, unsigned line, const PlaceStyle& style) {
    std::string shown = path;
    if (!style.base.empty() && path.starts_with(style.base + "/"))
        shown = path.substr(style.base.size() + 1);
    if (line > 0) shown += ":" + std::to_string(line);
    std::string text = markdownEscape(shown);
    if (!style.links || path.empty() || path.front() != '/') return text;
    // In a link's text a ']' would end it.
    std::string linkText;
    for (const char c : text) {
        if (c == ']') linkText += '\\';
        linkText += c;
    }
    return "[" + linkText + "](" + uriOfPath(path) + (line > 0 ? "#L" + std::to_string(line) : "") +
           ")";
}

} // namespace epicsdb::lsp
