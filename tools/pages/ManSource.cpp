#include "ManSource.hpp"

#include <algorithm>
#include <stdexcept>

namespace epicsdb::pages {

namespace {

std::string upper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) {
        return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    });
    return out;
}

std::vector<std::string_view> linesOf(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (line.ends_with('\r')) line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

std::string_view trimmed(std::string_view text) {
    const std::size_t start = text.find_first_not_of(" \t");
    if (start == std::string_view::npos) return {};
    return text.substr(start, text.find_last_not_of(" \t") - start + 1);
}

// Follows the code fences of a page (``` or ~~~, at most three spaces in), so that what looks
// like a heading inside a code block is left alone.
class Fences {
public:
    // Whether `line` is inside a code block, its fences included.
    bool inCode(std::string_view line) {
        const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
        const std::string_view rest = line.substr(indent);
        std::size_t run = 0;
        if (indent <= 3 && !rest.empty() && (rest[0] == '`' || rest[0] == '~'))
            run = std::min(rest.find_first_not_of(rest[0]), rest.size());
        if (run >= 3) {
            if (open_ == 0) {
                mark_ = rest[0];
                open_ = run;
                return true;
            }
            if (rest[0] == mark_ && run >= open_ && trimmed(rest.substr(run)).empty()) {
                open_ = 0;
                return true;
            }
        }
        return open_ != 0;
    }

private:
    char mark_ = 0;
    std::size_t open_ = 0; // the length of the open fence, 0 outside code
};

std::string headerLines(const ManHeader& header) {
    return "# " + upper(header.name) + " 1 \"\" \"" + header.source + "\" \"" +
           header.source.substr(0, header.source.find(' ')) + " manual\"\n\n## NAME\n\n" +
           header.name + " - " + header.summary + "\n";
}

bool isHeading(std::string_view line, std::string_view marks) {
    return line.starts_with(marks) && line.size() > marks.size() && line[marks.size()] == ' ';
}

bool isAbsoluteLink(std::string_view target) {
    return target.find("://") != std::string_view::npos || target.starts_with("mailto:");
}

// The text with links to other pages of the guide ([epicsdb check](check.md)) as their text,
// which a man page cannot follow; code spans as written.
std::string withoutRelativeLinks(std::string_view text) {
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        if (text[at] == '`') { // a code span, to the closing run of as many backticks
            const std::size_t run = std::min(text.find_first_not_of('`', at), text.size()) - at;
            const std::size_t close = text.find(std::string(run, '`'), at + run);
            const std::size_t end = close == std::string_view::npos ? text.size() : close + run;
            out += text.substr(at, end - at);
            at = end;
            continue;
        }
        const std::size_t open =
            text[at] == '!' && text.substr(at + 1).starts_with('[') ? at + 1 : at;
        if (text[open] == '[') {
            const std::size_t middle = text.find("](", open);
            const std::size_t close =
                middle == std::string_view::npos ? middle : text.find(')', middle + 2);
            if (close != std::string_view::npos &&
                text.substr(open + 1, middle - open - 1).find('[') == std::string_view::npos &&
                !isAbsoluteLink(text.substr(middle + 2, close - middle - 2))) {
                out += text.substr(open + 1, middle - open - 1);
                at = close + 1;
                continue;
            }
        }
        out += text[at++];
    }
    return out;
}

// The cells of a table row (| a | b |), a '|' escaped as "\|" kept in its cell as '|'.
std::vector<std::string> cellsOf(std::string_view row) {
    row = trimmed(row);
    if (row.starts_with('|')) row.remove_prefix(1);
    if (row.ends_with('|') && !row.ends_with("\\|")) row.remove_suffix(1);
    std::vector<std::string> cells(1);
    for (std::size_t i = 0; i < row.size(); ++i) {
        if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cells.back() += '|';
            ++i;
        } else if (row[i] == '|') {
            cells.emplace_back();
        } else {
            cells.back() += row[i];
        }
    }
    for (std::string& cell : cells)
        cell = std::string(trimmed(cell));
    return cells;
}

// The line under a table's header: | --- | :---: |.
bool isTableRule(std::string_view line) {
    return line.find('-') != std::string_view::npos && line.find('|') != std::string_view::npos &&
           line.find_first_not_of(" \t|:-") == std::string_view::npos;
}

bool isTableStart(const std::vector<std::string_view>& lines, std::size_t at) {
    return lines[at].find('|') != std::string_view::npos && at + 1 < lines.size() &&
           isTableRule(lines[at + 1]);
}

// The man pages of `seeAlso` as the last paragraph of the SEE ALSO section `out` ends with.
void appendSeeAlso(std::string& out, std::string_view seeAlso) {
    if (seeAlso.empty()) return;
    while (out.ends_with("\n\n"))
        out.pop_back();
    out += '\n';
    out += seeAlso;
    out += "\n\n";
}

} // namespace

std::string commandManSource(std::string_view page, const ManHeader& header,
                             std::string_view seeAlso) {
    const std::vector<std::string_view> lines = linesOf(page);
    std::string out;
    // What comes between the title and the first section (a sentence on the command): in a man
    // page the NAME section says it, and that section must hold its one line alone, so this
    // opens the DESCRIPTION section instead.
    std::string lead;
    std::size_t leadAt = std::string::npos; // where it goes when the page has no DESCRIPTION
    bool hasSeeAlso = false;
    bool inSeeAlso = false; // the pages named by `seeAlso` end that section
    Fences fences;
    std::size_t at = 0;
    std::string* text = &out;
    while (at < lines.size()) {
        const std::string_view line = lines[at++];
        if (fences.inCode(line)) {
            if (leadAt != std::string::npos) (*text += line) += '\n';
        } else if (leadAt == std::string::npos) {
            // Nothing comes before the header: a comment before the title is no part of it.
            if (isHeading(line, "#")) {
                out += headerLines(header);
                leadAt = out.size();
                text = &lead;
            }
        } else if (isHeading(line, "#") || isHeading(line, "##")) {
            const std::string name = upper(line.substr(line.find(' ') + 1));
            if (inSeeAlso) appendSeeAlso(out, seeAlso);
            inSeeAlso = name == "SEE ALSO";
            hasSeeAlso |= inSeeAlso;
            text = &out;
            out += "## " + name + '\n';
            if (name == "DESCRIPTION") {
                out += lead;
                lead.clear();
            }
        } else if (isTableStart(lines, at - 1) && cellsOf(line).size() == 2) {
            // A table of two columns (options and what they do) as man pages give them: each
            // row's first cell a tag and the second indented under it (a definition list;
            // go-md2man's tables do not wrap their cells).
            for (++at; at < lines.size() && lines[at].find('|') != std::string_view::npos; ++at) {
                const std::vector<std::string> cells = cellsOf(lines[at]);
                *text += withoutRelativeLinks(cells[0]) +
                         "\n: " + withoutRelativeLinks(cells.size() > 1 ? cells[1] : "") + "\n\n";
            }
        } else {
            *text += withoutRelativeLinks(line) + '\n';
        }
    }
    if (leadAt == std::string::npos)
        throw std::runtime_error("no title line ('# " + header.name + "')");
    if (lead.find_first_not_of("\n") != std::string::npos)
        out.insert(leadAt, "\n## DESCRIPTION\n" + lead);
    if (!hasSeeAlso && !seeAlso.empty()) out += "\n## SEE ALSO\n";
    if (!hasSeeAlso || inSeeAlso) appendSeeAlso(out, seeAlso);
    return out;
}

std::string programManSource(const ManHeader& header, const std::vector<CommandSummary>& commands,
                             std::string_view seeAlso) {
    std::string out = headerLines(header);
    out += "\n## SYNOPSIS\n\n"
           "**epicsdb** *command* [*options*] [*files*]\n\n"
           "**epicsdb help** [*command*]\n\n"
           "**epicsdb** **--help** | **--version**\n\n"
           "## DESCRIPTION\n\n"
           "epicsdb loads EPICS IOC databases as EPICS Base does (database definitions, record "
           "files and templates, substitution files, IOC startup scripts), and checks, expands, "
           "writes, compares, draws or formats them. Each command has a page of its own, "
           "**epicsdb-***command*(1); **epicsdb help** *command* prints it in a terminal, and "
           "**epicsdb** *command* **--help** lists the command's options.\n\n"
           "## COMMANDS\n\n";
    for (const CommandSummary& command : commands)
        out += "**" + command.name + "**\n: " + command.summary + "\n\n";
    out += "## EXIT STATUS\n\n"
           "0 success, 1 errors in the input, 2 usage errors or unreadable files; each command's "
           "page says what they mean for it. **epicsdb expand** returns what msi returns.\n\n"
           "## SEE ALSO\n\n";
    out += seeAlso;
    out += '\n';
    return out;
}

std::string repairedRoff(std::string_view roff) {
    std::string out;
    bool verbatim = false; // between .nf and .fi: the lines of a code block
    for (std::string_view line : linesOf(roff)) {
        if (line == ".nf") {
            verbatim = true;
        } else if (line == ".fi") {
            verbatim = false;
        } else if (verbatim && (line.starts_with('.') || line.starts_with('\''))) {
            out += "\\&";
        } else if (line.starts_with("\\[la]") && line.find("\\[ra]") != std::string_view::npos) {
            // A web address written as itself (<https://...>): go-md2man gives it twice,
            // "https://x ⟨https://x⟩"; once is enough.
            const std::size_t close = line.find("\\[ra]");
            const std::string_view target = line.substr(5, close - 5);
            if (out.ends_with(std::string(target) + '\n')) {
                out.pop_back();
                line.remove_prefix(close + 5);
            }
        }
        (out += line) += '\n';
        if (line.starts_with(".TH ")) {
            // Left-aligned and never hyphenated: option names and paths read whole.
            out += ".ad l\n.nh\n";
        }
    }
    return out;
}

} // namespace epicsdb::pages
